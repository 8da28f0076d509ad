"""Starting the game in a real window as a new player on this machine, whose renderer is
Mesa's llvmpipe (software, under Xvfb): the menu is on the screen within a second of the
window opening, on the first start and on the second (the table behind it follows); the
first start says it chose the Low quality and why, the Graphics page shows it (no
antialiasing, no shadows) and turns antialiasing on at once (the window opens again), and
the second start keeps the choice without a word."""
import json
import os
import subprocess
import threading
import time

from PIL import ImageGrab

from driver import START_S, find_text

# From the window's appearing to the menu's first frame on the screen: about a second on
# an idle machine, 1.1 s measured at a load average of 14 on the 2 shared cores; 2 s allowed
# there, well short of the table behind the menu (6-9 s of loading at that load), which
# used to come before the menu's first frame (12.8 s on the first start).
MENU_WITHIN_S = 2.0
LOW_SAID = r"without a graphics card \(llvmpipe\).*Low quality"


def _geometry(display: str):
    """(left, top, width, height) of the Breakshot window on `display`, or None."""
    found = subprocess.run(["xdotool", "search", "--name", "^Breakshot$",
                            "getwindowgeometry", "--shell"], capture_output=True, text=True,
                           env=dict(os.environ, DISPLAY=display), timeout=10)
    fields = dict(line.split("=", 1) for line in found.stdout.split() if "=" in line)
    if "WIDTH" not in fields:
        return None
    return tuple(int(fields[k]) for k in ("X", "Y", "WIDTH", "HEIGHT"))


def open_timed(open_window, display: str):
    """(window, seconds from the window's appearing on the X display to its first
    screenshot that shows more than a blank: the menu's first frame)."""
    opened = {}

    def open_it():
        try:
            opened["window"] = open_window()
        except BaseException as exc:        # met again below, in the test's thread
            opened["error"] = exc
    thread = threading.Thread(target=open_it)
    thread.start()
    appeared = shown = None
    deadline = time.monotonic() + START_S
    while shown is None and "error" not in opened and time.monotonic() < deadline:
        place = _geometry(display)
        if place is not None:
            appeared = appeared or time.monotonic()
            left, top, width, height = place
            image = ImageGrab.grab(xdisplay=display).crop((left, top, left + width,
                                                           top + height))
            if image.getcolors(16) is None:     # more than 16 colours: drawn on
                shown = time.monotonic()
        time.sleep(0.02)
    thread.join()
    if "error" in opened:
        raise opened["error"]
    assert appeared is not None and shown is not None, "the window never showed the menu"
    return opened["window"], shown - appeared


def saved_graphics(window) -> dict:
    return json.loads((window.home / "config" / "breakshot" / "settings.json").read_text())[
        "graphics"]


def test_a_new_player_on_a_software_renderer_sees_the_menu_at_once_in_low(
        open_window, x_display, keep_shot):
    window, first = open_timed(open_window, x_display)
    shot = window.wait_text(LOW_SAID, 30)
    keep_shot(window, "first-start")
    assert first < MENU_WITHIN_S, f"the first start's menu came {first:.2f} s after its window"
    graphics = saved_graphics(window)
    assert (graphics["preset"], graphics["msaa"], graphics["shadows"], graphics["fitted"]) \
        == ("low", 0, False, True)
    window.key("Escape")                    # the welcome offer
    window.wait_for(lambda s: find_text(s, "Welcome to Breakshot") is None, 10,
                    "the welcome offer to go")
    window.click_text(r"^Graphics$")
    window.wait_text(r"^> Low$")
    shot = window.wait_text(r"^> Off$")
    assert find_text(shot, r"^\[  \]\s+Shadows$") is not None
    keep_shot(window, "graphics-low")
    # Antialiasing at once: the window opens again with two samples a pixel, and goes on.
    window.click_text(r"^> Off$")
    window.wait_text(r"^> 2x multisampling$")
    window.origin = window._window_origin()     # the new window's place on the screen
    window.click_text(r"^Back  \[Esc\]$")
    window.wait_text(r"^Play  \[Enter\]$")
    assert saved_graphics(window)["msaa"] == 2
    assert "Traceback" not in (window.home / "game.log").read_text()
    window.close()

    window, second = open_timed(open_window, x_display)
    keep_shot(window, "second-start")
    assert second < MENU_WITHIN_S, f"the second start's menu came {second:.2f} s after its window"
    print(f"the menu {first:.2f} s after its window on the first start, {second:.2f} s on "
          "the second")
    shot = window.wait_for(lambda s: bool(s["balls"]), 60, "the table behind the menu")
    assert find_text(shot, LOW_SAID) is None, "said once, on the first start"
    assert saved_graphics(window)["preset"] == "low"
