"""The web layer: the only code that touches the browser (through Pyodide's ``js`` proxies).

``inputs`` is the one table from selectors and keys to commands; ``dom`` writes regions
and announcements; the ``*_dialog`` modules open and fill dialogs; ``local_storage``
adapts ``window.localStorage`` to ``game.records.kv``; ``guard`` reports every exception
of a listener or task. It may import every layer; only it and ``game.main`` import
``js``, ``pyscript`` or ``pyodide``.
"""
