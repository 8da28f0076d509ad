"""The look of the generated models in offscreen renders (EGL), checked pixel by pixel: the
room behind the table, a ball's number on its face, the shadow a ball drops on the cloth,
the quality presets' shadows, and the lamp hiding from a camera above it."""
import math

import pytest
from panda3d.core import Point3

from game.view.app import BACKGROUND
from game.view.world.camera import OrbitCamera, TopDownCamera
from game.view.world.quality import PRESETS, Quality, quality, set_quality
from view_helpers import render, rgb_at, world_to_pixel


def _glsl(base):
    if not base.win.getGsg().getSupportsGlsl():
        pytest.skip("the lit look needs GLSL")


def _luma(rgb):
    return 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2]


@pytest.mark.parametrize("mode_name", ["nine_ball", "eight_ball"])
def test_the_room_shows_behind_the_table_not_a_void(base, make_scene, mode_name):
    scene = make_scene(mode_name)
    spec = scene.table_spec
    # A player's low view along the table towards the foot: the far wall fills the top.
    OrbitCamera(base, (spec.length * 0.75, spec.width / 2, 0.0), distance=1.4,
                heading=math.pi, pitch=math.radians(10))
    image = render(base)
    w, h = base.win.getXSize(), base.win.getYSize()
    top = [rgb_at(image, (x, 3)) for x in range(10, w - 10, 20)]
    background = BACKGROUND[:3]
    assert all(max(abs(a - b) for a, b in zip(rgb, background)) > 0.03 for rgb in top), \
        "the window's background shows: the table floats in a void"
    assert sum(_luma(rgb) for rgb in top) / len(top) > 0.12, "a lit wall, not darkness"
    # The floor beside the table in the spectator's view is wood, not the background.
    TopDownCamera(base, ((-1.0, -1.0), (spec.length + 1.0, spec.width + 1.0)), 0.0)
    image = render(base)
    floor = rgb_at(image, world_to_pixel(base, Point3(spec.length / 2, -0.8, -0.785)))
    assert floor[0] > floor[2] + 0.05, f"oak boards are warm, not {floor}"


def test_a_balls_number_reads_on_its_face(base, make_scene):
    _glsl(base)
    x, y = 1.27, 0.635
    scene = make_scene("nine_ball", {1: (x, y)})
    r = scene.balls.radii[1]
    # At rest the numbers face up: from straight above, the white circle with the black
    # digit in it, inside the yellow ball.
    OrbitCamera(base, (x, y, r), distance=0.16, heading=math.pi, pitch=math.radians(89.5))
    image = render(base)

    def at(dx, dy):
        return rgb_at(image, world_to_pixel(base, Point3(x + dx * r, y + dy * r, r)))
    circle = [at(dx * 0.3, dy * 0.3) for dx in (-1, 0, 1) for dy in (-1, 0, 1)]
    assert any(min(rgb) > 0.6 for rgb in circle), f"no white number circle in {circle}"
    # The digit: dark ink inside the circle.
    w, h = base.win.getXSize(), base.win.getYSize()
    cx, cy = world_to_pixel(base, Point3(x, y, r))
    px, py = world_to_pixel(base, Point3(x + 0.3 * r, y, r))
    span = max(abs(px - cx), abs(py - cy)) + 1
    ink = [rgb_at(image, (i, j)) for i in range(cx - span, cx + span)
           for j in range(cy - span, cy + span)]
    assert sum(max(rgb) < 0.25 for rgb in ink) > 0.05 * len(ink), "no digit in the circle"
    yellow = at(0.8, 0.0)
    assert yellow[0] > 0.45 and yellow[1] > 0.35 and yellow[2] < 0.5 * yellow[1], yellow


def _shadow_contrast(base, make_scene, **kwargs):
    """Green of the cloth in the ball's shadow over the green of open cloth beside it."""
    from game.view.world.lighting import KEY_DIRECTION
    x, y = 1.27, 0.635
    scene = make_scene("nine_ball", {0: (x, y)}, **kwargs)
    r = scene.balls.radii[0]
    OrbitCamera(base, (x, y, 0.0), distance=0.5, heading=math.pi, pitch=math.radians(89))
    image = render(base)
    k = math.hypot(KEY_DIRECTION[0], KEY_DIRECTION[1])
    ux, uy = KEY_DIRECTION[0] / k, KEY_DIRECTION[1] / k
    shade = rgb_at(image, world_to_pixel(base, Point3(x - 1.3 * r * ux, y - 1.3 * r * uy, 0)))
    beside = rgb_at(image, world_to_pixel(base, Point3(x - 1.3 * r * uy, y + 1.3 * r * ux, 0)))
    return shade[1] / beside[1]


def test_the_shadow_under_a_ball_is_darker_than_open_cloth_beside_it(base, make_scene):
    _glsl(base)
    assert _shadow_contrast(base, make_scene) < 0.75


def test_without_shadows_the_cloth_round_a_ball_is_even(base, make_scene):
    _glsl(base)
    assert _shadow_contrast(base, make_scene, shadow_size=0) > 0.9


def test_each_preset_draws_its_shadows_and_the_base_remembers_the_choice(base, make_scene):
    _glsl(base)
    before = quality(base)
    try:
        for name, preset in PRESETS.items():
            set_quality(base, preset)
            scene = make_scene("nine_ball", {0: (1.0, 0.6)}, shadow_size=None)
            assert quality(base) == preset
            # Low lights per vertex: no shader, so no shadows (its shadow map is for the
            # player who turns them on, which brings the shader back: quality_of).
            drawn = (preset.shadow_size, preset.pcf_radius) if preset.per_pixel else (0, -1)
            assert (scene.lighting.shadow_size, scene.lighting.pcf_radius) == drawn, name
            assert scene.lighting.use_shaders == preset.per_pixel, name
        set_quality(base, Quality(0, 1))
        assert not make_scene("nine_ball", {0: (1.0, 0.6)}, shadow_size=None).lighting.shadows
    finally:
        set_quality(base, before)


def test_the_lamp_hides_from_a_camera_above_it_and_shows_below(base, make_scene):
    _glsl(base)
    scene = make_scene("nine_ball", {})
    spec = scene.table_spec
    bulb = scene.room.find("**/bulb1").getPos(base.render)
    # From below, looking up at the middle shade: the lit inside of the shade or the bulb.
    OrbitCamera(base, tuple(bulb), distance=0.6, heading=math.pi, pitch=math.radians(-60))
    image = render(base)
    assert _luma(rgb_at(image, world_to_pixel(base, bulb))) > 0.5, "the bulb glows"
    # From above, the cloth under the lamp is seen through where the lamp hangs.
    TopDownCamera(base, scene.bounds, scene.rail_height)
    image = render(base)
    r, g, b = rgb_at(image, world_to_pixel(base, Point3(bulb.x, bulb.y, 0.0)))
    assert g > 1.5 * r and g > 1.3 * b, "cloth, not the lamp"
    assert spec.length > bulb.x > 0


def test_the_cloth_and_only_normal_mapped_parts_read_a_normal_map(base, make_scene):
    from game.view.world.lighting import normal_mapped
    scene = make_scene("nine_ball", {0: (1.0, 0.6)})
    names = {p.getName() for p in normal_mapped(scene.root)}
    assert "bed" in names and "cushion_HEAD" in names
    assert not any(n.startswith("ball") for n in names), names
    if scene.lighting.use_shaders:
        bed = scene.table.find("**/bed").find("**/+GeomNode")
        ball = scene.balls.node(0).find("**/+GeomNode")
        # A node's own input (a blank one, of value type 0, where it has none).
        assert bed.getShaderInput("u_normal_map").getValueType() != 0
        assert ball.getShaderInput("u_normal_map").getValueType() == 0, \
            "a ball reads the root's 0"


def _texture_bytes(scene) -> int:
    from panda3d.core import SceneGraphAnalyzer
    analyzer = SceneGraphAnalyzer()
    analyzer.addNode(scene.root.node())
    return analyzer.getTextureBytes()


def test_the_low_preset_draws_smaller_textures_and_leaves_the_shared_models_whole(
        base, make_scene):
    from game.view.world.models import model
    before = quality(base)
    try:
        memory, sizes = {}, {}
        for name in ("low", "medium"):
            set_quality(base, PRESETS[name])
            scene = make_scene("nine_ball")
            memory[name] = _texture_bytes(scene)
            sizes[name] = {t.getName().split("_1_")[0]: (t.getXSize(), t.getYSize())
                           for t in scene.root.findAllTextures()}
        assert memory["low"] <= memory["medium"] / 3
        assert set(sizes["low"]) == set(sizes["medium"])
        for name, (w, h) in sizes["medium"].items():
            assert sizes["low"][name] == (w // 2, h // 2), name
        full = {t.getXSize() for t in model("nine_ball", "balls").findAllTextures()}
        assert max(full) == max(w for w, _ in sizes["medium"].values())
    finally:
        set_quality(base, before)


def test_a_reduced_texture_is_the_mean_of_each_block_in_the_same_format():
    import numpy as np
    from panda3d.core import SamplerState, Texture
    from game.view.world.textures import reduced_texture
    values = np.arange(4 * 6 * 3, dtype=np.uint8).reshape(4, 6, 3) * 3
    texture = Texture("t")
    texture.setup2dTexture(6, 4, Texture.T_unsigned_byte, Texture.F_srgb)
    texture.setRamImage(values.tobytes())
    texture.setWrapU(SamplerState.WM_clamp)
    small = reduced_texture(texture, 2)
    assert (small.getXSize(), small.getYSize()) == (3, 2)
    assert small.getFormat() == Texture.F_srgb and small.getWrapU() == SamplerState.WM_clamp
    got = np.frombuffer(bytes(small.getRamImage()), dtype=np.uint8).reshape(2, 3, 3)
    expected = np.round(values.reshape(2, 2, 3, 2, 3).astype(float).mean(axis=(1, 3)))
    assert np.array_equal(got, expected)
    assert reduced_texture(texture, 1) is texture
