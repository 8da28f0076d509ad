"""The generated meshes agree with the solver's geometry to 0.1 mm: read back from the .glb
buffers (float32 accessors), the cushion noses lie on the solver's segments and jaw-tip
circles at the nose height, the holes are its pocket circles, the balls have its radii and
the cue its tip. Chords count too: the midpoint of every nose edge and every hole and
sphere edge is checked, not only the vertices."""
import math

import numpy as np
import pytest

from game.modelgen.table import RAIL_EDGE, TABLE_HEIGHT
from game.tables.modes import MODE_NAMES, mode
from physics_ext import constants as C
from physics_ext.table import Pocket, Rail, TableSpec

TOL = 1e-4                       # 0.1 mm
TABLES = sorted({mode(m).table.name for m in MODE_NAMES})


def segment_distance(points, a, b):
    """Distance from points (n, 2) to the segment a-b."""
    ab = b - a
    t = np.clip(((points - a) @ ab) / (ab @ ab), 0.0, 1.0)
    return np.linalg.norm(points - (a + t[:, None] * ab), axis=1)


def boundary_distance(points, geo):
    """Distance (n,) from points (n, 2) to the solver's cushion boundary: its segments and
    the circles of its jaw tips."""
    d = np.full(len(points), np.inf)
    for a, b in geo.segments:
        d = np.minimum(d, segment_distance(points, a, b))
    for x, y, r in geo.tips:
        d = np.minimum(d, np.abs(np.hypot(points[:, 0] - x, points[:, 1] - y) - r))
    return d


def nose_edges(prims, h):
    """(vertices, edge midpoints) at the nose height: the apex row of the cushion mesh."""
    verts, mids = [], []
    for p in prims:
        pos, tri = p["position"], p["indices"]
        at = np.abs(pos[:, 2] - h) < 1e-6
        verts.append(pos[at, :2])
        for i, j in ((0, 1), (1, 2), (2, 0)):
            both = at[tri[:, i]] & at[tri[:, j]]
            mids.append((pos[tri[both, i], :2] + pos[tri[both, j], :2]) / 2)
    return np.concatenate(verts), np.concatenate(mids)


@pytest.mark.parametrize("table", TABLES)
def test_cushion_noses_are_the_solver_segments_and_jaw_tips(glb, table):
    spec = TableSpec.named(table)
    geo = spec.geometry()
    model = glb(f"table_{table}.glb")
    all_verts = []
    for rail in Rail:
        verts, mids = nose_edges(model.primitives(f"cushion_{rail.name}"), geo.cushion_height)
        assert len(verts) >= 10, rail
        # Every nose vertex and every nose chord's midpoint lies on the physics boundary.
        assert boundary_distance(verts, geo).max() < TOL, rail
        assert boundary_distance(mids, geo).max() < TOL, rail
        all_verts.append(verts)
    verts = np.concatenate(all_verts)
    # ...and the noses cover the whole boundary: each segment's start (where it leaves
    # its jaw tip) and each rail nose's two ends have a vertex.
    for a, _ in geo.segments:
        assert np.linalg.norm(verts - a, axis=1).min() < TOL
    for a, b in geo.segments[:6]:                          # the six straight rail noses
        assert np.linalg.norm(verts - b, axis=1).min() < TOL
    # Every jaw tip is drawn: several nose vertices on each tip's circle.
    for x, y, r in geo.tips:
        on = np.abs(np.hypot(verts[:, 0] - x, verts[:, 1] - y) - r) < TOL
        assert on.sum() >= 3, (x, y)


@pytest.mark.parametrize("table", TABLES)
def test_no_cushion_vertex_reaches_past_the_nose_into_the_playing_area(glb, table):
    spec = TableSpec.named(table)
    geo = spec.geometry()
    model = glb(f"table_{table}.glb")
    pos = np.concatenate([model.positions(f"cushion_{r.name}") for r in Rail])
    inner = pos[(pos[:, 0] > 0) & (pos[:, 0] < spec.length) & (pos[:, 1] > 0)
                & (pos[:, 1] < spec.width)]
    # Inside the nose lines, a cushion point must be a jaw's: within 0.1 mm of the
    # boundary or behind a jaw face (outside the playing polygon the solver walks).
    from game.tables.outline import cloth_outline
    poly = cloth_outline(spec, geo)
    inside = _inside(inner[:, :2], poly)
    assert (boundary_distance(inner[inside, :2], geo) < TOL).all()


def _inside(points, poly):
    """Even-odd point-in-polygon test for points (n, 2)."""
    x, y = points[:, 0][:, None], points[:, 1][:, None]
    a, b = poly, np.roll(poly, -1, axis=0)
    cond = (a[:, 1] > y) != (b[:, 1] > y)
    dy = np.where(b[:, 1] == a[:, 1], 1.0, b[:, 1] - a[:, 1])
    xc = a[:, 0] + (y - a[:, 1]) * (b[:, 0] - a[:, 0]) / dy
    return (cond & (x < xc)).sum(axis=1) % 2 == 1


@pytest.mark.parametrize("mode_name", MODE_NAMES)
def test_a_touching_ball_clears_the_cushion_profile(glb, mode_name):
    """On a straight rail, a ball touching the nose (centre R cos(theta) from it, theta
    the contact angle above the equator, as the solver puts it) meets no part of the
    cushion's cross-section read from the file: the undercut clears its equator."""
    m = mode(mode_name)
    spec = m.table
    h = spec.cushion_height
    model = glb(f"table_{spec.name}.glb")
    pos = model.positions(f"cushion_{Rail.RIGHT_HEAD.name}")
    # A section through the end of the straight nose: every profile point of the sweep
    # has a vertex there (the nose moved straight back, along -y).
    end_x = spec.geometry().segments[Rail.RIGHT_HEAD][0, 0]
    section = pos[np.abs(pos[:, 0] - end_x) < 1e-6]
    # The right cushion lies at y < 0: a point's distance behind the nose is -y.
    profile = np.unique(np.round(np.column_stack([-section[:, 1], section[:, 2]]), 9), axis=0)
    profile = profile[profile[:, 1] <= h + 0.02]
    assert np.isclose(profile[:, 0].min(), 0.0, atol=1e-7)
    for radius in sorted({s.radius for s in m.balls}):
        theta = math.asin(h / radius - 1)
        centre = np.array([-radius * math.cos(theta), radius])
        gap = np.linalg.norm(profile - centre, axis=1).min() - radius
        assert gap > -1e-6, (radius, gap)


@pytest.mark.parametrize("table", TABLES)
@pytest.mark.parametrize("pocket", list(Pocket), ids=[p.name for p in Pocket])
def test_pocket_holes_are_the_solver_circles(glb, table, pocket):
    geo = TableSpec.named(table).geometry()
    cx, cy, r = geo.pockets[pocket]
    prims = glb(f"table_{table}.glb").primitives(f"hole_{pocket.name}")
    pos, tri = prims[0]["position"], prims[0]["indices"]
    d = np.hypot(pos[:, 0] - cx, pos[:, 1] - cy)
    assert np.abs(d - r).max() < TOL
    # The fitted circle (least squares) has the solver's centre and radius.
    A = np.column_stack([2 * pos[:, 0], 2 * pos[:, 1], np.ones(len(pos))])
    sol = np.linalg.lstsq(A, pos[:, 0] ** 2 + pos[:, 1] ** 2, rcond=None)[0]
    fit_r = math.sqrt(sol[2] + sol[0] ** 2 + sol[1] ** 2)
    assert math.hypot(sol[0] - cx, sol[1] - cy) < TOL and abs(fit_r - r) < TOL
    # Chords: no edge of the hole's wall cuts in by 0.1 mm.
    for i, j in ((0, 1), (1, 2), (2, 0)):
        mids = (pos[tri[:, i]] + pos[tri[:, j]]) / 2
        assert (np.hypot(mids[:, 0] - cx, mids[:, 1] - cy) > r - TOL).all()
    # The liner carries the same circle below the cloth, down to the cup.
    cup = glb(f"table_{table}.glb").primitives(f"liner_{pocket.name}")[1]["position"]
    wall = cup[cup[:, 2] > -0.09]
    assert np.abs(np.hypot(wall[:, 0] - cx, wall[:, 1] - cy) - r).max() < TOL


@pytest.mark.parametrize("table", TABLES)
def test_the_bed_is_the_cloth_plane_and_the_floor_is_under_the_legs(glb, table):
    model = glb(f"table_{table}.glb")
    bed = model.positions("bed")
    assert np.abs(bed[:, 2]).max() < 1e-7
    frame = model.positions("frame")
    assert frame[:, 2].min() == pytest.approx(-TABLE_HEIGHT, abs=1e-6)
    room = glb(f"room_{table}.glb").positions("floor")
    assert np.allclose(room[:, 2], -TABLE_HEIGHT, atol=1e-6)


@pytest.mark.parametrize("table", TABLES)
def test_the_drawn_rail_top_is_the_solvers_rail_top(glb, table):
    """The cushion's flat top and the wooden cap are drawn at the solver's rail top height
    (nose height plus the rubber's rise) out to the solver's outer edges, and nothing of
    them stands higher: a ball resting on a rail lies on what is drawn."""
    geo = TableSpec.named(table).geometry()
    model = glb(f"table_{table}.glb")
    rails = model.positions("rails")
    assert rails[:, 2].max() == pytest.approx(geo.rail_top_height, abs=TOL)
    for rail in Rail:
        cushion = model.positions(f"cushion_{rail.name}")
        assert cushion[:, 2].max() == pytest.approx(geo.rail_top_height, abs=TOL), rail
    top = np.concatenate([rails, *(model.positions(f"cushion_{r.name}") for r in Rail)])
    top = top[np.abs(top[:, 2] - geo.rail_top_height) < TOL, :2]
    # The drawn top reaches the solver's outer edges, less the rounding of the rail's
    # outer edge (RAIL_EDGE), where the solver's flat top ends square.
    lo, hi = top.min(axis=0), top.max(axis=0)
    outer = geo.outer
    assert [lo[0] - outer[0], outer[1] - hi[0], lo[1] - outer[2], outer[3] - hi[1]] == \
        pytest.approx([RAIL_EDGE] * 4, abs=TOL)


@pytest.mark.parametrize("mode_name", MODE_NAMES)
def test_balls_have_the_solver_radii(glb, mode_name):
    m = mode(mode_name)
    model = glb(f"balls_{mode_name}.glb")
    for style in m.balls:
        node = model.node(f"ball{style.ball_id}")
        assert node["extras"]["radius_m"] == style.radius
        prim = model.primitives(f"ball{style.ball_id}")[0]
        pos, tri = prim["position"], prim["indices"]
        assert np.abs(np.linalg.norm(pos, axis=1) - style.radius).max() < TOL
        for i, j in ((0, 1), (1, 2), (2, 0)):
            mids = (pos[tri[:, i]] + pos[tri[:, j]]) / 2
            assert np.linalg.norm(mids, axis=1).min() > style.radius - TOL


def test_ball_radii_are_the_constants():
    nine, eight = mode("nine_ball"), mode("eight_ball")
    assert {s.radius for s in nine.balls} == {C.POOL_BALL_RADIUS}
    assert eight.style(0).radius == C.BLACKBALL_CUE_RADIUS
    assert {s.radius for s in eight.balls if s.ball_id} == {C.BLACKBALL_OBJECT_RADIUS}


def test_cue_tip_is_the_stroke_models_tip(glb):
    model = glb("cue.glb")
    tip = model.positions("tip")
    dome = tip[tip[:, 2] < 0]
    # The dome is a sphere of the tip radius round the cue frame's origin...
    assert np.abs(np.linalg.norm(dome, axis=1) - C.CUE_TIP_RADIUS).max() < TOL
    assert dome[:, 2].min() == pytest.approx(-C.CUE_TIP_RADIUS, abs=1e-7)
    # ...meeting a shaft of the physics' shaft radius.
    ferrule = model.positions("ferrule")
    assert np.abs(np.hypot(ferrule[:, 0], ferrule[:, 1]) - C.CUE_SHAFT_RADIUS).max() < TOL


@pytest.mark.parametrize("table", TABLES)
def test_the_bed_outline_is_the_back_rectangle_less_the_holes(table):
    from game.tables import outline
    from game.modelgen.table import TableLook
    from game.modelgen.triangulate import signed_area
    spec = TableSpec.named(table)
    geo = spec.geometry()
    width = TableLook.for_table(spec).cushion_width
    bed = outline.bed_outline(spec, geo, width)
    rect = outline.back_rectangle(spec, width)
    lo, hi = rect.min(axis=0), rect.max(axis=0)
    on_rect = (np.isclose(bed[:, 0], lo[0]) | np.isclose(bed[:, 0], hi[0])
               | np.isclose(bed[:, 1], lo[1]) | np.isclose(bed[:, 1], hi[1]))
    hole_d = np.min([np.abs(np.hypot(bed[:, 0] - x, bed[:, 1] - y) - r) for x, y, r in geo.pockets],
                    axis=0)
    assert (on_rect | (hole_d < 1e-9)).all()
    # Its area: the rectangle's less each hole's part inside it (counted on a 0.1 mm grid).
    bitten = 0.0
    for x, y, r in geo.pockets:
        g = np.arange(-r, r, 1e-4) + 5e-5
        gx, gy = np.meshgrid(x + g, y + g)
        inside = (np.hypot(gx - x, gy - y) < r) & (gx > lo[0]) & (gx < hi[0]) & (gy > lo[1]) & (
            gy < hi[1])
        bitten += inside.sum() * 1e-8
    expected = signed_area(rect) - bitten
    # The holes' chords leave a little more cloth than the true circles: at most each
    # whole circle's chord deficit (n chords of ARC_STEP_RAD), plus the grid's count error.
    n = round(2 * math.pi / outline.ARC_STEP_RAD)
    deficit = sum((math.pi - n / 2 * math.sin(2 * math.pi / n)) * r * r for _, _, r in geo.pockets)
    assert expected - 1e-6 < signed_area(bed) < expected + deficit
