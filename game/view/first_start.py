"""The first start's graphics check: which renderer draws, how fast, and the quality preset
that keeps the game interactive there.

On the first start (the settings' graphics not yet `fitted`), before the window opens,
`renderer_name()` opens a 1 x 1 offscreen buffer on the display's default pipe and reads
the name of the renderer behind it. A software renderer (llvmpipe, softpipe, SwiftShader:
every pixel drawn by the CPU; a 2-core machine draws the medium preset's menu at under one
frame a second) gets the low preset at once (`fit`), so the window opens without
multisampling. On any other renderer the window opens with the settings as they are, and
`FrameCheck` times the menu's frames once its table is drawn: slower than MIN_FPS, and the
low preset is chosen; a graphics card that keeps up changes nothing. The player is told
in a sentence on the menu whenever the game chose for him (`notice`), the settings are
saved as fitted, and the Graphics page changes them as ever.
"""
from __future__ import annotations

import dataclasses
import statistics

from panda3d.core import (ClockObject, FrameBufferProperties, GraphicsEngine, GraphicsPipe,
                          GraphicsPipeSelection, WindowProperties)

from game.i18n import _

# Renderer names (lower case, matched anywhere in the driver's renderer string or the
# pipe's interface name) of renderers that draw on the CPU.
SOFTWARE_RENDERERS = ("llvmpipe", "softpipe", "swiftshader", "software rasterizer", "swrast",
                      "gdi generic", "basic render driver", "apple software renderer",
                      "tinypanda")
LOW = "low"              # the preset for renderers that cannot keep up
MIN_FPS = 20.0           # interactive: a frame every 50 ms at the most
SKIP_FRAMES = 3          # after the table appears: shaders compile, textures upload
TIMED_FRAMES = 10        # frames whose median time decides


def is_software(renderer: str) -> bool:
    """True if `renderer` (a driver's renderer string) draws on the CPU."""
    name = renderer.lower()
    return any(known in name for known in SOFTWARE_RENDERERS)


def renderer_name() -> str:
    """The name of the renderer the window will draw with (the default pipe's driver, e.g.
    "llvmpipe (LLVM 15.0.6, 256 bits)"), read from a 1 x 1 offscreen buffer that is
    closed again; "" if none opens (the window's own opening then says what is wrong).
    Call after `app.configure`, before the ShowBase."""
    pipe = GraphicsPipeSelection.getGlobalPtr().makeDefaultPipe()
    if pipe is None:
        return ""
    engine = GraphicsEngine.getGlobalPtr()
    buffer = engine.makeOutput(pipe, "breakshot-renderer-check", 0, FrameBufferProperties(),
                               WindowProperties.size(1, 1), GraphicsPipe.BFRefuseWindow)
    if buffer is None:
        return pipe.getInterfaceName() if is_software(pipe.getInterfaceName()) else ""
    try:
        engine.openWindows()
        gsg = buffer.getGsg()
        name = gsg.getDriverRenderer() if gsg is not None else ""
        return name or pipe.getInterfaceName()
    finally:
        engine.removeWindow(buffer)


def fit(graphics, renderer: str):
    """The graphics to open the first start's window with: the low preset, fitted, on a
    software `renderer`; else `graphics` unchanged (the frames decide, `FrameCheck`)."""
    if is_software(renderer):
        return dataclasses.replace(graphics.with_preset(LOW), fitted=True)
    return graphics


def after_frames(graphics, frame_s: float):
    """The fitted graphics once the menu's frames took `frame_s` s (median): the low
    preset if that is slower than MIN_FPS (and the preset is not low already), else
    `graphics` as they are."""
    if frame_s * MIN_FPS > 1.0 and graphics.preset != LOW:
        graphics = graphics.with_preset(LOW)
    return dataclasses.replace(graphics, fitted=True)


def notice(renderer: str | None = None, frame_s: float | None = None) -> str:
    """The sentence that tells the player the game chose the low preset: because
    `renderer` draws in software, or because frames took `frame_s` s."""
    if renderer is not None:
        return _("This computer draws without a graphics card ({renderer}), so the game "
                 "chose Low quality: no shadows or antialiasing, simpler lighting. Change "
                 "it under Graphics.").format(renderer=renderer.split(" (")[0])
    return _("The table drew at {fps:.1f} frames a second, so the game chose Low quality: "
             "no shadows or antialiasing, simpler lighting. Change it under "
             "Graphics.").format(fps=1.0 / frame_s)


class FrameCheck:
    """Times the frames `base` draws once `drawing()` is true: SKIP_FRAMES are let go,
    then on_timed(median seconds) after TIMED_FRAMES more, once. The frame times are the
    global clock's (real time: a frame-rate cap would count, and the first start has
    none)."""

    def __init__(self, base, drawing, on_timed):
        self.base = base
        self.drawing = drawing
        self.on_timed = on_timed
        self.times = []
        self.skipped = 0
        self._task = base.taskMgr.add(self._frame, "breakshot-frame-check")

    def _frame(self, task):
        if not self.drawing():
            self.skipped = 0
            self.times = []
            return task.cont
        if self.skipped < SKIP_FRAMES:
            self.skipped += 1
            return task.cont
        self.times.append(ClockObject.getGlobalClock().getDt())
        if len(self.times) < TIMED_FRAMES:
            return task.cont
        self._task = None
        self.on_timed(statistics.median(self.times))
        return task.done

    def cancel(self) -> None:
        if self._task is not None:
            self.base.taskMgr.remove(self._task)
            self._task = None
