"""The cue: a surface of revolution per part, tip to butt, with wood and wrap textures.

Cue frame (m): origin at the centre of the tip's dome, +z along the cue towards the butt
(the frame the 3D view's cue node uses). The dome's radius is the physics' tip radius and
the shaft at the tip the physics' shaft radius (`physics_ext.constants`), so the tip the
player sees is the one the stroke model strikes with.
"""
from __future__ import annotations

import functools
import math

import numpy as np

from physics_ext import constants as C

from .gltf import Material, Node
from .mesh import Mesh
from .textures import filtered_noise, linear_rgba, png_texture, wood_rgb

CUE_LENGTH = 1.47            # m (58 in), dome centre to butt
JOINT_Z = 0.74               # m from the dome centre to the joint
JOINT_RADIUS = 0.0105
BUTT_RADIUS = 0.0145
TIP_LEATHER = 0.010
FERRULE = 0.025
WRAP = (0.93, 1.20)          # the linen wrap's extent along z (m)
SLICES = 32


def _profiles(tip_radius: float, shaft_radius: float) -> dict:
    """(r, z) profiles of each part, front to back (m, cue frame)."""
    dome_back = -math.sqrt(tip_radius ** 2 - shaft_radius ** 2)
    a = np.linspace(-math.pi / 2, math.atan2(dome_back, shaft_radius), 10)
    dome = np.column_stack([tip_radius * np.cos(a), tip_radius * np.sin(a)])
    dome[0, 0] = 0.0
    z_leather = dome_back + TIP_LEATHER
    z_ferrule = z_leather + FERRULE

    def taper(z0, z1, r0, r1, n=12):
        z = np.linspace(z0, z1, n)
        return np.column_stack([np.interp(z, (z0, z1), (r0, r1)), z])
    r_wrap0 = float(np.interp(WRAP[0], (JOINT_Z, CUE_LENGTH - 0.02), (JOINT_RADIUS, BUTT_RADIUS)))
    r_wrap1 = float(np.interp(WRAP[1], (JOINT_Z, CUE_LENGTH - 0.02), (JOINT_RADIUS, BUTT_RADIUS)))
    return {
        "tip": np.vstack([dome, [(shaft_radius, z_leather)]]),
        "ferrule": np.array([(shaft_radius, z_leather), (shaft_radius, z_ferrule)]),
        "shaft": taper(z_ferrule, JOINT_Z - 0.012, shaft_radius, JOINT_RADIUS - 0.0002, 24),
        "joint": np.array([(JOINT_RADIUS - 0.0002, JOINT_Z - 0.012),
                           (JOINT_RADIUS + 0.0003, JOINT_Z - 0.010),
                           (JOINT_RADIUS + 0.0003, JOINT_Z + 0.010),
                           (JOINT_RADIUS, JOINT_Z + 0.012)]),
        "forearm": taper(JOINT_Z + 0.012, WRAP[0], JOINT_RADIUS, r_wrap0, 10),
        "wrap": taper(WRAP[0], WRAP[1], r_wrap0 - 0.0003, r_wrap1 - 0.0003, 6),
        "sleeve": taper(WRAP[1], CUE_LENGTH - 0.02, r_wrap1, BUTT_RADIUS, 8),
        "bumper": np.array([(BUTT_RADIUS, CUE_LENGTH - 0.02), (BUTT_RADIUS, CUE_LENGTH - 0.003),
                            (BUTT_RADIUS - 0.003, CUE_LENGTH), (0.0, CUE_LENGTH)]),
    }


def _forearm_rgb(width: int = 256, height: int = 512) -> np.ndarray:
    """The forearm: maple with four ebony points rising from the wrap towards the joint (u
    round the cue, v along it from the joint, row 0 at the joint)."""
    ebony = wood_rgb(height, width, seed=81, dark=(0.05, 0.03, 0.02), light=(0.15, 0.08, 0.04),
                     rings=30.0).transpose(1, 0, 2)
    maple = wood_rgb(height, width, seed=83, dark=(0.70, 0.52, 0.30), light=(0.90, 0.74, 0.50),
                     rings=20.0).transpose(1, 0, 2)
    u = (np.arange(width) + 0.5)[None, :] / width * 4 % 1.0           # four points
    v = (np.arange(height) + 0.5)[:, None] / height
    # A point is an ebony triangle from the wrap (full width) to its apex at v = 0.2.
    inside = np.abs(u - 0.5) < 0.5 * (v - 0.2) / 0.8
    return np.where(inside[..., None], ebony, maple)


def _wrap_rgb(size: int = 256) -> np.ndarray:
    """Irish linen wrap: dark threads wound round the cue, fine speckle."""
    n = filtered_noise((size, size), 91, 0.7, 0.7)
    thread = 0.5 + 0.5 * np.sin(np.arange(size)[:, None] * math.pi / 2)
    g = 0.10 + 0.03 * n + 0.03 * thread
    return np.clip(np.stack([g, g * 0.95, g * 0.9], axis=-1), 0.0, 1.0)


def cue_meshes() -> dict:
    """{part name: Mesh} of the cue, tip to butt, in the cue frame."""
    mats = _materials()
    meshes = {}
    for name, profile in _profiles(C.CUE_TIP_RADIUS, C.CUE_SHAFT_RADIUS).items():
        z = profile[:, 1]
        if name == "shaft":
            v = (z - z[0]) / 0.7          # the maple's grain: one tile per 0.7 m
        elif name == "forearm":
            v = (z - z[0]) / (z[-1] - z[0])
        else:
            v = (z - z[0]) / 0.05
        meshes[name] = Mesh(mats[name]).revolution(profile, SLICES, v=v)
    return meshes


@functools.lru_cache(maxsize=1)
def _materials() -> dict:
    """The cue's materials, made once per process (the room's rack uses them too)."""
    # Grain along the image's rows, which run along the shaft (v).
    shaft_tex = png_texture("maple", wood_rgb(512, 64, seed=71, dark=(0.74, 0.58, 0.38),
                                              light=(0.90, 0.78, 0.58),
                                              rings=4.0).transpose(1, 0, 2))
    mats = {
        "tip": Material("cue_tip", linear_rgba((0.16, 0.30, 0.62)), 0.0, 0.85),
        "ferrule": Material("ferrule", linear_rgba((0.94, 0.92, 0.86)), 0.0, 0.3),
        "shaft": Material("maple", (1.0, 1.0, 1.0, 1.0), 0.0, 0.35, shaft_tex),
        "joint": Material("steel", linear_rgba((0.85, 0.85, 0.86)), 1.0, 0.2),
        "forearm": Material("forearm", (1.0, 1.0, 1.0, 1.0), 0.0, 0.25,
                            png_texture("forearm", _forearm_rgb())),
        "wrap": Material("linen_wrap", (1.0, 1.0, 1.0, 1.0), 0.0, 0.9,
                         png_texture("linen", _wrap_rgb())),
        "sleeve": Material("sleeve", linear_rgba((0.07, 0.035, 0.02)), 0.0, 0.25),
        "bumper": Material("bumper", linear_rgba((0.03, 0.03, 0.03)), 0.0, 0.7),
    }
    return mats


def build_cue() -> Node:
    """The cue as a node "cue" with a child per part (tip, ferrule, shaft, joint, forearm,
    wrap, sleeve, bumper), in the cue frame."""
    root = Node("cue", extras={"length_m": CUE_LENGTH, "tip_radius_m": C.CUE_TIP_RADIUS,
                               "shaft_radius_m": C.CUE_SHAFT_RADIUS})
    for name, mesh in cue_meshes().items():
        root.add(Node(name, [mesh.primitive()]))
    return root
