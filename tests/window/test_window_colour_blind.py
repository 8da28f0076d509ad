"""Colour-blind play in a real window: the Accessibility page opened and its switch
turned on with real clicks, Escape back to the menu, and the 8-ball match that follows
draws the yellows ringed and the reds plain (measured on the screen's pixels where the
screen read says each ball is drawn, also through a deuteranopia simulation)."""
import json

import numpy as np

from driver import close_welcome, find_text
from game.rules import Group
from game.view.ui import colour_vision as cv

DARK = 0.2      # as tests/view/test_colour_blind.py: ink is under this share of the median


def ink_shares(image, shot) -> dict:
    """{ball id: the share of dark-ink pixels within 0.8 of its drawn radius}, for the
    object balls the screen read places on the window, in normal vision and under
    deuteranopia: {view: {ball: share}}."""
    balls = {int(b["name"][4:]): np.array(b["pixel"]) for b in shot["balls"]
             if b["pixel"] is not None and b["name"] != "ball0"}
    rgb = np.asarray(image.convert("RGB"), float) / 255.0
    ys, xs = np.mgrid[0:rgb.shape[0], 0:rgb.shape[1]] + 0.5
    shares = {}
    for view in ("normal", "deuteranopia"):
        lum = cv.luminance(rgb if view == "normal" else cv.simulate(rgb, view))
        shares[view] = {}
        for ball, centre in balls.items():
            # Rack balls touch: half the distance to the nearest is the drawn radius,
            # near enough.
            radius = min(np.linalg.norm(centre - c) for b, c in balls.items() if b != ball) / 2
            disc = np.hypot(xs - centre[0], ys - centre[1]) < 0.8 * radius
            values = lum[disc]
            shares[view][ball] = float(np.mean(values < DARK * np.median(values)))
    return shares


def still_view(window, keep_shot) -> tuple:
    """(screen read, screenshot) once the camera has stopped: the balls drawn where two
    screen reads in a row, one before the screenshot and one after, place them."""
    def pixels(shot):
        return [(b["name"], b["pixel"]) for b in shot["balls"]]
    last = None
    for _ in range(200):
        shot = window.screen()
        if last is not None and pixels(shot) == last and all(p for _n, p in last):
            image = keep_shot(window, "rack")
            if pixels(window.screen()) == last:
                return shot, image
        last = pixels(shot)
    raise AssertionError("the camera never came to rest")


def test_colour_blind_play_switched_on_by_clicks_rings_the_yellows(open_window, keep_shot):
    window = open_window()
    close_welcome(window)
    window.click_text(r"8-Ball, red and yellow$")
    window.wait_text(r"^\[x\]\s+8-Ball", 20)
    window.click_text(r"^Accessibility$")
    window.wait_text(r"^\[\s+\]\s+Colour-blind play$", 20)
    window.click_text(r"Colour-blind play$")
    window.wait_text(r"^\[x\]\s+Colour-blind play$", 20)
    keep_shot(window, "page")
    saved = json.loads((window.home / "config" / "breakshot" / "settings.json").read_text())
    assert saved["accessibility"] == {"colour_blind": True}
    window.key("Escape")
    window.wait_for(lambda s: find_text(s, "Colour-blind play") is None
                    and find_text(s, r"^Play  \[Enter\]$") is not None, 20, "the menu")
    window.key("Return")
    window.wait_text(r"Click or Enter: put it down", 60)
    window.key("Return")
    window.wait_text(r"Hold Space, release: shoot", 60)
    window.key("v")             # the view from above the table: the whole rack
    shot, image = still_view(window, keep_shot)
    shares = ink_shares(image, shot)
    for view, share in shares.items():
        reds = [share[b] for b in sorted(Group.RED.balls)]
        yellows = [share[b] for b in sorted(Group.YELLOW.balls)]
        print(view, "reds", np.round(reds, 3), "yellows", np.round(yellows, 3))
        # The disc reaches the gaps between touching balls: a few dark pixels on any.
        assert max(reds) < 0.08, view
        assert min(yellows) > 0.15, view
        assert min(yellows) > 3 * max(reds), view
