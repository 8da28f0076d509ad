"""Procedural meshes: a small builder that collects triangles as NumPy arrays and turns
them into one Panda3D `GeomNode`.

Coordinates are whatever frame the caller builds in (the table frame for the table, a
ball's own frame for balls), in metres. Front faces wind counter-clockwise seen from the
side their normal points to, as Panda3D expects.
"""
from __future__ import annotations

import math

import numpy as np
from panda3d.core import (Geom, GeomEnums, GeomNode, GeomTriangles, GeomVertexData,
                          GeomVertexFormat, Triangulator)


class MeshBuilder:
    """Collects vertices (position, normal, texture coordinate) and triangles."""

    def __init__(self):
        self._positions, self._normals, self._uvs, self._triangles = [], [], [], []
        self._count = 0

    def add(self, positions, normals, uvs, triangles) -> None:
        """Append a chunk: positions and normals (n, 3), uvs (n, 2), triangles (m, 3) of
        indices into this chunk."""
        positions = np.asarray(positions, dtype=np.float64).reshape(-1, 3)
        self._positions.append(positions)
        self._normals.append(np.asarray(normals, dtype=np.float64).reshape(-1, 3))
        self._uvs.append(np.asarray(uvs, dtype=np.float64).reshape(-1, 2))
        self._triangles.append(np.asarray(triangles, dtype=np.int64).reshape(-1, 3)
                               + self._count)
        self._count += len(positions)

    def add_flat(self, outer, z: float, holes=(), uv_scale=1.0, up: bool = True) -> None:
        """A horizontal polygon at height z (m) with optional holes, facing +z (`up`) or
        -z. outer, holes: (K, 2) polygons (m). Texture coordinates are (x, y) times
        `uv_scale`, a number or a (u, v) pair (1/m)."""
        tri = Triangulator()
        points = []
        for x, y in outer:
            tri.addPolygonVertex(tri.addVertex(float(x), float(y)))
            points.append((x, y))
        for hole in holes:
            tri.beginHole()
            for x, y in hole:
                tri.addHoleVertex(tri.addVertex(float(x), float(y)))
                points.append((x, y))
        tri.triangulate()
        xy = np.array(points, dtype=np.float64)
        idx = np.array([(tri.getTriangleV0(i), tri.getTriangleV1(i), tri.getTriangleV2(i))
                        for i in range(tri.getNumTriangles())], dtype=np.int64)
        # Orient every triangle to face the requested side, whatever the triangulator did.
        e1 = xy[idx[:, 1]] - xy[idx[:, 0]]
        e2 = xy[idx[:, 2]] - xy[idx[:, 0]]
        ccw = e1[:, 0] * e2[:, 1] - e1[:, 1] * e2[:, 0] > 0
        flip = ~ccw if up else ccw
        idx[flip] = idx[flip][:, ::-1]
        pos = np.column_stack([xy, np.full(len(xy), float(z))])
        normals = np.tile((0.0, 0.0, 1.0 if up else -1.0), (len(pos), 1))
        uv_scale = np.broadcast_to(np.asarray(uv_scale, dtype=np.float64), (2,))
        self.add(pos, normals, xy * uv_scale, idx)

    def add_revolution(self, profile, segments: int, normals=None, uv_v=None) -> None:
        """A surface of revolution about the z axis, `segments` slices around it.

        profile: (K, 2) points (radius m, height m), listed so that the tangent turned
        clockwise in the (r, z) half-plane points out of the surface (bottom to top for
        an outward-facing side). normals: optional exact (K, 2) unit normals in the (r, z)
        half-plane; by default they come from the profile's central differences, which
        rounds sharp profile corners. uv_v: (K,) texture v per point (default: arc length);
        texture u runs 0..1 round the axis from +x towards +y.
        """
        prof = np.asarray(profile, dtype=np.float64)
        k = len(prof)
        if normals is None:
            d = np.gradient(prof, axis=0)
            n_rz = np.column_stack([d[:, 1], -d[:, 0]])
            n_rz /= np.linalg.norm(n_rz, axis=1, keepdims=True)
        else:
            n_rz = np.asarray(normals, dtype=np.float64)
        if uv_v is None:
            uv_v = np.concatenate([[0.0], np.cumsum(np.hypot(*np.diff(prof, axis=0).T))])
        phi = np.linspace(0.0, 2 * math.pi, segments + 1)       # seam duplicated for uvs
        c, s = np.cos(phi)[:, None], np.sin(phi)[:, None]
        grid = (segments + 1, k)
        pos = np.stack([c * prof[:, 0], s * prof[:, 0], np.broadcast_to(prof[:, 1], grid)], -1)
        nrm = np.stack([c * n_rz[:, 0], s * n_rz[:, 0], np.broadcast_to(n_rz[:, 1], grid)], -1)
        uv = np.stack([np.broadcast_to(phi[:, None] / (2 * math.pi), grid),
                       np.broadcast_to(np.asarray(uv_v, dtype=np.float64), grid)], -1)
        i = np.arange(segments)[:, None]
        j = np.arange(k - 1)[None, :]
        v00, v01 = i * k + j, i * k + j + 1
        v10, v11 = (i + 1) * k + j, (i + 1) * k + j + 1
        tris = np.concatenate([np.stack([v00, v10, v11], -1).reshape(-1, 3),
                               np.stack([v00, v11, v01], -1).reshape(-1, 3)])
        self.add(pos.reshape(-1, 3), nrm.reshape(-1, 3), uv.reshape(-1, 2), tris)

    def node(self, name: str) -> GeomNode:
        """The collected triangles as one static Geom in a new GeomNode."""
        rows = np.hstack([np.concatenate(self._positions), np.concatenate(self._normals),
                          np.concatenate(self._uvs)])
        vdata = GeomVertexData(name, GeomVertexFormat.getV3n3t2(), Geom.UHStatic)
        vdata.uncleanSetNumRows(len(rows))
        memoryview(vdata.modifyArray(0)).cast("B")[:] = rows.astype(np.float32).tobytes()
        prim = GeomTriangles(Geom.UHStatic)
        prim.setIndexType(GeomEnums.NT_uint32)
        indices = np.concatenate(self._triangles).astype(np.uint32).reshape(-1)
        handle = prim.modifyVertices()
        handle.uncleanSetNumRows(len(indices))
        memoryview(handle).cast("B")[:] = indices.tobytes()
        geom = Geom(vdata)
        geom.addPrimitive(prim)
        node = GeomNode(name)
        node.addGeom(geom)
        return node
