"""The 2D interface every screen shares, drawn on aspect2d over whatever is on screen.

    palette       the interface's colours (RGBA 0..1)
    layout        where the HUD's widgets go: every position and size in one place
    scale         the interface's size (UI scale): Auto from the window, or chosen
    dialogs       a modal question with buttons
    panels        the help overlay (F1), the shot log (L), scrollable text panels
    rules_screen  the rules of the game of the moment (F2, or the menu's Rules button)
    input_times   when a key or mouse button really went down and up, and where the
                  pointer was then (not the frame's time)
    colour_vision  colour-vision deficiency simulation (Machado et al. 2009), CIE Lab,
                  luminance contrast: how colour-blind play is checked
"""
