"""The interface's size in a real window (1280x720): the Graphics page's Interface size
row answers clicks where it is drawn; at 75 % the page's words are drawn smaller on the
screen and at 100 % larger again, by the ratio of the scales (read from the screen's
pixels, not from the game's own numbers); the menu then still lies inside the window, and
the choice is kept for the next start."""
import json
import re

import numpy as np

from driver import HEIGHT, WIDTH, close_welcome, find_text, text_matching, texts
from game.settings import UI_SCALES

INK = 150               # a channel above this: the page's light words, not its dark panel
TITLE = r"^Graphics and input$"    # the page's largest words: the most pixels to compare
PAD = 4                 # pixels round a text's rectangle searched for its ink
ROW = r"^> (Auto \(|\d+%)"   # the row's value: "> Auto (108%)", "> 75%", ...


def ink_height(image, rect) -> int:
    """The height (pixels) of the light ink in `rect` (left, top, right, bottom) widened
    by PAD: from its first row with ink to its last."""
    left, top, right, bottom = rect
    box = (int(left) - PAD, int(top) - PAD, int(right) + PAD + 1, int(bottom) + PAD + 1)
    rgb = np.asarray(image.crop(box).convert("RGB"), float)
    rows = np.nonzero((rgb.max(axis=2) > INK).any(axis=1))[0]
    assert rows.size, f"no ink in {rect}"
    return int(rows[-1] - rows[0] + 1)


def row_value(shot) -> str | None:
    return text_matching(shot, ROW)


def click_row_until(window, value: str) -> dict:
    """Click the Interface size row's value, once per new value drawn, until it reads
    `value` (a regex)."""
    for _ in range(len(UI_SCALES) + 1):
        shot = window.wait_for(lambda s: row_value(s) is not None, 10, "the row")
        before = row_value(shot)
        if re.search(value, before):
            return shot
        window.click_text(ROW)
        window.wait_for(lambda s: row_value(s) not in (None, before), 10,
                        f"the row to change from {before!r}")
    raise AssertionError(f"the row never read /{value}/")


def measured(window, label: str) -> tuple:
    """(the probe's rectangle height, the ink's height on the screen) of `label`."""
    shot = window.wait_text(label)
    image = window.screenshot()
    shot = window.wait_text(label)
    rect = find_text(shot, label)
    return rect[3] - rect[1], ink_height(image, rect)


def test_choosing_the_interface_size_by_clicks_redraws_the_words(open_window, keep_shot):
    window = open_window()
    close_welcome(window)
    window.click_text(r"^Graphics$")
    window.wait_text(r"^Interface size$")
    # Auto in a 720-line 16:9 window: as large as every page holds (1 / 0.93).
    window.wait_text(r"^> Auto \(108%\)$")
    click_row_until(window, r"^> 75%$")
    small = measured(window, TITLE)
    keep_shot(window, "75")
    click_row_until(window, r"^> 100%$")
    large = measured(window, TITLE)
    keep_shot(window, "100")
    # The words are 100 / 75 times as high on the screen, within a pixel of rounding.
    assert abs(large[0] - small[0] * 100 / 75) <= 1.5, (small, large)
    assert abs(large[1] - small[1] * 100 / 75) <= 2, (small, large)
    assert large[1] > small[1] + 3
    # The largest: held to what the window holds, and said so.
    click_row_until(window, r"^> 110% \(this window holds 108%\)$")
    window.key("Escape")
    shot = window.wait_text(r"^Graphics$")
    # Every word and widget of the menu inside the window.
    assert shot["size"] == [WIDTH, HEIGHT]
    rects = [t["rect"] for t in shot["texts"]] + [w["rect"] for w in shot["clickable"]]
    assert len(rects) > 20, texts(shot)
    for left, top, right, bottom in rects:
        assert 0 <= left and right <= WIDTH and 0 <= top and bottom <= HEIGHT, \
            (left, top, right, bottom)
    keep_shot(window, "menu")
    settings = json.loads((window.home / "config" / "breakshot" / "settings.json").read_text())
    assert settings["graphics"]["ui_scale"] == 110
