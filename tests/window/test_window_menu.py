"""The start menu in a real window: every switch and cycling button answers a click where
it is drawn, and the screen shows its new state (its words, and their colour on the
screen: green for a switch that is on)."""
import re

import numpy as np
import pytest

from driver import find_text, text_matching, texts

GREEN_MIN = 0.25        # a share of the label's pixels that must be the "on" green


def green_share(image, rect) -> float:
    """The share of pixels in `rect` (left, top, right, bottom) that are the menu's "on"
    colour (palette.ON, light green) rather than white or dim text or the dark panel."""
    left, top, right, bottom = (int(v) for v in rect)
    rgb = np.asarray(image.crop((left, top, right + 1, bottom + 1)).convert("RGB"), float)
    r, g, b = rgb[..., 0], rgb[..., 1], rgb[..., 2]
    inked = g > 120                         # ink, not the dark panel
    green = inked & (g - r > 60) & (g - b > 60)
    return green.sum() / max(inked.sum(), 1)


def skip_welcome(window) -> None:
    window.wait_text("Welcome to Breakshot")
    window.key("Escape")
    window.wait_for(lambda s: find_text(s, "Welcome to Breakshot") is None, 10,
                    "the welcome dialog to close")


def toggle_labels(shot) -> list:
    return [t for t in texts(shot) if re.match(r"\[[x ]*\]", t)]


def test_every_switch_answers_a_click_where_it_is_drawn(open_window, keep_shot):
    window = open_window()
    skip_welcome(window)
    shot = window.screen()
    labels = toggle_labels(shot)
    # 2 game modes, 6 9-ball variants, winner breaks, 4 aids, mute.
    assert len(labels) >= 14, labels
    for label in labels:
        name = label.split("]", 1)[1].strip()
        if name.startswith(("9-Ball", "8-Ball")):
            continue                        # radio buttons: their own test
        was_on = label.startswith("[x]")
        window.click_text(re.escape(label) + "$")
        pattern = r"^\[" + ("  " if was_on else "x") + r"\]\s+" + re.escape(name) + "$"
        shot = window.wait_text(pattern, 10)
        image = window.screenshot()
        share = green_share(image, find_text(shot, pattern))
        assert (share > GREEN_MIN) == (not was_on), (label, share)
    keep_shot(window, "switched")


def test_choosing_eight_ball_and_a_computer_opponent_by_clicking(open_window, keep_shot):
    window = open_window()
    skip_welcome(window)
    window.click_text(r"8-Ball, red and yellow$")
    shot = window.wait_text(r"^\[x\]\s+8-Ball", 10)
    assert text_matching(shot, r"^\[\s+\]\s+9-Ball")
    # The rules shown are 8-ball's now.
    assert text_matching(shot, r"Two visits after every foul")
    assert not text_matching(shot, r"9 off the table")
    # The second player: Human -> beginner -> amateur -> pro -> Human.
    seen = []
    for _ in range(4):
        before, (left, top, right, bottom) = kind_label(window.screen(), "right")
        window.click((left + right) / 2, (top + bottom) / 2)
        shot = window.wait_for(lambda s, b=before: kind_label(s, "right")[0] != b, 10,
                               "the player kind to change")
        seen.append(kind_label(shot, "right")[0])
    assert seen == ["> Computer: beginner", "> Computer: amateur", "> Computer: pro",
                    "> Human"]
    # The match length cycles too.
    window.click_text(r"^> Single games$")
    window.wait_text(r"^> Race to 2 frames$", 10)
    keep_shot(window, "eight-ball")


def kind_label(shot, side: str) -> tuple:
    """(text, rect) of the player-kind button on the `side` ("left"/"right") half."""
    for widget in shot["clickable"]:
        for entry in widget["texts"]:
            on_right = entry["rect"][0] > shot["size"][0] / 2
            if re.match("> (Human|Computer)", entry["text"]) and on_right == (side == "right"):
                return entry["text"], entry["rect"]
    raise AssertionError("no player-kind button on the " + side)


def test_play_pressed_at_the_first_start_says_the_table_is_being_made(open_window, keep_shot):
    """On a first start (a fresh cache: the models take seconds to make) Enter pressed at
    once is not lost and the window does not sit frozen: a panel says what is being made,
    and the table comes when it is."""
    window = open_window()
    window.wait_text("Welcome to Breakshot")
    window.key("Return")
    seen = []

    def table_or_waiting(shot):
        if find_text(shot, "first start") is not None:
            if not seen:
                seen.append(keep_shot(window, "waiting"))
            return False
        return bool(shot["balls"]) and find_text(shot, r"^Play  \[Enter\]$") is None
    shot = window.wait_for(table_or_waiting, 60, "the table, after the models are made")
    if not seen:
        pytest.skip("the models were made before Enter reached the menu: nothing to wait for")
    assert find_text(shot, "Welcome to Breakshot") is None
    keep_shot(window, "table")
