"""The session: the game manager that turns commands into new states, screens and words.

``manager`` holds the game on the board and the turn flow (one ``actuate`` after every
change, as 2048's GameManager) and applies what its helpers decide (``outcome``);
``commands`` routes a player's commands to it. The helpers never know the manager:
``games`` handles links, tabs and games set aside, ``friends`` games by link, ``ending``
records a finished game and asks for high-score names (each returns an ``Outcome``);
``computers`` plays computer turns at a visible pace through the ``Board`` port;
``coaching`` holds hints and their tables. ``words`` is everything said to the player;
``ports`` are the Protocols the web layer implements (with fakes for tests). It may
import every layer but ``game.web``.
"""
