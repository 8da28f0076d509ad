"""The table as Panda3D geometry, built from the same `TableGeometry` the solver uses.

Parts, all in the table frame (m, z up, cloth at z = 0):
* cloth: the playing surface exactly as the balls see it, with real pocket openings;
* cushions: each rail's nose, rounded jaw tips and jaw faces at the nose height, with an
  undercut face below (so a touching ball never pokes into it) and a bevel above rising
  to the flat top, level with the rail;
* rails: the wooden frame round the cushions, cut round each pocket hole;
* pockets: dark liners down from the rail cuts and the holes, over a dark floor.
Markings (lines, spots, diamonds) live in `markings`.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from panda3d.core import Material, NodePath

from game.tables import outline
from physics_ext.table import TableSpec

from .markings import build_markings
from .mesh import MeshBuilder
from .textures import felt_rgb, texture_from_rgb, wood_rgb


@dataclass(frozen=True)
class TableLook:
    """Sizes (m) and colours (RGB 0..1) of the parts the physics does not define.

    cushion_width: nose to back line. rail_width: wood beyond the cushions.
    cushion_rise: height of the cushion top (and rail) above the nose.
    cushion_bevel: how far behind the nose the flat top begins.
    undercut: how far behind the nose the cushion face meets the cloth, as a fraction
    of the nose height: the face must clear a touching ball's equator, which reaches
    about 1 mm past the nose (R cos of the contact angle is below R).
    apron_depth: the rail's outer face, down from its top. pocket_depth: the liners'
    depth below the cloth, where a dark floor closes every opening.
    """
    cushion_width: float = 0.05
    rail_width: float = 0.11
    cushion_rise: float = 0.007
    cushion_bevel: float = 0.012
    undercut: float = 0.4
    apron_depth: float = 0.22
    pocket_depth: float = 0.14
    cloth: tuple = (0.05, 0.42, 0.16)
    cushion: tuple = (0.045, 0.38, 0.145)
    wood: tuple = (1.0, 1.0, 1.0)          # multiplies the wood texture
    liner: tuple = (0.035, 0.03, 0.03)

    @classmethod
    def for_table(cls, spec: TableSpec) -> "TableLook":
        """Proportions for a table: the English table's cushions and rails are narrower."""
        if spec.name == "english_seven_foot":
            return cls(cushion_width=0.042, rail_width=0.085, cloth=(0.06, 0.40, 0.15))
        return cls()


CLOTH_UV_M = 0.25     # one felt texture tile per 25 cm of cloth
# One wood tile spans 1.6 m along x and 0.4 m along y: long planks with fine grain.
WOOD_UV = (1 / 1.6, 1 / 0.4)


def _material(specular: float, shininess: float) -> Material:
    """A Material that sets only the highlight: diffuse and ambient come from the node's
    colour, for the GLSL shader and fixed-function lighting alike."""
    m = Material()
    m.setSpecular((specular, specular, specular, 1.0))
    m.setShininess(shininess)
    return m


def build_table(spec: TableSpec, look: TableLook) -> NodePath:
    """The whole table as a NodePath named "table" with children "cloth", "cushions",
    "rails", "pockets" and "markings", each coloured and textured."""
    geometry = spec.geometry()
    root = NodePath("table")
    felt = texture_from_rgb("felt", felt_rgb())
    wood = texture_from_rgb("wood", wood_rgb())
    top = spec.cushion_height + look.cushion_rise          # rail top (m)

    cloth = MeshBuilder()
    cloth.add_flat(outline.cloth_outline(spec, geometry), 0.0, uv_scale=1 / CLOTH_UV_M)
    _attach(root, cloth, "cloth", look.cloth, felt, _material(0.04, 8.0))

    cushions = MeshBuilder()
    h = spec.cushion_height
    for rail, nose in outline.cushion_outlines(spec, geometry, look.cushion_width).items():
        foot = outline.shift_back(spec, rail, nose, look.undercut * h, look.cushion_width)
        bevel = outline.shift_back(spec, rail, nose, look.cushion_bevel, look.cushion_width)
        cushions.add_flat(bevel, top, uv_scale=1 / CLOTH_UV_M)
        # Face and bevel along the polygon's open side; its back edge (last point to
        # first) sits against the rail and needs no face.
        cushions.add_strip(_at(foot, 0.0), _at(nose, h), uv_scale=1 / CLOTH_UV_M)
        cushions.add_strip(_at(nose, h), _at(bevel, top), uv_scale=1 / CLOTH_UV_M)
    _attach(root, cushions, "cushions", look.cushion, felt, _material(0.04, 8.0))

    cut = outline.rail_cut_outline(spec, geometry, look.cushion_width)
    outer = _grow(outline.back_rectangle(spec, look.cushion_width), look.rail_width)
    rails = MeshBuilder()
    rails.add_flat(outer, top, holes=[cut[::-1]], uv_scale=WOOD_UV)
    rails.add_wall(outer, top - look.apron_depth, top, uv_scale=WOOD_UV[0])
    _attach(root, rails, "rails", look.wood, wood, _material(0.35, 40.0))

    pockets = MeshBuilder()
    # The rail's cut faces the pocket from the rail top down to the cloth...
    pockets.add_wall(cut, 0.0, top, outward=False)
    # ...and each hole's liner continues below the cloth to the dark floor.
    for cx, cy, r in geometry.pockets:
        circle = outline.arc((cx, cy), r, 0.0, 2 * np.pi)[:-1]
        pockets.add_wall(circle, -look.pocket_depth, 0.0, outward=False)
    pockets.add_flat(outline.back_rectangle(spec, look.cushion_width), -look.pocket_depth)
    _attach(root, pockets, "pockets", look.liner, None, _material(0.1, 10.0))

    build_markings(spec, look, top).reparentTo(root)
    return root


def _at(points: np.ndarray, z: float) -> np.ndarray:
    """(K, 2) points lifted to height z (m) as (K, 3)."""
    return np.column_stack([points, np.full(len(points), z)])


def _grow(rect: np.ndarray, margin: float) -> np.ndarray:
    """An axis-aligned counter-clockwise rectangle grown by `margin` (m) on every side."""
    lo, hi = rect.min(axis=0) - margin, rect.max(axis=0) + margin
    return np.array([(lo[0], lo[1]), (hi[0], lo[1]), (hi[0], hi[1]), (lo[0], hi[1])])


def _attach(root, mesh: MeshBuilder, name: str, colour, texture, material) -> NodePath:
    node = root.attachNewNode(mesh.node(name))
    node.setColor(*colour, 1.0)
    if texture is not None:
        node.setTexture(texture)
    node.setMaterial(material)
    return node
