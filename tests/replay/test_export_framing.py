"""The exports' framing: the cloth fills the picture and the balls are drawn large, for
the whole table and for the part of it a shot uses (960x540, as `--size` defaults)."""
import numpy as np
import pytest
from panda3d.core import Point2, Point3
from PIL import Image

from game.replay import load_replay
from game.replay.paths import ball_paths
from game.tables import modes
from game.view.replay.export import SHOT_MIN_SPAN_M, export_shot, shot_area

SIZE = (960, 540)
# The spectator's overview shows the room round the table: its cloth takes 24 % of a
# 960x540 frame.
MIN_CLOTH_FRACTION = 0.55
MIN_BALL_PX = 16.0     # the nine-ball set on the 9 ft table measures 17.2 px


@pytest.fixture(scope="module")
def replay(recorded):
    return load_replay(recorded[1].path)


@pytest.fixture
def sized_base(panda_base):
    before = (panda_base.win.getXSize(), panda_base.win.getYSize())
    panda_base.win.setSize(*SIZE)
    panda_base.adjustWindowAspectRatio(panda_base.getAspectRatio())
    yield panda_base
    panda_base.win.setSize(*before)
    panda_base.adjustWindowAspectRatio(panda_base.getAspectRatio())


def _pixel(base, point) -> np.ndarray:
    p2 = Point2()
    inside = base.camLens.project(base.cam.getRelativePoint(base.render, Point3(*point)), p2)
    assert inside, f"{point} is off the picture"
    return np.array([(p2.x + 1) / 2 * SIZE[0], (1 - p2.y) / 2 * SIZE[1]])


def _drawn_diameters(base, positions, radii) -> list:
    """Pixels across each ball (centres (N, 3) m), measured along the screen's right."""
    right = base.render.getRelativeVector(base.camera, (1, 0, 0))
    right = np.array([right.x, right.y, right.z])
    return [float(np.linalg.norm(_pixel(base, p + r * right) - _pixel(base, p - r * right)))
            for p, r in zip(positions, radii)]


def _cloth_fraction(image: np.ndarray) -> float:
    """The share of pixels of the (green) cloth."""
    rgb = image.astype(float)
    r, g, b = rgb[..., 0], rgb[..., 1], rgb[..., 2]
    return float(np.mean((g > 1.3 * r) & (g > 1.3 * b) & (g > 40)))


@pytest.mark.parametrize("camera", ["table", "shot"])
def test_the_cloth_fills_the_frame_and_the_balls_are_large(sized_base, replay, tmp_path,
                                                          camera):
    base = sized_base
    shot = replay.shots[0]
    out = tmp_path / "frames"
    assert export_shot(replay, 0, out, base=base, fps=25, end=0.04, camera=camera,
                       progress=False) == 2
    image = np.asarray(Image.open(sorted(out.iterdir())[0]).convert("RGB"))
    assert image.shape == (SIZE[1], SIZE[0], 3)
    assert _cloth_fraction(image) > MIN_CLOTH_FRACTION
    # The camera stays where the export put it: the balls at the shot's start, projected.
    positions = shot.result.sample(np.array([0.0])).positions[0]
    mode = modes.mode(replay.match.mode)
    radii = [mode.style(b).radius for b in shot.ball_ids]
    drawn = _drawn_diameters(base, positions, radii)
    print(camera, f"cloth {_cloth_fraction(image):.2f}", f"balls {min(drawn):.1f} px")
    assert min(drawn) >= MIN_BALL_PX


def test_the_shot_area_covers_every_moving_ball_and_stays_on_the_cloth(replay):
    mode = modes.mode(replay.match.mode)
    for shot in replay.shots:
        (x0, y0), (x1, y1) = shot_area(mode.table, shot)
        assert 0.0 <= x0 < x1 <= mode.table.length and 0.0 <= y0 < y1 <= mode.table.width
        assert min(x1 - x0, y1 - y0) >= SHOT_MIN_SPAN_M - 1e-9
        for path in ball_paths(shot.result, shot.ball_ids):
            on_cloth = np.clip(path.positions[:, :2], 0.0, [mode.table.length, mode.table.width])
            assert np.all(on_cloth >= [x0, y0]) and np.all(on_cloth <= [x1, y1])
