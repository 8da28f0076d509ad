"""The cue stick, posed from a `physics_ext.stroke.Stroke`.

The pose comes from the physics' own contact geometry (`strike`): the tip's dome touches
the ball at the stroke's contact point and the cue lies along the stroke's direction, so
what the player sees is what the solver simulates. Table frame, metres.
"""
from __future__ import annotations

import numpy as np
from panda3d.core import Material, NodePath, Point3, Vec3

from physics_ext import constants as C
from physics_ext.stroke import Stroke, strike

from .mesh import MeshBuilder

CUE_LENGTH = 1.47            # m (58 in), tip to butt
JOINT_Z = 0.74               # m from the tip's dome centre to the joint
JOINT_RADIUS = 0.0105        # m
BUTT_RADIUS = 0.0145         # m
TIP_LEATHER = 0.010          # m of tip leather behind the dome
FERRULE = 0.025              # m
SLICES = 24                  # round the cue

# (name, RGB) of each part, tip to butt.
PART_COLOURS = {"tip": (0.18, 0.32, 0.62), "ferrule": (0.93, 0.91, 0.84),
                "shaft": (0.86, 0.74, 0.55), "butt": (0.16, 0.07, 0.035),
                "bumper": (0.03, 0.03, 0.03)}


def _profiles(tip_radius: float, shaft_radius: float) -> dict:
    """(r, z) profiles (m) of each part in the cue frame: origin at the centre of the tip's
    dome, +z towards the butt. Each runs from its front to its back."""
    dome_back = -np.sqrt(tip_radius ** 2 - shaft_radius ** 2)   # where the dome meets the shaft
    a = np.linspace(-np.pi / 2, np.arctan2(dome_back, shaft_radius), 8)
    dome = np.column_stack([tip_radius * np.cos(a), tip_radius * np.sin(a)])
    z_leather = dome_back + TIP_LEATHER
    z_ferrule = z_leather + FERRULE
    return {
        "tip": np.vstack([dome, [(shaft_radius, z_leather)]]),
        "ferrule": np.array([(shaft_radius, z_leather), (shaft_radius, z_ferrule)]),
        "shaft": np.array([(shaft_radius, z_ferrule), (JOINT_RADIUS, JOINT_Z)]),
        "butt": np.array([(JOINT_RADIUS, JOINT_Z), (BUTT_RADIUS, CUE_LENGTH - 0.02)]),
        "bumper": np.array([(BUTT_RADIUS, CUE_LENGTH - 0.02), (BUTT_RADIUS, CUE_LENGTH),
                            (0.0, CUE_LENGTH)]),
    }


def radius_at(distance: float) -> float:
    """The cue's radius (m) `distance` m behind the tip (clamped to the cue's length): the
    shaft's taper to the joint, then the butt's to the bumper, as the mesh draws them."""
    return float(np.interp(distance, (0.0, JOINT_Z, CUE_LENGTH),
                           (C.CUE_SHAFT_RADIUS, JOINT_RADIUS, BUTT_RADIUS)))


def cue_pose(centre, radius: float, mass: float, stroke: Stroke, gap: float = 0.0) -> tuple:
    """Where to draw the cue for `stroke` on a ball of `radius` (m) and `mass` (kg) centred
    at `centre` (x, y, z) m: returns (dome_centre, axis), both (3,) arrays in the table
    frame. axis is the unit vector along which the cue moves (towards the ball); the cue
    body extends from dome_centre along -axis. gap: distance (m) the tip is drawn back
    from the ball along the axis (0: touching at the contact point)."""
    hit = strike(stroke, radius, mass)
    normal = hit.contact_point / radius
    # The dome's centre lies on the contact normal, one dome radius beyond the ball.
    dome = np.asarray(centre, dtype=np.float64) + (radius + C.CUE_TIP_RADIUS) * normal
    return dome - gap * hit.cue_direction, np.array(hit.cue_direction)


class Cue:
    """The cue's nodes under `parent`; hidden until posed with `show`."""

    def __init__(self, parent: NodePath):
        self.root = parent.attachNewNode("cue")
        # The meshes run along +z; this child turns them so the cue runs along the pose
        # node's +y, the axis lookAt aims (pitch -90 deg takes +z to +y).
        body = self.root.attachNewNode("body")
        body.setP(-90)
        material = Material("cue")
        material.setSpecular((0.3, 0.3, 0.3, 1.0))
        material.setShininess(30.0)
        body.setMaterial(material)
        for name, profile in _profiles(C.CUE_TIP_RADIUS, C.CUE_SHAFT_RADIUS).items():
            mesh = MeshBuilder()
            mesh.add_revolution(profile, SLICES)
            part = body.attachNewNode(mesh.node(name))
            part.setColor(*PART_COLOURS[name], 1.0)
        self.root.hide()

    def show(self, centre, radius: float, mass: float, stroke: Stroke,
             gap: float = 0.0) -> None:
        """Pose the cue for `stroke` against the ball at `centre` (see `cue_pose`)."""
        dome, axis = cue_pose(centre, radius, mass, stroke, gap)
        self.root.setPos(*dome)
        # Aim the node's +y backwards along the cue; "up" is any vector off the axis.
        up = Vec3(0, 0, 1) if abs(axis[2]) < 0.99 else Vec3(1, 0, 0)
        self.root.lookAt(Point3(*(dome - axis)), up)
        self.root.show()

    def hide(self) -> None:
        self.root.hide()

    def destroy(self) -> None:
        self.root.removeNode()
