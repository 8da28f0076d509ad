"""Every generated file loads with panda3d-gltf and lands in the game's frame; rendered
offscreen (EGL) under a white ambient light (so each pixel shows the surface's base colour),
the cloth is green, the holes dark, and a ball shows its number in its white circle on
both faces and its stripe round the right axis.

Renders into a buffer of its own through the GraphicsEngine (no ShowBase: the view tests
own the one ShowBase a process may have)."""
import math
import os

import numpy as np
import pytest
from panda3d.core import loadPrcFileData

os.environ.setdefault("EGL_PLATFORM", "surfaceless")
os.environ.setdefault("MESA_SHADER_CACHE_DISABLE", "true")
loadPrcFileData("tests-modelgen", f"""
load-display {os.environ.get('P3D_DISPLAY', 'p3headlessgl')}
audio-library-name null
notify-level-device fatal
notify-level-gltf error
""")

import gltf  # noqa: E402  (panda3d-gltf, a dependency)
from panda3d.core import (AmbientLight, Camera, FrameBufferProperties,  # noqa: E402
                          GraphicsEngine, GraphicsOutput, GraphicsPipe, GraphicsPipeSelection,
                          NodePath, OrthographicLens, Quat, Texture, WindowProperties)

from game.modelgen import model_plan  # noqa: E402
from game.modelgen.room import room_size  # noqa: E402
from game.modelgen.table import TABLE_HEIGHT, TableLook  # noqa: E402
from game.tables.modes import mode  # noqa: E402
from physics_ext.table import TableSpec  # noqa: E402

SIZE = 256
# A ball's rest orientation in the view (game.view.orientation): its +x up.
REST = (0.0, math.sqrt(0.5), 0.0, math.sqrt(0.5))


@pytest.fixture(scope="module")
def loaded(models):
    folder, _ = models
    return {name: NodePath(gltf.load_model(str(folder / name))) for name in model_plan()}


@pytest.fixture(scope="module")
def camera_buffer():
    """render(scene_root, centre (x, y), film width m) -> (SIZE, SIZE, 3) uint8 image, top
    row first, seen straight down from above."""
    pipe = GraphicsPipeSelection.get_global_ptr().make_default_pipe()
    assert pipe is not None, "no offscreen graphics pipe (EGL: apt-get install libegl1)"
    engine = GraphicsEngine.get_global_ptr()
    fb = FrameBufferProperties()
    fb.set_rgba_bits(8, 8, 8, 8)
    fb.set_depth_bits(24)
    buf = engine.make_output(pipe, "modelgen-test", -50, fb, WindowProperties.size(SIZE, SIZE),
                             GraphicsPipe.BF_refuse_window)
    assert buf is not None, "no offscreen buffer"
    tex = Texture()
    buf.add_render_texture(tex, GraphicsOutput.RTM_copy_ram)
    buf.set_clear_color((0.0, 0.0, 0.0, 1.0))
    region = buf.make_display_region()

    def render(root, centre, width):
        lens = OrthographicLens()
        lens.set_film_size(width, width)
        lens.set_near_far(0.01, 20.0)
        cam = root.attach_new_node(Camera("cam", lens))
        cam.set_pos(centre[0], centre[1], 5.0)
        cam.set_hpr(0, -90, 0)              # straight down, image up = table +y
        light = root.attach_new_node(AmbientLight("white"))
        light.node().set_color((1, 1, 1, 1))
        root.set_light(light)
        region.set_camera(cam)
        engine.render_frame()
        engine.render_frame()
        image = np.frombuffer(tex.get_ram_image_as("RGB"), np.uint8).reshape(SIZE, SIZE, 3)
        cam.remove_node()
        light.remove_node()
        return image[::-1].copy()
    yield render
    engine.remove_window(buf)


def _pixel(image, centre, width, point):
    """The pixel showing table point (x, y) in an image from `render`."""
    col = int((point[0] - centre[0]) / width * SIZE + SIZE / 2)
    row = int(SIZE / 2 - (point[1] - centre[1]) / width * SIZE)
    return image[row, col].astype(int)


@pytest.mark.parametrize("name", sorted(model_plan()))
def test_each_file_loads_with_panda3d_gltf(loaded, name):
    model = loaded[name]
    assert model.find_all_matches("**/+GeomNode").get_num_paths() > 0
    lo, hi = model.get_tight_bounds()
    assert all(np.isfinite([*lo, *hi]))


@pytest.mark.parametrize("table", ["nine_foot", "english_seven_foot"])
def test_the_table_and_room_land_in_the_table_frame(loaded, table):
    spec = TableSpec.named(table)
    look = TableLook.for_table(spec)
    reach = look.cushion_width + look.rail_width
    lo, hi = loaded[f"table_{table}.glb"].get_tight_bounds()
    assert lo[0] == pytest.approx(-reach, abs=1e-5) and hi[0] == pytest.approx(
        spec.length + reach, abs=1e-5)
    assert lo[1] == pytest.approx(-reach, abs=1e-5) and hi[1] == pytest.approx(
        spec.width + reach, abs=1e-5)
    assert lo[2] == pytest.approx(-TABLE_HEIGHT, abs=1e-5)
    assert spec.cushion_height < hi[2] < spec.cushion_height + 0.02      # rail top and rims
    for part in ("bed", "cushion_HEAD", "rails", "liner_SIDE_LEFT", "diamonds", "markings"):
        assert not loaded[f"table_{table}.glb"].find(f"**/{part}").is_empty(), part
    room = loaded[f"room_{table}.glb"]
    rlo, rhi = room.get_tight_bounds()
    x0, y0, x1, y1 = room_size(spec)
    assert (rlo[0], rlo[1]) == pytest.approx((x0, y0), abs=0.05)
    assert (rhi[0], rhi[1]) == pytest.approx((x1, y1), abs=0.05)
    bulbs = room.find_all_matches("**/bulb*")
    assert bulbs.get_num_paths() >= 2
    for bulb in bulbs:
        p = bulb.get_pos(room)
        assert 0 < p.x < spec.length and p.y == pytest.approx(spec.width / 2) and p.z > 0.5


def test_ball_sets_load_one_node_per_ball_with_its_texture(loaded):
    for mode_name in ("nine_ball", "eight_ball"):
        model = loaded[f"balls_{mode_name}.glb"]
        for style in mode(mode_name).balls:
            node = model.find(f"**/ball{style.ball_id}")
            assert not node.is_empty()
            lo, hi = node.get_tight_bounds()
            assert (hi - lo).length() / math.sqrt(3) == pytest.approx(2 * style.radius, rel=1e-3)
            has_texture = node.find_all_textures().get_num_textures() > 0
            assert has_texture == (style.number is not None or style.spots)


def test_top_view_shows_green_cloth_dark_holes_and_wooden_rails(loaded, camera_buffer):
    spec = TableSpec.nine_foot()
    root = NodePath("scene")
    loaded["table_nine_foot.glb"].instance_to(root)
    centre, width = (spec.length / 2, spec.width / 2), spec.length + 0.4
    image = camera_buffer(root, centre, width)
    r, g, b = _pixel(image, centre, width, (spec.length * 0.6, spec.width * 0.6))
    assert g > r + 20 and g > b
    hole = spec.geometry().pockets[1]                          # the right side pocket
    assert _pixel(image, centre, width, (hole[0], hole[1] - 0.6 * hole[2])).max() < 30
    rail = _pixel(image, centre, width, (spec.length * 0.3, -0.1))
    assert rail[0] > rail[1] > rail[2]


def _ball_image(loaded, camera_buffer, ball_id, quat):
    root = NodePath("scene")
    ball = loaded["balls_nine_ball.glb"].find(f"**/ball{ball_id}")
    placed = root.attach_new_node("ball")
    ball.instance_to(placed)
    placed.set_quat(Quat(*quat))
    r = mode("nine_ball").style(ball_id).radius
    return camera_buffer(root, (0.0, 0.0), 2.4 * r), r


@pytest.mark.parametrize("face", ["+x", "-x"])
def test_a_numbered_ball_shows_its_number_in_a_white_circle_on_both_faces(
        loaded, camera_buffer, face):
    # +x up (the rest orientation), or a quarter turn about y that puts -x up (and, as at
    # rest, the ball's +z along the table's +x).
    quat = REST if face == "+x" else (math.sqrt(0.5), 0.0, math.sqrt(0.5), 0.0)
    image, r = _ball_image(loaded, camera_buffer, 1, quat)
    width = 2.4 * r
    yy, xx = np.mgrid[0:SIZE, 0:SIZE]
    dist = np.hypot(xx + 0.5 - SIZE / 2, yy + 0.5 - SIZE / 2) / SIZE * width / r
    circle = image[dist < 0.25]                       # well inside the number circle
    ink = (circle.max(axis=1) < 60).mean()
    paper = (circle.min(axis=1) > 150).mean()
    assert 0.05 < ink < 0.6 and paper > 0.3            # dark digit strokes on white
    band = image[(dist > 0.6) & (dist < 0.85)].astype(int)   # yellow round the circle
    yellow = (band[:, 0] > 120) & (band[:, 1] > 80) & (band[:, 2] < 40)
    assert yellow.mean() > 0.9


def test_the_nine_shows_its_stripe_round_the_equator_and_white_caps(loaded, camera_buffer):
    image, r = _ball_image(loaded, camera_buffer, 9, REST)
    width = 2.4 * r
    # At rest the ball's +z (the stripe's axis) lies along the table's +x: the caps show
    # left and right, the band above and below the number circle.
    cap = _pixel(image, (0, 0), width, (0.85 * r, 0.0))
    band = _pixel(image, (0, 0), width, (0.0, 0.75 * r))
    assert cap.min() > 150
    assert band[0] > 120 and band[2] < 40
