"""2D outlines of the visible table, derived from `physics_ext.table.TableGeometry`.

Pure math (NumPy only, no Panda3D), so the shapes can be tested without rendering. Every
point is (x, y) in the table frame (metres): x along the table from the head cushion nose,
y across from the right cushion nose, z up (see `physics_ext.table`). Every polygon is a
(K, 2) float64 array, counter-clockwise seen from above, not closed (last != first).

The outlines follow the physics exactly: the cloth ends where the balls' boundary is
(rail noses, rounded jaw tips, jaw faces) and at each pocket hole; the cushions are those
same noses and faces extruded backwards to a back line `cushion_width` behind the nose.
"""
from __future__ import annotations

import math

import numpy as np

from physics_ext.table import Pocket, Rail, TableGeometry, TableSpec

# Arcs (jaw tips, pocket holes) are tessellated with at most this angle per chord: 6 degrees
# keeps the chord error of a 64 mm pocket hole under 0.4 mm, below a pixel at play distance.
ARC_STEP_RAD = math.radians(6.0)

# Pockets in counter-clockwise order seen from above; the cloth outline visits them so.
POCKETS_CCW = (Pocket.HEAD_RIGHT, Pocket.SIDE_RIGHT, Pocket.FOOT_RIGHT,
               Pocket.FOOT_LEFT, Pocket.SIDE_LEFT, Pocket.HEAD_LEFT)


def nose_line(spec: TableSpec, rail: Rail) -> tuple:
    """A point on the nose line of `rail` and the rail's unit inward normal (towards the
    balls), both (x, y) in metres / unitless."""
    L, W = spec.length, spec.width
    return {
        Rail.RIGHT_HEAD: ((0.0, 0.0), (0.0, 1.0)),
        Rail.RIGHT_FOOT: ((0.0, 0.0), (0.0, 1.0)),
        Rail.FOOT: ((L, 0.0), (-1.0, 0.0)),
        Rail.LEFT_FOOT: ((0.0, W), (0.0, -1.0)),
        Rail.LEFT_HEAD: ((0.0, W), (0.0, -1.0)),
        Rail.HEAD: ((0.0, 0.0), (1.0, 0.0)),
    }[rail]


class _Jaw:
    """One jaw of a pocket: its face segment, the rounded tip before it and its rail."""

    def __init__(self, spec: TableSpec, geometry: TableGeometry, segment: int):
        self.start = geometry.segments[segment, 0].copy()   # tangent point with the tip
        self.end = geometry.segments[segment, 1].copy()     # inside the pocket hole
        self.rail = Rail(int(geometry.segment_rails[segment]))
        self.tip = None                                     # (x, y, radius) or None
        for (tx, ty, tr), tip_rail in zip(geometry.tips, geometry.tip_rails):
            # The face starts on its tip's circle; a zero jaw radius leaves no tips at all.
            if tip_rail == self.rail and abs(math.hypot(tx - self.start[0],
                                                        ty - self.start[1]) - tr) < 1e-9:
                self.tip = (tx, ty, tr)
        origin, inward = nose_line(spec, self.rail)
        if self.tip is None:
            self.nose_point = self.start.copy()
        else:
            # Where the tip meets the straight nose: the tip centre projected on the line.
            c = np.array(self.tip[:2])
            self.nose_point = c - np.dot(c - origin, inward) * np.asarray(inward)

    def direction(self) -> np.ndarray:
        """Unit vector along the face, from the tip into the pocket."""
        d = self.end - self.start
        return d / np.linalg.norm(d)


def pocket_jaws(spec: TableSpec, geometry: TableGeometry, pocket: Pocket) -> tuple:
    """The two jaws of `pocket`, in the order a counter-clockwise walk meets them.

    A segment is a jaw face of a pocket if it ends inside that pocket's hole (the physics
    extends each face to the point nearest the hole centre); rail noses never do.
    """
    cx, cy, r = geometry.pockets[pocket]
    ends = geometry.segments[:, 1]
    inside = np.flatnonzero(np.hypot(ends[:, 0] - cx, ends[:, 1] - cy) < r)
    if len(inside) != 2:
        raise ValueError(f"pocket {pocket.name}: expected 2 jaw faces ending in the hole, "
                         f"found {len(inside)}")
    jaws = [_Jaw(spec, geometry, int(s)) for s in inside]
    # Walking counter-clockwise, the first jaw lies clockwise of the pocket axis.
    centre = np.array([cx, cy])
    mid = (jaws[0].nose_point + jaws[1].nose_point) / 2
    axis = centre - mid

    def side(jaw):
        rel = jaw.nose_point - mid
        return axis[0] * rel[1] - axis[1] * rel[0]
    return tuple(sorted(jaws, key=side))


def arc(centre, radius: float, start_angle: float, sweep: float) -> np.ndarray:
    """Points on a circle (m) from `start_angle` through `sweep` (rad, > 0 counter-
    clockwise), both ends included, with chords of at most ARC_STEP_RAD."""
    n = max(1, int(math.ceil(abs(sweep) / ARC_STEP_RAD)))
    a = start_angle + np.linspace(0.0, sweep, n + 1)
    return np.column_stack([centre[0] + radius * np.cos(a), centre[1] + radius * np.sin(a)])


def _angle(centre, point) -> float:
    return math.atan2(point[1] - centre[1], point[0] - centre[0])


def _clockwise_arc(centre, radius, p_from, p_to) -> np.ndarray:
    """The clockwise arc from p_from to p_to (both on the circle), ends included."""
    a0, a1 = _angle(centre, p_from), _angle(centre, p_to)
    sweep = (a1 - a0) % (2 * math.pi) - 2 * math.pi      # in (-2 pi, 0]
    return arc(centre, radius, a0, sweep)


def _tip_arc(jaw: _Jaw, from_nose: bool) -> np.ndarray:
    """Round the jaw tip between its nose point and the face start, clockwise."""
    if jaw.tip is None:
        return jaw.start[None, :]
    c, r = jaw.tip[:2], jaw.tip[2]
    if from_nose:
        return _clockwise_arc(c, r, jaw.nose_point, jaw.start)
    return _clockwise_arc(c, r, jaw.start, jaw.nose_point)


def _enter_circle(start, direction, centre, radius) -> np.ndarray:
    """First point of the ray start + t * direction (t >= 0) inside the circle (m)."""
    rel = start - centre
    if np.dot(rel, rel) <= radius * radius:
        return start.copy()
    b = np.dot(rel, direction)
    disc = b * b - (np.dot(rel, rel) - radius * radius)
    if disc < 0 or -b - math.sqrt(disc) < 0:
        raise ValueError("a jaw face never reaches its pocket hole")
    return start + (-b - math.sqrt(disc)) * direction


def cloth_outline(spec: TableSpec, geometry: TableGeometry) -> np.ndarray:
    """The playing surface the balls roll on: (K, 2) polygon, counter-clockwise.

    It runs along each rail nose, round the jaw tip, down the jaw face to the pocket hole,
    along the table side of the hole (clockwise about its centre: the hole bites into the
    cloth), and back out along the other jaw face: the pocket openings are real gaps.
    """
    parts = []
    for pocket in POCKETS_CCW:
        first, second = pocket_jaws(spec, geometry, pocket)
        cx, cy, r = geometry.pockets[pocket]
        centre = np.array([cx, cy])
        e1 = _enter_circle(first.start, first.direction(), centre, r)
        e2 = _enter_circle(second.start, second.direction(), centre, r)
        parts += [_tip_arc(first, from_nose=True), _clockwise_arc(centre, r, e1, e2),
                  _tip_arc(second, from_nose=False)]
    return _dedupe(np.concatenate(parts))


def _back_point(spec: TableSpec, jaw: _Jaw, cushion_width: float) -> np.ndarray:
    """Where the jaw face, extended away from the table, meets its rail's back line."""
    u = jaw.direction()
    origin, inward = nose_line(spec, jaw.rail)
    inward = np.asarray(inward)
    along = np.dot(u, inward)          # < 0: the face leads away from the table
    t = (-cushion_width - np.dot(jaw.start - origin, inward)) / along
    return jaw.start + t * u


def cushion_outlines(spec: TableSpec, geometry: TableGeometry,
                     cushion_width: float) -> dict:
    """Each rail's cushion as {Rail: (K, 2) polygon}, counter-clockwise.

    The cushion is bounded by its nose, the two rounded tips and jaw faces of the pockets
    at its ends (the faces extended back to the back line), and the back line parallel to
    the nose `cushion_width` metres behind it.
    """
    if not cushion_width > 0:
        raise ValueError(f"cushion_width must be > 0 m, got {cushion_width!r}")
    jaws = [pocket_jaws(spec, geometry, p) for p in POCKETS_CCW]
    cushions = {}
    for i, (_, leaving) in enumerate(jaws):
        arriving = jaws[(i + 1) % len(jaws)][0]
        # The counter-clockwise table walk passes this cushion clockwise: reverse it.
        walk = np.concatenate([
            _back_point(spec, leaving, cushion_width)[None, :],
            _tip_arc(leaving, from_nose=False),
            _tip_arc(arriving, from_nose=True),
            _back_point(spec, arriving, cushion_width)[None, :],
        ])
        cushions[leaving.rail] = _dedupe(walk[::-1])
    return cushions


def shift_back(spec: TableSpec, rail: Rail, cushion: np.ndarray, distance: float,
               cushion_width: float) -> np.ndarray:
    """The cushion's polygon (from `cushion_outlines`) with its table-facing side moved
    `distance` m straight back, away from the balls: the same nose, tips and faces further
    behind the nose. The two end points stay on the back line, slid along it to where the
    moved jaw faces meet it. Translating (rather than offsetting) keeps the small jaw-tip
    arcs intact however far they move."""
    origin, inward = nose_line(spec, rail)
    inward = np.asarray(inward)
    moved = cushion - distance * inward
    back = -cushion_width
    for end, neighbour in ((0, 1), (-1, -2)):
        face = cushion[end] - cushion[neighbour]
        # Solve (moved[neighbour] + t face - origin) . inward = back for t.
        t = (back - np.dot(moved[neighbour] - origin, inward)) / np.dot(face, inward)
        moved[end] = moved[neighbour] + t * face
    return moved


def back_rectangle(spec: TableSpec, cushion_width: float) -> np.ndarray:
    """The cushions' back lines as a (4, 2) rectangle, counter-clockwise (m)."""
    c = cushion_width
    return np.array([(-c, -c), (spec.length + c, -c), (spec.length + c, spec.width + c),
                     (-c, spec.width + c)])


def rail_cut_outline(spec: TableSpec, geometry: TableGeometry,
                     cushion_width: float) -> np.ndarray:
    """The hole in the wooden rail frame: the back rectangle united with the six pocket
    holes, as a (K, 2) polygon, counter-clockwise (m).

    Each hole crosses the rectangle's edge twice; between the crossings the outline leaves
    the rectangle and follows the hole counter-clockwise, outside the rectangle.
    """
    return _rectangle_with_holes(spec, geometry, cushion_width, unite=True)


def bed_outline(spec: TableSpec, geometry: TableGeometry, cushion_width: float) -> np.ndarray:
    """The cloth over the slate out to the cushions' back line: the back rectangle less
    the six pocket holes, as a (K, 2) polygon, counter-clockwise (m). Between a hole's
    two crossings of the rectangle's edge the outline follows the hole clockwise, inside
    the rectangle (the hole bites into the bed)."""
    return _rectangle_with_holes(spec, geometry, cushion_width, unite=False)


def _rectangle_with_holes(spec, geometry, cushion_width, unite: bool) -> np.ndarray:
    """The back rectangle united with (`unite`) or less the pocket holes (m)."""
    rect = back_rectangle(spec, cushion_width)
    edges = [(rect[k], rect[(k + 1) % 4]) for k in range(4)]
    lengths = [np.linalg.norm(b - a) for a, b in edges]
    offsets = np.concatenate([[0.0], np.cumsum(lengths)])

    def point_at(s):
        k = min(int(np.searchsorted(offsets, s, side="right")) - 1, 3)
        a, b = edges[k]
        return a + (s - offsets[k]) / lengths[k] * (b - a)

    bites = []      # (perimeter position where the outline enters the hole, leaves it, hole)
    for cx, cy, r in geometry.pockets:
        centre = np.array([cx, cy])
        crossings = []
        for k, (a, b) in enumerate(edges):
            d = (b - a) / lengths[k]
            rel = a - centre
            bq = np.dot(rel, d)
            disc = bq * bq - (np.dot(rel, rel) - r * r)
            if disc <= 0:
                continue
            for t in (-bq - math.sqrt(disc), -bq + math.sqrt(disc)):
                if 0 <= t < lengths[k]:
                    crossings.append(offsets[k] + t)
        if len(crossings) != 2:
            raise ValueError(f"pocket hole at ({cx:.3f}, {cy:.3f}) must cross the cushion "
                             f"back line twice (cushion_width {cushion_width} m); it "
                             f"crosses {len(crossings)} times")
        s0, s1 = sorted(crossings)
        # The rectangle boundary just after s0 lies inside the hole if s0 is the entry.
        inside_after_s0 = np.linalg.norm(point_at((s0 + s1) / 2) - centre) < r
        enter, leave = (s0, s1) if inside_after_s0 else (s1, s0)
        bites.append((enter, leave, centre, r))

    def dropped(s):
        """True if perimeter position s lies inside a bite (replaced by a hole arc)."""
        for enter, leave, _, _ in bites:
            if (enter < leave and enter < s < leave) or (enter > leave and (s > enter or s < leave)):
                return True
        return False

    events = sorted([(s, None) for s in offsets[:4] if not dropped(s)]
                    + [(b[0], b) for b in bites], key=lambda e: e[0])
    points = []
    for s, bite in events:
        if bite is None:                      # a rectangle corner outside every hole
            points.append(point_at(s)[None, :])
        else:
            enter, leave, centre, r = bite
            p_in, p_out = point_at(enter), point_at(leave)
            a0 = _angle(centre, p_in)
            turn = (_angle(centre, p_out) - a0) % (2 * math.pi)
            # Outside the rectangle the hole is passed counter-clockwise, inside clockwise.
            points.append(arc(centre, r, a0, turn if unite else turn - 2 * math.pi))
    return _dedupe(np.concatenate(points))


def _dedupe(poly: np.ndarray, tol: float = 1e-9) -> np.ndarray:
    """Drop consecutive duplicate points (arc ends meeting segment ends), and a closing
    point equal to the first."""
    keep = [0]
    for k in range(1, len(poly)):
        if np.linalg.norm(poly[k] - poly[keep[-1]]) > tol:
            keep.append(k)
    if len(keep) > 1 and np.linalg.norm(poly[keep[-1]] - poly[0]) <= tol:
        keep.pop()
    return np.ascontiguousarray(poly[keep])


def signed_area(poly) -> float:
    """Shoelace area (m^2): positive for a counter-clockwise polygon."""
    p = np.asarray(poly)
    x, y = p[:, 0], p[:, 1]
    return 0.5 * float(np.dot(x, np.roll(y, -1)) - np.dot(np.roll(x, -1), y))
