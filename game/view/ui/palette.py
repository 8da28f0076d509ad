"""The 2D interface's colours (RGBA, 0..1), shared by the HUD, dialogs and the menu."""

TEXT = (0.92, 0.92, 0.88, 1.0)       # ordinary words
DIM = (0.60, 0.62, 0.60, 1.0)        # secondary words: hints, the player not at the table
GOLD = (1.0, 0.86, 0.35, 1.0)        # titles, and the player at the table
ON = (0.55, 1.0, 0.6, 1.0)           # a switch that is on
WARNING = (1.0, 0.42, 0.30, 1.0)     # the three-foul warning
NOTICE = (1.0, 0.68, 0.35, 1.0)      # passing messages, refusals, settings problems
SHADOW = (0.0, 0.0, 0.0, 0.8)        # behind words drawn over the table
BUTTON = (0.16, 0.30, 0.20, 1.0)
PANEL = (0.02, 0.05, 0.035, 0.85)    # dialogs and the menu, over the table
STRIP = (0.0, 0.0, 0.0, 0.45)        # the HUD's light backing for the player panels
