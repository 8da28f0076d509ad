"""The cue stick, posed from a `physics_ext.stroke.Stroke`.

The pose comes from the physics' own contact geometry (`strike`): the tip's dome touches
the ball at the stroke's contact point and the cue lies along the stroke's direction, so
what the player sees is what the solver simulates. Table frame, metres.
"""
from __future__ import annotations

import numpy as np
from panda3d.core import NodePath, Point3, Vec3

from game.modelgen.cue import BUTT_RADIUS, CUE_LENGTH, JOINT_RADIUS, JOINT_Z
from physics_ext import constants as C
from physics_ext.stroke import Stroke, strike

__all__ = ["CUE_LENGTH", "Cue", "cue_pose", "radius_at"]


def radius_at(distance: float) -> float:
    """The cue's radius (m) `distance` m behind the tip (clamped to the cue's length): the
    shaft's taper to the joint, then the butt's to the bumper, as the model draws them
    (`game.modelgen.cue`)."""
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
    """The cue's nodes under `parent`: a copy of the loaded cue model (`world.models`, in
    the cue frame: origin at the tip's dome centre, +z towards the butt); hidden until
    posed with `show`."""

    def __init__(self, parent: NodePath, model: NodePath):
        self.root = parent.attachNewNode("cue")
        # The model runs along +z; this child turns it so the cue runs along the pose
        # node's +y, the axis lookAt aims (pitch -90 deg takes +z to +y).
        body = self.root.attachNewNode("body")
        body.setP(-90)
        model.copyTo(body)
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
