"""Camera placements for `base.camera`: orbiting a point, and straight down on the table.

Plain classes that take the ShowBase (or anything with `.camera` and `.camLens`) and
move its camera; input handling lives elsewhere. Angles in radians, lengths in metres,
table frame (z up).
"""
from __future__ import annotations

import math

from panda3d.core import Point2, Point3, Vec3

NEAR_M = 0.02     # near clip: close enough for a cue ball filling the view
FAR_M = 40.0


def set_clip_planes(base) -> None:
    """Near/far planes for a scene in metres (ShowBase's default near plane is 1 m)."""
    base.camLens.setNearFar(NEAR_M, FAR_M)


class OrbitCamera:
    """The camera on a sphere round `target`, looking at it.

    heading: direction from the target to the camera, seen from above (rad from +x
    towards +y; pi puts the camera beyond the head cushion, looking down the table).
    pitch: the camera's height angle above the target's horizontal plane (rad).
    distance: from the target (m).
    """
    MIN_PITCH = math.radians(3.0)
    MAX_PITCH = math.radians(89.0)
    MIN_DISTANCE = 0.15
    MAX_DISTANCE = 8.0

    def __init__(self, base, target=(0.0, 0.0, 0.0), distance: float = 2.5,
                 heading: float = math.pi, pitch: float = math.radians(35.0)):
        self.base = base
        self.target = Point3(*target)
        self.distance = distance
        self.heading = heading
        self.pitch = pitch
        self.apply()

    def orbit(self, d_heading: float, d_pitch: float) -> None:
        """Turn round the target by d_heading and tilt by d_pitch (rad); pitch is kept
        between MIN_PITCH and MAX_PITCH so the camera never flips over the top."""
        self.heading = (self.heading + d_heading) % (2 * math.pi)
        self.pitch = min(max(self.pitch + d_pitch, self.MIN_PITCH), self.MAX_PITCH)
        self.apply()

    def zoom(self, factor: float) -> None:
        """Multiply the distance by `factor` (< 1 moves closer), within limits."""
        self.distance = min(max(self.distance * factor, self.MIN_DISTANCE), self.MAX_DISTANCE)
        self.apply()

    def fit(self, points, margin: float = 0.05) -> None:
        """Set the distance to the closest at which every point (m, table frame) is in
        view, `margin` (fraction of the half-screen) inside the edges."""
        def all_in_view(distance):
            self.distance = distance
            self.apply()
            for p in points:
                p_cam = self.base.cam.getRelativePoint(self.base.render, Point3(*p))
                p2 = Point2()
                if not self.base.camLens.project(p_cam, p2) or max(abs(p2.x), abs(p2.y)) > 1 - margin:
                    return False
            return True
        near, far = self.MIN_DISTANCE, self.MAX_DISTANCE
        if not all_in_view(far):
            raise ValueError("the points do not fit in view even at the largest distance")
        for _ in range(30):         # bisection to about 8 m / 2^30: far below a pixel
            mid = (near + far) / 2
            if all_in_view(mid):
                far = mid
            else:
                near = mid
        all_in_view(far)

    def set_target(self, target) -> None:
        self.target = Point3(*target)
        self.apply()

    def position(self) -> Point3:
        """The camera's position (m, table frame) for the current angles and distance."""
        cp = math.cos(self.pitch)
        return self.target + Vec3(cp * math.cos(self.heading), cp * math.sin(self.heading),
                                  math.sin(self.pitch)) * self.distance

    def apply(self) -> None:
        self.base.camera.setPos(self.position())
        # "Up" is the world's up plus the view's horizontal forward: for every pitch
        # below 90 degrees both give the same screen-up, and straight down the forward
        # direction alone still fixes it (world up alone would not).
        forward = Vec3(-math.cos(self.heading), -math.sin(self.heading), 0.0)
        self.base.camera.lookAt(self.target, Vec3(0, 0, 1) + forward)


class TopDownCamera:
    """The camera straight above the centre of `bounds`, the head end on the left.

    bounds: ((x_min, y_min), (x_max, y_max)) m, the area that must fit in view (the table
    with its rails); height: of the highest thing in it (m). margin: extra view, as a
    fraction of the area's size.
    """

    def __init__(self, base, bounds, height: float = 0.0, margin: float = 0.04):
        self.base = base
        (x0, y0), (x1, y1) = bounds
        self.centre = Point3((x0 + x1) / 2, (y0 + y1) / 2, 0.0)
        self.half = ((x1 - x0) / 2 * (1 + margin), (y1 - y0) / 2 * (1 + margin))
        self.height = height
        self.apply()

    def apply(self) -> None:
        """Place the camera high enough that the whole area fits the lens's current field
        of view (x across the screen, y up the screen)."""
        z = self.height + fit_distance(self.base.camLens, self.half)
        self.base.camera.setPos(self.centre + Vec3(0, 0, z))
        self.base.camera.lookAt(self.centre, Vec3(0, 1, 0))


def fit_distance(lens, half) -> float:
    """How far (m) a camera looking square at a flat area must be for the area's half
    sizes `half` = (across the screen, up the screen) to fit the lens's field of view."""
    fov_x, fov_y = lens.getFov()
    return max(half[0] / math.tan(math.radians(fov_x) / 2),
               half[1] / math.tan(math.radians(fov_y) / 2))
