"""Plane geometry of aiming, in the table frame (metres, radians; angles from +x towards
+y): the window through which a ball drops into each pocket, whether a ball's straight
path is clear of the other balls, and rail reflections for banks and kicks.

Everything here is closed-form and vectorised with numpy; the solver judges the strokes
afterwards, so these are estimates that rank and aim candidates, not rulings.
"""
from __future__ import annotations

import functools
import math
from dataclasses import dataclass

import numpy as np

from physics_ext import TableSpec, contact_distance

# A ball centre must pass this far inside the hole's edge to count as aimed into it (m).
HOLE_MARGIN = 0.005
# Paths may graze other balls by this much without counting as blocked (m).
PATH_SLACK = 1e-4


def wrap(angle):
    """Angle(s) wrapped to (-pi, pi]."""
    return (np.asarray(angle) + np.pi) % (2.0 * np.pi) - np.pi


@dataclass(frozen=True)
class Pockets:
    """The six pockets as aiming needs them (indexed by physics_ext.Pocket).

    holes: (6, 2) hole centres; hole_radius: (6,); tips: (6, 2, 2) the centres of the two
    rounded jaw tips of each pocket; marks: (18, 2) the holes, then the tips pocket by
    pocket (one array to measure from); tip_radius: m; axis: (6, 2) unit vectors from the
    mouth into the pocket; mouth: (6, 2) mouth midpoints (between the jaw points), and
    mouth_points the same as (x, y) tuples of floats."""
    holes: np.ndarray
    hole_radius: np.ndarray
    tips: np.ndarray
    marks: np.ndarray
    tip_radius: float
    axis: np.ndarray
    mouth: np.ndarray
    mouth_points: tuple


def norms(v: np.ndarray) -> np.ndarray:
    """The Euclidean lengths of the float 2-vectors along the last axis of `v`: the same
    numbers as np.linalg.norm(v, axis=-1) (its own sum of the two squares, then the square
    root), without its checks and its reduction over an axis two long, which cost more than
    the sums on these few points."""
    return np.sqrt(dot2(v, v))


def dot2(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """The dot products of the 2-vectors along the last axis of `a` and `b` (broadcast):
    a_x b_x + a_y b_y, the same numbers as np.einsum's sums of the two products, without
    its dispatch, which costs more than the sums on these few points."""
    return a[..., 0] * b[..., 0] + a[..., 1] * b[..., 1]


def clip01(v: np.ndarray) -> np.ndarray:
    """`v` clipped to [0, 1]: np.clip(v, 0.0, 1.0)'s numbers, with less overhead."""
    return np.minimum(np.maximum(v, 0.0), 1.0)


def pockets_of(table: TableSpec) -> Pockets:
    """The pockets of `table` (cached per table; the table last asked about is found
    without hashing it: every aim asks)."""
    last = _last_pockets[0]
    if last is not None and last[0] is table:
        return last[1]
    pockets = _pockets_of(table)
    _last_pockets[0] = (table, pockets)
    return pockets


# (table, Pockets) of the table pockets_of was last asked about.
_last_pockets = [None]


@functools.lru_cache(maxsize=8)
def _pockets_of(table: TableSpec) -> Pockets:
    geo = table.geometry()
    holes = np.array(geo.pockets[:, :2])
    mouth = np.array(geo.jaw_points).reshape(6, 2, 2).mean(axis=1)
    axis = holes - mouth
    axis /= np.linalg.norm(axis, axis=1)[:, None]
    tips = np.array(geo.tips[:, :2]).reshape(6, 2, 2)
    tip_radius = float(geo.tips[0, 2]) if len(geo.tips) else 0.0
    return Pockets(holes=holes, hole_radius=np.array(geo.pockets[:, 2]), tips=tips,
                   marks=np.concatenate((holes, tips.reshape(12, 2))), tip_radius=tip_radius,
                   axis=axis, mouth=mouth, mouth_points=tuple(map(tuple, mouth.tolist())))


def pocket_windows(table: TableSpec, balls: np.ndarray, radius):
    """For balls of `radius` (m, a number or one per ball) at `balls` (n, 2): the
    directions in which each drops straight into each pocket, clear of both jaw tips and
    over the hole.

    Returns (aim, half, distance), each (n, 6), read-only: the middle of the window (rad),
    its half-width (rad, <= 0 where the pocket cannot be reached straight) and the
    distance to the hole centre (m). The answer for the balls last asked about is kept:
    a player asks for the same ball again where he places the cue ball and where he
    aims, and a search for every spot it rates."""
    p = pockets_of(table)
    radius = np.asarray(radius, dtype=float)
    key = (balls.dtype.str, balls.shape, balls.tobytes(),
           radius.tobytes() if radius.ndim else radius.tobytes() * len(balls))
    last = _last_windows[0]
    if last is not None and last[0] is p and last[1] == key:
        return last[2]
    windows = _windows(p, balls, radius)
    for array in windows:
        array.flags.writeable = False
    _last_windows[0] = (p, key, windows)
    return windows


# (Pockets, key of the balls and radii, answer) of the balls pocket_windows last measured.
_last_windows = [None]


def _windows(p: Pockets, balls: np.ndarray, radius: np.ndarray) -> tuple:
    """pocket_windows' answer, computed, for the pockets `p`."""
    n = len(balls)
    # The hole centres and the jaw tips' centres (p.marks) seen from each ball, all in one
    # go: columns 0-5 the holes, 6-17 the tips, two a pocket.
    rel = p.marks[None, :, :] - balls[:, None, :]                      # (n, 18, 2)
    dist_all = norms(rel)
    angle_all = np.arctan2(rel[..., 1], rel[..., 0])
    # the half-angles subtended by each hole (less HOLE_MARGIN) and by each tip grown by
    # the ball's radius
    reach = np.empty((n, 18))
    reach[:, :6] = p.hole_radius - HOLE_MARGIN
    reach[:, 6:] = radius.reshape(-1, 1) + p.tip_radius
    halves = np.arcsin(clip01(reach / dist_all))
    dist, to_hole, hole_half = dist_all[:, :6], angle_all[:, :6], halves[:, :6]
    tip_angle = wrap(angle_all[:, 6:].reshape(n, 6, 2) - to_hole[..., None])
    block = halves[:, 6:].reshape(n, 6, 2)
    # The mouth is the shorter arc between the two tips seen from the ball, each tip's
    # side narrowed by the angle it blocks; the hole need not lie inside that arc (a
    # ball running along a rail sees both tips on one side of the hole's centre).
    first = tip_angle[..., 0] <= tip_angle[..., 1]
    raised, lowered = tip_angle + block, tip_angle - block
    lo_tip = np.where(first, raised[..., 0], raised[..., 1])
    hi_tip = np.where(first, lowered[..., 1], lowered[..., 0])
    in_front = dot2(balls[:, None, :] - p.mouth[None], p.axis[None]) < 0.0
    lo = np.maximum(lo_tip, -hole_half)
    hi = np.minimum(hi_tip, hole_half)
    half = np.where(in_front, (hi - lo) / 2.0, -1.0)
    aim = to_hole + (lo + hi) / 2.0
    return np.where(half > 0.0, aim, to_hole), half, dist


def path_blocked(start: np.ndarray, end: np.ndarray, radius, others: np.ndarray,
                 other_radius: np.ndarray, ignore=None) -> np.ndarray:
    """Whether a ball of `radius` (a number or one per path) moving straight from each
    start (m, 2) to each end (m, 2) would touch one of `others` (k, 2) of radii
    `other_radius` (k,); `ignore` (m, k) bool leaves some obstacles out of some paths.
    (m,) bool."""
    if len(others) == 0:
        return np.zeros(len(start), dtype=bool)
    seg = end - start
    length2 = np.maximum(dot2(seg, seg), 1e-18)
    rel = others[None, :, :] - start[:, None, :]                      # (m, k, 2)
    t = clip01(dot2(rel, seg[:, None, :]) / length2[:, None])
    closest = start[:, None, :] + t[..., None] * seg[:, None, :]
    gap = (norms(others[None, :, :] - closest) - other_radius[None, :]
           - np.asarray(radius, dtype=float).reshape(-1, 1))
    touching = gap < -PATH_SLACK
    if ignore is not None:
        touching &= ~ignore
    return touching.any(axis=1)


@dataclass(frozen=True)
class RailLine:
    """The line a ball's centre touches when it meets a straight rail: axis 0 (x) or
    1 (y), at coordinate `at` (m), `inward` +1 or -1 (the side the balls are on)."""
    axis: int
    at: float
    inward: int

    def mirror(self, point: np.ndarray) -> np.ndarray:
        """The image of `point` (2,) across this line."""
        image = np.array(point, dtype=float)
        image[self.axis] = 2.0 * self.at - image[self.axis]
        return image

    def crossing(self, start: np.ndarray, end: np.ndarray):
        """Where the segment start -> end meets the line, or None."""
        a, b = start[self.axis] - self.at, end[self.axis] - self.at
        if a * b >= 0.0:
            return None
        t = a / (a - b)
        return start + t * (end - start)


def rail_lines(table: TableSpec, radius: float) -> tuple:
    """The four rail lines for a ball of `radius`: where its centre is when it touches
    the nose of the right (y = 0), left, head (x = 0) and foot rails."""
    d = float(contact_distance(table, radius))
    return (RailLine(1, d, +1), RailLine(1, table.width - d, -1), RailLine(0, d, +1),
            RailLine(0, table.length - d, -1))


def inside_playing_area(table: TableSpec, point, radius: float, margin: float) -> bool:
    """`point` is at least `margin` (m) inside the rectangle a ball centre of `radius` can
    reach, and clear of every pocket mouth (within a mouth the jaws and holes begin)."""
    x, y = point
    if not (radius + margin <= x <= table.length - radius - margin
            and radius + margin <= y <= table.width - radius - margin):
        return False
    # one spot: plain floats (the same sums and square roots as numpy's norm, faster)
    clear = table.side_mouth / 2.0 + radius + margin
    return all(math.sqrt((mx - x) * (mx - x) + (my - y) * (my - y)) > clear
               for mx, my in pockets_of(table).mouth_points)


def surely_outside_playing_area(table: TableSpec, xy, radius: float, margin: float,
                                slack: float):
    """(n,) bool array: the spots `xy` ((n, 2) numpy array, m) that inside_playing_area
    refuses by more than `slack` (m), judged at once: a search can pass these over and
    ask inside_playing_area about the rest. Kept beside it so that both change together."""
    low = radius + margin - slack
    high_x = table.length - radius - margin + slack
    high_y = table.width - radius - margin + slack
    clear = table.side_mouth / 2.0 + radius + margin
    near_mouth = norms(xy[:, None, :] - pockets_of(table).mouth[None, :, :])
    return ((xy[:, 0] < low) | (xy[:, 0] > high_x) | (xy[:, 1] < low) | (xy[:, 1] > high_y)
            | (near_mouth < clear - slack).any(axis=1))
