"""When a person's key or mouse button really went down and up, and where the pointer
was then: the times of the input itself, not of the frame that hands it to the game.

Panda3D reads a window's input once a frame and stamps it with that frame's time; at
one frame a second a Space held 1.3 s looks held 1 s or 2 s, and a click's press and
release arrive together. On X11 (a `pandagl` window with `DISPLAY` set) an `XSampler`
thread asks the X server every SAMPLE_S for the keys and the pointer, on a connection
of its own (the game's thread need not be free: Panda3D lets go of Python while it
draws and while its clock waits), and keeps each change with the time it saw it.
`InputTimes` answers from those changes; where there are none (no X11 window, an
offscreen buffer, or a press shorter than SAMPLE_S) it answers with the frame's time
and the pointer of the frame, as Panda3D reports them.

Times are the game clock's (ClockObject) seconds: frame times, and the sampler's
real-time readings, which a normal or limited clock's frame times follow. Pointer
positions are window units, -1..1 both ways, up positive (as a MouseWatcher gives them).
"""
from __future__ import annotations

import ctypes
import ctypes.util
import os
import threading
import time
from collections import deque
from dataclasses import dataclass

from panda3d.core import ClockObject, GraphicsWindow

from game.controls import PLAIN_KEYS

SAMPLE_S = 0.004            # the sampler's period: a press is timed to this
HISTORY = 4096              # changes and pointer samples kept (16 s of a moving pointer)
STALE_S = 0.5               # a change older than the previous frame by more than this is
                            # not the one an event of this frame reports
# The keys whose changes are kept, by X keysym: every key a binding may name
# (game.controls.KEYS), so a stroke's key is timed whichever the player chose.
KEYSYMS = {"space": 0x20, "enter": 0xFF0D, "tab": 0xFF09, "escape": 0xFF1B,
           "backspace": 0xFF08, "insert": 0xFF63, "delete": 0xFFFF, "home": 0xFF50,
           "end": 0xFF57, "page_up": 0xFF55, "page_down": 0xFF56, "arrow_left": 0xFF51,
           "arrow_up": 0xFF52, "arrow_right": 0xFF53, "arrow_down": 0xFF54,
           **{f"f{n}": 0xFFBE + n - 1 for n in range(1, 13)},
           **{key: ord(key) for key in PLAIN_KEYS if len(key) == 1}}
# The mouse buttons, by X button mask (Button1Mask, Button2Mask, Button3Mask).
BUTTONS = {"mouse1": 1 << 8, "mouse2": 1 << 9, "mouse3": 1 << 10}


@dataclass(frozen=True)
class Change:
    """`name` ("space", "mouse1") went down (or up) at `time` (s) with the pointer at
    `pixel` (window pixels from the top left, or None off the window)."""
    name: str
    down: bool
    time: float
    pixel: tuple | None


class _Xlib:
    """The few libX11 calls the sampler makes (ctypes)."""

    def __init__(self):
        path = ctypes.util.find_library("X11") or "libX11.so.6"
        lib = ctypes.CDLL(path)
        lib.XOpenDisplay.restype = ctypes.c_void_p
        lib.XOpenDisplay.argtypes = [ctypes.c_char_p]
        lib.XCloseDisplay.argtypes = [ctypes.c_void_p]
        lib.XKeysymToKeycode.restype = ctypes.c_ubyte
        lib.XKeysymToKeycode.argtypes = [ctypes.c_void_p, ctypes.c_ulong]
        lib.XQueryKeymap.argtypes = [ctypes.c_void_p, ctypes.c_char * 32]
        ulong, c_int, c_uint = ctypes.c_ulong, ctypes.c_int, ctypes.c_uint
        lib.XQueryPointer.restype = c_int
        lib.XQueryPointer.argtypes = [ctypes.c_void_p, ulong, ctypes.POINTER(ulong),
                                      ctypes.POINTER(ulong), ctypes.POINTER(c_int),
                                      ctypes.POINTER(c_int), ctypes.POINTER(c_int),
                                      ctypes.POINTER(c_int), ctypes.POINTER(c_uint)]
        self.lib = lib


class XSampler:
    """A thread that samples the keys of KEYSYMS, the buttons of BUTTONS and the pointer
    over X window `window` (its id) every SAMPLE_S, timing each change by `clock`'s real
    time, for as long as `alive()` holds (the window is open). `changes` and `path`
    ((time, pixel) of every pointer move) are read under `lock`."""

    def __init__(self, window: int, clock, alive):
        self.x = _Xlib()
        self.display = self.x.lib.XOpenDisplay(None)
        if not self.display:
            raise OSError("the X display did not open")
        self.window, self.clock, self.alive = window, clock, alive
        self.keycodes = {name: self.x.lib.XKeysymToKeycode(self.display, sym)
                         for name, sym in KEYSYMS.items()}
        self.lock = threading.Lock()
        self.changes = deque(maxlen=HISTORY)
        self.path = deque(maxlen=HISTORY)
        self._thread = threading.Thread(target=self._run, name="breakshot-input-sampler",
                                        daemon=True)
        self._thread.start()

    def _sample(self, keymap, root, child, ints, mask) -> tuple:
        """({name: down}, pixel or None) now."""
        lib = self.x.lib
        lib.XQueryKeymap(self.display, keymap)
        down = {name: bool(keymap.raw[code >> 3] & (1 << (code & 7)))
                for name, code in self.keycodes.items() if code}
        rx, ry, wx, wy = ints
        on = lib.XQueryPointer(self.display, self.window, ctypes.byref(root),
                               ctypes.byref(child), ctypes.byref(rx), ctypes.byref(ry),
                               ctypes.byref(wx), ctypes.byref(wy), ctypes.byref(mask))
        for name, bit in BUTTONS.items():
            down[name] = bool(on and mask.value & bit)
        return down, ((wx.value, wy.value) if on else None)

    def _run(self) -> None:
        keymap = (ctypes.c_char * 32)()
        root, child, mask = ctypes.c_ulong(), ctypes.c_ulong(), ctypes.c_uint()
        ints = tuple(ctypes.c_int() for _ in range(4))
        last, last_pixel = None, None
        try:
            while self.alive():
                time.sleep(SAMPLE_S)
                down, pixel = self._sample(keymap, root, child, ints, mask)
                now = self.clock.getRealTime()
                with self.lock:
                    if pixel != last_pixel and pixel is not None:
                        self.path.append((now, pixel))
                    if last is not None:
                        for name, is_down in down.items():
                            if is_down != last[name]:
                                self.changes.append(Change(name, is_down, now, pixel))
                last, last_pixel = down, pixel
        finally:
            self.x.lib.XCloseDisplay(self.display)

    @property
    def running(self) -> bool:
        """True until the window has closed and the thread with it."""
        return self._thread.is_alive()


def _x_window(base) -> int | None:
    """The X window id of `base`'s window, or None (not an X11 window)."""
    win = getattr(base, "win", None)
    if not isinstance(win, GraphicsWindow) or not os.environ.get("DISPLAY"):
        return None
    if not win.getPipe().getType().getName().lower().startswith(("glx", "tinyx", "x11")):
        return None
    handle = win.getWindowHandle()
    return handle.getIntHandle() if handle is not None else None


class InputTimes:
    """The input's own times on `base`'s window (sampled on X11, else the frames')."""

    def __init__(self, base):
        self.base = base
        self.clock = ClockObject.getGlobalClock()
        self.sampler = None
        window = _x_window(base)
        if window:
            try:
                self.sampler = XSampler(window, self.clock, base.win.isValid)
            except OSError:
                self.sampler = None     # no libX11 or no display: the frames' times
        self._reported = {}             # {(name, down): the time of the last change an
                                        # event reported}

    @property
    def sampled(self) -> bool:
        """True when the times come from the sampler (a real-time clock is running)."""
        return (self.sampler is not None and self.sampler.running
                and self.clock.getMode() in (ClockObject.MNormal, ClockObject.MLimited))

    def now(self) -> float:
        """The time of the frame being made (s)."""
        return self.clock.getFrameTime()

    def _units(self, pixel) -> tuple | None:
        """Window pixels as window units (-1..1, up positive)."""
        if pixel is None:
            return None
        w, h = self.base.win.getXSize(), self.base.win.getYSize()
        return (2.0 * pixel[0] / w - 1.0, 1.0 - 2.0 * pixel[1] / h)

    def _latest(self, name: str, down: bool, after: float, report: bool = True):
        """The newest unreported change of `name` (down or up) later than `after`, marked
        reported unless `report` is False (a look that leaves it for the next call)."""
        if not self.sampled:
            return None
        with self.sampler.lock:
            changes = list(self.sampler.changes)
        after = max(after, self._reported.get((name, down), after))
        for change in reversed(changes):
            if change.time <= after:
                return None
            if change.name == name and change.down == down:
                if report:
                    self._reported[(name, down)] = change.time
                return change
        return None

    def _horizon(self) -> float:
        """How far back an event handled in this frame may have happened: the frame
        before this one, and STALE_S more."""
        return self.now() - self.clock.getDt() - STALE_S

    def press_time(self, name: str) -> float | None:
        """When the press of `name` that an event handled now reports went down, as the
        sampler saw it (s); None without the sampler. Leaves it for `pressed`."""
        change = self._latest(name, True, self._horizon(), report=False)
        return None if change is None else change.time

    def pressed(self, name: str, pointer=None) -> tuple:
        """(time s, pointer) of the press of `name` that an event handled now reports:
        when it went down and where the pointer was then; else the frame's time and
        `pointer` (the frame's)."""
        change = self._latest(name, True, self._horizon())
        if change is None:
            return self.now(), pointer
        return change.time, self._units(change.pixel) or pointer

    def released(self, name: str, since: float) -> float:
        """When `name`, pressed at `since`, went up: the time (s) of the release that an
        event handled now reports, else the frame's time."""
        change = self._latest(name, False, max(since, self._horizon()))
        return self.now() if change is None else change.time

    def pointer_path(self, since: float, until: float) -> list:
        """[(time s, pointer)] of the pointer's moves after `since` up to `until`, as
        sampled (empty without the sampler)."""
        if not self.sampled:
            return []
        with self.sampler.lock:
            path = list(self.sampler.path)
        return [(t, self._units(p)) for t, p in path if since < t <= until]


def per_window(base, name: str, make):
    """The object kept on `base` as `name`, made by make(base) at the first call (one
    per window: an object made for an earlier ShowBase is made again)."""
    kept = getattr(base, name, None)
    if kept is None or kept.base is not base:
        kept = make(base)
        setattr(base, name, kept)
    return kept


def of(base) -> InputTimes:
    """The InputTimes of `base`'s window, made at the first call (one per window)."""
    return per_window(base, "breakshot_input_times", InputTimes)
