"""The session: the game manager that turns commands into new states, screens and words.

``manager`` holds the game on the board and the turn flow (one ``actuate`` after every
change, as 2048's GameManager); ``computers`` plays computer turns at a visible pace;
``coaching`` holds hints, their table and the undo policy; ``ending`` records a finished
game and asks for high-score names; ``games`` handles links, tabs and games set aside;
``words`` is everything said to the player; ``ports`` are the Protocols the web layer
implements (with fakes for tests). It may import every layer but ``game.web``.
"""
