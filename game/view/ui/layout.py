"""Where the HUD's widgets go: every position and size in one place.

aspect2d units (the window's height is 2, its width 2 x the aspect ratio), each position
relative to the screen corner or edge its widget hangs from (the `base.a2d...` node named
with it). The HUD keeps to a strip along the top, TOP_STRIP high, and one along the
bottom, BOTTOM_STRIP high; the top view fits the table between them (`table_region`), so
no widget covers a pocket or a ball. Widths are laid out for the narrowest window
supported, 4:3 (MIN_ASPECT); a wider one leaves more room between the blocks.

Text positions are the first line's baseline; a text's further lines go down from it.
"""
from __future__ import annotations

MIN_ASPECT = 4 / 3
EDGE = 0.04                     # gap to the window's edges and between blocks
TOP_STRIP = 0.26
BOTTOM_STRIP = 0.42
# The smallest text any screen draws (aspect2d units per em): at the UI scale Auto it is
# at least 12 px in every window from 1024x720 up (game.view.ui.scale).
SMALLEST_TEXT_SCALE = 0.032

# ---- the top strip: a player's box in each corner, the match in the middle ----------
PLAYER_BOX_W = 0.7
PLAYER_BOX_H = 0.24
PLAYER_NAME_Z, PLAYER_NAME_SCALE = -0.065, 0.05
PLAYER_DETAIL_Z, PLAYER_DETAIL_SCALE = -0.12, 0.036     # up to two lines
PLAYER_TEXT_W = PLAYER_BOX_W - 2 * EDGE
# The row of the balls left under the detail: the centre height of its icons and their
# largest radius (more balls than fit at it are drawn smaller, within PLAYER_TEXT_W).
PLAYER_BALLS_Z, PLAYER_BALL_R = -0.205, 0.026
# The middle column between the boxes (a2dTopCenter), as wide as it is at 4:3.
CENTRE_W = 2 * MIN_ASPECT - 2 * PLAYER_BOX_W - 2 * EDGE
TITLE_Z, TITLE_SCALE = -0.045, 0.032                    # up to two lines
TURN_Z, TURN_SCALE = -0.135, 0.04                       # up to two lines
THINKING_Z, THINKING_SCALE = -0.23, 0.036

# ---- the bottom strip: words on the left (a2dBottomLeft), instruments on the right
# (a2dBottomRight) ---------------------------------------------------------------------
INSTRUMENTS_W = 0.95
TEXT_X = EDGE
TEXT_W = 2 * MIN_ASPECT - INSTRUMENTS_W - 3 * EDGE
MESSAGE_Z, MESSAGE_SCALE = 0.35, 0.04                   # up to two lines
RULING_Z, RULING_SCALE = 0.24, 0.04                     # up to three lines
CONTROLS_Z, CONTROLS_SCALE = 0.12, SMALLEST_TEXT_SCALE    # up to three lines
SPIN_POS, SPIN_RADIUS = (-0.17, 0.22), 0.12
POWER_POS, POWER_HEIGHT = (-0.38, 0.075), 0.3           # the bar's foot and height
# The instruments' readouts: right-aligned at LABEL_X, one row each (z of the baseline);
# "speed" and "aim" are kept free for a power readout in m/s and the aim's angle.
LABEL_X, LABEL_SCALE = -0.45, 0.034
LABEL_ROWS = {"power": 0.36, "speed": 0.315, "aim": 0.27, "tip": 0.205,
              "elevation": 0.16}                        # elevation: up to two lines


def wrap(width: float, scale: float) -> float:
    """The wordwrap (in text units) that keeps text of `scale` within `width`."""
    return width / scale


def table_region(ui_scale: float = 1.0) -> tuple:
    """The film region (x0, y0, x1, y1), -1..1 both ways, that the HUD leaves free for
    the top view at UI scale `ui_scale` (game.view.ui.scale): the window's width
    between the two strips."""
    return (-1.0, -1.0 + BOTTOM_STRIP * ui_scale, 1.0, 1.0 - TOP_STRIP * ui_scale)
