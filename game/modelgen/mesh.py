"""Mesh building in NumPy: chunks of triangles with normals, texture coordinates and
tangents, collected per material into glTF primitives.

Frame: whatever the caller builds in (the table frame for the table and the room, a ball's
or the cue's own frame for those), Z-up, metres. Front faces wind counter-clockwise seen
from the side their normal points to.
"""
from __future__ import annotations

import math

import numpy as np

from .gltf import Material, Primitive
from .triangulate import triangulate


class Mesh:
    """Collects triangles for one material."""

    def __init__(self, material: Material):
        self.material = material
        self._pos, self._nrm, self._uv, self._tri = [], [], [], []
        self._count = 0

    def add(self, positions, normals, uvs, triangles) -> "Mesh":
        """Append positions and normals (n, 3), uvs (n, 2) and triangles (m, 3) indexing
        this chunk."""
        positions = np.asarray(positions, dtype=np.float64).reshape(-1, 3)
        normals = np.asarray(normals, dtype=np.float64).reshape(-1, 3)
        self._pos.append(positions)
        self._nrm.append(normals / np.linalg.norm(normals, axis=1, keepdims=True))
        self._uv.append(np.asarray(uvs, dtype=np.float64).reshape(-1, 2))
        self._tri.append(np.asarray(triangles, dtype=np.int64).reshape(-1, 3))
        self._count += len(positions)
        return self

    def flat(self, outer, z: float, holes=(), uv_scale=1.0, up: bool = True,
             uv_origin=(0.0, 0.0)) -> "Mesh":
        """A horizontal polygon at height z (m), with holes, facing +z (`up`) or -z.
        Texture coordinates: ((x, y) - uv_origin) times `uv_scale` (a number or a (u, v)
        pair, 1/m)."""
        xy, tris = triangulate(outer, holes)
        if not up:
            tris = tris[:, ::-1]
        pos = np.column_stack([xy, np.full(len(xy), float(z))])
        normals = np.tile((0.0, 0.0, 1.0 if up else -1.0), (len(xy), 1))
        scale = np.broadcast_to(np.asarray(uv_scale, dtype=np.float64), (2,))
        return self.add(pos, normals, (xy - np.asarray(uv_origin)) * scale, tris)

    def grid(self, points, normals=None, u=None, v=None) -> "Mesh":
        """A quad grid from points (nu, nv, 3): rows along u, columns along v. Faces show
        the side of (d/du x d/dv). normals: (nu, nv, 3) or None for smooth grid normals
        from central differences. u (nu,), v (nv,): texture coordinates (default:
        accumulated lengths, metres)."""
        p = np.asarray(points, dtype=np.float64)
        nu, nv = p.shape[:2]
        if normals is None:
            normals = grid_normals(p)
        if u is None:
            u = _lengths(p.mean(axis=1))
        if v is None:
            v = _lengths(p.mean(axis=0))
        uv = np.stack(np.broadcast_arrays(np.asarray(u)[:, None], np.asarray(v)[None, :]), -1)
        i = np.arange(nu - 1)[:, None]
        j = np.arange(nv - 1)[None, :]
        a, b, c, d = i * nv + j, (i + 1) * nv + j, (i + 1) * nv + j + 1, i * nv + j + 1
        tris = np.concatenate([np.stack([a, b, c], -1).reshape(-1, 3),
                               np.stack([a, c, d], -1).reshape(-1, 3)])
        return self.add(p.reshape(-1, 3), np.asarray(normals).reshape(-1, 3),
                        uv.reshape(-1, 2), tris)

    def wall(self, points, z_bottom, z_top, outward=True, closed=True, uv_scale=1.0,
             smooth=False) -> "Mesh":
        """Vertical faces along a (K, 2) polyline (m) from z_bottom to z_top (m). outward:
        face the right-hand side of the walk (outside a counter-clockwise polygon).
        smooth: shared normals along the walk (a round wall), else one normal per quad."""
        p = np.asarray(points, dtype=np.float64)
        if closed:
            p = np.vstack([p, p[:1]])
        if not outward:
            p = p[::-1]
        if smooth:
            d = np.gradient(p, axis=0) if not closed else _closed_gradient(p)
            n2 = np.column_stack([d[:, 1], -d[:, 0]])
            n2 /= np.linalg.norm(n2, axis=1, keepdims=True)
            pts = np.stack([np.column_stack([p, np.full(len(p), z_bottom)]),
                            np.column_stack([p, np.full(len(p), z_top)])], axis=1)
            nrm = np.repeat(np.column_stack([n2, np.zeros(len(p))])[:, None, :], 2, axis=1)
            u = _lengths(p) * uv_scale
            return self.grid(pts, nrm, u, np.array([z_bottom, z_top]) * uv_scale)
        for a, b, s0 in zip(p[:-1], p[1:], _lengths(p)[:-1]):
            length = float(np.hypot(*(b - a)))
            if length < 1e-12:
                continue
            n = np.array([(b - a)[1], -(b - a)[0], 0.0]) / length
            quad = np.array([(a[0], a[1], z_bottom), (b[0], b[1], z_bottom),
                             (b[0], b[1], z_top), (a[0], a[1], z_top)])
            uv = np.array([(s0, z_bottom), (s0 + length, z_bottom), (s0 + length, z_top),
                           (s0, z_top)]) * uv_scale
            self.add(quad, np.tile(n, (4, 1)), uv, [(0, 1, 2), (0, 2, 3)])
        return self

    def box(self, lo, hi, uv_scale=1.0) -> "Mesh":
        """An axis-aligned box from corner lo to corner hi (m), faces outwards."""
        (x0, y0, z0), (x1, y1, z1) = lo, hi
        rect = np.array([(x0, y0), (x1, y0), (x1, y1), (x0, y1)])
        self.wall(rect, z0, z1, uv_scale=uv_scale)
        self.flat(rect, z1, uv_scale=uv_scale)
        return self.flat(rect, z0, uv_scale=uv_scale, up=False)

    def revolution(self, profile, segments: int, normals=None, v=None, phase=0.0,
                   u_scale=1.0) -> "Mesh":
        """A surface of revolution about z: profile (K, 2) of (radius, height) in metres,
        listed so that its tangent turned clockwise in the (r, z) half-plane points out of
        the surface (bottom to top for an outward side). normals: exact (K, 2) profile
        normals, or None for central differences. v: (K,) texture v (default: arc
        length). u runs 0..u_scale round the axis from +x (plus `phase` rad) towards +y."""
        prof = np.asarray(profile, dtype=np.float64)
        if normals is None:
            d = np.gradient(prof, axis=0)
            normals = np.column_stack([d[:, 1], -d[:, 0]])
        n_rz = np.asarray(normals, dtype=np.float64)
        n_rz = n_rz / np.linalg.norm(n_rz, axis=1, keepdims=True)
        if v is None:
            v = _lengths(prof)
        phi = phase + np.linspace(0.0, 2 * math.pi, segments + 1)
        c, s = np.cos(phi)[:, None], np.sin(phi)[:, None]
        shape = (segments + 1, len(prof))
        pts = np.stack([c * prof[:, 0], s * prof[:, 0], np.broadcast_to(prof[:, 1], shape)], -1)
        nrm = np.stack([c * n_rz[:, 0], s * n_rz[:, 0], np.broadcast_to(n_rz[:, 1], shape)], -1)
        # Poles (radius 0) get the normal of the axis only; grid() keeps what is given.
        return self.grid(pts, nrm, np.linspace(0.0, u_scale, segments + 1), v)

    def transformed(self, matrix: np.ndarray, offset) -> "Mesh":
        """A copy moved by x -> matrix @ x + offset (matrix a rotation, m)."""
        out = Mesh(self.material)
        m = np.asarray(matrix, dtype=np.float64)
        for pos, nrm, uv, tri in zip(self._pos, self._nrm, self._uv, self._tri):
            out.add(pos @ m.T + np.asarray(offset), nrm @ m.T, uv, tri)
        return out

    def extend(self, other: "Mesh") -> "Mesh":
        """Append another mesh's triangles (its material is ignored)."""
        for pos, nrm, uv, tri in zip(other._pos, other._nrm, other._uv, other._tri):
            self.add(pos, nrm, uv, tri)
        return self

    @property
    def empty(self) -> bool:
        return self._count == 0

    def primitive(self) -> Primitive:
        """The collected triangles as one glTF primitive, with tangents from the uvs."""
        pos = np.concatenate(self._pos)
        nrm = np.concatenate(self._nrm)
        uv = np.concatenate(self._uv)
        starts = np.cumsum([0] + [len(p) for p in self._pos[:-1]])
        tri = np.concatenate([t + s for t, s in zip(self._tri, starts)])
        # Drop triangles with two corners at one point (a sphere's or cone's pole rows).
        p0, p1, p2 = pos[tri[:, 0]], pos[tri[:, 1]], pos[tri[:, 2]]
        flat = ((p0 == p1).all(axis=1) | (p1 == p2).all(axis=1) | (p2 == p0).all(axis=1))
        tri = tri[~flat]
        return Primitive(pos, nrm, uv, tri, self.material, tangents(pos, nrm, uv, tri))


def _lengths(p: np.ndarray) -> np.ndarray:
    """Accumulated length along a polyline (K, d), starting at 0 (m)."""
    return np.concatenate([[0.0], np.cumsum(np.linalg.norm(np.diff(p, axis=0), axis=1))])


def _closed_gradient(p: np.ndarray) -> np.ndarray:
    """Central differences of a closed polyline whose last point repeats the first."""
    q = p[:-1]
    d = (np.roll(q, -1, axis=0) - np.roll(q, 1, axis=0)) / 2
    return np.vstack([d, d[:1]])


def grid_normals(p: np.ndarray) -> np.ndarray:
    """Unit normals (nu, nv, 3) of a point grid from central differences: d/du x d/dv."""
    du = np.gradient(p, axis=0)
    dv = np.gradient(p, axis=1)
    n = np.cross(du, dv)
    length = np.linalg.norm(n, axis=-1, keepdims=True)
    return n / np.where(length > 0, length, 1.0)


def tangents(pos, nrm, uv, tri) -> np.ndarray:
    """Per-vertex tangents (n, 4) for normal mapping: the direction of increasing u,
    orthogonal to the normal, w = +-1 the handedness (glTF convention, v down)."""
    p0, p1, p2 = pos[tri[:, 0]], pos[tri[:, 1]], pos[tri[:, 2]]
    w0, w1, w2 = uv[tri[:, 0]], uv[tri[:, 1]], uv[tri[:, 2]]
    e1, e2 = p1 - p0, p2 - p0
    d1, d2 = w1 - w0, w2 - w0
    det = d1[:, 0] * d2[:, 1] - d2[:, 0] * d1[:, 1]
    r = np.where(np.abs(det) > 1e-20, 1.0 / np.where(det == 0, 1.0, det), 0.0)[:, None]
    t = (e1 * d2[:, 1:2] - e2 * d1[:, 1:2]) * r
    b = (e2 * d1[:, 0:1] - e1 * d2[:, 0:1]) * r
    tan = np.zeros_like(pos)
    bit = np.zeros_like(pos)
    for k in range(3):
        np.add.at(tan, tri[:, k], t)
        np.add.at(bit, tri[:, k], b)
    tan -= nrm * np.sum(nrm * tan, axis=1, keepdims=True)
    length = np.linalg.norm(tan, axis=1, keepdims=True)
    # Vertices without a usable uv gradient get any vector orthogonal to the normal.
    fallback = np.cross(nrm, np.where(np.abs(nrm[:, 2:3]) < 0.9, [[0.0, 0.0, 1.0]],
                                      [[1.0, 0.0, 0.0]]))
    tan = np.where(length > 1e-12, tan / np.where(length > 1e-12, length, 1.0),
                   fallback / np.linalg.norm(fallback, axis=1, keepdims=True))
    w = np.where(np.sum(np.cross(nrm, tan) * bit, axis=1) < 0, -1.0, 1.0)
    return np.column_stack([tan, w])
