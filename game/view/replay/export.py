"""Replays on the 3D scene, without a window: a shot's balls posed at any time with
optional traces and event labels (the stage the replay viewer also draws on), and the
export of a shot to PNG frames, an animated GIF or an MP4, rendered offscreen (EGL).

Ball motion comes from game.view.world.playback (exact solver states at each frame's time,
pocket drops, seekable orientations); the labels and paths from game.replay. Frames are
read back from the window as (H, W, 3) uint8 arrays and written by game.replay.animation.
"""
from __future__ import annotations

import math

import numpy as np
from panda3d.core import LineSegs, NodePath, TextNode

from game.replay.animation import (GIF_FPS, VIDEO_FPS, check_mp4_backend, frame_times,
                                   target_kind, write_frames)
from game.replay.marks import MarkKind, shot_marks
from game.replay.paths import ball_paths
from game.view.app import open_base, overview_camera, prepare_base, table_camera
from game.view.match.aids import dashes
from game.view.world import marking
from game.view.world.camera import TopDownCamera
from game.view.world.playback import ShotPlayback
from game.view.world.scene import Scene

CAMERAS = ("table", "shot", "overview", "top")
SHOT_PAD_M = 0.15         # the shot camera's cloth round the moving balls' paths
SHOT_MIN_SPAN_M = 0.8     # and its least area across each way: a nudge is not a close-up
LABEL_HOLD_S = 0.6        # shot seconds a label stays up after its event
LABEL_HEIGHT_M = 0.05     # text height: about 9 px at 450 px, 20 px at 1080 px in the overview
LABEL_LIFT_M = 0.06       # above the ball centre, so the label does not hide the ball
# Labels up at once nearer than this across the cloth stack, one LABEL_STEP_M above the
# other (a break's contacts, a drop beside a cushion hit): a label is about 0.25 m wide.
LABEL_CLEAR_M = 0.3
LABEL_STEP_M = 1.4 * LABEL_HEIGHT_M
TRACE_LIFT_M = 0.0015     # traces just above the cloth: under the balls, over the felt
TRACE_WIDTH_PX = 2.0
TRACE_DASH_M = 0.03       # colour-blind play: the marked balls' traces dashed (dash and gap)
_LABEL_COLOURS = {MarkKind.FOUL: (1.0, 0.25, 0.2, 1.0), MarkKind.POCKET: (1.0, 0.7, 0.2, 1.0),
                  MarkKind.FIRST_CONTACT: (1.0, 0.9, 0.2, 1.0)}
# Overlays are unlit and unshaded (flat colours); labels also draw over everything.
_OVERLAY_PRIORITY = 100


def _overlay_state(node: NodePath, on_top: bool) -> None:
    node.setLightOff(_OVERLAY_PRIORITY)
    node.setShaderOff(_OVERLAY_PRIORITY)
    if on_top:
        node.setBin("fixed", 0)
        node.setDepthTest(False)
        node.setDepthWrite(False)


def label_levels(marks) -> list:
    """Each mark's stacking level (0: just above its ball): the lowest level that no
    earlier mark up at the same time (within LABEL_HOLD_S) and nearer than LABEL_CLEAR_M
    across the cloth holds, so labels shown together never lie on one another."""
    levels = []
    for k, mark in enumerate(marks):
        taken = {levels[j] for j in range(k)
                 if abs(mark.time - marks[j].time) < LABEL_HOLD_S
                 and math.dist(mark.position[:2], marks[j].position[:2]) < LABEL_CLEAR_M}
        levels.append(next(level for level in range(len(taken) + 1) if level not in taken))
    return levels


class ShotStage:
    """The shots of `replay` drawn on `scene` (a Scene of the replay's mode, made on
    `base` when None): show_shot() picks a shot, pose(t) draws it at shot time t (s)."""

    def __init__(self, base, replay, scene: Scene | None = None,
                 use_shaders: bool | None = None):
        self.base = base
        self.replay = replay
        self.scene = scene or Scene(base, replay.match.mode, {}, use_shaders)
        self.root = base.render.attachNewNode("replay_overlays")
        self.shot = None
        self.playback = None
        self.frame = None
        self.marks = ()
        self.show_traces = False
        self.show_labels = False
        self._traces = None
        self._labels = []
        self._rows = None

    # ---- shots ---------------------------------------------------------------------
    def show_shot(self, index: int, orientations=None) -> ShotPlayback:
        """Make shot `index` current, at time 0. orientations: (N, 4) of its balls at the
        strike (default: at rest orientation). Returns its playback (clock included)."""
        shot = self.replay.shots[index]
        self.shot = shot
        self.playback = ShotPlayback(shot.result, shot.ball_ids, orientations)
        self._rows = self.scene.balls.rows(shot.ball_ids)
        for ball_id in self.scene.balls.ids:
            if ball_id not in shot.ball_ids:
                self.scene.set_ball_visible(ball_id, False)
        self.marks = shot_marks(self.replay.match.mode, shot.result, shot.ball_ids, shot.fouls,
                                marking.colour_blind(self.base))
        self._build_overlays()
        self.pose(0.0)
        return self.playback

    def pose(self, t: float):
        """Draw the current shot at shot time t (s); returns the playback Frame."""
        self.frame = self.playback.frame(t)
        self.scene.balls.pose(self._rows, self.frame.positions, self.frame.orientations,
                              self.frame.visible)
        for mark, node in self._labels:
            shown = self.show_labels and mark.time <= self.frame.time < mark.time + LABEL_HOLD_S
            node.show() if shown else node.hide()
        return self.frame

    def set_traces(self, on: bool) -> None:
        self.show_traces = on
        if self._traces is not None:
            self._traces.show() if on else self._traces.hide()

    def set_labels(self, on: bool) -> None:
        self.show_labels = on
        if self.frame is not None:
            self.pose(self.frame.time)

    # ---- overlays ------------------------------------------------------------------
    def _build_overlays(self) -> None:
        self.root.getChildren().detach()
        segs = LineSegs("traces")
        segs.setThickness(TRACE_WIDTH_PX)
        styles = {s.ball_id: s for s in self.scene.mode.balls}
        # Colour-blind play: the ringed group's traces dashed, told apart by pattern too.
        dashed = (marking.marked(self.replay.match.mode)
                  if marking.colour_blind(self.base) else frozenset())
        for path in ball_paths(self.shot.result, self.shot.ball_ids):
            style = styles[path.ball_id]
            segs.setColor(*style.colour, 1.0)
            points = path.positions.copy()
            points[:, 2] += TRACE_LIFT_M - style.radius
            for stroke in (dashes(points, TRACE_DASH_M) if path.ball_id in dashed
                           else [points.tolist()]):
                segs.moveTo(*stroke[0])
                for p in stroke[1:]:
                    segs.drawTo(*p)
        self._traces = self.root.attachNewNode(segs.create())
        _overlay_state(self._traces, on_top=False)
        self.set_traces(self.show_traces)
        self._labels = [(mark, self._label(mark, level))
                        for mark, level in zip(self.marks, label_levels(self.marks))]

    def _label(self, mark, level: int = 0) -> NodePath:
        text = TextNode(f"label_{mark.kind.name.lower()}")
        text.setText(mark.text)
        text.setAlign(TextNode.ACenter)
        text.setTextColor(*_LABEL_COLOURS.get(mark.kind, (1.0, 1.0, 1.0, 1.0)))
        text.setCardColor(0.0, 0.0, 0.0, 0.6)
        text.setCardAsMargin(0.3, 0.3, 0.15, 0.1)
        node = self.root.attachNewNode(text)
        x, y, z = mark.position
        node.setPos(x, y, z + LABEL_LIFT_M + level * LABEL_STEP_M)
        node.setScale(LABEL_HEIGHT_M)
        node.setBillboardPointEye()
        _overlay_state(node, on_top=True)
        node.hide()
        return node

    def destroy(self, keep_scene: bool = False) -> None:
        """Remove the overlays, and the scene unless `keep_scene`."""
        self.root.removeNode()
        if not keep_scene:
            self.scene.destroy()


def place_camera(base, scene: Scene, camera: str, shot=None) -> None:
    """One of the game's cameras: "table" (the whole cloth, tightly framed), "shot" (the
    part of the cloth where the balls of `shot` move, tightly framed), "overview" (the
    spectator's view, with the room) or "top"."""
    if camera == "table":
        table_camera(base, scene)
    elif camera == "shot":
        table_camera(base, scene, shot_area(scene.table_spec, shot))
    elif camera == "overview":
        overview_camera(base, scene)
    elif camera == "top":
        TopDownCamera(base, scene.bounds, scene.rail_height)
    else:
        raise ValueError(f"unknown camera {camera!r}; choose one of {CAMERAS}")


def shot_area(table, shot) -> tuple:
    """((x0, y0), (x1, y1)) m: the cloth of `table` (a TableSpec) the balls of `shot` (a
    replay Shot) move over,
    padded by SHOT_PAD_M, at least SHOT_MIN_SPAN_M each way, kept on the cloth."""
    moved = [p.positions[:, :2] for p in ball_paths(shot.result, shot.ball_ids)]
    points = np.concatenate(moved) if moved else np.zeros((1, 2))
    size = np.array([table.length, table.width])
    low, high = points.min(axis=0) - SHOT_PAD_M, points.max(axis=0) + SHOT_PAD_M
    grow = np.maximum(np.minimum(SHOT_MIN_SPAN_M, size) - (high - low), 0.0) / 2
    low, high = low - grow, high + grow
    # Slide a box that sticks out back onto the cloth, then cut what is still too big.
    shift = np.maximum(-low, 0.0) - np.maximum(high - size, 0.0)
    low, high = np.maximum(low + shift, 0.0), np.minimum(high + shift, size)
    return (tuple(low.tolist()), tuple(high.tolist()))


def grab_frame(base) -> np.ndarray:
    """Render a frame and read the window back: (H, W, 3) uint8, top row first. Render
    one frame before the first grab of a new scene: its shadow buffer only appears
    during that frame's cull."""
    base.graphicsEngine.renderFrame()
    texture = base.win.getScreenshot()
    if texture is None:
        raise RuntimeError("could not read the rendered image back from the window")
    h, w = texture.getYSize(), texture.getXSize()
    image = np.frombuffer(texture.getRamImageAs("RGB"), dtype=np.uint8).reshape(h, w, 3)
    return image[::-1].copy()       # the RAM image is stored bottom row first


def export_shot(replay, index: int, out, *, base=None, size=(960, 540), fps=None,
                speed: float = 1.0, start: float = 0.0, end: float | None = None,
                camera: str = "table", traces: bool = False, labels: bool = False,
                use_shaders: bool | None = None, progress: bool | None = None) -> int:
    """Render shot `index` of `replay` to `out` (.gif, .mp4, or a folder of PNG frames).

    Frames at `fps` (default 25 for GIF, 30 otherwise) of shot time [start, end] s (end:
    the shot's end, pocket drops included) played at `speed`. base: an existing ShowBase
    to draw on (its window's size is the frame size); None opens an offscreen one of
    `size` (width, height) pixels and closes it after. Returns the number of frames."""
    kind = target_kind(out)
    if kind == "mp4":
        check_mp4_backend()
    fps = fps or (GIF_FPS if kind == "gif" else VIDEO_FPS)
    own = base is None
    if own:
        base = open_base(offscreen=True, size=size)
    try:
        prepare_base(base)
        stage = ShotStage(base, replay, use_shaders=use_shaders)
        try:
            playback = stage.show_shot(index)
            stage.set_traces(traces)
            stage.set_labels(labels)
            place_camera(base, stage.scene, camera, stage.shot)
            times = frame_times(start, playback.end_time if end is None else end, fps, speed)

            def frames():
                # The shadow buffer appears during the first frame's cull, so that frame
                # would have no shadows; later frames render it before the window.
                stage.pose(times[0])
                base.graphicsEngine.renderFrame()
                for t in times:
                    stage.pose(t)
                    yield grab_frame(base)
            return write_frames(frames(), out, fps, total=len(times), progress=progress)
        finally:
            stage.destroy()
    finally:
        if own:
            base.destroy()
