"""The room round a table, and the lamp over it, in that table's frame (m, z up, the cloth
at z = 0, the floor at z = -TABLE_HEIGHT).

Nodes: floor, walls (plaster over a wooden wainscot, with a dado rail and skirting),
ceiling (facing down only, so a camera above it sees through it), pictures (three framed
paintings), cue_rack (a rack on the wall with four cues), and lamp: a bar of shades over
the table's length with an emissive bulb in each shade and an empty node "bulb<i>" at each
bulb's centre, where the scene's lights belong (extras: "light": "spot", aiming down).
Walls, floor and pictures face into the room; seen from outside they vanish.
"""
from __future__ import annotations

import functools
import math

import numpy as np

from physics_ext.table import TableSpec

from .cue import CUE_LENGTH, cue_meshes
from .gltf import Material, Node
from .mesh import Mesh
from .table import TABLE_HEIGHT, TableLook
from .textures import floor_rgb, linear_rgba, picture_rgb, plaster_rgb, png_texture, wood_rgb

CLEARANCE = (1.75, 1.6)       # floor beyond the rails, along x and along y (m): room to cue
ROOM_HEIGHT = 2.75            # floor to ceiling (m)
WAINSCOT = 0.95               # height of the wooden panelling (m)
LAMP_HEIGHT = 1.0             # bulb centres above the cloth (m)
SHADE_SPACING = 0.72          # between shade centres (m)
FLOOR_TILE_M = 2.4
WALL_TILE_M = 2.0


def room_size(spec: TableSpec, look: TableLook | None = None) -> tuple:
    """(x0, y0, x1, y1): the room's inner walls in the table frame (m)."""
    look = look or TableLook.for_table(spec)
    reach = look.cushion_width + look.rail_width
    return (-reach - CLEARANCE[0], -reach - CLEARANCE[1],
            spec.length + reach + CLEARANCE[0], spec.width + reach + CLEARANCE[1])


def _quad(mesh: Mesh, origin, u_edge, v_edge, uv=((0, 1), (1, 1), (1, 0), (0, 0))) -> None:
    """A flat quad origin, +u_edge, +u_edge+v_edge, +v_edge (3-vectors, m), facing the side
    of u_edge x v_edge; uv per corner (image top at v = 0)."""
    o, u, v = (np.asarray(a, dtype=np.float64) for a in (origin, u_edge, v_edge))
    n = np.cross(u, v)
    mesh.add([o, o + u, o + u + v, o + v], np.tile(n, (4, 1)), uv, [(0, 1, 2), (0, 2, 3)])


def _walls(box, mats) -> dict:
    x0, y0, x1, y1 = box
    floor = -TABLE_HEIGHT
    ceiling = floor + ROOM_HEIGHT
    inner = np.array([(x0, y0), (x1, y0), (x1, y1), (x0, y1)])
    plaster = Mesh(mats["plaster"])
    panel = Mesh(mats["panel"])
    trim = Mesh(mats["trim"])
    # Walls face into the room: walk the rectangle clockwise (seen from above).
    ring = inner[::-1]
    plaster.wall(ring, floor + WAINSCOT, ceiling, uv_scale=1 / WALL_TILE_M)
    panel.wall(ring, floor, floor + WAINSCOT, uv_scale=1 / 1.2)
    offset = np.array([(0.02, 0.02), (-0.02, 0.02), (-0.02, -0.02), (0.02, -0.02)])
    for z0, z1 in ((floor, floor + 0.12), (floor + WAINSCOT - 0.02, floor + WAINSCOT + 0.03)):
        band = (inner + offset)[::-1]
        trim.wall(band, z0, z1, uv_scale=1 / 1.2)
        # Its top: a thin ledge between the wall and the band.
        trim.flat(inner, z1, holes=[inner + offset])
    return {"plaster": plaster, "panel": panel, "trim": trim}


def _pictures(box, mats) -> Node:
    """Three framed paintings: one on each long wall, one on the foot wall."""
    x0, y0, x1, y1 = box
    z = -TABLE_HEIGHT + 1.65              # picture centres above the floor
    node = Node("pictures")
    frame = Mesh(mats["frame"])
    places = [((x0 + x1) / 2 - 0.9, y1, (1, 0), (0, -1)),     # (x, y, along the wall, into room)
              ((x0 + x1) / 2 + 0.9, y0, (-1, 0), (0, 1)),
              (x1, (y0 + y1) / 2, (0, -1), (-1, 0))]
    w, h, depth, border = 0.80, 0.60, 0.035, 0.06
    for k, (x, y, along, into) in enumerate(places):
        along = np.array([*along, 0.0])
        into = np.array([*into, 0.0])
        up = np.array([0.0, 0.0, 1.0])
        centre = np.array([x, y, z]) + into * 0.005
        canvas = Mesh(Material(f"painting{k}", (1.0, 1.0, 1.0, 1.0), 0.0, 0.7,
                               png_texture(f"painting{k}", picture_rgb(100 + k))))
        _quad(canvas, centre + into * depth - along * w / 2 - up * h / 2, along * w, up * h)
        node.add(Node(f"picture{k}", [canvas.primitive()]))
        # The frame: four bars round the canvas, standing out from the wall.
        ow, oh = w / 2 + border, h / 2 + border
        for sx, sy, length, span in ((0, 1, 2 * ow, "h"), (0, -1, 2 * ow, "h"),
                                     (1, 0, 2 * oh, "v"), (-1, 0, 2 * oh, "v")):
            c = centre + along * sx * (w / 2 + border / 2) + up * sy * (h / 2 + border / 2)
            a = along * (length / 2 if span == "h" else border / 2)
            b = up * (border / 2 if span == "h" else length / 2)
            _slab(frame, c, a, b, into * (depth + 0.012))
    node.add(Node("frames", [frame.primitive()]))
    return node


def _slab(mesh: Mesh, centre, half_u, half_v, depth) -> None:
    """A box standing out of a wall: centre on the wall, half extents half_u, half_v (3-
    vectors, m) along it and `depth` (vector, m) out of it; the five faces that can be
    seen, each turned to face away from the box's middle."""
    c = np.asarray(centre, dtype=np.float64)
    u, v, d = (np.asarray(a, dtype=np.float64) for a in (half_u, half_v, depth))
    middle = c + d / 2
    faces = [(c + d - u - v, 2 * u, 2 * v), (c - u - v, 2 * u, d), (c - u + v, 2 * u, d),
             (c - u - v, 2 * v, d), (c + u - v, 2 * v, d)]
    for origin, a, b in faces:
        if np.dot(np.cross(a, b), origin + (a + b) / 2 - middle) < 0:
            origin, a, b = origin, b, a
        _quad(mesh, origin, a, b)


def _cue_rack(box, mats) -> Node:
    """A wooden rack on the head wall holding four cues upright, butts on a ledge."""
    x0, y0, x1, y1 = box
    node = Node("cue_rack")
    board = Mesh(mats["frame"])
    yc = (y0 + y1) / 2
    into = np.array([1.0, 0.0, 0.0])
    along = np.array([0.0, 1.0, 0.0])
    up = np.array([0.0, 0.0, 1.0])
    floor = -TABLE_HEIGHT
    base_z = floor + 0.15
    for z, height in ((base_z, 0.06), (base_z + 1.15, 0.05)):
        _slab(board, np.array([x0, yc, z + height / 2]), along * 0.36, up * height / 2,
              into * 0.07)
    parts = cue_meshes()
    # Cue frame +z (towards the butt) turned to point down the wall: a half turn about x.
    turn = np.array([[1.0, 0.0, 0.0], [0.0, -1.0, 0.0], [0.0, 0.0, -1.0]])
    # One node per cue part holding all four cues: 8 draw calls, not 32.
    for name, mesh in parts.items():
        rack = Mesh(mesh.material)
        for k in range(4):
            offset = (x0 + 0.045, yc - 0.24 + k * 0.16, base_z + 0.06 + CUE_LENGTH)
            rack.extend(mesh.transformed(turn, offset))
        node.add(Node(f"rack_cues_{name}", [rack.primitive()]))
    node.add(Node("rack_board", [board.primitive()]))
    return node


def _lamp(spec: TableSpec, mats) -> Node:
    """The shades over the table's long axis, their bar, rods and bulbs."""
    count = 3 if spec.length > 2.2 else 2
    xc, yc = spec.length / 2, spec.width / 2
    xs = xc + SHADE_SPACING * (np.arange(count) - (count - 1) / 2)
    z = LAMP_HEIGHT
    node = Node("lamp", extras={"bulbs": count})
    outside, inside, brass, bulb = (Mesh(mats[k]) for k in ("shade", "shade_inside", "brass",
                                                             "bulb"))
    # A shade is a cone: rim radius 0.19 m, 0.06 m at the top, 0.2 m tall above the rim.
    rim_z, top_z = z - 0.06, z + 0.14
    profile = np.array([(0.19, rim_z), (0.16, rim_z + 0.05), (0.10, rim_z + 0.14),
                        (0.06, top_z)])
    for x in xs:
        at = (x, yc, 0.0)
        outside.extend(Mesh(mats["shade"]).revolution(profile, 48).transformed(np.eye(3), at))
        inside.extend(Mesh(mats["shade_inside"]).revolution(profile[::-1], 48)
                      .transformed(np.eye(3), at))
        ring = np.array([(0.19, rim_z - 0.006), (0.197, rim_z - 0.003), (0.197, rim_z + 0.004),
                         (0.19, rim_z + 0.007)])
        brass.extend(Mesh(mats["brass"]).revolution(ring, 48).transformed(np.eye(3), at))
        a = np.linspace(-math.pi / 2, math.pi / 2, 12)
        sphere = 0.04 * np.column_stack([np.cos(a), np.sin(a)])
        sphere[0, 0] = sphere[-1, 0] = 0.0
        bulb.extend(Mesh(mats["bulb"]).revolution(sphere + (0.0, z), 24)
                    .transformed(np.eye(3), (x, yc, 0.0)))
        node.add(Node(f"bulb{len(node.children)}", translation=(float(x), float(yc), z),
                      extras={"light": "spot", "direction": [0.0, 0.0, -1.0],
                              "cone_half_angle_deg": 62.0}))
    # The bar the shades hang from, and two rods up to the ceiling.
    half = (xs[-1] - xs[0]) / 2 + 0.25
    bar = Mesh(mats["brass"]).box((xc - half, yc - 0.025, top_z), (xc + half, yc + 0.025,
                                                                   top_z + 0.04))
    ceiling = -TABLE_HEIGHT + ROOM_HEIGHT
    for x in (xc - half + 0.1, xc + half - 0.1):
        bar.extend(Mesh(mats["brass"]).revolution(np.array([(0.006, top_z + 0.04),
                                                            (0.006, ceiling)]), 12)
                   .transformed(np.eye(3), (x, yc, 0.0)))
    for name, mesh in (("lamp_shades", outside), ("lamp_shades_inside", inside),
                       ("lamp_brass", brass), ("lamp_bulbs", bulb), ("lamp_bar", bar)):
        node.add(Node(name, [mesh.primitive()]))
    return node


@functools.lru_cache(maxsize=1)
def _materials() -> dict:
    return {
        "floor": Material("oak_floor", (1.0, 1.0, 1.0, 1.0), 0.0, 0.45,
                          png_texture("oak_floor", floor_rgb())),
        "plaster": Material("plaster", (1.0, 1.0, 1.0, 1.0), 0.0, 0.9,
                            png_texture("plaster", plaster_rgb())),
        "ceiling": Material("ceiling", linear_rgba((0.62, 0.60, 0.56)), 0.0, 0.95),
        "panel": Material("wainscot", (1.0, 1.0, 1.0, 1.0), 0.0, 0.4,
                          png_texture("wainscot", wood_rgb(512, 256, seed=101,
                                                           dark=(0.16, 0.08, 0.04),
                                                           light=(0.32, 0.17, 0.08)))),
        "trim": Material("trim", linear_rgba((0.12, 0.06, 0.03)), 0.0, 0.35),
        "frame": Material("gilt_frame", linear_rgba((0.55, 0.42, 0.18)), 0.8, 0.35),
        "shade": Material("lamp_shade", linear_rgba((0.05, 0.22, 0.12)), 0.3, 0.35),
        "shade_inside": Material("lamp_shade_inside", linear_rgba((0.92, 0.90, 0.84)), 0.0, 0.6),
        "brass": Material("brass", linear_rgba((0.78, 0.60, 0.30)), 1.0, 0.3),
        "bulb": Material("bulb", linear_rgba((1.0, 0.97, 0.9)), 0.0, 0.5,
                         emissive=(1.0, 0.92, 0.78)),
    }


def build_room(spec: TableSpec, look: TableLook | None = None) -> Node:
    """The room and lamp for the table of `spec`, in its table frame."""
    box = room_size(spec, look)
    x0, y0, x1, y1 = box
    mats = _materials()
    root = Node("room", extras={"table": spec.name, "walls_m": [float(v) for v in box],
                                "floor_z_m": -TABLE_HEIGHT,
                                "ceiling_z_m": -TABLE_HEIGHT + ROOM_HEIGHT})
    rect = np.array([(x0, y0), (x1, y0), (x1, y1), (x0, y1)])
    floor = Mesh(mats["floor"]).flat(rect, -TABLE_HEIGHT, uv_scale=1 / FLOOR_TILE_M)
    root.add(Node("floor", [floor.primitive()]))
    walls = _walls(box, mats)
    root.add(Node("walls", [m.primitive() for m in walls.values()]))
    ceiling = Mesh(mats["ceiling"]).flat(rect, -TABLE_HEIGHT + ROOM_HEIGHT, up=False)
    root.add(Node("ceiling", [ceiling.primitive()]))
    root.add(_pictures(box, mats))
    root.add(_cue_rack(box, mats))
    root.add(_lamp(spec, mats))
    return root
