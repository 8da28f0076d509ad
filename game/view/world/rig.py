"""The play camera: moves smoothly between views, never jumps.

A view is an orbit pose (the point looked at, heading, pitch and distance, as in
`camera.OrbitCamera`). Each frame every number of the pose moves towards the goal's as a
critically damped spring (rate SPRING_RATE, solved exactly over the frame's time): it
starts gently, never overshoots, and moves the same at any frame rate; its velocity
carries over when a new goal arrives mid-move, so changing views never kinks the path.
Angles take the short way round.

Views: `aim_pose` (behind the cue ball, looking along the aim, the cue ball and what it
will meet both well inside the screen), `top_pose` (straight down on the whole table, head
end on the left, in the part of the screen the HUD leaves free), `shot_pose` (every
moving ball inside the part of the screen the HUD leaves free, rising over a spread such
as a break's); `panned` moves a view over the table for the free camera.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, replace

import numpy as np
from panda3d.core import Point3

from physics_ext import MotionState

from .camera import FULL_FILM, OrbitCamera, top_down_view

SPRING_RATE = 7.0           # 1/s: 99 % of the way in about a second
SETTLED_M = 1e-3            # pose difference (m, or rad times 1 m) that counts as arrived
SETTLED_SPEED = 1e-2        # and speed (m/s, or rad/s times 1 m)
AIM_PITCH_RAD = math.radians(16.0)
AIM_DISTANCE_M = 1.0        # the aim view's closest camera (at zoom 1)
# The aim view keeps the centres of the cue ball and of what it meets this far (film
# units, the screen's half height is 1) above and below the middle: the whole balls
# then stay inside the middle 70 % of the screen and clear of the HUD's strips.
AIM_FRAME = 0.5
# The shot view's height angles (rad), the lowest first: the lowest whose farthest moving
# ball is within SHOT_PITCH_SLACK of the nearest any of them gets it (drawn largest).
SHOT_PITCH_SLACK = 1.1
SHOT_PITCHES_RAD = tuple(math.radians(a) for a in (50.0, 58.0, 66.0, 74.0, 82.0))
SHOT_MIN_DISTANCE_M = 0.9   # no closer than this to the cloth point looked at
SHOT_MARGIN_M = 0.06        # cloth kept round each moving ball's centre: the ball and a
                            # little room
# The shot view frames where the moving balls are over this much shot time from the
# moment shown (s), at SHOT_LOOK_STEPS instants: the camera glides there ahead of them
# rather than behind.
SHOT_LOOK_AHEAD_S = 0.6
SHOT_LOOK_STEPS = 7
MOVING_STATES = (MotionState.SLIDING, MotionState.ROLLING, MotionState.AIRBORNE)
TOP_HEADING_RAD = -math.pi / 2      # camera on the -y side: +y is up the screen
TOP_MARGIN = 0.015                  # extra view round what a top view shows, as a fraction
PAN_PER_HEIGHT = 0.75       # free camera: metres the view moves per window height of drag,
                            # per metre of camera distance (the table about follows the
                            # pointer)
MIN_PAN_SLANT = 0.25        # a low view's forward drag is stretched by 1/sin(pitch), at
                            # most by 1/this: the cloth seen slantwise still follows


@dataclass(frozen=True)
class Pose:
    """target: (x, y, z) m looked at; heading, pitch: rad (see OrbitCamera); distance: m."""
    target: tuple
    heading: float
    pitch: float
    distance: float


def _wrap(angle: float) -> float:
    """The angle in (-pi, pi]: the short way round."""
    return math.pi - (math.pi - angle) % (2 * math.pi)


def aim_pose(cue_ball, azimuth: float, reach: float, fov_y: float,
             pitch: float = AIM_PITCH_RAD, zoom: float = 1.0) -> Pose:
    """Behind the cue ball (x, y, z) m, looking along the aim `azimuth` (rad) from `pitch`
    (rad) above, with a lens of vertical field `fov_y` (rad). `reach` (m): how far along
    the aim the cue ball's centre goes before it meets a ball (the ghost ball) or a
    cushion.

    The camera looks at a point `back` m along the aim, from `distance` m. A point s m
    further along the aim than that, at the same height, appears at film height
    s sin(pitch) / (distance + s cos(pitch)) / tan(fov_y / 2). The closest distance that
    keeps the cue ball (s = -back) and the contact (s = reach - back) within AIM_FRAME
    of the middle puts them at -AIM_FRAME and +AIM_FRAME; no closer than
    AIM_DISTANCE_M, and times `zoom` (the player's: < 1 closer). At that distance the
    look-at point sets them equally far below and above the middle; zoomed in closer
    than the frame, the cue ball stays in it and the contact may leave it."""
    k = AIM_FRAME * math.tan(fov_y / 2)
    s, c = math.sin(pitch), math.cos(pitch)
    # Below tan(pitch) = k the whole line ahead stays under +AIM_FRAME (the horizon is
    # lower): only the cue ball limits the distance, and AIM_DISTANCE_M keeps it.
    fit = reach * (s * s - k * k * c * c) / (2 * k * s) if s > k * c else 0.0
    distance = min(max(max(fit, AIM_DISTANCE_M) * zoom, OrbitCamera.MIN_DISTANCE),
                   OrbitCamera.MAX_DISTANCE)
    # Equal heights below and above: back (distance + (reach - back) c) =
    # (reach - back) (distance - back c), a quadratic in back; its root in [0, reach/2].
    back = distance * reach / (c * reach + distance + math.hypot(c * reach, distance))
    back = min(back, k * distance / (s + k * c))      # the cue ball at -AIM_FRAME at most
    x, y, z = cue_ball
    target = (x + back * math.cos(azimuth), y + back * math.sin(azimuth), z)
    return Pose(target, azimuth + math.pi, pitch, distance)


def top_pose(lens, bounds, height: float, region=FULL_FILM) -> Pose:
    """Straight down on `bounds` ((x0, y0), (x1, y1)) m whose top is `height` m above the
    cloth, the whole area in the film `region` of `lens` (see camera.top_down_view), the
    head end on the left."""
    target, z = top_down_view(lens, bounds, height, TOP_MARGIN, region)
    return Pose(target, TOP_HEADING_RAD, math.pi / 2, z)


def framed_position(lens, points: np.ndarray, heading: float, pitch: float,
                    region=FULL_FILM) -> np.ndarray:
    """The camera position (x, y, z) m nearest the points (K, 3) m along its view, for a
    camera at `heading` and `pitch` (rad, as OrbitCamera's) with `lens`, that has every
    point inside the film `region`, the points' film box centred in it.

    In the camera's axes (right, up, back) a point p appears at film x = (p_r - c_r) /
    ((c_b - p_b) tan(fov_x / 2)), so "inside [x0, x1]" is linear in the camera position
    c: x0 t (c_b - p_b) <= p_r - c_r <= x1 t (c_b - p_b). Some c_r meets it for every
    point once c_b >= (max(p_r + x1 t p_b) - min(p_r + x0 t p_b)) / ((x1 - x0) t); the
    least such c_b over both film axes is the closest camera, and c_r, c_u the middle of
    what they may then be."""
    cp, sp = math.cos(pitch), math.sin(pitch)
    ch, sh = math.cos(heading), math.sin(heading)
    back = np.array([cp * ch, cp * sh, sp])
    right = np.array([-sh, ch, 0.0])
    up = np.cross(right, -back)
    fov_x, fov_y = lens.getFov()
    x0, y0, x1, y1 = region
    pts = np.asarray(points, dtype=np.float64)
    pb = pts @ back
    axes = [(pts @ right, math.tan(math.radians(fov_x) / 2), x0, x1),
            (pts @ up, math.tan(math.radians(fov_y) / 2), y0, y1)]
    cb = max(float(np.max(p + lo_hi[1] * t * pb) - np.min(p + lo_hi[0] * t * pb))
             / ((lo_hi[1] - lo_hi[0]) * t) for p, t, *lo_hi in axes)
    middle = []
    for p, t, lo, hi in axes:
        depth = cb - pb
        middle.append(0.5 * (float(np.max(p - hi * t * depth)) + float(np.min(p - lo * t * depth))))
    return middle[0] * right + middle[1] * up + cb * back


def moving_points(result, time: float) -> np.ndarray | None:
    """(K, 3) centres (m) of the balls of `result` (a ShotResult) that move at any of
    SHOT_LOOK_STEPS instants from shot time `time` to SHOT_LOOK_AHEAD_S later (s), where
    they are at those instants; None if none moves (pocketed and gone balls do not)."""
    samples = result.sample(np.linspace(time, time + SHOT_LOOK_AHEAD_S, SHOT_LOOK_STEPS))
    moving = np.isin(samples.states, MOVING_STATES)
    return samples.positions[moving] if moving.any() else None


def shot_pose(lens, points: np.ndarray, heading: float, bounds, region=FULL_FILM) -> Pose:
    """A view from the side `heading` (rad) that has the balls at `points` (K, 3) m, and
    SHOT_MARGIN_M of cloth round each, inside the film `region` of `lens`: at the pitch of
    SHOT_PITCHES_RAD whose farthest ball is about the nearest (SHOT_PITCH_SLACK), no
    nearer than SHOT_MIN_DISTANCE_M to the cloth point it looks at (z = 0). Points are
    taken as clamped into `bounds` ((x0, y0), (x1, y1)) m: a ball flying off the table is
    not followed away."""
    lo, hi = np.asarray(bounds[0]), np.asarray(bounds[1])
    flat = np.column_stack([np.clip(points[:, :2], lo, hi), points[:, 2]])
    ring = SHOT_MARGIN_M * np.array([(1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0),
                                     (0, 0, 1), (0, 0, -1)])
    around = (flat[:, None, :] + ring[None, :, :]).reshape(-1, 3)
    views = []
    for pitch in SHOT_PITCHES_RAD:
        cp = math.cos(pitch)
        back = np.array([cp * math.cos(heading), cp * math.sin(heading), math.sin(pitch)])
        camera = framed_position(lens, around, heading, pitch, region)
        # The cloth point on the view's axis; the camera no nearer to it than the least.
        reach = camera[2] / math.sin(pitch)
        target = camera - back * reach
        distance = max(reach, SHOT_MIN_DISTANCE_M)
        views.append((float(np.max((target + back * distance - flat) @ back)), pitch, target,
                      distance))
    nearest = min(v[0] for v in views)
    _, pitch, target, distance = next(v for v in views if v[0] <= SHOT_PITCH_SLACK * nearest)
    return Pose((float(target[0]), float(target[1]), 0.0), heading, pitch,
                min(distance, OrbitCamera.MAX_DISTANCE))


def panned(pose: Pose, right: float, up: float, bounds) -> Pose:
    """`pose` with the table dragged `right` and `up` window heights across the screen:
    the point looked at moves the other way, in the view's own directions on the cloth,
    kept inside `bounds` ((x0, y0), (x1, y1)) m."""
    h, scale = pose.heading, pose.distance * PAN_PER_HEIGHT
    up /= max(math.sin(pose.pitch), MIN_PAN_SLANT)
    # Screen right on the cloth is (-sin h, cos h); screen up, the view's horizontal
    # forward, is (-cos h, -sin h).
    dx = -(right * -math.sin(h) + up * -math.cos(h))
    dy = -(right * math.cos(h) + up * -math.sin(h))
    (x0, y0), (x1, y1) = bounds
    x, y, z = pose.target
    target = (min(max(x + dx * scale, x0), x1), min(max(y + dy * scale, y0), y1), z)
    return replace(pose, target=target)


def _spring(x: float, v: float, goal: float, dt: float) -> tuple:
    """(x, v) after dt s of a critically damped spring pulling x towards goal."""
    w = SPRING_RATE
    c = x - goal
    k = v + w * c
    decay = math.exp(-w * dt)
    return goal + (c + k * dt) * decay, (v - w * k * dt) * decay


class CameraRig:
    """Moves `base.camera` from pose to pose, smoothly (see the module docstring)."""

    def __init__(self, base, pose: Pose):
        self.camera = OrbitCamera(base, pose.target, pose.distance, pose.heading, pose.pitch)
        self.now = pose
        self.goal = pose
        self._speed = (0.0,) * 6        # d/dt of (x, y, z, heading, pitch, distance)
        self._apply()

    def set_goal(self, pose: Pose, snap: bool = False) -> None:
        """Move towards `pose` from now on; `snap` goes there at once (a new game)."""
        self.goal = pose
        if snap:
            self.now = pose
            self._speed = (0.0,) * 6
            self._apply()

    def zoom_goal(self, factor: float) -> None:
        """Scale the goal's distance (< 1 moves closer) within the orbit camera's limits."""
        distance = min(max(self.goal.distance * factor, OrbitCamera.MIN_DISTANCE),
                       OrbitCamera.MAX_DISTANCE)
        self.goal = replace(self.goal, distance=distance)

    def update(self, dt: float) -> None:
        """Move the pose towards the goal over `dt` seconds."""
        now, goal = self.now, self.goal
        # The heading's goal is taken on the near side of the current heading.
        heading_goal = now.heading + _wrap(goal.heading - now.heading)
        pairs = [_spring(x, v, g, max(dt, 0.0)) for x, v, g in zip(
            (*now.target, now.heading, now.pitch, now.distance), self._speed,
            (*goal.target, heading_goal, goal.pitch, goal.distance))]
        values = [x for x, _ in pairs]
        self._speed = tuple(v for _, v in pairs)
        self.now = Pose(tuple(values[:3]), values[3], values[4], values[5])
        self._apply()

    @property
    def settled(self) -> bool:
        now, goal = self.now, self.goal
        gaps = [abs(a - b) for a, b in zip(now.target, goal.target)]
        gaps += [abs(_wrap(goal.heading - now.heading)), abs(goal.pitch - now.pitch),
                 abs(goal.distance - now.distance)]
        return max(gaps) < SETTLED_M and max(map(abs, self._speed)) < SETTLED_SPEED

    def _apply(self) -> None:
        cam = self.camera
        cam.target = Point3(*self.now.target)
        cam.heading, cam.pitch, cam.distance = self.now.heading, self.now.pitch, self.now.distance
        cam.apply()
