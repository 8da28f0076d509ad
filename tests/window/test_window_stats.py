"""Profiles and statistics in a real window, as a person meets them: a profile created on
the statistics screen (typed, Create clicked), picked for seat 1, a 9-ball frame against
the computer (one stroke, then a concession), and the statistics screen showing that
frame, its plots drawn."""
import time

import numpy as np

from driver import (PATIENCE, find_text, second_player_to_computer, text_matching,
                    texts)

SIZE = (1024, 576)
SHOT_S = 90.0


def entry_right_of(shot, label: str):
    """The middle of the click area drawn right of text `label` on its row."""
    left, top, right, bottom = find_text(shot, label)
    middle = (top + bottom) / 2
    areas = [w["rect"] for w in shot["clickable"]
             if w["rect"][1] <= middle <= w["rect"][3] and w["rect"][0] > right]
    area = min(areas, key=lambda r: r[0])
    return (area[0] + area[2]) / 2, middle


def test_a_profile_plays_a_frame_and_sees_it_in_its_statistics(open_window, keep_shot):
    window = open_window(size=SIZE)
    window.wait_text("Welcome to Breakshot")
    window.key("Escape")
    window.wait_for(lambda s: find_text(s, "Welcome to Breakshot") is None, 20,
                    "the welcome dialog to close")
    window.click_text(r"^Statistics$")
    shot = window.wait_text(r"^Profiles and statistics$", 60)
    window.click(*entry_right_of(shot, r"^New profile$"))
    for key in ("D", "o", "r", "a"):
        window.key(key)
    window.click_text(r"^Create$")
    window.wait_text(r"Profile Dora created", 30)
    window.click_text(r"^Play as seat 1$")
    window.wait_text(r"Dora plays seat 1", 60)
    second_player_to_computer(window)
    window.click_text(r"^Play  \[Enter\]$")

    struck = False
    deadline = time.monotonic() + 6 * SHOT_S * PATIENCE
    while time.monotonic() < deadline:
        shot = window.screen()
        if text_matching(shot, r"wins|won"):
            break
        if text_matching(shot, r"Click or Enter: put it down"):
            window.key("Return")
            window.wait_for(lambda s: text_matching(s, r"Hold Space"), 30, "aiming")
        elif text_matching(shot, r"Hold Space"):
            if not struck:
                window.hold("space", 0.6)
                window.wait_for(lambda s: not text_matching(s, r"Hold Space"), 30,
                                "the stroke")
                struck = True
            else:
                window.key("q")
                window.wait_text(r"Concede\?", 20)
                window.key("y")
        else:
            time.sleep(0.2)                     # the computer's turn, or a shot running
    else:
        raise AssertionError("no game over; the screen shows " + " | ".join(texts(shot)))
    window.wait_text(r"wins|won", 20)
    window.key("Escape")                        # the game-over dialog's Menu
    window.click_text(r"^Statistics$", 60)
    window.wait_text(r"^Profiles and statistics$", 60)
    shot = window.wait_text(r"^> Dora$", 30)
    assert text_matching(shot, r"^1 frame won, 0 frames lost|^0 frames won, 1 frame lost")
    assert text_matching(shot, r"Against Computer: beginner: [01] - [01]")
    image = keep_shot(window, "statistics")
    # The plots are drawn in the band above the records: the break's gold bar, and the
    # axes, ticks and words in light ink (an empty panel there is all dark).
    band = np.asarray(image.crop((0, int(0.15 * SIZE[1]), SIZE[0], int(0.55 * SIZE[1])))
                      .convert("RGB")).astype(int)
    r, g, b = band[..., 0], band[..., 1], band[..., 2]
    gold = int(((r > 180) & (g > 150) & (b < 120)).sum())
    light = int((band.max(axis=2) > 100).sum())
    assert gold > 500 and light > 3000, (gold, light)
