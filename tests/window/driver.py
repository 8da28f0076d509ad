"""The game as a person meets it: `python -m game` in a real X window (Xvfb, pandagl),
driven only by real input events at screen positions (xdotool moves the X pointer,
clicks and presses keys; the X server delivers them to the window as it would a
person's), and read back from the screen: screenshots of the X display, and the
window's screen probe (game.view.probe: every text drawn with its rectangle, every
widget's click area, the balls' drawn positions).

Nothing here calls into the game: a click goes where a widget is drawn, and works only
if the widget there takes it.
"""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time
import zipfile
from pathlib import Path

from PIL import ImageGrab

WIDTH, HEIGHT = 1280, 720     # the virtual screen, and the window's default size
START_S = 120.0         # the longest a frame may take: software rendering (llvmpipe) is slow
# The window runs with fixed-function lighting: under llvmpipe the GLSL shadows make some
# close-up frames take tens of seconds on 2 cores. The shaded scene has its own offscreen
# pixel tests (tests/view).
GAME_ARGS = ("--no-shaders",)
# Every wait is stretched this much: under llvmpipe a frame now and then takes over ten
# seconds (the rasteriser, not the game: seen in the window's threads), and a test must
# not fail on the renderer's pace. A window that draws nothing for START_S still fails.
PATIENCE = 4.0


def tools_missing() -> list:
    """The programs a real-window test needs that this machine lacks."""
    return [tool for tool in ("Xvfb", "xdotool") if shutil.which(tool) is None]


class XServer:
    """A virtual X display (Xvfb) of WIDTH x HEIGHT on a free display number from
    FIRST_DISPLAY up: never :0, where a test that expects no display would find it."""
    FIRST_DISPLAY = 90

    def __init__(self):
        for number in range(self.FIRST_DISPLAY, self.FIRST_DISPLAY + 50):
            if not (os.path.exists(f"/tmp/.X{number}-lock")
                    or os.path.exists(f"/tmp/.X11-unix/X{number}")):
                break
        read, write = os.pipe()
        self.process = subprocess.Popen(
            ["Xvfb", f":{number}", "-displayfd", str(write), "-screen", "0",
             f"{WIDTH}x{HEIGHT}x24", "-nolisten", "tcp", "-noreset"], pass_fds=(write,),
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(write)
        with os.fdopen(read) as pipe:
            ready = pipe.readline().strip()         # the number, once it accepts clients
        if not ready:
            self.process.kill()
            raise RuntimeError(f"Xvfb did not start on :{number}")
        self.display = f":{ready}"

    def close(self) -> None:
        self.process.terminate()
        self.process.wait(10)


class Window:
    """`python -m game ARGS` on `display`, its settings, data and cache in `home`."""

    def __init__(self, display: str, home: Path, args=(), seed: int = 1,
                 size: tuple = (WIDTH, HEIGHT), env=None):
        """`env`: more environment variables for the game (a frame floor, say)."""
        self.display = display
        self.size = size
        self.home = Path(home)
        self.probe_path = self.home / "probe.json"
        # A window opened before in the same home left its probe: never read it as ours.
        self.probe_path.unlink(missing_ok=True)
        extra = dict(env or {})
        env = dict(os.environ, DISPLAY=display, BREAKSHOT_SCREEN_PROBE=str(self.probe_path),
                   XDG_CONFIG_HOME=str(self.home / "config"),
                   XDG_DATA_HOME=str(self.home / "data"),
                   XDG_CACHE_HOME=str(self.home / "cache"), **extra)
        env.pop("EGL_PLATFORM", None)
        self.env = env
        self.log = open(self.home / "game.log", "w")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "game", "--size", f"{size[0]}x{size[1]}", "--seed", str(seed),
             *GAME_ARGS, *args], env=env, stdout=self.log, stderr=subprocess.STDOUT,
            cwd=Path(__file__).resolve().parents[2])
        self.last_frame = -1
        try:
            self.wait_for(lambda s: True, START_S, "the window to draw its first frame")
            self.origin = self._window_origin()
        except BaseException:
            self.close()            # never leave a window over the next test's
            raise

    # ---- reading the screen --------------------------------------------------------
    def screen(self) -> dict:
        """The latest screen probe written after the previous call (waits for it)."""
        deadline = time.monotonic() + START_S
        while time.monotonic() < deadline:
            self._check_alive()
            try:
                shot = json.loads(self.probe_path.read_text())
            except (FileNotFoundError, json.JSONDecodeError):
                shot = None
            if shot is not None and shot["frame"] > self.last_frame:
                self.last_frame = shot["frame"]
                return shot
            time.sleep(0.05)
        raise AssertionError("the window stopped drawing")

    def wait_for(self, condition, timeout: float, what: str) -> dict:
        """The first screen for which `condition(screen)` holds, within `timeout` s
        (times PATIENCE)."""
        deadline = time.monotonic() + timeout * PATIENCE
        while True:
            shot = self.screen()
            if condition(shot):
                return shot
            if time.monotonic() > deadline:
                raise AssertionError(f"waited {timeout:.0f} s for {what}; the screen shows: "
                                     + " | ".join(texts(shot))[:2000])

    def wait_text(self, pattern: str, timeout: float = 20.0) -> dict:
        return self.wait_for(lambda s: find_text(s, pattern) is not None, timeout,
                             f"text /{pattern}/")

    def screenshot(self, path=None):
        """The X display's pixels (a PIL image) once the last probed frame is surely on
        the screen (a frame is shown a frame or two after it is drawn), saved to `path`
        if given."""
        self.screen()
        self.screen()
        left, top = self.origin
        image = ImageGrab.grab(xdisplay=self.display).crop(
            (left, top, left + self.size[0], top + self.size[1]))
        if path is not None:
            image.save(path)
        return image

    # ---- a person's input ----------------------------------------------------------
    def _xdotool(self, *args) -> str:
        self._check_alive()
        return subprocess.run(["xdotool", *map(str, args)], env=self.env, check=True,
                              timeout=10, capture_output=True, text=True).stdout

    def _window_origin(self) -> tuple:
        """Where the X server put the window's top-left corner on the screen."""
        found = self._xdotool("search", "--name", "^Breakshot$", "getwindowgeometry",
                              "--shell")
        fields = dict(line.split("=", 1) for line in found.split() if "=" in line)
        return int(fields["X"]), int(fields["Y"])

    def move(self, x: float, y: float) -> None:
        """The pointer to window pixel (x, y)."""
        self._xdotool("mousemove", int(round(self.origin[0] + x)),
                      int(round(self.origin[1] + y)))

    def click(self, x: float, y: float, button: int = 1) -> None:
        self.move(x, y)
        time.sleep(0.1)
        self._xdotool("click", button)

    def click_text(self, pattern: str, timeout: float = 20.0) -> dict:
        """Click the middle of the first drawn text matching `pattern`; the screen it
        was found on."""
        shot = self.wait_text(pattern, timeout)
        left, top, right, bottom = find_text(shot, pattern)
        self.click((left + right) / 2, (top + bottom) / 2)
        return shot

    def key(self, name: str) -> None:
        self._xdotool("key", name)

    def hold(self, name: str, seconds: float) -> None:
        self._xdotool("keydown", name)
        time.sleep(seconds)
        self._xdotool("keyup", name)

    def drag(self, start, end, steps: int = 12, seconds: float = 0.5) -> None:
        self.move(*start)
        self._xdotool("mousedown", 1)
        for k in range(1, steps + 1):
            f = k / steps
            self.move(start[0] + (end[0] - start[0]) * f, start[1] + (end[1] - start[1]) * f)
            time.sleep(seconds / steps)
        self._xdotool("mouseup", 1)

    # ---- life ----------------------------------------------------------------------
    def _check_alive(self) -> None:
        if self.process.poll() is not None:
            self.log.flush()
            raise AssertionError(f"the game exited ({self.process.returncode}): "
                                 + (self.home / "game.log").read_text()[-3000:])

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log.close()


def texts(shot: dict) -> list:
    """Every text drawn on `shot`: plain texts and the widgets' labels."""
    found = [t["text"] for t in shot["texts"]]
    for widget in shot["clickable"]:
        found.extend(t["text"] for t in widget["texts"])
    return found


def find_text(shot: dict, pattern: str):
    """The pixel rectangle of the first drawn text matching `pattern`, or None."""
    regex = re.compile(pattern)
    for entry in shot["texts"]:
        if regex.search(entry["text"]):
            return entry["rect"]
    for widget in shot["clickable"]:
        for entry in widget["texts"]:
            if regex.search(entry["text"]):
                return entry["rect"]
    return None


def text_matching(shot: dict, pattern: str) -> str | None:
    """The first drawn text matching `pattern`, or None."""
    regex = re.compile(pattern)
    return next((t for t in texts(shot) if regex.search(t)), None)


def close_welcome(window) -> None:
    """The first start's welcome dialog, waited for and closed with Esc."""
    window.wait_text("Welcome to Breakshot")
    window.key("Escape")
    window.wait_for(lambda s: find_text(s, "Welcome to Breakshot") is None, 20,
                    "the welcome dialog to close")


def second_player_to_computer(window) -> None:
    """Click the second player's "> Human" line in the start menu (the right-hand one),
    where it is drawn, and wait for it to read "> Computer: beginner"."""
    shot = window.screen()
    right = [t["rect"] for w in shot["clickable"] for t in w["texts"]
             if t["text"] == "> Human" and t["rect"][0] > shot["size"][0] / 2]
    left, top, r, bottom = right[0]
    window.click((left + r) / 2, (top + bottom) / 2)
    window.wait_text(r"^> Computer: beginner$", 20)


def meter(shot: dict) -> tuple | None:
    """(percent, cue speed m/s, preview) as the power meter's words say them on `shot`,
    or None where no meter is drawn."""
    power = text_matching(shot, r"^power \d+%( \(preview\))?$")
    speed = text_matching(shot, r"^\d+\.\d m/s$")
    if power is None or speed is None:
        return None
    return (int(re.search(r"\d+", power)[0]), float(speed.split()[0]),
            power.endswith("(preview)"))


def aim_degrees(shot: dict) -> float | None:
    """The aim angle (degrees) the HUD writes on `shot`, or None."""
    words = text_matching(shot, r"^aim \d+\.\d deg$")
    return None if words is None else float(words.split()[1])


def last_stroke(home: Path) -> dict:
    """The stroke of the last shot in the replay the game keeps in `home` (its XDG data
    folder): the file a person finds in Recent matches."""
    path, = (Path(home) / "data").glob("breakshot/replays/*")
    with zipfile.ZipFile(path) as archive:
        return json.loads(archive.read("replay.json"))["shots"][-1]["stroke"]


def start_nine_ball(window, welcome: bool = True, shoot_key: str = "Space") -> None:
    """From the start menu (the first start's, its welcome closed if `welcome`) to the
    break's aim: 9-ball, the cue ball put down where it stands; `shoot_key`: the stroke's
    key, as the HUD names it."""
    if welcome:
        close_welcome(window)
    window.click_text(r"\s9-Ball$")
    window.wait_text(r"^\[x\]\s+9-Ball", 20)
    window.click_text(r"^Play  \[Enter\]$")
    window.wait_text(r"Click or Enter: put it down", 60)
    window.key("Return")
    window.wait_text(rf"Hold {shoot_key}, release: shoot", 60)
