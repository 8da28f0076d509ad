"""The windows and UI scales every fit test runs at (game.view.ui.scale), for the
`ui_scaled` fixture of conftest.py: a test that takes `ui_scaled` runs once per case,
on the session's ShowBase resized to the case's window and drawing its 2D layer at the
case's scale (so a rectangle measured in window pixels is what a player sees).

Each case: (id, (width, height) pixels, the setting: AUTO or a percentage).
"""
from game.view.ui.scale import AUTO

SCALE_CASES = [
    ("1024x768-auto", (1024, 768), AUTO),       # the smallest window supported: 100 %
    ("1280x720-auto", (1280, 720), AUTO),       # 16:9, few lines: the largest drawn, 107.5 %
    ("1920x1080-auto", (1920, 1080), AUTO),     # the layouts' own size: 100 %
    ("3840x2160-auto", (3840, 2160), AUTO),     # 4K: 75 %
    ("1024x768-75", (1024, 768), 75),           # the smallest choice in the smallest window
    ("1920x1080-110", (1920, 1080), 110),       # the largest choice, held to 107.5 %
]


class Scaled:
    """What `ui_scaled` gives a test: the window's size, the setting, the scale drawn."""

    def __init__(self, size: tuple, choice: int, scale: float):
        self.size, self.choice, self.scale = size, choice, scale

    def __repr__(self) -> str:
        return f"{self.size[0]}x{self.size[1]} at {self.scale:.3f} (setting {self.choice})"
