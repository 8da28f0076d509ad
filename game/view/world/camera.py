"""Camera placements for `base.camera`: orbiting a point, and straight down on the table.

Plain classes that take the ShowBase (or anything with `.camera` and `.camLens`) and
move its camera; input handling lives elsewhere. Angles in radians, lengths in metres,
table frame (z up). A film region (x0, y0, x1, y1) is a rectangle of the film in its
own units (-1..1 both ways, y up): the part of the screen a view must keep to, e.g.
what the HUD or a panel leaves free.
"""
from __future__ import annotations

import math

from panda3d.core import Point2, Point3, Vec3

NEAR_M = 0.02     # near clip: close enough for a cue ball filling the view
FAR_M = 40.0
FULL_FILM = (-1.0, -1.0, 1.0, 1.0)


def set_clip_planes(base) -> None:
    """Near/far planes for a scene in metres (ShowBase's default near plane is 1 m)."""
    base.camLens.setNearFar(NEAR_M, FAR_M)


class OrbitCamera:
    """The camera on a sphere round `target`, looking at it.

    heading: direction from the target to the camera, seen from above (rad from +x
    towards +y; pi puts the camera beyond the head cushion, looking down the table).
    pitch: the camera's height angle above the target's horizontal plane (rad).
    distance: from the target (m).
    anchor: the film point (x, y) where the target appears (the middle by default): a
    view kept to one side of the screen still orbits round its target.
    """
    MIN_PITCH = math.radians(3.0)
    MAX_PITCH = math.radians(89.0)
    MIN_DISTANCE = 0.15
    MAX_DISTANCE = 8.0

    def __init__(self, base, target=(0.0, 0.0, 0.0), distance: float = 2.5,
                 heading: float = math.pi, pitch: float = math.radians(35.0),
                 anchor=(0.0, 0.0)):
        self.base = base
        self.target = Point3(*target)
        self.anchor = tuple(anchor)
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

    def fit(self, points, margin: float = 0.05, region=FULL_FILM, anchor=None) -> None:
        """Set the distance to the closest at which every point (m, table frame) is in
        the film `region`, `margin` (fraction of the region's half size) inside its
        edges; the target is anchored at `anchor` (default: the region's middle)."""
        x0, y0, x1, y1 = region
        inset = ((x1 - x0) / 2 * margin, (y1 - y0) / 2 * margin)
        low, high = (x0 + inset[0], y0 + inset[1]), (x1 - inset[0], y1 - inset[1])
        self.anchor = ((x0 + x1) / 2, (y0 + y1) / 2) if anchor is None else tuple(anchor)

        def all_in_view(distance):
            self.distance = distance
            self.apply()
            box = self.film_box(points)
            return box is not None and (low[0] <= box[0] and low[1] <= box[1]
                                        and box[2] <= high[0] and box[3] <= high[1])
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

    def frame(self, points, margin: float = 0.03, region=FULL_FILM, rounds: int = 6) -> None:
        """Fit the points (m, table frame) tightly into the film `region`: as `fit`, then
        the target slides across the view until the points' film box is centred in the
        region, and the distance is fitted again. Seen slantwise the near side of an area
        looks larger than its far side, so centring its middle point (as `fit` does)
        would leave a band of the region empty; a few rounds centre the box to well under
        a pixel."""
        x0, y0, x1, y1 = region
        middle = ((x0 + x1) / 2, (y0 + y1) / 2)
        self.fit(points, margin, region)
        for _ in range(rounds):
            bx0, by0, bx1, by1 = self.film_box(points)
            anchor = (self.anchor[0] + middle[0] - (bx0 + bx1) / 2,
                      self.anchor[1] + middle[1] - (by0 + by1) / 2)
            self.fit(points, margin, region, anchor)

    def film_box(self, points):
        """(x0, y0, x1, y1): the film box round the points (m, table frame) from the
        current pose, or None if one of them is behind the lens or off its film."""
        xs, ys = [], []
        for p in points:
            p_cam = self.base.cam.getRelativePoint(self.base.render, Point3(*p))
            p2 = Point2()
            if not self.base.camLens.project(p_cam, p2):
                return None
            xs.append(p2.x)
            ys.append(p2.y)
        return min(xs), min(ys), max(xs), max(ys)

    def set_target(self, target) -> None:
        self.target = Point3(*target)
        self.apply()

    def position(self) -> Point3:
        """The camera's position (m, table frame) for the current angles, distance and
        anchor."""
        back, right, up = self._axes()
        shift_right, shift_up = film_shift(self.base.camLens, self.anchor, self.distance)
        # Sliding the camera across its own view moves the target on the film alone.
        return self.target + back * self.distance - right * shift_right - up * shift_up

    def _axes(self) -> tuple:
        """(back, right, up): unit vectors from the target to the camera, and the
        screen's right and up in the table frame."""
        cp, sp = math.cos(self.pitch), math.sin(self.pitch)
        ch, sh = math.cos(self.heading), math.sin(self.heading)
        back = Vec3(cp * ch, cp * sh, sp)
        right = Vec3(-sh, ch, 0.0)
        return back, right, right.cross(-back)

    def apply(self) -> None:
        position = self.position()
        self.base.camera.setPos(position)
        # "Up" is the world's up plus the view's horizontal forward: for every pitch
        # below 90 degrees both give the same screen-up, and straight down the forward
        # direction alone still fixes it (world up alone would not).
        forward = Vec3(-math.cos(self.heading), -math.sin(self.heading), 0.0)
        self.base.camera.lookAt(position - self._axes()[0], Vec3(0, 0, 1) + forward)


class TopDownCamera:
    """The camera straight above `bounds`, the head end on the left.

    bounds: ((x_min, y_min), (x_max, y_max)) m, the area that must fit in view (the table
    with its rails); height: of the highest thing in it (m). margin: extra view, as a
    fraction of the area's size. region: the film region the area is fitted into.
    """

    def __init__(self, base, bounds, height: float = 0.0, margin: float = 0.04,
                 region=FULL_FILM):
        self.base = base
        self.bounds, self.height, self.margin, self.region = bounds, height, margin, region
        self.apply()

    def apply(self) -> None:
        """Place the camera high enough that the whole area fits the region of the lens's
        current field of view (x across the screen, y up the screen)."""
        centre, z = top_down_view(self.base.camLens, self.bounds, self.height, self.margin,
                                  self.region)
        self.base.camera.setPos(Point3(*centre) + Vec3(0, 0, z))
        self.base.camera.lookAt(Point3(*centre), Vec3(0, 1, 0))


def film_shift(lens, anchor, depth: float) -> tuple:
    """(right, up) m: how far a point `depth` m in front of the camera lies from the
    view's axis when it appears at film point `anchor` (x, y)."""
    fov_x, fov_y = lens.getFov()
    return (anchor[0] * math.tan(math.radians(fov_x) / 2) * depth,
            anchor[1] * math.tan(math.radians(fov_y) / 2) * depth)


def fit_distance(lens, half, region=FULL_FILM) -> float:
    """How far (m) a camera looking square at a flat area must be for the area's half
    sizes `half` = (across the screen, up the screen) to fit the film `region` of the
    lens's field of view."""
    fov_x, fov_y = lens.getFov()
    x0, y0, x1, y1 = region
    return max(half[0] / (math.tan(math.radians(fov_x) / 2) * (x1 - x0) / 2),
               half[1] / (math.tan(math.radians(fov_y) / 2) * (y1 - y0) / 2))


def top_down_view(lens, bounds, height: float, margin: float, region=FULL_FILM) -> tuple:
    """((x, y, 0) looked at, camera height m) of a camera straight down on `bounds`
    ((x0, y0), (x1, y1)) m, whose top is `height` m above the cloth, with `margin`
    (fraction of its size) round it, filling the film `region` and centred in it (the
    head end on the left, +y up the screen). The top's edges are fitted exactly; lower
    parts look smaller, so they are inside too."""
    (x0, y0), (x1, y1) = bounds
    half = ((x1 - x0) / 2 * (1 + margin), (y1 - y0) / 2 * (1 + margin))
    above_top = fit_distance(lens, half, region)
    right, up = film_shift(lens, ((region[0] + region[2]) / 2, (region[1] + region[3]) / 2),
                           above_top)
    return ((x0 + x1) / 2 - right, (y0 + y1) / 2 - up, 0.0), height + above_top
