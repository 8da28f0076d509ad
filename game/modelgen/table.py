"""The table model, built from the solver's own geometry (`TableSpec.geometry()`).

Table frame of `physics_ext.table` (m): x along the table from the head cushion's nose, y
across from the right cushion's nose, z up, the cloth at z = 0. What the physics defines is
reproduced exactly (to float32): the cushion noses are the solver's segments and jaw-tip
circles at `cushion_height`, the holes are its pocket circles. The rest (how far the
cushions reach back, the rails, liners, legs) is a `TableLook`.

Parts (nodes of the file):
* bed: the cloth over the slate, to the cushions' back line, the holes cut out;
* hole_<POCKET>: the cloth turned down over the slate's hole edge;
* cushion_<RAIL>: the rubber cushion in cloth: its cross-section (`nose_profile`) swept
  along the nose, jaw tips and jaw faces, its flat top and its back;
* rails: the wooden frame round the cushions, cut round each hole, with its apron;
* liner_<POCKET>: leather (9 ft) or chrome-rimmed black (English) pocket: the rail's cut,
  the hole's wall below the cloth and the cup;
* rims: the pocket rims on the rail top (leather or chrome);
* diamonds: 18 mother-of-pearl sights on the rail tops;
* markings: spots, and on a table with a D the baulk line and the D, in chalk;
* frame: legs (9 ft) or cabinet (English) down to the floor at z = -TABLE_HEIGHT.
"""
from __future__ import annotations

import functools
import math
from dataclasses import dataclass

import numpy as np

from game.tables import outline
from game.tables.modes import MODE_NAMES, mode
from physics_ext import constants as C
from physics_ext.table import Pocket, Rail, TableSpec

from .gltf import Material, Node, Texture
from .mesh import Mesh
from .textures import (cloth_normal_rgb, cloth_rgb, leather_rgb, linear_rgba, png_texture,
                       wood_rgb)
from .triangulate import triangulate

TABLE_HEIGHT = 0.785      # cloth above the floor (m): WPA 29.25-31 in
CLOTH_TILE_M = 0.5        # one cloth texture tile per 50 cm
WOOD_TILE_M = (1.6, 0.4)  # one wood tile: 1.6 m along the grain, 0.4 m across
LIFT = 0.0003             # markings above the surface they mark (m)
DIAMOND_HALF = (0.013, 0.0055)   # half length along the rail, half width (m)
LINE_WIDTH = 0.003        # chalk line (m)
SPOT_RADIUS = 0.0065      # chalk spot (m)
RIM_WIDTH = 0.016         # the pocket rim's bead on the rail top (m)
RIM_HEIGHT = 0.004
RAIL_EDGE = 0.012         # the rail's rounded outer edge (m)
RAIL_CORNER = 0.03        # the rail's rounded corners seen from above (m)
ARC_CHORD_RAD = outline.ARC_STEP_RAD


@dataclass(frozen=True)
class TableLook:
    """Sizes (m) and looks of the parts the physics does not define.

    cushion_width: nose to back line. rail_width: wood beyond the back line (for a table,
    the TableSpec's: where the solver's rail tops are). The cushion's top and the rail cap
    stand at the TableSpec's rail_top_height, the solver's rail top (the nose height plus
    the rubber's rise, cushion_rise). bevel: how far behind the nose the flat top begins
    (the solver takes the rubber between the nose and the cap as a vertical face at the
    nose line: a ball resting on the rail within the bevel stands up to cushion_rise above
    the drawn slope, never in it). undercut: how far behind the nose the cushion meets the cloth, as
    a fraction of the nose height (clears a touching ball's equator, about 1-1.6 mm past
    the nose). nose_radius: rounding of the rubber nose (its apex stays on the physics'
    nose line). slate_edge: depth of the cloth turned into each hole. pocket_depth: the
    cup's rim below the cloth. apron_depth: the rail's outer face, down from its top.
    pockets: "leather" or "chrome". cloth, wood: sRGB colours (multiplying textures).
    """
    cushion_width: float = 0.05
    rail_width: float = 0.115
    bevel: float = 0.014
    undercut: float = 0.42
    nose_radius: float = 0.003
    slate_edge: float = 0.008
    pocket_depth: float = 0.095
    apron_depth: float = 0.19
    pockets: str = "leather"
    cloth: tuple = (0.07, 0.40, 0.17)
    cushion: tuple = (0.065, 0.37, 0.155)
    wood: tuple = ((0.20, 0.085, 0.035), (0.43, 0.21, 0.09))
    legs: bool = True

    @classmethod
    def for_table(cls, spec: TableSpec) -> "TableLook":
        """The 9 ft table: wide walnut rails, leather drop pockets, six legs. The English
        7 ft: narrower cushions and rails, chrome pocket rims, a cabinet."""
        widths = dict(cushion_width=spec.cushion_width, rail_width=spec.rail_width)
        if spec.name == "english_seven_foot":
            return cls(**widths, bevel=0.012, pockets="chrome",
                       cloth=(0.08, 0.38, 0.16), cushion=(0.075, 0.35, 0.15),
                       wood=((0.13, 0.06, 0.035), (0.30, 0.15, 0.08)), legs=False)
        return cls(**widths)


def contact_tilt(spec: TableSpec, ball_radii) -> float:
    """The largest contact angle above the equator (rad) at which the nose meets any of
    the balls (radii in m): asin(h / R - 1), as the solver's cushion model has it."""
    return max(math.asin(spec.cushion_height / r - 1.0) for r in ball_radii)


def nose_profile(spec: TableSpec, look: TableLook, tilt: float = 0.0) -> tuple:
    """The cushion's cross-section as three bands of (s, z) points, s metres behind the
    nose line, z metres above the cloth: (face, nose, bevel).

    face: the undercut from the cloth up to the rounded nose. nose: the rubber's rounding
    through its apex, which is exactly the solver's nose (0, cushion_height). Below the
    apex the rounding is tangent there to a ball touching at `tilt` rad above its equator
    (see `contact_tilt`), so no ball that small or larger reaches into it; above, it is
    tangent to the nose line, so nothing stands in front of it. bevel: up to the flat top
    at (bevel, rail top height)."""
    h, rho = spec.cushion_height, look.nose_radius
    low_c = np.array([rho * math.cos(tilt), h + rho * math.sin(tilt)])
    up_c = np.array([rho, h])
    foot = np.array([look.undercut * h, 0.0])
    top = np.array([look.bevel, spec.rail_top_height])

    def tangent_angle(centre, p, lower):
        d = p - centre
        base = math.atan2(d[1], d[0])
        off = math.acos(min(1.0, rho / np.hypot(*d)))
        return (base - off if lower else base + off) % (2 * math.pi)
    below = np.linspace(tangent_angle(low_c, foot, True), math.pi + tilt, 5)
    above = np.linspace(math.pi, tangent_angle(up_c, top, False), 5)[1:]
    nose = np.vstack([low_c + rho * np.column_stack([np.cos(below), np.sin(below)]),
                      up_c + rho * np.column_stack([np.cos(above), np.sin(above)])])
    nose[4] = (0.0, h)                               # the apex, exactly
    face = np.array([foot, nose[0]])
    bevel = np.array([nose[-1], top])
    return face, nose, bevel


@functools.lru_cache(maxsize=None)
def _texture(name: str, *args) -> Texture:
    """Each texture made once per process (both tables share the cloth and leather)."""
    makers = {"cloth": cloth_rgb, "cloth_normal": cloth_normal_rgb, "leather": leather_rgb,
              "rail_wood": lambda dark, light: wood_rgb(dark=dark, light=light)}
    return png_texture(name, makers[name](*args))


def _materials(look: TableLook) -> dict:
    cloth_tex = _texture("cloth")
    cloth_nrm = _texture("cloth_normal")
    wood_tex = _texture("rail_wood", *look.wood)
    leather_tex = _texture("leather")
    m = {
        "cloth": Material("cloth", linear_rgba(look.cloth), 0.0, 0.92, cloth_tex, cloth_nrm, 0.6),
        "cushion": Material("cushion_cloth", linear_rgba(look.cushion), 0.0, 0.92, cloth_tex,
                            cloth_nrm, 0.6),
        "wood": Material("rail_wood", (1.0, 1.0, 1.0, 1.0), 0.0, 0.32, wood_tex),
        "frame": Material("frame_wood", (0.8, 0.8, 0.8, 1.0), 0.0, 0.45, wood_tex),
        "pearl": Material("mother_of_pearl", linear_rgba((0.93, 0.92, 0.86)), 0.0, 0.22),
        "chalk": Material("chalk", linear_rgba((0.82, 0.86, 0.80)), 0.0, 0.95),
        "cup": Material("pocket_inside", linear_rgba((0.03, 0.025, 0.02)), 0.0, 0.9),
    }
    if look.pockets == "chrome":
        m["liner"] = Material("chrome", linear_rgba((0.92, 0.92, 0.93)), 1.0, 0.12)
    else:
        m["liner"] = Material("leather", (1.0, 1.0, 1.0, 1.0), 0.0, 0.55, leather_tex)
    return m


def _lift(points: np.ndarray, z) -> np.ndarray:
    return np.column_stack([points, np.broadcast_to(np.asarray(z, dtype=np.float64),
                                                    (len(points),))])


def _cushion(spec, look, rail, nose_poly, mat, tilt) -> Mesh:
    """One cushion: the profile bands swept along its nose polygon (each profile point is
    the nose moved straight back from the balls, so the jaw-tip arcs keep their radius),
    the flat top and the back face."""
    mesh = Mesh(mat)
    w = look.cushion_width
    _, inward = outline.nose_line(spec, rail)
    bands = nose_profile(spec, look, tilt)
    walk_u = None
    v0 = 0.0
    for band in bands:
        rows = [_lift(outline.shift_back(spec, rail, nose_poly, s, w), z) for s, z in band]
        grid = np.stack(rows, axis=1)                     # (points along, levels, 3)
        if walk_u is None:
            walk_u = np.concatenate([[0.0], np.cumsum(np.linalg.norm(
                np.diff(grid[:, 0, :2], axis=0), axis=1))]) / CLOTH_TILE_M
        v = v0 + np.concatenate([[0.0], np.cumsum(np.hypot(*np.diff(band, axis=0).T))])
        v0 = v[-1]
        mesh.grid(grid, None, walk_u, v / CLOTH_TILE_M)
    top_z = spec.rail_top_height
    top_poly = outline.shift_back(spec, rail, nose_poly, look.bevel, w)
    mesh.flat(top_poly, top_z, uv_scale=1 / CLOTH_TILE_M)
    # The back face, in the vertical plane of the back line: the ends of every level.
    levels = np.concatenate(bands)
    levels = levels[np.r_[True, np.any(np.diff(levels, axis=0) != 0, axis=1)]]
    first = np.array([outline.shift_back(spec, rail, nose_poly, s, w)[0] for s, _ in levels])
    last = np.array([outline.shift_back(spec, rail, nose_poly, s, w)[-1] for s, _ in levels])
    along = np.array([-inward[1], inward[0]])
    origin = first[0]
    ring = np.vstack([np.column_stack([(first - origin) @ along, levels[:, 1]]),
                      np.column_stack([(last - origin) @ along, levels[:, 1]])[::-1]])
    pts, tris = triangulate(ring)
    pos = np.column_stack([origin[0] + pts[:, 0] * along[0], origin[1] + pts[:, 0] * along[1],
                           pts[:, 1]])
    normal = np.append(-np.asarray(inward, dtype=np.float64), 0.0)
    # Face away from the table: wind so the normal points to -inward.
    e = np.cross(pos[tris[:, 1]] - pos[tris[:, 0]], pos[tris[:, 2]] - pos[tris[:, 0]])
    flip = e @ normal < 0
    tris[flip] = tris[flip][:, ::-1]
    mesh.add(pos, np.tile(normal, (len(pos), 1)), pts / CLOTH_TILE_M, tris)
    return mesh


def _rounded_rectangle(rect: np.ndarray, radius: float, steps: int = 6) -> tuple:
    """(points (K, 2), outward unit normals (K, 2)) of an axis-aligned rectangle (4, 2)
    with corners rounded to `radius` m, counter-clockwise."""
    lo, hi = rect.min(axis=0), rect.max(axis=0)
    centres = [(hi[0] - radius, lo[1] + radius), (hi[0] - radius, hi[1] - radius),
               (lo[0] + radius, hi[1] - radius), (lo[0] + radius, lo[1] + radius)]
    pts, nrm = [], []
    for k, c in enumerate(centres):
        a = np.linspace(-math.pi / 2 + k * math.pi / 2, k * math.pi / 2, steps + 1)
        n = np.column_stack([np.cos(a), np.sin(a)])
        pts.append(np.asarray(c) + radius * n)
        nrm.append(n)
    return np.concatenate(pts), np.concatenate(nrm)


def _rail_frame(outer, cut, top, bottom, mat, uv, uv_origin) -> Mesh:
    """The wooden rail: its top round the cut, a rounded outer edge (radius RAIL_EDGE)
    down to the apron, the apron and the underside. outer: the frame's (4, 2) outline."""
    edge = RAIL_EDGE
    line, normal = _rounded_rectangle(outer, RAIL_CORNER)
    mesh = Mesh(mat)
    mesh.flat(line - edge * normal, top, holes=[cut], uv_scale=uv, uv_origin=uv_origin)
    phi = np.linspace(0.0, math.pi / 2, 7)
    ring = np.vstack([line, line[:1]])
    n3 = np.vstack([normal, normal[:1]])
    # Rows along the outline, columns from the apron over the round to the top's edge.
    grid = np.stack([np.column_stack([ring[:, 0] + edge * (np.sin(f) - 1) * n3[:, 0],
                                      ring[:, 1] + edge * (np.sin(f) - 1) * n3[:, 1],
                                      np.full(len(ring), top - edge + edge * np.cos(f))])
                     for f in phi[::-1]], axis=1)
    normals = np.stack([np.column_stack([n3 * np.sin(f), np.full(len(ring), np.cos(f))])
                        for f in phi[::-1]], axis=1)
    u = np.concatenate([[0.0], np.cumsum(np.linalg.norm(np.diff(ring, axis=0), axis=1))])
    mesh.grid(grid, normals, u * uv[0], edge * phi * uv[1])
    mesh.wall(line, bottom, top - edge, uv_scale=uv[0], smooth=True)
    mesh.flat(line, bottom, up=False, uv_scale=uv, uv_origin=uv_origin)
    return mesh


def _rail_cut_walls(cut: np.ndarray, rect: np.ndarray, top: float, mat) -> Mesh:
    """The rail's inner face along the cushions' back line (where the rail cut runs on
    the back rectangle, not round a hole), cloth-covered from the cloth to the rail top:
    mostly behind the cushions, it closes the gap beside each cushion's end."""
    lo, hi = rect.min(axis=0), rect.max(axis=0)
    mesh = Mesh(mat)
    on_edge = (np.isclose(cut[:, 0], lo[0]) | np.isclose(cut[:, 0], hi[0])
               | np.isclose(cut[:, 1], lo[1]) | np.isclose(cut[:, 1], hi[1]))
    for k in range(len(cut)):
        a, b = cut[k], cut[(k + 1) % len(cut)]
        same_edge = (np.isclose(a[0], b[0]) and np.isclose(a[0], lo[0]) or
                     np.isclose(a[0], b[0]) and np.isclose(a[0], hi[0]) or
                     np.isclose(a[1], b[1]) and np.isclose(a[1], lo[1]) or
                     np.isclose(a[1], b[1]) and np.isclose(a[1], hi[1]))
        if on_edge[k] and on_edge[(k + 1) % len(cut)] and same_edge:
            mesh.wall(np.array([a, b]), 0.0, top, outward=False, closed=False,
                      uv_scale=1 / CLOTH_TILE_M)
    return mesh


def _circle(cx, cy, r) -> np.ndarray:
    return outline.arc((cx, cy), r, 0.0, 2 * math.pi)[:-1]


def _outside_arc(cx, cy, r, rect) -> np.ndarray:
    """The part of the hole's circle outside the rectangle `rect`: the rail's cut
    (counter-clockwise about the hole, ends on the rectangle's edges)."""
    lo, hi = rect.min(axis=0), rect.max(axis=0)
    n = 720
    a = np.linspace(0.0, 2 * math.pi, n, endpoint=False)
    pts = np.column_stack([cx + r * np.cos(a), cy + r * np.sin(a)])
    out = ~((pts >= lo).all(axis=1) & (pts <= hi).all(axis=1))
    # The first angle where the circle leaves the rectangle, and the arc until it enters.
    start = int(np.flatnonzero(out & ~np.roll(out, 1))[0])
    end = int(np.flatnonzero(~out & np.roll(out, 1))[0])
    a0 = _edge_crossing(cx, cy, r, a[start - 1], a[start], lo, hi)
    a1 = _edge_crossing(cx, cy, r, a[end - 1], a[end], lo, hi)
    sweep = (a1 - a0) % (2 * math.pi)
    return outline.arc((cx, cy), r, a0, sweep)


def _edge_crossing(cx, cy, r, a_in, a_out, lo, hi) -> float:
    """Bisect the angle between a_in and a_out where the circle crosses the rectangle."""
    def inside(a):
        p = np.array([cx + r * math.cos(a), cy + r * math.sin(a)])
        return bool((p >= lo).all() and (p <= hi).all())
    want = inside(a_in)
    for _ in range(60):
        mid = (a_in + a_out) / 2
        if inside(mid) == want:
            a_in = mid
        else:
            a_out = mid
    return (a_in + a_out) / 2


def _pocket_parts(spec, look, mats, rect, top) -> tuple:
    """(liner nodes, hole nodes, rims mesh) for the six pockets."""
    geometry = spec.geometry()
    liners, holes = [], []
    rims = Mesh(mats["liner"])
    edge = -look.slate_edge
    bottom = -look.pocket_depth
    for pocket in Pocket:
        cx, cy, r = geometry.pockets[pocket]
        # Leather pockets are leather down the cut; chrome ones are dark rubber under the rim.
        liner = Mesh(mats["liner"] if look.pockets == "leather" else mats["cup"])
        cup = Mesh(mats["cup"])
        circle = _circle(cx, cy, r)
        cup.wall(circle, bottom, edge, outward=False, smooth=True)
        bowl = np.array([(r, bottom), (0.8 * r, bottom - 0.02), (0.4 * r, bottom - 0.032),
                         (0.0, bottom - 0.035)])
        # As many slices as the wall has sides, so the two meet without cracks.
        cup.extend(Mesh(mats["cup"]).revolution(bowl, len(circle))
                   .transformed(np.eye(3), (cx, cy, 0.0)))
        rail_cut = _outside_arc(cx, cy, r, rect)
        liner.wall(rail_cut, 0.0, top, outward=False, closed=False, smooth=True,
                   uv_scale=8.0)
        # The rim over the rail top round the cut: a half-round bead, so it catches the
        # light; swept from its outer edge over the top to the cut (faces up and out).
        centre = np.array([cx, cy])
        radial = (rail_cut - centre) / r
        phi = np.linspace(math.pi, 0.0, 9)
        out = RIM_WIDTH / 2 * (1 - np.cos(phi))                 # from the cut outwards
        up = RIM_HEIGHT * np.sin(phi)
        bead = (rail_cut[:, None, :] + out[None, :, None] * radial[:, None, :])
        bead = np.concatenate([bead, np.broadcast_to(top + up, bead.shape[:2])[..., None]], -1)
        rims.grid(bead, None, None, None)
        node = Node(f"liner_{pocket.name}", [liner.primitive(), cup.primitive()],
                    extras={"centre": [float(cx), float(cy)], "radius_m": float(r)})
        liners.append(node)
        # The cloth turned down into the hole, where the hole lies inside the back line.
        cloth = Mesh(mats["cloth"])
        cloth.wall(circle, edge, 0.0, outward=False, smooth=True, uv_scale=1 / CLOTH_TILE_M)
        holes.append(Node(f"hole_{pocket.name}", [cloth.primitive()],
                          extras={"centre": [float(cx), float(cy)], "radius_m": float(r)}))
    return liners, holes, rims


def diamond_positions(spec: TableSpec, distance: float) -> np.ndarray:
    """The 18 sights (x, y), `distance` m behind the noses: eighths of the length on the
    long rails (none at the side pockets), quarters of the width on the short ones."""
    L, W = spec.length, spec.width
    xs = [k * L / 8 for k in range(1, 8) if k != 4]
    ys = [k * W / 4 for k in range(1, 4)]
    return np.array([(x, -distance) for x in xs] + [(x, W + distance) for x in xs]
                    + [(-distance, y) for y in ys] + [(L + distance, y) for y in ys])


def _diamonds(spec, look, mat, top) -> Mesh:
    mesh = Mesh(mat)
    a, b = DIAMOND_HALF
    for x, y in diamond_positions(spec, look.cushion_width + 0.45 * look.rail_width):
        long_rail = y < 0 or y > spec.width
        da, db = ((a, 0.0), (0.0, b)) if long_rail else ((0.0, a), (b, 0.0))
        c = np.array([x, y])
        mesh.flat(np.array([c - da, c + db, c + da, c - db]), top + LIFT, uv_scale=20.0)
    return mesh


def _line(mesh: Mesh, points: np.ndarray) -> None:
    """A chalk strip LINE_WIDTH wide along the polyline (K, 2), on the cloth."""
    d = np.gradient(points, axis=0)
    n = np.column_stack([-d[:, 1], d[:, 0]]) / np.linalg.norm(d, axis=1, keepdims=True)
    strip = np.stack([_lift(points - n * LINE_WIDTH / 2, LIFT),
                      _lift(points + n * LINE_WIDTH / 2, LIFT)], axis=1)
    mesh.grid(strip, np.broadcast_to((0.0, 0.0, 1.0), strip.shape))


def _markings(spec, mat) -> Mesh:
    """The spots; on a table with a D, the baulk line and the D. A pool table's head
    string is not chalked: a bright line across the cloth reads as a second aim line (the
    placement ghost marks it while the cue ball is in hand behind it)."""
    mesh = Mesh(mat)
    hx = spec.head_line_x
    if spec.d_radius > 0:
        _line(mesh, np.array([(hx, 0.0), (hx, spec.width)]))
        _line(mesh, outline.arc(spec.d_centre, spec.d_radius, math.pi / 2, math.pi))
    # The foot (or black) spot; a table without a D also gets its head spot.
    spots = [spec.foot_spot] + ([(hx, spec.width / 2)] if spec.d_radius == 0 else [])
    for spot in spots:
        mesh.flat(outline.arc(spot, SPOT_RADIUS, 0.0, 2 * math.pi)[:-1], LIFT, uv_scale=20.0)
    return mesh


def _frame(spec, look, mat, outer) -> Mesh:
    """Legs (or a cabinet) from under the apron to the floor."""
    mesh = Mesh(mat)
    z_top = spec.rail_top_height - look.apron_depth
    floor = -TABLE_HEIGHT
    lo, hi = outer.min(axis=0), outer.max(axis=0)
    uv = (1 / WOOD_TILE_M[0], 1 / WOOD_TILE_M[1])
    if look.legs:
        half = 0.065
        inset = 0.16
        xs = (lo[0] + inset, (lo[0] + hi[0]) / 2, hi[0] - inset)
        for x in xs:
            for y in (lo[1] + inset, hi[1] - inset):
                mesh.box((x - half, y - half, floor + 0.05), (x + half, y + half, z_top),
                         uv_scale=uv[0])
                mesh.box((x - half - 0.012, y - half - 0.012, floor),
                         (x + half + 0.012, y + half + 0.012, floor + 0.05), uv_scale=uv[0])
        # The beams between the legs along the table.
        for y in (lo[1] + inset, hi[1] - inset):
            mesh.box((xs[0], y - 0.03, z_top - 0.12), (xs[-1], y + 0.03, z_top), uv_scale=uv[0])
    else:
        inset = 0.07
        mesh.box((lo[0] + inset, lo[1] + inset, floor + 0.08), (hi[0] - inset, hi[1] - inset,
                                                                 z_top), uv_scale=uv[0])
        mesh.box((lo[0] + inset - 0.015, lo[1] + inset - 0.015, floor),
                 (hi[0] - inset + 0.015, hi[1] - inset + 0.015, floor + 0.08), uv_scale=uv[0])
    return mesh


def build_table(spec: TableSpec, look: TableLook | None = None, ball_radii=None) -> Node:
    """The table of `spec` as a node tree (see the module docstring), table frame.
    ball_radii (m): the balls played on it, which shape the nose's rounding (default:
    the balls of every game mode using this table)."""
    look = look or TableLook.for_table(spec)
    if ball_radii is None:
        ball_radii = [s.radius for name in MODE_NAMES if mode(name).table.name == spec.name
                      for s in mode(name).balls] or [C.POOL_BALL_RADIUS]
    tilt = contact_tilt(spec, ball_radii)
    geometry = spec.geometry()
    mats = _materials(look)
    h = spec.cushion_height
    top = spec.rail_top_height
    rect = outline.back_rectangle(spec, look.cushion_width)
    root = Node("table", extras={
        "table": spec.name, "cushion_height_m": h, "rail_top_m": top,
        "floor_z_m": -TABLE_HEIGHT, "cushion_width_m": look.cushion_width,
        "nose_tilt_rad": tilt,
        "rail_width_m": look.rail_width, "pockets": look.pockets})

    bed = Mesh(mats["cloth"]).flat(outline.bed_outline(spec, geometry, look.cushion_width), 0.0,
                                   uv_scale=1 / CLOTH_TILE_M)
    root.add(Node("bed", [bed.primitive()]))
    for rail, nose_poly in outline.cushion_outlines(spec, geometry, look.cushion_width).items():
        root.add(Node(f"cushion_{Rail(rail).name}",
                      [_cushion(spec, look, Rail(rail), nose_poly, mats["cushion"],
                                tilt).primitive()]))

    cut = outline.rail_cut_outline(spec, geometry, look.cushion_width)
    lo, hi = rect.min(axis=0) - look.rail_width, rect.max(axis=0) + look.rail_width
    outer = np.array([(lo[0], lo[1]), (hi[0], lo[1]), (hi[0], hi[1]), (lo[0], hi[1])])
    uv = (1 / WOOD_TILE_M[0], 1 / WOOD_TILE_M[1])
    rails = _rail_frame(outer, cut, top, top - look.apron_depth, mats["wood"], uv, lo)
    root.add(Node("rails", [rails.primitive()]))
    root.add(Node("rail_cut", [_rail_cut_walls(cut, rect, top, mats["cushion"]).primitive()]))

    liners, holes, rims = _pocket_parts(spec, look, mats, rect, top)
    for node in holes + liners:
        root.add(node)
    root.add(Node("rims", [rims.primitive()]))
    root.add(Node("diamonds", [_diamonds(spec, look, mats["pearl"], top).primitive()]))
    root.add(Node("markings", [_markings(spec, mats["chalk"]).primitive()]))
    root.add(Node("frame", [_frame(spec, look, mats["frame"], outer).primitive()]))
    return root
