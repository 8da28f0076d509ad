"""Triangulation of simple polygons with holes by ear clipping (NumPy, deterministic).

Polygons are (K, 2) arrays of (x, y) points in metres, not closed (last != first); the
outer boundary may wind either way, and so may the holes. Each hole is joined to the
boundary by a bridge to the nearest boundary vertex it can see, then ears are clipped.
"""
from __future__ import annotations

import numpy as np

from game.tables.outline import signed_area

__all__ = ["triangulate", "signed_area"]


def _oriented(poly, ccw: bool) -> np.ndarray:
    p = np.asarray(poly, dtype=np.float64)
    return p if (signed_area(p) > 0) == ccw else p[::-1]


def _segments_cross(a, b, c, d) -> np.ndarray:
    """Whether segment a-b properly crosses each segment c[k]-d[k] (shared end points and
    touching do not count)."""
    def orient(p, q, r):
        return (q[..., 0] - p[..., 0]) * (r[..., 1] - p[..., 1]) - \
               (q[..., 1] - p[..., 1]) * (r[..., 0] - p[..., 0])
    o1, o2 = orient(a, b, c), orient(a, b, d)
    o3, o4 = orient(c, d, a), orient(c, d, b)
    eps = 1e-18
    return (o1 * o2 < -eps) & (o3 * o4 < -eps)


def _bridge(ring: np.ndarray, hole: np.ndarray) -> np.ndarray:
    """The ring with `hole` spliced in through a bridge from the hole's rightmost vertex to
    the nearest ring vertex it sees (both bridge ends are duplicated)."""
    m = int(np.lexsort((hole[:, 1], hole[:, 0]))[-1])
    start = hole[m]
    a = np.vstack([ring, hole])
    b = np.vstack([np.roll(ring, -1, axis=0), np.roll(hole, -1, axis=0)])
    order = np.argsort(np.hypot(*(ring - start).T), kind="stable")
    for k in order:
        if not _segments_cross(start, ring[k], a, b).any():
            hole_walk = np.roll(hole, -m, axis=0)
            return np.vstack([ring[:k + 1], hole_walk, hole_walk[:1], ring[k:]])
    raise ValueError("a hole cannot be joined to the polygon's boundary")


def triangulate(outer, holes=()) -> tuple:
    """(points (P, 2), triangles (T, 3)) covering the polygon `outer` minus `holes`, every
    triangle counter-clockwise. The points are the polygon's and holes' vertices (bridge
    ends repeated)."""
    ring = _oriented(outer, ccw=True)
    for hole in sorted((_oriented(h, ccw=False) for h in holes),
                       key=lambda h: -float(np.max(h[:, 0]))):
        ring = _bridge(ring, hole)
    return ring, _clip_ears(ring)


def _clip_ears(p: np.ndarray) -> np.ndarray:
    n = len(p)
    idx = list(range(n))
    tris = []
    x, y = p[:, 0], p[:, 1]

    def cross(i, j, k):
        return (x[j] - x[i]) * (y[k] - y[i]) - (y[j] - y[i]) * (x[k] - x[i])

    guard = 0
    i = 0
    while len(idx) > 3:
        m = len(idx)
        a, b, c = idx[(i - 1) % m], idx[i % m], idx[(i + 1) % m]
        area = cross(a, b, c)
        if abs(area) <= 1e-14:
            # A collinear or repeated corner (1e-14 m^2): drop it, no area is lost.
            idx.pop(i % m)
            i = max(i - 1, 0)
            guard = 0
            continue
        if area > 0 and _is_ear(p, idx, a, b, c):
            tris.append((a, b, c))
            idx.pop(i % m)
            i = max(i - 1, 0)
            guard = 0
            continue
        i = (i + 1) % len(idx)
        guard += 1
        if guard > 2 * len(idx):
            raise ValueError("polygon cannot be triangulated (self-intersecting?)")
    if len(idx) == 3 and cross(*idx) > 0:
        tris.append(tuple(idx))
    return np.array(tris, dtype=np.int64).reshape(-1, 3)


def _is_ear(p, idx, a, b, c) -> bool:
    """No other remaining vertex lies inside or on triangle a, b, c (vertices equal to
    its corners, the duplicated bridge ends, excepted)."""
    rest = np.array([k for k in idx if k not in (a, b, c)], dtype=np.int64)
    if len(rest) == 0:
        return True
    q = p[rest]
    corners = p[[a, b, c]]
    same = (np.abs(q[:, None, :] - corners[None]).max(axis=2) < 1e-15).any(axis=1)
    q = q[~same]
    if len(q) == 0:
        return True

    def side(u, v):
        return (v[0] - u[0]) * (q[:, 1] - u[1]) - (v[1] - u[1]) * (q[:, 0] - u[0])
    pa, pb, pc = p[a], p[b], p[c]
    inside = (side(pa, pb) >= 0) & (side(pb, pc) >= 0) & (side(pc, pa) >= 0)
    return not inside.any()
