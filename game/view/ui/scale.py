"""The interface's size (UI scale): how large the 2D layer (every page, dialog, panel and
the match HUD) is drawn in the window, as a factor on the sizes it is laid out in.

The layouts are written in aspect2d units, 2 for the window's height at scale 1 (the
size they were made for on a 1080-line screen). At scale s the 2D layer is drawn s
times as large: aspect2d is scaled by s about the window's centre and the corner and
edge nodes (`base.a2dTopLeft`, ...) are moved to the window's edges again, so what
hangs from an edge stays at that edge and the window is 2/s units high and
2 x aspect / s wide in the layouts' units.

Auto (the setting 0) keeps the interface at the number of pixels it has on a
DESIGN_LINES-line screen, times the desktop's zoom (Panda3D's display zoom, 1 where
the system says nothing): larger for a smaller window, smaller for a larger one, but
never below MIN_SCALE. Whatever is chosen, the scale is held to the largest at which
every layout fits the window (`ceiling`): the HUD needs a canvas MIN_ASPECT wide, the
full-window pages PAGE_HALF_WIDTH x PAGE_HALF_HEIGHT.

With the smallest text the game draws (layout.SMALLEST_TEXT_SCALE, aspect2d units per em),
Auto gives an em of at least MIN_TEXT_PX pixels in every window from 1024x720 up: 12 px,
the smallest text size of the desktop guidelines (Windows: 9 pt at 96 dpi = 12 px;
Material Design: 12 sp, its smallest type style; Apple's macOS HIG: 11 pt). At
3840x2160 Auto draws MIN_SCALE: each text at 1.5 times its pixel size at 1080 lines,
not 2 times (on a 4K screen the pixels are small, but a menu title 130 px high would be
out of proportion).
"""
from __future__ import annotations

import weakref

from direct.showbase.DirectObject import DirectObject

from .layout import MIN_ASPECT

AUTO = 0
DESIGN_LINES = 1080          # the window height (pixels) the layouts' sizes were made for
MIN_SCALE = 0.75
MIN_TEXT_PX = 12.0           # the smallest em (pixels) Auto must give from 1024x720 up
# The largest full-window page (the start menu, recent matches, statistics, drills, play
# online): its frame's half width and half height, aspect2d units.
PAGE_HALF_WIDTH, PAGE_HALF_HEIGHT = 1.25, 0.93


def ceiling(width: int, height: int) -> float:
    """The largest scale at which every layout fits a window `width` x `height` pixels:
    the HUD's canvas at least MIN_ASPECT wide, the pages' frames inside the window."""
    aspect = width / height
    return min(aspect / max(MIN_ASPECT, PAGE_HALF_WIDTH), 1.0 / PAGE_HALF_HEIGHT)


def auto_scale(width: int, height: int, zoom: float = 1.0) -> float:
    """The Auto scale of a window `width` x `height` pixels on a desktop zoomed `zoom`
    times (2 on a "200 %" high-density screen): the interface's pixel size of a
    DESIGN_LINES-line screen, at least MIN_SCALE, at most `ceiling`."""
    return min(max(DESIGN_LINES * zoom / height, MIN_SCALE), ceiling(width, height))


def effective(choice: int, width: int, height: int, zoom: float = 1.0) -> float:
    """The scale drawn for the setting `choice` (AUTO, or a percentage) in a window
    `width` x `height` pixels: the chosen one, held to `ceiling`."""
    if choice == AUTO:
        return auto_scale(width, height, zoom)
    return min(choice / 100.0, ceiling(width, height))


def text_pixels(text_scale: float, scale: float, height: int) -> float:
    """The em (pixels) of text drawn at `text_scale` aspect2d units at UI scale `scale`
    in a window `height` pixels high."""
    return text_scale * scale * height / 2


# ---- on a ShowBase ---------------------------------------------------------------------

def current(base) -> float:
    """The UI scale `base`'s 2D layer is drawn at now."""
    return base.aspect2d.getSz() * _half_extents(base)[1]


def _half_extents(base) -> tuple:
    """The window's half width and half height in aspect2d units at scale 1 (Panda3D's:
    the shorter side is 2)."""
    aspect = base.getAspectRatio()
    return (aspect, 1.0) if aspect >= 1 else (1.0, 1.0 / aspect)


def apply(base, scale: float) -> None:
    """Draw `base`'s 2D layer at `scale`: aspect2d scaled about the window's centre, its
    edge and corner nodes (and ShowBase's a2dLeft ... a2dTop) at the window's edges."""
    half_w, half_h = _half_extents(base)
    base.aspect2d.setScale(scale / half_w, 1.0, scale / half_h)
    left, right, bottom, top = -half_w / scale, half_w / scale, -half_h / scale, half_h / scale
    base.a2dLeft, base.a2dRight, base.a2dBottom, base.a2dTop = left, right, bottom, top
    for name, x, z in (("TopCenter", 0, top), ("BottomCenter", 0, bottom),
                       ("LeftCenter", left, 0), ("RightCenter", right, 0),
                       ("TopLeft", left, top), ("TopRight", right, top),
                       ("BottomLeft", left, bottom), ("BottomRight", right, bottom)):
        for suffix in ("", "Ns"):
            getattr(base, f"a2d{name}{suffix}").setPos(x, 0, z)


def zoom_of(base) -> float:
    """The desktop's zoom as Panda3D reports it (1 where the system says nothing)."""
    pipe = getattr(base, "pipe", None)
    zoom = pipe.getDisplayZoom() if pipe is not None else 1.0
    return zoom if zoom > 0 else 1.0


class _Follower(DirectObject):
    """Keeps `base`'s UI scale at its setting as the window changes size."""

    def __init__(self, base):
        self.base = weakref.ref(base)
        self.choice = AUTO
        # ShowBase answers both before this (it accepted them first) and resets aspect2d
        # when the aspect ratio changes; a new height alone changes Auto.
        self.accept("aspectRatioChanged", self.update)
        self.accept("window-event", lambda window: self.update())

    def update(self) -> None:
        base = self.base()
        if base is None or base.win is None or not base.win.hasSize():
            return
        apply(base, effective(self.choice, base.win.getXSize(), base.win.getYSize(),
                              zoom_of(base)))


_FOLLOWERS = weakref.WeakKeyDictionary()


def follow(base, choice: int) -> float:
    """Draw `base`'s 2D layer at the setting `choice` (AUTO or a percentage) now and
    whenever its window is resized; the scale drawn."""
    follower = _FOLLOWERS.get(base)
    if follower is None:
        follower = _FOLLOWERS[base] = _Follower(base)
    follower.choice = choice
    follower.update()
    return current(base)


def stop(base) -> None:
    """Stop following the window's size and draw `base`'s 2D layer at scale 1 (a
    ShowBase handed on to something that lays out for scale 1, as the tests' shared
    one is)."""
    follower = _FOLLOWERS.pop(base, None)
    if follower is not None:
        follower.ignoreAll()
    apply(base, 1.0)
