"""Starting Panda3D for Breakshot: configuration, the opening position, and headless
screenshots. The window with an orbiting camera is in `viewer`.
"""
from __future__ import annotations

import math
import os
import weakref

from panda3d.core import (AntialiasAttrib, ClockObject, ConfigVariableBool, Filename,
                          FrameBufferProperties, GraphicsWindow, PNMImage, WindowProperties,
                          loadPrcFileData)

from game.i18n import _
from game.rules.racks import eight_ball_rack, nine_ball_rack
from game.tables import modes
from game.view.ui import scale as ui_scale
from game.view.ui.fonts import use_game_font
from game.view.world.camera import FULL_FILM, OrbitCamera, set_clip_planes
from game.view.world.lighting import MAIN_CAMERA_MASK
from game.view.world.quality import quality_of, set_quality
from game.view.world.scene import Scene

BACKGROUND = (0.045, 0.045, 0.05, 1.0)    # a dim room; alpha 1 so PNGs are opaque
FIELD_OF_VIEW_DEG = 40.0     # across the window's narrower side
# The table view looks across the long side from this high: steep enough that the far
# half of the cloth is not squeezed thin, low enough that the balls read as spheres.
TABLE_VIEW_PITCH_DEG = 62.0
_RACKS = {"nine_ball": nine_ball_rack, "eight_ball": eight_ball_rack}


def configure(offscreen: bool, size: tuple, multisamples: int = 4, vsync: bool = True,
              fullscreen: bool = False) -> None:
    """Load Panda3D settings; call before the ShowBase is created.

    offscreen: render into an EGL pbuffer (no display needed, see
    ../shared/panda3d_headless.md), silent. size: (width, height) in pixels.
    multisamples: antialiasing samples per pixel (0 for none). vsync, fullscreen: for a
    window. A window plays sound through OpenAL; where no sound device opens (a CI
    display, say), Panda3D falls back to silence by itself.
    """
    lines = [f"win-size {size[0]} {size[1]}", "window-title Breakshot",
             "print-pipe-types #f", "notify-level-device fatal", "notify-level-audio fatal",
             "model-cache-dir", f"sync-video {'#t' if vsync else '#f'}"]
    if multisamples:
        lines += ["framebuffer-multisample 1", f"multisamples {multisamples}"]
    if offscreen:
        # Without EGL_PLATFORM, Mesa first tries a display and logs an error.
        os.environ.setdefault("EGL_PLATFORM", "surfaceless")
        lines += ["load-display p3headlessgl", "window-type offscreen",
                  "audio-library-name null"]
    else:
        lines += ["audio-library-name p3openal_audio",
                  f"fullscreen {'#t' if fullscreen else '#f'}"]
    loadPrcFileData("breakshot", "\n".join(lines) + "\n")


# {ShowBase: (multisamples, vertical sync)} its window was opened with.
_OPENED_WITH = weakref.WeakKeyDictionary()


def apply_graphics(base, graphics, window: bool = True) -> None:
    """Apply `game.settings.Graphics` to a running ShowBase: the scenes' quality (shadows,
    their softness, per-pixel lighting) and multisampling on or off for every scene made
    from now on, the frame-rate readout; for a window the frame-rate cap and, if
    `window`, full screen or not, its size, and its number of samples and vertical sync,
    which Panda3D fixes when a window opens: the window is opened again with them
    (`window` False: the window was just opened with these settings). The interface's
    size (UI scale) follows the setting at once and whenever the window is resized."""
    ui_scale.follow(base, graphics.ui_scale)
    set_quality(base, quality_of(graphics))
    base.render.setAntialias(AntialiasAttrib.MMultisample if graphics.msaa
                             else AntialiasAttrib.MNone)
    if not isinstance(base.win, GraphicsWindow):
        _show_frame_rate(base, graphics.show_fps)
        return                  # an offscreen buffer: no window, and a test's clock
    if not window:
        _OPENED_WITH[base] = (graphics.msaa, graphics.vsync)
    elif _OPENED_WITH.get(base) != (graphics.msaa, graphics.vsync):
        _reopen(base, graphics.msaa, graphics.vsync)
    _show_frame_rate(base, graphics.show_fps)
    if window:
        props = WindowProperties()
        props.setFullscreen(graphics.fullscreen)
        props.setSize(*graphics.resolution)
        base.win.requestProperties(props)
    clock = ClockObject.getGlobalClock()
    if graphics.fps_cap:
        clock.setMode(ClockObject.MLimited)
        clock.setFrameRate(graphics.fps_cap)
    else:
        clock.setMode(ClockObject.MNormal)


def _show_frame_rate(base, shown: bool) -> None:
    base.setFrameRateMeter(shown)
    if base.frameRateMeter is not None:
        base.frameRateMeter.setTextPattern(_("%0.1f frames a second"))


def _reopen(base, multisamples: int, vsync: bool) -> None:
    """Open the window again, where it is and as large, with `multisamples` samples per
    pixel and vertical sync or not (Panda3D keeps the camera, the 2D layers and their
    mouse; the scenes' textures and shaders go to the new window's renderer as they are
    drawn). RuntimeError if no window opens, not even as it was."""
    fbprops = FrameBufferProperties(base.win.getFbProperties())
    before = FrameBufferProperties(fbprops)
    fbprops.setMultisamples(multisamples)
    props = WindowProperties(base.win.getProperties())
    sync = ConfigVariableBool("sync-video")
    was_synced = sync.getValue()
    sync.setValue(vsync)
    if base.openMainWindow(props=props, fbprops=fbprops, keepCamera=True):
        _OPENED_WITH[base] = (multisamples, vsync)
        return
    sync.setValue(was_synced)
    if not base.openMainWindow(props=props, fbprops=before, keepCamera=True):
        raise RuntimeError(_("the window could not be opened again"))


def opening_positions(mode_name: str, seed: int = 0) -> dict:
    """{ball_id: (x, y)} of the opening position: the rules' rack and the cue ball on its
    mode's spot (behind the head string for 9-ball, in the D for 8-ball)."""
    mode = modes.mode(mode_name)
    positions = dict(_RACKS[mode_name](mode.table, seed))
    positions[0] = mode.cue_ball_spot
    return positions


def prepare_base(base) -> None:
    """Settings every Breakshot view wants on a fresh ShowBase (the game's typeface
    among them)."""
    use_game_font()
    base.disableMouse()
    base.setBackgroundColor(*BACKGROUND)
    base.render.setAntialias(AntialiasAttrib.MMultisample)
    set_clip_planes(base)
    base.camLens.setMinFov(FIELD_OF_VIEW_DEG)
    base.cam.node().setCameraMask(MAIN_CAMERA_MASK)


def overview_camera(base, scene: Scene, region=FULL_FILM) -> OrbitCamera:
    """A spectator's view from beside the right rail, towards the head end, as close as
    keeps the whole table with its rails in the film `region` (the long side across
    the screen)."""
    (x0, y0), (x1, y1) = scene.bounds
    camera = OrbitCamera(base, ((x0 + x1) / 2, (y0 + y1) / 2, 0.0),
                         heading=-math.pi / 2 - 0.35, pitch=math.radians(42.0))
    top = scene.rail_height
    camera.fit([(x, y, z) for x in (x0, x1) for y in (y0, y1) for z in (0.0, top)],
               region=region)
    return camera


def table_camera(base, scene: Scene, area=None, region=FULL_FILM) -> OrbitCamera:
    """From above the table's near long side, looking square across it (the head end on
    the left), as close as keeps `area` ((x0, y0), (x1, y1)) m of the cloth, with a
    ball standing anywhere on it, tightly in the film `region`: by default the whole
    cloth and the mouths of the corner pockets, so the cloth fills the picture and the
    balls are as large as that allows."""
    spec = scene.table_spec
    mouth = scene.look.cushion_width         # the corner pockets open this far past the cloth
    (x0, y0), (x1, y1) = area or ((-mouth, 0.0), (spec.length + mouth, spec.width))
    top = 2 * max(style.radius for style in scene.mode.balls)
    camera = OrbitCamera(base, ((x0 + x1) / 2, (y0 + y1) / 2, 0.0), heading=-math.pi / 2,
                         pitch=math.radians(TABLE_VIEW_PITCH_DEG))
    camera.frame([(x, y, z) for x in (x0, x1) for y in (y0, y1) for z in (0.0, top)],
                 region=region)
    return camera


def save_screenshot(base, path: str) -> None:
    """Render a frame and write the window's image to `path` (PNG by extension)."""
    # Two frames: the first also renders the shadow map the second one samples.
    base.graphicsEngine.renderFrame()
    base.graphicsEngine.renderFrame()
    image = PNMImage()
    if not base.win.getScreenshot(image):
        raise RuntimeError(_("could not read the rendered image back from the window"))
    if not image.write(Filename.fromOsSpecific(os.path.abspath(path))):
        raise OSError(_("could not write the screenshot to {path}").format(path=repr(path)))


def open_base(offscreen: bool, size: tuple, graphics=None):
    """Configure Panda3D and create the ShowBase: an EGL offscreen buffer or a window,
    with the multisamples, vertical sync and full screen of `graphics` (a
    `game.settings.Graphics`; its defaults if None). RuntimeError, with what to try
    instead, if the graphics cannot start."""
    from direct.showbase.ShowBase import ShowBase
    from game.settings import Graphics
    graphics = graphics or Graphics()
    configure(offscreen, size, graphics.msaa, graphics.vsync, graphics.fullscreen)
    try:
        return ShowBase(windowType="offscreen" if offscreen else None)
    except Exception as exc:        # ShowBase raises bare Exceptions ("Could not open window.")
        hint = (_("offscreen rendering needs EGL: apt-get install libgl1 libegl1") if offscreen
                else _("without a display, use --offscreen --screenshot FILE.png"))
        raise RuntimeError(_("graphics did not start ({error}); {hint}").format(
            error=exc, hint=hint)) from None


def screenshot(mode_name: str, path: str, offscreen: bool, size: tuple, seed: int = 0,
               use_shaders: bool | None = None) -> None:
    """Render the opening position of `mode_name` and save it to `path`."""
    base = open_base(offscreen, size)
    try:
        prepare_base(base)
        scene = Scene(base, mode_name, opening_positions(mode_name, seed), use_shaders)
        table_camera(base, scene)
        save_screenshot(base, path)
    finally:
        base.destroy()
