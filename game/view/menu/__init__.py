"""The start menu over a slowly turning table, and its pages.

    start_menu  game mode, player names and kinds, the rule book's variant switches,
                aiming aids, match length, sound; Play, Practice, Rules, Recent matches
    recent      the recorded matches, newest first, to open in the replay viewer
(The choices themselves are plain data, saved by game.settings.)
"""
