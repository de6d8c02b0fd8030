"""Records: what a device keeps in localStorage, one module per stored key.

``kv`` is the key-value port (localStorage's interface, its errors, an in-memory fake);
``safe_store`` is the one failure-tolerant store over it (a full quota, corrupt data or
no storage at all become notices, never exceptions or lost data); ``fields`` reads
and checks JSON fields and schema versions. Each key has its module, holding its values
and their codec (``*_to_record`` / ``*_from_record``): ``game_slot`` (``yahtzee:game``),
``set_aside`` (``yahtzee:games``), ``high_scores``, ``player_name``, ``statistics``,
``history``; ``backup`` is the file that carries them all; ``device`` bundles them.
It may import ``game.core``, ``game.strategy`` and ``game.records``.
"""
