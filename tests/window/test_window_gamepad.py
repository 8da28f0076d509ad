"""A gamepad in a real window (issue 32, point 3), where the machine allows a virtual one:
a pad made with uinput (python-evdev) after the game has started is found without a
restart, its left stick turns the aim, and its right trigger pulled and let go plays the
shot. Skipped where there is no writable /dev/uinput or no python-evdev (the same code
path is driven through Panda3D's device events in tests/view/test_controls.py)."""
import os
import time

import pytest

from driver import aim_degrees, start_nine_ball

evdev = pytest.importorskip("evdev", reason="python-evdev is not installed")
if not os.access("/dev/uinput", os.W_OK):
    pytest.skip("no writable /dev/uinput on this machine", allow_module_level=True)

from evdev import AbsInfo, UInput, ecodes  # noqa: E402

SIZE = (800, 450)
STICK = AbsInfo(value=0, min=-32768, max=32767, fuzz=16, flat=128, resolution=0)
TRIGGER = AbsInfo(value=0, min=0, max=255, fuzz=0, flat=0, resolution=0)


def _virtual_pad() -> UInput:
    """An Xbox-like pad: face buttons, shoulders, Back/Start, two sticks, two triggers."""
    keys = [ecodes.BTN_SOUTH, ecodes.BTN_EAST, ecodes.BTN_NORTH, ecodes.BTN_WEST,
            ecodes.BTN_TL, ecodes.BTN_TR, ecodes.BTN_SELECT, ecodes.BTN_START,
            ecodes.BTN_MODE, ecodes.BTN_THUMBL, ecodes.BTN_THUMBR]
    axes = [(ecodes.ABS_X, STICK), (ecodes.ABS_Y, STICK), (ecodes.ABS_RX, STICK),
            (ecodes.ABS_RY, STICK), (ecodes.ABS_Z, TRIGGER), (ecodes.ABS_RZ, TRIGGER)]
    return UInput({ecodes.EV_KEY: keys, ecodes.EV_ABS: axes}, name="Breakshot test pad",
                  vendor=0x045E, product=0x028E, version=0x110)


def _set(pad: UInput, axis: int, value: int) -> None:
    pad.write(ecodes.EV_ABS, axis, value)
    pad.syn()


def test_a_pad_plugged_in_mid_game_aims_and_strikes(open_window):
    window = open_window(size=SIZE)
    start_nine_ball(window)
    before = aim_degrees(window.screen())
    pad = _virtual_pad()                     # plugged in now: no restart
    try:
        time.sleep(2.0)
        _set(pad, ecodes.ABS_X, 24000)       # the left stick to the right: the aim turns
        time.sleep(1.0)
        _set(pad, ecodes.ABS_X, 0)
        window.wait_for(lambda s: aim_degrees(s) not in (None, before), 20,
                        "the stick to turn the aim")
        _set(pad, ecodes.ABS_RZ, 150)        # the trigger pulled, held, let go
        time.sleep(1.0)
        _set(pad, ecodes.ABS_RZ, 0)
        window.wait_text(r"skip to the end", 60)
    finally:
        pad.close()
