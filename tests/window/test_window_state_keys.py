"""A key meant for one state never acts in the next (issue 33, point 1), with real X key
events at one frame a second and at the normal rate: Space tapped again and again to skip
the break's animation, up to the moment the aim view appears, starts no stroke for the
player who aims next. A press then made in the aim view still starts one."""
import json
import time
import zipfile
from pathlib import Path

import pytest

from driver import start_nine_ball, text_matching

SIZE = (800, 450)
SLOW = {"BREAKSHOT_FRAME_FLOOR_S": "1"}
TAP_EVERY_S = 0.25
AIMING = r"Hold Space, release: shoot"
PLAYING = r"skip to the end"


def _shots(home: Path) -> int:
    paths = list((Path(home) / "data").glob("breakshot/replays/*"))
    if not paths:
        return 0
    with zipfile.ZipFile(paths[0]) as archive:
        return len(json.loads(archive.read("replay.json"))["shots"])


@pytest.mark.parametrize("floor", [{}, SLOW], ids=["normal", "one-fps"])
def test_space_tapped_to_skip_the_shot_starts_no_stroke_in_the_next_aim(open_window, floor):
    window = open_window(size=SIZE, env=floor)
    start_nine_ball(window)
    window._xdotool("keydown", "space")
    time.sleep(1.5)
    window._xdotool("keyup", "space")
    window.wait_text(PLAYING, 60)
    # Tap Space to skip, and keep tapping until the aim view is on the screen: taps made
    # while the shot still showed (at one frame a second, up to a whole frame of them
    # reach the game after it has begun the next aim) must start nothing.
    deadline = time.monotonic() + 60
    while not text_matching(window.screen(), AIMING):
        assert time.monotonic() < deadline, "the shot never ended"
        window._xdotool("key", "space")
        time.sleep(TAP_EVERY_S)
    time.sleep(3.0 if floor else 0.5)            # any stroke those taps began would show
    shot = window.screen()
    assert text_matching(shot, AIMING), "still aiming: no stroke was begun"
    assert _shots(window.home) == 1, "only the break was played"
    # A press made in the aim view still strokes.
    window._xdotool("keydown", "space")
    time.sleep(0.8)
    window._xdotool("keyup", "space")
    window.wait_text(PLAYING, 60)
    deadline = time.monotonic() + 30
    while _shots(window.home) < 2:
        assert time.monotonic() < deadline, "the second stroke was not played"
        time.sleep(0.2)
