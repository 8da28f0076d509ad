"""The controls in a real window at a normal frame rate and at one frame a second (the
game's frame floor, BREAKSHOT_FRAME_FLOOR_S: a machine without a graphics card), driven
by real X input: the same held Space gives the same power, the power meter rises while
it is held and shows the power the stroke is played at (read back from the replay the
game keeps), and a click let go within one frame still aims at the point clicked in the
top view and still sets the tip where the spin ball is clicked.
"""
import ctypes
import ctypes.util
import math
import re
import time

import numpy as np
import pytest

from driver import (aim_degrees, close_welcome, last_stroke, meter, start_nine_ball,
                    text_matching)

from game.view.match.aiming import AIM_STEP_RAD
from game.view.match.power import pointer_cue_speed, power_for, swing_at
from game.view.ui.layout import SPIN_POS, SPIN_RADIUS

SIZE = (800, 450)
SLOW = {"BREAKSHOT_FRAME_FLOOR_S": "1"}     # one frame a second
HOLD_S = 1.4            # at one frame a second, counted in frames: 1 or 2 s, 67 % either
                        # way; its own length gives 93 %
PLAYING = r"skip to the end"


def _timed(call) -> tuple:
    """(start, end) monotonic seconds around `call()`."""
    start = time.monotonic()
    call()
    return start, time.monotonic()


@pytest.mark.parametrize("floor", [{}, SLOW], ids=["normal", "one-fps"])
def test_the_same_held_space_gives_the_same_power_and_the_meter_shows_it(
        open_window, keep_shot, floor):
    window = open_window(size=SIZE, env=floor)
    start_nine_ball(window)
    before = meter(window.screen())
    assert before is not None and before[2], "before the stroke the meter shows the preview"
    down = _timed(lambda: window._xdotool("keydown", "space"))
    risen = []
    while time.monotonic() < down[1] + HOLD_S - 0.3:
        shown = meter(window.screen())
        if shown is not None and not shown[2]:
            risen.append(shown[0])
    keep_shot(window, "held")          # the meter as it rises (at 1 fps: about 2 s)
    time.sleep(max(down[1] + HOLD_S - time.monotonic(), 0.0))
    up = _timed(lambda: window._xdotool("keyup", "space"))
    playing = window.wait_text(PLAYING, 60)
    keep_shot(window, "played")
    # The hold lasted between these two bounds, whatever the frames did.
    shortest, longest = up[0] - down[1], up[1] - down[0]
    low, high = sorted((swing_at(shortest), swing_at(longest)))
    stroke = last_stroke(window.home)
    played = power_for(stroke["speed"])
    assert low - 1e-9 <= played <= high + 0.01, (played, low, high)     # 10 ms of sampling
    percent, speed, preview = meter(playing)
    assert (percent, speed, preview) == (round(played * 100), round(stroke["speed"], 1),
                                         False), "the meter shows the power played"
    assert risen == sorted(risen) and len(set(risen)) == len(risen), risen
    assert risen, "the meter was seen rising while Space was held"
    assert all(r <= percent for r in risen)


def _spin_pixel(window, side: float, height: float) -> tuple:
    """The window pixel of the spin ball's point at tip offset (side, height), where the
    HUD's layout puts the ball (its centre SPIN_POS from the bottom right corner of the
    2D layer, SPIN_RADIUS its radius; the layer drawn at the UI scale the probe reads)."""
    w, h = window.size
    scale = window.screen()["ui_scale"]
    x = SPIN_POS[0] + side * SPIN_RADIUS            # from the right edge, layout units
    z = SPIN_POS[1] + height * SPIN_RADIUS          # from the bottom edge
    return (w + x * scale * h / 2, h - z * scale * h / 2)


def _tip(shot) -> tuple:
    """(side, height) as the tip readout says them: "tip: draw 0.40, right 0.50"."""
    words = text_matching(shot, r"^tip: ")
    side = height = 0.0
    for word, amount in re.findall(r"(follow|draw|left|right) (\d\.\d\d)", words):
        value = float(amount) * (-1 if word in ("draw", "left") else 1)
        if word in ("follow", "draw"):
            height = value
        else:
            side = value
    return side, height


def _settled(window) -> dict:
    """The first screen on which the balls are drawn where they were on the one before
    (the camera has come to rest)."""
    last = window.screen()
    while True:
        shot = window.screen()
        if all(a["pixel"] == b["pixel"] for a, b in zip(last["balls"], shot["balls"])):
            return shot
        last = shot


def test_a_click_within_one_frame_aims_and_sets_the_tip_at_one_frame_a_second(
        open_window, keep_shot):
    window = open_window(size=SIZE, env=SLOW)
    start_nine_ball(window)
    # The spin ball: a click (pressed and let go within a frame) sets the tip there.
    for side, height in ((0.5, -0.4), (-0.3, 0.6)):
        window.click(*_spin_pixel(window, side, height))
        window.wait_for(lambda s: _tip(s) == pytest.approx((side, height), abs=0.03), 20,
                        f"the tip at {side}, {height}")
    keep_shot(window, "tip-set")
    # The top view: a click on the cloth aims at the point clicked.
    window.key("v")
    window.wait_for(lambda s: True, 5, "a frame")
    table = _settled(window)
    aim = aim_degrees(table)
    cue = next(b["pos"] for b in table["balls"] if b["name"] == "ball0")
    reach = 0.6                         # m from the cue ball
    # The click lands on a whole pixel, as Panda3D reads it: within 1.5 pixels.
    metre_px = math.dist(_pixel_of(table, cue), _pixel_of(table, (cue[0] + 1.0, cue[1])))
    tolerance = math.degrees(1.5 / metre_px / reach)
    for turn in (50.0, -35.0):
        bearing = math.radians(aim + turn)
        point = (cue[0] + reach * math.cos(bearing), cue[1] + reach * math.sin(bearing))
        window.click(*_pixel_of(table, point))
        shot = window.wait_for(lambda s: aim_degrees(s) != aim, 20, "the aim to change")
        assert abs((aim_degrees(shot) - (aim + turn) + 180) % 360 - 180) < tolerance
        aim = aim_degrees(shot)
    keep_shot(window, "top-view-aimed")


def _pixel_of(shot, point) -> tuple:
    """The window pixel of table point `point` (x, y m, at a ball centre's height) in the
    top view of `shot`: the camera looks straight down, so table to window is affine;
    fitted to where the balls are drawn."""
    balls = [b for b in shot["balls"] if b["pixel"] is not None]
    table = np.array([[b["pos"][0], b["pos"][1], 1.0] for b in balls])
    pixels = np.array([b["pixel"] for b in balls])
    fit, residue, *_ = np.linalg.lstsq(table, pixels, rcond=None)
    assert np.abs(table @ fit - pixels).max() < 1.0, "the view is straight down"
    return tuple(np.array([point[0], point[1], 1.0]) @ fit)


def _key_repeat(display: str) -> tuple:
    """(delay, interval) s of the X server's key repeat on `display` (XKB's)."""
    lib = ctypes.CDLL(ctypes.util.find_library("X11") or "libX11.so.6")
    lib.XOpenDisplay.restype = ctypes.c_void_p
    lib.XOpenDisplay.argtypes = [ctypes.c_char_p]
    lib.XkbGetAutoRepeatRate.argtypes = [ctypes.c_void_p, ctypes.c_uint,
                                         ctypes.POINTER(ctypes.c_uint),
                                         ctypes.POINTER(ctypes.c_uint)]
    lib.XCloseDisplay.argtypes = [ctypes.c_void_p]
    x = lib.XOpenDisplay(display.encode())
    delay, interval = ctypes.c_uint(), ctypes.c_uint()
    try:
        assert lib.XkbGetAutoRepeatRate(x, 0x100, ctypes.byref(delay), ctypes.byref(interval))
    finally:
        lib.XCloseDisplay(x)
    return delay.value / 1000, interval.value / 1000


def test_a_held_arrow_turns_the_aim_by_its_own_repeats_at_one_frame_a_second(open_window):
    window = open_window(size=SIZE, env=SLOW)
    start_nine_ball(window)
    delay, interval = _key_repeat(window.display)
    before = aim_degrees(window.screen())
    down = _timed(lambda: window._xdotool("keydown", "Left"))
    time.sleep(max(down[1] + HOLD_S - time.monotonic(), 0.0))
    up = _timed(lambda: window._xdotool("keyup", "Left"))
    last = window.screen()
    while True:                             # until every repeat has been taken
        shot = window.screen()
        if aim_degrees(shot) == aim_degrees(last):
            break
        last = shot
    turned = (aim_degrees(shot) - before) % 360.0
    # The press and a repeat every `interval` after `delay`: half a degree each.
    steps = [1 + max(math.floor((held - delay) / interval) + 1, 0)
             for held in (up[0] - down[1], up[1] - down[0])]
    assert steps[0] >= 10, "the key repeated"
    assert steps[0] - 1 <= round(turned / math.degrees(AIM_STEP_RAD)) <= steps[1] + 1, (
        turned, steps)


PUSH_PX, PUSH_S = 12, 0.02      # the mouse stroke's push: so many pixels every so long


def test_a_mouse_stroke_at_one_frame_a_second_is_as_fast_as_the_pointer_was(open_window):
    window = open_window(size=SIZE, env=SLOW)
    close_welcome(window)
    window.click_text(r"^> Shoot: hold Space$")
    window.wait_text(r"^> Shoot: mouse stroke$", 20)
    window.click_text(r"\s9-Ball$")
    window.click_text(r"^Play  \[Enter\]$")
    window.wait_text(r"Click or Enter: put it down", 60)
    window.key("Return")
    window.wait_text(r"Ctrl \+ left button, pull back, push through: shoot", 60)
    x, y = window.size[0] / 2, window.size[1] / 2
    ox, oy = window.origin
    window.move(x, y)
    window._xdotool("keydown", "ctrl", "mousedown", "1", "keyup", "ctrl")
    window.wait_text(r"Pull the mouse back", 20)
    pull = [("mousemove", ox + x, oy + y + k * 12, "sleep", "0.05") for k in range(1, 11)]
    window._xdotool(*[word for move in pull for word in move])
    # Pushed up through the start in one go, PUSH_PX every PUSH_S (one xdotool: no
    # process started between the moves), and let go: all within one or two frames.
    push = [("mousemove", ox + x, oy + y + 120 - k * PUSH_PX, "sleep", str(PUSH_S))
            for k in range(1, 16)]
    window._xdotool(*[word for move in push for word in move], "mouseup", "1")
    playing = window.wait_text(PLAYING, 60)
    speed = last_stroke(window.home)["speed"]
    expected = pointer_cue_speed(PUSH_PX / PUSH_S / window.size[1])
    assert speed == pytest.approx(expected, rel=0.35), (speed, expected)
    assert meter(playing)[:2] == (round(power_for(speed) * 100), round(speed, 1))
