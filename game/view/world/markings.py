"""Table markings from the `TableSpec`: lines and spots on the cloth, diamonds on the rails.

A table with a D (the English 7 ft) gets the baulk line, the D and the black spot; a table
without one (the 9 ft) gets the head string, the foot spot and the 18 diamonds at eighths
of the length and quarters of the width. Table frame, metres.
"""
from __future__ import annotations

import math

import numpy as np
from panda3d.core import NodePath

from game.tables.outline import arc
from physics_ext.table import TableSpec

from .mesh import MeshBuilder

LINE_WIDTH = 0.003           # chalk-line width (m)
SPOT_RADIUS = 0.0065         # spot radius (m)
DIAMOND_HALF = (0.013, 0.006)  # half length along the rail, half width across (m)
# Lifted above the surface it marks, and drawn with a depth offset, so it never flickers
# into the cloth or the rail: 0.3 mm is invisible at play distance.
LIFT = 0.0003
LINE_COLOUR = (0.78, 0.84, 0.78)
DIAMOND_COLOUR = (0.93, 0.91, 0.84)


def _strip(mesh: MeshBuilder, points: np.ndarray, z: float) -> None:
    """A flat strip LINE_WIDTH wide along the polyline `points` (K, 2), facing up."""
    d = np.gradient(points, axis=0)
    n = np.column_stack([-d[:, 1], d[:, 0]]) / np.linalg.norm(d, axis=1, keepdims=True)
    left, right = points + n * LINE_WIDTH / 2, points - n * LINE_WIDTH / 2
    k = len(points)
    pos = np.column_stack([np.vstack([right, left]), np.full(2 * k, z)])
    i = np.arange(k - 1)
    tris = np.concatenate([np.column_stack([i, i + 1, k + i + 1]),
                           np.column_stack([i, k + i + 1, k + i])])
    mesh.add(pos, np.tile((0.0, 0.0, 1.0), (2 * k, 1)), pos[:, :2], tris)


def _cloth_marks(spec: TableSpec) -> MeshBuilder:
    mesh = MeshBuilder()
    hx = spec.head_line_x
    # The head string / baulk line runs nose to nose across the table.
    _strip(mesh, np.array([(hx, 0.0), (hx, spec.width)]), LIFT)
    if spec.d_radius > 0:
        # The D: a half circle on the baulk side of the line.
        _strip(mesh, arc(spec.d_centre, spec.d_radius, math.pi / 2, math.pi), LIFT)
    mesh.add_flat(arc(spec.foot_spot, SPOT_RADIUS, 0.0, 2 * math.pi)[:-1], LIFT)
    return mesh


def diamond_positions(spec: TableSpec, distance: float) -> np.ndarray:
    """Diamond centres (18, 2), `distance` m behind the noses: at eighths of the length on
    the long rails (none at the side pockets) and quarters of the width on the short."""
    L, W = spec.length, spec.width
    xs = [k * L / 8 for k in range(1, 8) if k != 4]
    ys = [k * W / 4 for k in range(1, 4)]
    return np.array([(x, -distance) for x in xs] + [(x, W + distance) for x in xs]
                    + [(-distance, y) for y in ys] + [(L + distance, y) for y in ys])


def _diamonds(spec: TableSpec, distance: float, z: float) -> MeshBuilder:
    mesh = MeshBuilder()
    a, b = DIAMOND_HALF
    for x, y in diamond_positions(spec, distance):
        along_x = y < 0 or y > spec.width        # long rails run along x
        da, db = ((a, 0.0), (0.0, b)) if along_x else ((0.0, a), (b, 0.0))
        c = np.array([x, y])
        mesh.add_flat(np.array([c - da, c + db, c + da, c - db]), z)
    return mesh


def build_markings(spec: TableSpec, look, rail_top: float) -> NodePath:
    """A NodePath "markings" with "lines" (on the cloth) and, for tables without a D,
    "diamonds" (on the rail tops at height `rail_top` m). `look` is the TableLook."""
    root = NodePath("markings")
    root.setDepthOffset(1)
    lines = root.attachNewNode(_cloth_marks(spec).node("lines"))
    lines.setColor(*LINE_COLOUR, 1.0)
    if spec.d_radius == 0:
        distance = look.cushion_width + 0.45 * look.rail_width
        diamonds = root.attachNewNode(_diamonds(spec, distance, rail_top + LIFT).node("diamonds"))
        diamonds.setColor(*DIAMOND_COLOUR, 1.0)
    return root
