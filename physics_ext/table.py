"""Table description and the cushion/pocket geometry the solver and the 3D scene share.

Frame of reference (table frame): origin at the head-right corner where the two cushion
nose lines meet; x along the length from the head cushion (x = 0) to the foot cushion
(x = length); y across from the right cushion (y = 0) to the left cushion (y = width), as
seen by a player standing at the head end; z up, the cloth at z = 0. A ball resting on the
cloth has its centre at z = R. All lengths in metres, angles in radians.

The boundary of the playing surface is made of
* 6 rail cushions: straight nose lines between pockets;
* 12 jaw faces: straight cushion faces that lead from each pocket's mouth into its hole;
* 12 jaw tips: vertical cylinders of radius `jaw_radius` rounding the corner where a
  rail meets a jaw face;
* 6 pocket holes: circles in the slate; a ball whose centre passes over one drops.
Rails and jaw faces are "segments", jaw tips are "tips". Every segment and tip belongs to
one of the six rails (`Rail`), which is what the rules call "a cushion".
"""
from __future__ import annotations

import enum
import functools
import math
from dataclasses import dataclass, field

import numpy as np

from . import constants as C


class Pocket(enum.IntEnum):
    """Pocket ids; 'right' and 'left' as seen from the head end."""
    HEAD_RIGHT = 0   # (0, 0)
    SIDE_RIGHT = 1   # (L/2, 0)
    FOOT_RIGHT = 2   # (L, 0)
    FOOT_LEFT = 3    # (L, W)
    SIDE_LEFT = 4    # (L/2, W)
    HEAD_LEFT = 5    # (0, W)


class Rail(enum.IntEnum):
    """The six cushions between pockets, counter-clockwise seen from above."""
    RIGHT_HEAD = 0   # y = 0, head half
    RIGHT_FOOT = 1   # y = 0, foot half
    FOOT = 2         # x = L
    LEFT_FOOT = 3    # y = W, foot half
    LEFT_HEAD = 4    # y = W, head half
    HEAD = 5         # x = 0


@dataclass(frozen=True)
class TableSpec:
    """Dimensions of a pool table. Lengths in metres, angles in radians.

    length, width: playing surface measured between cushion noses.
    corner_mouth, side_mouth: distance between the two jaw points of a pocket (the
        intersections of the rail nose lines with the jaw-face lines).
    corner_jaw_angle, side_jaw_angle: angle between a rail nose and its jaw face, measured
        through the cushion (WPA: 142 and 104 degrees).
    jaw_radius: rounding radius of each jaw tip.
    corner_shelf, side_shelf: distance from the mouth line to the hole edge along the axis.
    corner_hole_radius, side_hole_radius: radius of the hole in the slate.
    cushion_height: height of the cushion nose above the cloth; must lie between R and 2R
        for every ball, so that the nose meets the ball above its equator.
    head_line_x: the head string (9-ball) or baulk line (8-ball), x coordinate.
    d_radius: radius of the D centred on the baulk line's midpoint; 0 for no D.
    foot_spot: the foot spot (9-ball) or black spot (8-ball), (x, y).
    cushion_width: the cloth-covered cushion from its nose to its back (the feather strip).
    rail_width: the wooden rail cap from the cushion's back to the rail's outer edge.
        The rail top, where a jumped ball can land, runs from the nose line out to the
        outer edge (cushion_width + rail_width) at the cap's height (`rail_top_height`):
        the cushion's top and the cap are taken as one flat surface (README "Rail tops").
    cushion_rise: how far the rail top stands above the cushion nose (m, >= 0): the
        rubber's rise from the nose to the cap, a vertical face at the nose line for a
        ball in flight.
    """
    name: str
    length: float
    width: float
    corner_mouth: float
    side_mouth: float
    cushion_height: float
    head_line_x: float
    foot_spot: tuple
    d_radius: float = 0.0
    corner_jaw_angle: float = C.CORNER_JAW_ANGLE
    side_jaw_angle: float = C.SIDE_JAW_ANGLE
    jaw_radius: float = C.JAW_RADIUS
    corner_shelf: float = C.CORNER_SHELF
    side_shelf: float = C.SIDE_SHELF
    corner_hole_radius: float = -1.0   # -1: CORNER_HOLE_RADIUS_FRACTION of the mouth
    side_hole_radius: float = -1.0     # -1: SIDE_HOLE_RADIUS_FRACTION of the mouth
    cushion_width: float = C.NINE_FOOT_CUSHION_WIDTH
    rail_width: float = C.NINE_FOOT_RAIL_WIDTH
    cushion_rise: float = C.CUSHION_RISE

    def __post_init__(self):
        if self.corner_hole_radius < 0:
            object.__setattr__(self, "corner_hole_radius",
                               C.CORNER_HOLE_RADIUS_FRACTION * self.corner_mouth)
        if self.side_hole_radius < 0:
            object.__setattr__(self, "side_hole_radius",
                               C.SIDE_HOLE_RADIUS_FRACTION * self.side_mouth)
        object.__setattr__(self, "foot_spot", tuple(float(v) for v in self.foot_spot))
        self._validate()

    def _validate(self):
        for name in ("length", "width", "corner_mouth", "side_mouth", "cushion_height",
                     "corner_hole_radius", "side_hole_radius", "cushion_width", "rail_width"):
            value = getattr(self, name)
            if not (math.isfinite(value) and value > 0):
                raise ValueError(f"table {self.name!r}: {name} must be a positive finite "
                                 f"number of metres, got {value!r}")
        for name in ("jaw_radius", "corner_shelf", "side_shelf", "d_radius", "cushion_rise"):
            value = getattr(self, name)
            if not (math.isfinite(value) and value >= 0):
                raise ValueError(f"table {self.name!r}: {name} must be >= 0 m, got {value!r}")
        for name in ("corner_jaw_angle", "side_jaw_angle"):
            value = getattr(self, name)
            if not (math.isfinite(value) and math.pi / 2 <= value < math.pi):
                raise ValueError(f"table {self.name!r}: {name} must be in [pi/2, pi) rad, "
                                 f"got {value!r}")
        if self.width > self.length:
            raise ValueError(f"table {self.name!r}: width {self.width} m exceeds length "
                             f"{self.length} m")
        if self.side_mouth >= self.length / 2 or self.corner_mouth >= self.width / 2:
            raise ValueError(f"table {self.name!r}: pocket mouths too wide for the table")
        if not 0 < self.head_line_x < self.length:
            raise ValueError(f"table {self.name!r}: head_line_x {self.head_line_x} m is "
                             f"off the table")
        x, y = self.foot_spot
        if not (0 < x < self.length and 0 < y < self.width):
            raise ValueError(f"table {self.name!r}: foot_spot {self.foot_spot} is off the table")

    # ---- named tables --------------------------------------------------------------------
    @classmethod
    def nine_foot(cls) -> "TableSpec":
        """WPA 9 ft pool table for 9-ball: head string at L/4, foot spot at 3L/4."""
        L, W = C.NINE_FOOT_LENGTH, C.NINE_FOOT_WIDTH
        return cls(name="nine_foot", length=L, width=W,
                   corner_mouth=C.NINE_FOOT_CORNER_MOUTH, side_mouth=C.NINE_FOOT_SIDE_MOUTH,
                   cushion_height=C.NINE_FOOT_CUSHION_HEIGHT,
                   head_line_x=L / 4, foot_spot=(3 * L / 4, W / 2))

    @classmethod
    def english_seven_foot(cls) -> "TableSpec":
        """English 7 ft pub table for red/yellow 8-ball: baulk line at L/5, a D, the
        black spot at 3L/4 (midway between the centre spot and the top cushion)."""
        L, W = C.ENGLISH_LENGTH, C.ENGLISH_WIDTH
        return cls(name="english_seven_foot", length=L, width=W,
                   corner_mouth=C.ENGLISH_CORNER_MOUTH, side_mouth=C.ENGLISH_SIDE_MOUTH,
                   cushion_height=C.ENGLISH_CUSHION_HEIGHT,
                   head_line_x=C.ENGLISH_BAULK_FRACTION * L,
                   d_radius=C.ENGLISH_D_RADIUS_FRACTION * W,
                   foot_spot=(3 * L / 4, W / 2), corner_shelf=0.03,
                   cushion_width=C.ENGLISH_CUSHION_WIDTH, rail_width=C.ENGLISH_RAIL_WIDTH)

    @classmethod
    def named(cls, name: str) -> "TableSpec":
        """A default table by name: 'nine_foot' or 'english_seven_foot'."""
        makers = {"nine_foot": cls.nine_foot, "english_seven_foot": cls.english_seven_foot}
        if name not in makers:
            raise ValueError(f"unknown table {name!r}; known: {sorted(makers)}")
        return makers[name]()

    @property
    def rail_top_width(self) -> float:
        """Width (m) of the rail top, from the cushion nose line to the rail's outer edge."""
        return self.cushion_width + self.rail_width

    @property
    def rail_top_height(self) -> float:
        """Height (m) of the rail top above the cloth: the cushion nose height plus the
        rubber's rise to the cap."""
        return self.cushion_height + self.cushion_rise

    # ---- markings --------------------------------------------------------------------------
    @property
    def d_centre(self) -> tuple:
        """Centre of the D: the midpoint of the baulk line (m)."""
        return (self.head_line_x, self.width / 2)

    def in_d(self, x: float, y: float, tol: float = 1e-12) -> bool:
        """True if (x, y) lies inside the D, boundary included."""
        cx, cy = self.d_centre
        return x <= cx + tol and math.hypot(x - cx, y - cy) <= self.d_radius + tol

    def geometry(self) -> "TableGeometry":
        """The cushion segments, jaw tips and pocket holes derived from this spec (built once
        per distinct spec: the arrays are read-only and shared; kept on the spec too, so a
        shot's calls skip hashing it)."""
        geo = self.__dict__.get("_geometry")
        if geo is None:
            geo = _geometry_of(self)
            object.__setattr__(self, "_geometry", geo)
        return geo


@functools.lru_cache(maxsize=64)
def _geometry_of(spec: TableSpec) -> "TableGeometry":
    geo = TableGeometry.build(spec)
    for arr in (geo.segments, geo.segment_normals, geo.segment_rails, geo.tips, geo.tip_rails,
                geo.pockets, geo.jaw_points, geo.outline, geo.rail_tops, geo.outer):
        arr.flags.writeable = False
    return geo


def _unit(v):
    n = math.hypot(v[0], v[1])
    return (v[0] / n, v[1] / n)


def _rotate(v, angle):
    c, s = math.cos(angle), math.sin(angle)
    return (c * v[0] - s * v[1], s * v[0] + c * v[1])


@dataclass(frozen=True)
class TableGeometry:
    """Cushion and pocket geometry in the table frame, as contiguous float64 arrays.

    segments: (S, 2, 2) end points of each straight cushion face.
    segment_normals: (S, 2) unit normals pointing out of the cushion (towards the balls).
    segment_rails: (S,) the Rail each segment belongs to.
    tips: (T, 3) jaw-tip cylinders as (x, y, radius).
    tip_rails: (T,) the Rail each tip belongs to.
    pockets: (6, 3) holes as (x, y, radius), indexed by Pocket.
    cushion_height: nose height above the cloth (m).
    rail_tops: (6, 4, 2) the top of each rail (indexed by Rail), a rectangle at
        `rail_top_height` from the two ends of its nose out to the outer edge: corners in
        the order nose start, nose end, outer end, outer start.
    rail_top_height, rail_top_width: its height above the cloth and width (m).
    outer: (4,) x_min, x_max, y_min, y_max of the rails' outer edges (m); a ball whose
        centre crosses them above the rail top has left the table.
    """
    segments: np.ndarray
    segment_normals: np.ndarray
    segment_rails: np.ndarray
    tips: np.ndarray
    tip_rails: np.ndarray
    pockets: np.ndarray
    cushion_height: float
    jaw_points: np.ndarray = field(repr=False)   # (12, 2) virtual sharp jaw points
    # (K, 2) counter-clockwise polygon through every rail nose, jaw face and (across each
    # hole) jaw end: what a ball's centre must stay inside, jaw tips cut as chords.
    outline: np.ndarray = field(repr=False)
    rail_tops: np.ndarray = field(repr=False, default=None)
    rail_top_height: float = 0.0
    rail_top_width: float = 0.0
    outer: np.ndarray = field(repr=False, default=None)

    @classmethod
    def build(cls, spec: TableSpec) -> "TableGeometry":
        L, W = spec.length, spec.width
        a = spec.corner_mouth / math.sqrt(2.0)
        hs = spec.side_mouth / 2
        # Each pocket, counter-clockwise seen from above: its jaw points in the order a
        # counter-clockwise walk round the cushions meets them, with (direction along the
        # rail away from the pocket, the rail's inward normal, the rail id), the pocket axis
        # and the jaw geometry.
        corner = (spec.corner_jaw_angle, spec.corner_shelf, spec.corner_hole_radius)
        side = (spec.side_jaw_angle, spec.side_shelf, spec.side_hole_radius)
        pockets_def = [
            # HEAD_RIGHT at (0, 0)
            ([((0.0, a), (0, 1), (1, 0), Rail.HEAD),
              ((a, 0.0), (1, 0), (0, 1), Rail.RIGHT_HEAD)], (-1, -1), corner),
            # SIDE_RIGHT at (L/2, 0)
            ([((L / 2 - hs, 0.0), (-1, 0), (0, 1), Rail.RIGHT_HEAD),
              ((L / 2 + hs, 0.0), (1, 0), (0, 1), Rail.RIGHT_FOOT)], (0, -1), side),
            # FOOT_RIGHT at (L, 0)
            ([((L - a, 0.0), (-1, 0), (0, 1), Rail.RIGHT_FOOT),
              ((L, a), (0, 1), (-1, 0), Rail.FOOT)], (1, -1), corner),
            # FOOT_LEFT at (L, W)
            ([((L, W - a), (0, -1), (-1, 0), Rail.FOOT),
              ((L - a, W), (-1, 0), (0, -1), Rail.LEFT_FOOT)], (1, 1), corner),
            # SIDE_LEFT at (L/2, W)
            ([((L / 2 + hs, W), (1, 0), (0, -1), Rail.LEFT_FOOT),
              ((L / 2 - hs, W), (-1, 0), (0, -1), Rail.LEFT_HEAD)], (0, 1), side),
            # HEAD_LEFT at (0, W)
            ([((a, W), (1, 0), (0, -1), Rail.LEFT_HEAD),
              ((0.0, W - a), (0, -1), (1, 0), Rail.HEAD)], (-1, 1), corner),
        ]
        segments, normals, seg_rails = [], [], []
        tips, tip_rails, pockets, jaw_points, outline = [], [], [], [], []
        # rail_end[rail] collects the two tangent points that bound each rail's straight nose
        rail_end = {rail: [] for rail in Rail}
        for jaws, axis, (jaw_angle, shelf, hole_r) in pockets_def:
            axis = _unit(axis)
            mouth_mid = ((jaws[0][0][0] + jaws[1][0][0]) / 2, (jaws[0][0][1] + jaws[1][0][1]) / 2)
            centre = (mouth_mid[0] + (shelf + hole_r) * axis[0],
                      mouth_mid[1] + (shelf + hole_r) * axis[1])
            pockets.append((centre[0], centre[1], hole_r))
            for jaw, (point, along, inward, rail) in enumerate(jaws):
                jaw_points.append(point)
                # The jaw face leaves the jaw point at jaw_angle from the rail direction,
                # turning through the cushion (away from the inward normal).
                turn = jaw_angle if _cross(along, inward) < 0 else -jaw_angle
                into = _rotate(along, turn)
                half = jaw_angle / 2
                bis = _unit((along[0] + into[0], along[1] + into[1]))
                tip_c = (point[0] + spec.jaw_radius / math.sin(half) * bis[0],
                         point[1] + spec.jaw_radius / math.sin(half) * bis[1])
                off = spec.jaw_radius / math.tan(half)
                rail_tangent = (point[0] + off * along[0], point[1] + off * along[1])
                jaw_tangent = (point[0] + off * into[0], point[1] + off * into[1])
                rail_end[rail].append(rail_tangent)
                if spec.jaw_radius > 0:
                    tips.append((tip_c[0], tip_c[1], spec.jaw_radius))
                    tip_rails.append(rail)
                # Extend the jaw face to its point nearest the hole centre: a ball touching
                # the face there has its centre over the hole, so nothing leaks past the end.
                rel = (centre[0] - jaw_tangent[0], centre[1] - jaw_tangent[1])
                depth = rel[0] * into[0] + rel[1] * into[1]
                if depth <= 0:
                    raise ValueError(f"table {spec.name!r}: pocket hole lies in front of "
                                     f"its jaw; check shelf and hole radius")
                jaw_end = (jaw_tangent[0] + depth * into[0], jaw_tangent[1] + depth * into[1])
                gap = math.hypot(centre[0] - jaw_end[0], centre[1] - jaw_end[1])
                if gap >= hole_r:
                    raise ValueError(f"table {spec.name!r}: the jaws of a pocket never reach "
                                     f"its hole (gap {gap:.4f} m >= hole radius {hole_r} m)")
                # Face normal: perpendicular to the face, pointing to the pocket axis side.
                n = (-into[1], into[0])
                if n[0] * rel[0] + n[1] * rel[1] < 0:
                    n = (-n[0], -n[1])
                segments.append((jaw_tangent, jaw_end))
                normals.append(n)
                seg_rails.append(rail)
                walk = [rail_tangent, jaw_tangent, jaw_end]
                outline.extend(walk if jaw == 0 else walk[::-1])
        # The six rail noses, between the tangent points of their two jaw tips.
        inward_of = {Rail.RIGHT_HEAD: (0, 1), Rail.RIGHT_FOOT: (0, 1), Rail.FOOT: (-1, 0),
                     Rail.LEFT_FOOT: (0, -1), Rail.LEFT_HEAD: (0, -1), Rail.HEAD: (1, 0)}
        rail_segments, rail_normals, rail_ids, rail_tops = [], [], [], []
        depth = spec.rail_top_width
        for rail in Rail:
            p, q = rail_end[rail]
            rail_segments.append((p, q))
            rail_normals.append(inward_of[rail])
            rail_ids.append(rail)
            nx, ny = inward_of[rail]
            rail_tops.append((p, q, (q[0] - depth * nx, q[1] - depth * ny),
                              (p[0] - depth * nx, p[1] - depth * ny)))
        return cls(
            segments=np.ascontiguousarray(rail_segments + segments, dtype=np.float64),
            segment_normals=np.ascontiguousarray(rail_normals + normals, dtype=np.float64),
            segment_rails=np.asarray(rail_ids + seg_rails, dtype=np.int32),
            tips=np.ascontiguousarray(np.reshape(tips, (-1, 3)), dtype=np.float64),
            tip_rails=np.asarray(tip_rails, dtype=np.int32),
            pockets=np.ascontiguousarray(pockets, dtype=np.float64),
            cushion_height=spec.cushion_height,
            jaw_points=np.asarray(jaw_points, dtype=np.float64),
            outline=np.ascontiguousarray(outline, dtype=np.float64),
            rail_tops=np.ascontiguousarray(rail_tops, dtype=np.float64),
            rail_top_height=spec.rail_top_height,
            rail_top_width=depth,
            outer=np.array([-depth, L + depth, -depth, W + depth], dtype=np.float64),
        )


def _cross(u, v):
    return u[0] * v[1] - u[1] * v[0]
