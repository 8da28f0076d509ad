"""The replay viewer and the frame export, driven offscreen (EGL) on one ShowBase."""
import colorsys
import dataclasses

import numpy as np
import pytest
from panda3d.core import ClockObject, Point2, Point3
from PIL import Image

from game.replay import load_replay
from game.replay.animation import ExportError, frame_times
from game.replay.verify import ShotCheck
from game.view.world.camera import TopDownCamera
from game.view.replay.export import export_shot, grab_frame
from game.view.replay.viewer import AUTO_NEXT_S, SPEEDS, ReplayViewer, view_region
from physics_ext import MotionState

# Above any Panda3D state set on the scene, so probe colours always win.
PROBE_PRIORITY = 100


@pytest.fixture(scope="module")
def replay(tmp_path_factory):
    from replay_harness import record_match
    # Three games of at most three shots: at least three shots, whatever the solver does.
    _, recorder = record_match(tmp_path_factory.mktemp("3d"), "nine_ball", seed=8, games=3,
                               shot_cap=3)
    return load_replay(recorder.path)


@pytest.fixture
def viewer(panda_base, replay):
    clock = ClockObject.getGlobalClock()
    mode = clock.getMode()
    clock.setMode(ClockObject.MNonRealTime)     # each task step is exactly 1/60 s
    clock.setFrameRate(60)
    v = ReplayViewer(panda_base, replay, use_shaders=False)
    yield v
    v.destroy()
    clock.setMode(mode)


def pixel_of(base, point):
    """Window pixel (x, y), origin top-left, of a table-frame point."""
    p2 = Point2()
    assert base.camLens.project(base.cam.getRelativePoint(base.render, Point3(*point)), p2)
    return (int((p2.x + 1) / 2 * base.win.getXSize()),
            int((1 - p2.y) / 2 * base.win.getYSize()))


def test_scrubbing_shows_the_balls_where_the_solver_has_them(panda_base, viewer, replay):
    base = panda_base
    shot = replay.shots[0]                      # the break: every ball moves
    balls = viewer.scene.balls
    colours = {b: colorsys.hsv_to_rgb(k / len(shot.ball_ids), 1.0, 1.0)
               for k, b in enumerate(shot.ball_ids)}
    for ball_id, rgb in colours.items():
        node = balls.node(ball_id)
        node.setLightOff(PROBE_PRIORITY)
        node.setTextureOff(PROBE_PRIORITY)
        node.setShaderOff(PROBE_PRIORITY)
        node.setColor(*rgb, 1.0, PROBE_PRIORITY)
    TopDownCamera(base, viewer.scene.bounds, viewer.scene.rail_height)
    base.aspect2d.hide()                        # the shot list would cover a corner
    try:
        for t in (0.35, 1.2, shot.duration):
            viewer.slider["value"] = t          # as a drag would set it
            base.taskMgr.step()                 # the slider's event reaches the viewer
            assert viewer.clock.time == pytest.approx(t, abs=1e-6) and not viewer.playing
            exact = shot.result.state_at(viewer.clock.time)
            image = grab_frame(base)
            for i, ball_id in enumerate(shot.ball_ids):
                if exact.states[i] in (MotionState.POCKETED, MotionState.OFF_TABLE):
                    continue
                assert tuple(balls.node(ball_id).getPos(base.render)) == pytest.approx(
                    tuple(exact.positions[i]), abs=1e-6)    # Panda3D stores float32
                x, y = pixel_of(base, exact.positions[i])
                assert image[y, x] / 255 == pytest.approx(colours[ball_id], abs=0.02), \
                    f"ball {ball_id} at t = {t}"
    finally:
        base.aspect2d.show()


def test_stepping_lands_on_each_event_and_back(panda_base, viewer):
    times = list(viewer.stage.playback.event_times)
    assert len(times) > 10
    seen = []
    for _ in range(len(times)):
        panda_base.messenger.send(".")
        seen.append(viewer.clock.time)
        assert not viewer.playing
        panda_base.taskMgr.step()               # paused: a frame does not move on
        assert viewer.clock.time == seen[-1]
    assert seen == times
    panda_base.messenger.send(".")
    assert viewer.clock.time == viewer.stage.playback.end_time
    back = []
    for _ in range(len(times)):
        panda_base.messenger.send(",")
        back.append(viewer.clock.time)
    assert back == times[::-1]


def test_speed_runs_from_a_tenth_to_four_times(panda_base, viewer):
    for _ in range(len(SPEEDS) + 2):
        panda_base.messenger.send("]")
    assert viewer.clock.speed == 4.0
    start = viewer.clock.time
    panda_base.taskMgr.step()
    assert viewer.clock.time == pytest.approx(start + 4.0 / 60)
    for _ in range(len(SPEEDS) + 2):
        panda_base.messenger.send("[")
    assert viewer.clock.speed == 0.1
    panda_base.messenger.send("space")
    assert not viewer.playing
    start = viewer.clock.time
    panda_base.taskMgr.step()
    assert viewer.clock.time == start


def test_jumping_to_a_shot_from_the_list(viewer, replay):
    button = viewer.buttons[2]
    button["command"](*button["extraArgs"])     # what a click on the list calls
    assert viewer.index == 2 and viewer.clock.time == 0.0
    assert viewer.title.getText().startswith(f"Shot 3 of {len(replay.shots)}")
    assert viewer.ruling.getText() == replay.shots[2].ruling_text
    colour = [tuple(viewer.buttons[k].component("text0").textNode.getTextColor())
              for k in (1, 2)]
    assert colour[0] != colour[1]           # the current shot stands out
    viewer.previous_shot()
    assert viewer.index == 1


def test_a_finished_shot_goes_on_to_the_next_with_the_balls_turned_as_they_ended(viewer):
    playback = viewer.stage.playback
    playback.clock.seek(playback.end_time)
    viewer.update(0.0)
    assert viewer.index == 0
    ended = dict(zip(viewer.stage.shot.ball_ids, viewer.stage.frame.orientations))
    viewer.update(AUTO_NEXT_S)
    assert viewer.index == 1 and viewer.playing
    start = viewer.stage.frame
    for ball_id, q in zip(viewer.stage.shot.ball_ids, start.orientations):
        assert np.allclose(q, ended[ball_id])


def test_traces_and_labels(panda_base, viewer):
    stage = viewer.stage
    assert stage._traces.isHidden()
    panda_base.messenger.send("r")
    assert not stage._traces.isHidden()
    panda_base.messenger.send("l")
    first = stage.marks[0]
    viewer.seek(first.time)
    shown = [mark for mark, node in stage._labels if not node.isHidden()]
    assert first in shown and all(m.time <= first.time for m in shown)
    viewer.seek(first.time - 0.01)
    assert first not in [mark for mark, node in stage._labels if not node.isHidden()]


def test_divergent_shots_and_warnings_are_shown_and_the_shots_still_play(panda_base, replay):
    checks = [ShotCheck(s.index, s.index != 1, s.digest, "sha256:0") for s in replay.shots]
    warned = dataclasses.replace(replay, warnings=("replay format 1.7 is newer ...",))
    v = ReplayViewer(panda_base, warned, checks, shot=1, use_shaders=False)
    try:
        assert v.notice.getText() == "replay format 1.7 is newer ..."
        assert "differs" in v.title.getText() and v.buttons[1]["text"].endswith("(!)")
        assert not v.buttons[0]["text"].endswith("(!)")
        v.seek(0.5)
        assert v.stage.frame.time == 0.5
    finally:
        v.destroy()


def test_a_gif_export_has_one_frame_per_time_step(panda_base, replay, tmp_path):
    out = tmp_path / "break.gif"
    count = export_shot(replay, 0, out, base=panda_base, fps=20, start=0.2, end=0.6,
                        traces=True, labels=True, use_shaders=False, progress=False)
    expected = len(frame_times(0.2, 0.6, 20))
    assert count == expected == 9
    with Image.open(out) as gif:       # the balls move throughout: no frame repeats
        assert gif.n_frames == expected
        assert gif.size == (panda_base.win.getXSize(), panda_base.win.getYSize())
        assert gif.info["duration"] == 50


def test_png_frames_from_the_top(panda_base, replay, tmp_path):
    out = tmp_path / "frames"
    assert export_shot(replay, 1, out, base=panda_base, fps=10, end=0.25, camera="top",
                       use_shaders=False, progress=False) == 4
    images = sorted(out.iterdir())
    assert len(images) == 4
    forward = panda_base.render.getRelativeVector(panda_base.camera, (0, 1, 0))
    assert forward.z == pytest.approx(-1.0)


def test_mp4_needs_a_backend_before_anything_renders(panda_base, replay, tmp_path):
    import importlib.util
    if importlib.util.find_spec("imageio_ffmpeg") is not None:
        pytest.skip("an ffmpeg backend is installed")
    with pytest.raises(ExportError, match="imageio-ffmpeg"):
        export_shot(replay, 0, tmp_path / "x.mp4", base=panda_base)
    assert not list(tmp_path.iterdir())


def _list_rect(base, viewer):
    """Window pixels (x0, y0, x1, y1) of the shot list: its rows' frame and buttons."""
    corners = []
    for part in ("itemFrame", "decButton", "incButton"):
        node = viewer.shot_list.component(part)
        left, right, bottom, top = node.guiItem.getFrame()
        corners += [base.aspect2d.getRelativePoint(node, Point3(x, 0, z))
                    for x in (left, right) for z in (bottom, top)]
    a = base.getAspectRatio()
    xs = [(c.x / a + 1) / 2 * base.win.getXSize() for c in corners]
    ys = [(1 - c.z) / 2 * base.win.getYSize() for c in corners]
    return min(xs), min(ys), max(xs), max(ys)


@pytest.mark.parametrize("size", [(640, 360), (400, 300)])
def test_the_shot_list_stands_beside_the_table_in_both_views(panda_base, replay, size):
    base = panda_base
    before = (base.win.getXSize(), base.win.getYSize())
    base.win.setSize(*size)
    base.adjustWindowAspectRatio(base.getAspectRatio())
    v = ReplayViewer(base, replay, use_shaders=False)
    try:
        (x0, y0), (x1, y1) = v.scene.bounds
        corners = [(x, y, z) for x in (x0, x1) for y in (y0, y1) for z in (0.0, v.scene.rail_height)]
        listed = _list_rect(base, v)
        for view in ("overview", "top"):
            if view == "top":
                base.messenger.send("t")            # what the T key sends
            pixels = [pixel_of(base, p) for p in corners]
            xs, ys = zip(*pixels)
            table = (min(xs), min(ys), max(xs), max(ys))
            assert not (table[0] < listed[2] and listed[0] < table[2]
                        and table[1] < listed[3] and listed[1] < table[3]), (view, table, listed)
            # Framed to the rest of the window: filling the width the list leaves, or the
            # height between the bands of words.
            region = view_region(base.getAspectRatio())
            free_h = (region[3] - region[1]) / 2 * base.win.getYSize()
            assert max((table[2] - table[0]) / listed[0], (table[3] - table[1]) / free_h) > 0.75
    finally:
        v.destroy()
        base.win.setSize(*before)
        base.adjustWindowAspectRatio(base.getAspectRatio())


def test_the_shot_list_keeps_each_rulings_words(panda_base, viewer):
    """Each shot's entry is its number, player and whole ruling, wrapped to the list's
    width (no line wider than the list), cut only past LIST_LINES lines."""
    from panda3d.core import TextNode
    from game.view.replay.viewer import LIST_LINES, LIST_PAD, LIST_SCALE, LIST_W
    measure = TextNode("m")
    for shot, button in zip(viewer.replay.shots, viewer.buttons):
        lines = button["text"].split("\n")
        assert len(lines) <= LIST_LINES
        assert all(measure.calcWidth(line) * LIST_SCALE <= LIST_W - LIST_PAD for line in lines)
        words = " ".join(line.strip() for line in lines)
        if not words.endswith("..."):
            assert shot.ruling_text in words


def test_labels_up_at_once_never_lie_on_one_another(panda_base, viewer):
    """Every shot of the replay: two labels shown at the same moment near each other on
    the cloth are drawn at different heights, a label's height apart."""
    import math
    from game.view.replay.export import LABEL_CLEAR_M, LABEL_HEIGHT_M, LABEL_HOLD_S
    stage = viewer.stage
    panda_base.messenger.send("l")
    stacked = 0
    for index in range(len(viewer.replay.shots)):
        viewer.show_shot(index)
        labels = stage._labels
        for a, (mark_a, node_a) in enumerate(labels):
            for mark_b, node_b in labels[a + 1:]:
                together = abs(mark_a.time - mark_b.time) < LABEL_HOLD_S
                near = math.dist(mark_a.position[:2], mark_b.position[:2]) < LABEL_CLEAR_M
                if together and near:
                    stacked += 1
                    assert abs(node_a.getZ() - mark_a.position[2]
                               - node_b.getZ() + mark_b.position[2]) >= LABEL_HEIGHT_M
    assert stacked, "the replay's shots have labels up together to stack"
