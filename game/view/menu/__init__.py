"""The start menu over a slowly turning table, and its pages.

    start_menu  game mode, player names and kinds, the rule book's variant switches,
                aiming aids, match length, sound; Play, Practice, Rules, Recent matches
    graphics_page  quality preset, antialiasing, shadows, frame rate, window; aiming
                input; master and music volume
    accessibility_page  colour-blind play
    recent      the recorded matches, newest first, to open in the replay viewer
    toggle      the pages' on/off switch and relabelled buttons
    welcome     the first start's offer of the guide, over the menu
(The choices themselves are plain data, saved by game.settings.)
"""
