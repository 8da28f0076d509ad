"""The procedural mesh builder: triangulation with holes, facing, strips."""
import numpy as np
import pytest
from panda3d.core import GeomVertexReader

from game.view.world.mesh import MeshBuilder


def _triangles(node):
    """(T, 3, 3) vertex positions and (T, 3, 3) normals of a built GeomNode."""
    geom = node.getGeom(0)
    vdata = geom.getVertexData()
    pos, nrm = GeomVertexReader(vdata, "vertex"), GeomVertexReader(vdata, "normal")
    points, normals = [], []
    for row in range(vdata.getNumRows()):
        pos.setRow(row)
        nrm.setRow(row)
        points.append(tuple(pos.getData3()))
        normals.append(tuple(nrm.getData3()))
    prim = geom.getPrimitive(0)
    idx = np.array([prim.getVertex(i) for i in range(prim.getNumVertices())]).reshape(-1, 3)
    return np.array(points)[idx], np.array(normals)[idx]


def _face_normals(tris):
    n = np.cross(tris[:, 1] - tris[:, 0], tris[:, 2] - tris[:, 0])
    return n / np.linalg.norm(n, axis=1, keepdims=True)


@pytest.mark.parametrize("up", [True, False])
def test_flat_polygon_with_hole_covers_the_right_area_facing_the_right_way(up):
    outer = np.array([(0, 0), (2, 0), (2, 1), (0, 1)], dtype=float)
    hole = np.array([(0.5, 0.25), (0.5, 0.75), (1.0, 0.75), (1.0, 0.25)], dtype=float)
    mesh = MeshBuilder()
    mesh.add_flat(outer, 0.3, holes=[hole], up=up)
    tris, normals = _triangles(mesh.node("flat"))
    faces = _face_normals(tris)
    area = 0.5 * np.linalg.norm(np.cross(tris[:, 1] - tris[:, 0], tris[:, 2] - tris[:, 0]),
                                axis=1).sum()
    assert area == pytest.approx(2.0 - 0.25)
    want = 1.0 if up else -1.0
    assert np.allclose(faces[:, 2], want) and np.allclose(normals[..., 2], want)
    assert np.allclose(tris[..., 2], 0.3)
