"""The table's 2D outlines follow the physics geometry exactly (pure math, no rendering)."""
import math

import numpy as np
import pytest

from game.tables import outline
from physics_ext.table import Rail, TableSpec

SPECS = [TableSpec.nine_foot(), TableSpec.english_seven_foot()]
IDS = [s.name for s in SPECS]
TOL_M = 1e-9
CUSHION_WIDTH = 0.05


def _distance_to_polygon(points, poly):
    """Distance (m) from each point to the closed polygon's boundary."""
    a, b = poly, np.roll(poly, -1, axis=0)
    ab = b - a
    ap = points[:, None, :] - a[None]
    t = np.clip(np.einsum("psk,sk->ps", ap, ab) / np.einsum("sk,sk->s", ab, ab), 0, 1)
    return np.min(np.linalg.norm(ap - t[..., None] * ab[None], axis=2), axis=1)


def _inside(point, poly):
    """Even-odd point-in-polygon test."""
    x, y = point
    inside = False
    for (x0, y0), (x1, y1) in zip(poly, np.roll(poly, -1, axis=0)):
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            inside = not inside
    return inside


def _on_a_feature(point, geometry):
    """True if the point lies on a cushion segment, a jaw-tip circle or a pocket hole."""
    p = np.asarray(point)
    for a, b in geometry.segments:
        t = np.clip(np.dot(p - a, b - a) / np.dot(b - a, b - a), 0, 1)
        if np.linalg.norm(p - (a + t * (b - a))) < TOL_M:
            return True
    for cx, cy, r in np.vstack([geometry.tips, geometry.pockets]):
        if abs(math.hypot(p[0] - cx, p[1] - cy) - r) < TOL_M:
            return True
    return False


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_cloth_outline_is_made_of_the_physics_boundary_only(spec):
    geometry = spec.geometry()
    cloth = outline.cloth_outline(spec, geometry)
    assert outline.signed_area(cloth) > 0, "counter-clockwise"
    # The pockets bite into the L x W rectangle and the jaws reach out of it: the area
    # stays within a few percent of it.
    assert outline.signed_area(cloth) == pytest.approx(spec.length * spec.width, rel=0.03)
    assert all(_on_a_feature(p, geometry) for p in cloth)


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_every_cushion_face_outside_the_holes_is_cloth_edge(spec):
    geometry = spec.geometry()
    cloth = outline.cloth_outline(spec, geometry)
    samples = []
    for a, b in geometry.segments:
        for t in np.linspace(0, 1, 41):
            p = a + t * (b - a)
            if all(math.hypot(p[0] - cx, p[1] - cy) > r for cx, cy, r in geometry.pockets):
                samples.append(p)
    assert np.max(_distance_to_polygon(np.array(samples), cloth)) < TOL_M


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_pocket_centres_are_openings_in_the_cloth(spec):
    geometry = spec.geometry()
    cloth = outline.cloth_outline(spec, geometry)
    assert _inside((spec.length / 2, spec.width / 2), cloth)
    for cx, cy, _ in geometry.pockets:
        assert not _inside((cx, cy), cloth)


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_cushions_carry_their_rail_nose_and_reach_the_back_line(spec):
    geometry = spec.geometry()
    cushions = outline.cushion_outlines(spec, geometry, CUSHION_WIDTH)
    assert set(cushions) == set(Rail)
    for rail, poly in cushions.items():
        assert outline.signed_area(poly) > 0
        noses = geometry.segments[:6][geometry.segment_rails[:6] == rail]
        assert np.max(_distance_to_polygon(noses.reshape(-1, 2), poly)) < TOL_M
        origin, inward = outline.nose_line(spec, rail)
        depth = -(poly[[0, -1]] - origin) @ np.asarray(inward)
        assert depth == pytest.approx([CUSHION_WIDTH, CUSHION_WIDTH], abs=TOL_M)


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_shift_back_moves_the_nose_and_keeps_the_ends_on_the_back_line(spec):
    geometry = spec.geometry()
    rail = Rail.FOOT
    poly = outline.cushion_outlines(spec, geometry, CUSHION_WIDTH)[rail]
    moved = outline.shift_back(spec, rail, poly, 0.01, CUSHION_WIDTH)
    origin, inward = outline.nose_line(spec, rail)
    depth_before = -(poly - origin) @ np.asarray(inward)
    depth_after = -(moved - origin) @ np.asarray(inward)
    assert depth_after[1:-1] == pytest.approx(depth_before[1:-1] + 0.01, abs=TOL_M)
    assert depth_after[[0, -1]] == pytest.approx([CUSHION_WIDTH] * 2, abs=TOL_M)


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_rail_cut_is_the_back_rectangle_united_with_the_holes(spec):
    geometry = spec.geometry()
    cut = outline.rail_cut_outline(spec, geometry, CUSHION_WIDTH)
    assert outline.signed_area(cut) > 0
    rect = outline.back_rectangle(spec, CUSHION_WIDTH)
    (x0, y0), (x1, y1) = rect.min(axis=0), rect.max(axis=0)
    for cx, cy, r in geometry.pockets:
        for a in np.linspace(0, 2 * math.pi, 36, endpoint=False):
            p = (cx + 0.99 * r * math.cos(a), cy + 0.99 * r * math.sin(a))
            assert _inside(p, cut)
    # Away from the pockets the cut follows the rectangle.
    assert _inside((spec.length / 4, y0 + 1e-4), cut)
    assert not _inside((spec.length / 4, y0 - 1e-4), cut)
    assert not _inside((x1 + 1e-4, spec.width / 4), cut)


def test_a_hole_that_misses_the_back_line_is_refused():
    spec = TableSpec.nine_foot()
    with pytest.raises(ValueError, match="cross the cushion back line"):
        outline.rail_cut_outline(spec, spec.geometry(), cushion_width=0.5)
