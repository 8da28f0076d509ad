"""The cue during and after the strike: how long the tip stays on the ball, where the cue
goes on its follow-through, and the stroke faults the cue itself produces (issue 16,
point 3): a push, a double hit, a ferrule or shaft contact, the cue on another ball.

Pure Python and numpy, run once per shot by `physics_ext.shoot` after the solver, on the
solver's exact trajectories (`ShotResult.sample`). Units SI (m, kg, s, rad); positions in
the table frame; times are the solver's (the strike's impulse acts at t = 0).

The model
---------
* **Tip contact time** tau = `CueSpec.tip_contact_time` (1 ms: Jacksonville Project, Billiards
  Digest April 1999; Alciatore, "How long is the tip in contact with the cue ball?", HSV
  A.77-A.81 and A.147-A.151: 1-2 ms for most tips and speeds, 0.8 ms for a hard tip at
  speed, up to 3 ms for a soft tip at slow speed). The solver's instantaneous impulse
  stands for a symmetric force pulse centred on t = 0: the real contact runs from -tau/2
  to +tau/2, and the ball's position for t >= tau/2 is the same either way (the ball covers
  v tau / 2 during a half-sine pulse). So the tip leaves the ball at t_sep = tau / 2.
* **Follow-through**: momentum exchange with the cue's effective mass M along its axis c:
  the ball takes the impulse m v (v its speed, stroke.py's point-impulse model), so the
  cue goes on at V1 = V0 - m v / M (0.61 V0 for a centre hit with the defaults: the ball
  leaves at 1.36 V0 and pulls away at e_tip V0). An elevated stroke drives the ball into
  the slate, and it rebounds within the contact, back at the tip: the tip then parts from
  it with e_tip times the closing speed along the contact normal, so the cue keeps only
  the speed that allows (none, if it would have to recoil); the ball's motion stays the
  point model's. The cue keeps to its line: the centre of
  the tip's dome, touching the ball at separation (on the contact normal, R + r_tip from
  the ball's centre), moves along c decelerating uniformly so that the tip stops
  `Stroke.follow_through` beyond the point where it met the ball (a player's follow-
  through; 0.1 m by default), or where the dome reaches the cloth, and never later than
  `CUE_FOLLOW_THROUGH_TIME` (0.25 s) after the strike: the deceleration is at least
  V1 / (0.25 s - t_sep), so a slow cue (a soft stroke, or one the ball bounced back into)
  stops after V1 (0.25 s - t_sep) / 2 instead of creeping on (issue 27). The bound is the
  quarter period of the forearm's pendulum swing from the elbow (constants.py).
* **The cue's shape**: the tip is a dome of radius r_tip on a shaft (ferrule) of radius
  r_s < r_tip: a spherical cap whose rim lies sqrt(r_tip^2 - r_s^2) ahead of the dome's
  centre, and behind it a cylinder of radius r_s. Contacts after the strike are looked for
  with the cap and with `CUE_SHAFT_CHECK_LENGTH` of shaft behind it (the part that sweeps
  new space; a ball further back beside the shaft was already there at the strike, which
  the aiming layer prevents by raising the cue).

Faults (`CueFault`, the values the rules' StrokeFault takes)
------------------------------------------------------------
* PUSH: the cue ball meets another ball, which it was not touching at the start, while the
  tip is still on it (t < t_sep); WPA 6.7: "if the cue ball is close to but not touching an
  object ball and the cue tip is still on the cue ball when the cue ball contacts that
  object ball, the shot is a foul". At a cue-ball speed v this is a gap below v tau / 2.
  The tip then pushes on in the same contact: no second contact of the cue ball is looked
  for.
* DOUBLE_HIT: the tip's cap meets the cue ball again after t_sep.
* FERRULE: the ferrule or shaft (the cylinder behind the cap) meets the cue ball: after the
  strike (a steep stroke whose ball bounces up off the slate into the descending cue), or at
  the strike itself when the contact offset exceeds r_s / r_tip (only a miscue gets there).
  A miscue's tip skids off the ball and the cue is deflected away from it (Jacksonville
  Project): its follow-through is not along its line, so a miscue's cue is not looked for
  on the cue ball after the strike (only on the other balls).
* STRUCK_OTHER_BALL: the tip or shaft meets any other ball on its follow-through.
A cue ball frozen to the ball it is struck into may be played straight through it (WPA
6.7; rule book R9-22): the tip then pushes both balls in one prolonged contact, so no push
and no second contact are flagged for the cue ball. Only the first contact of the cue after
separation is reported: what follows it is not modelled (the balls move as if the cue had
stopped).

Search
------
The clearance between the cue and each ball is sampled at times growing geometrically from
t_sep (ratio 1.25) and at every event time in the window; an interval is cleared when the
two end clearances add up to more than the largest closing speed times its length (a
Lipschitz bound: cue speed plus twice the fastest ball's speed at the strike plus 1 m/s for a
ball falling from a hop). Intervals that fail are halved, in batches, until cleared or a
sample touches. A cue ball on the cloth that outruns the cue throughout the follow-through,
with no event but its own slide-to-roll transition and no resting ball in the cue's reach,
is cleared at once.
"""
from __future__ import annotations

import enum
import math
from dataclasses import dataclass

import numpy as np

from . import _query
from . import constants as C
from .types import EventKind, MotionState

_TRANSITION, _BALL_BALL, _SLATE = (int(EventKind.TRANSITION), int(EventKind.BALL_BALL),
                                   int(EventKind.SLATE))
_OUT = (int(MotionState.POCKETED), int(MotionState.OFF_TABLE))
_AIR = int(MotionState.AIRBORNE)
# Balls closer than this (m, between surfaces) at the start are frozen together.
_FROZEN_M = 1e-6
_FIRST_STEP_S = 1e-6          # first sample after separation
_GROWTH = 1.25                # ratio of the geometric sample times
_MIN_INTERVAL_S = 1e-9        # an interval this short that still fails counts as touching
_MAX_SAMPLES = 20000
_FALL_SPEED = 1.0             # m/s, added to the speed bound: a ball falling from a hop


class CueFault(str, enum.Enum):
    """A stroke fault the cue produced; the value is the rules' StrokeFault value."""
    DOUBLE_HIT = "double_hit"
    PUSH = "push"
    FERRULE = "ferrule"
    STRUCK_OTHER_BALL = "struck_other_ball"


@dataclass(frozen=True)
class CueContact:
    """The cue touching `ball` at `time` (s) with its `part` ("tip" or "shaft"), or, for a
    PUSH, the cue ball meeting `ball` while the tip is still on it."""
    time: float
    ball: int
    part: str
    fault: CueFault


@dataclass(frozen=True)
class CueMotion:
    """The cue through the strike and its follow-through.

    direction: (3,) unit cue axis c. speed_before, speed_after: V0 and V1 (m/s along c).
    contact_time: tau (s); separation_time: t_sep = tau / 2 (s). stop_time (s): when the
    cue stops (at most CUE_FOLLOW_THROUGH_TIME). tip_at_separation: (3,) m, the dome's
    centre at t_sep. deceleration: m/s^2. reach: m, how far the dome's centre moves along c
    after t_sep (at most the stroke's follow-through).
    contacts: the stroke's cue contacts (at most one push and one contact after separation).
    """
    direction: np.ndarray
    speed_before: float
    speed_after: float
    contact_time: float
    separation_time: float
    stop_time: float
    tip_at_separation: np.ndarray
    deceleration: float
    reach: float
    contacts: tuple = ()

    @property
    def faults(self) -> frozenset:
        """The CueFault of every contact."""
        return frozenset(c.fault for c in self.contacts)

    def travel(self, t) -> np.ndarray:
        """Distance (m) the dome's centre has moved along c since separation, at times t."""
        u = np.clip(np.asarray(t, dtype=np.float64), self.separation_time, self.stop_time)
        u = u - self.separation_time
        return self.speed_after * u - 0.5 * self.deceleration * u * u

    def tip_centre(self, t) -> np.ndarray:
        """(..., 3) position (m) of the dome's centre at times t (s, t >= t_sep)."""
        return self.tip_at_separation + np.multiply.outer(self.travel(t), self.direction)


def follow_through(result, cue_index: int, stroke, struck, cue) -> CueMotion:
    """The cue's motion and contacts for a shot made with `stroke` (physics_ext.Stroke),
    whose strike gave `struck` (StrikeResult), with `cue` (CueSpec); `result` is the
    solver's ShotResult of that shot (events, ball_rows, pieces, sample). See the module
    docstring."""
    rows = result.ball_rows
    radius, mass = float(rows[cue_index, 0]), float(rows[cue_index, 1])
    c = struck.cue_direction
    v_ball = struck.speed
    v0 = float(stroke.speed)
    v1 = max(0.0, v0 - mass * v_ball / cue.mass if struck.cue_speed_after is None
             else struck.cue_speed_after)       # a joint stroke (stroke.py) gives it
    tau = float(cue.tip_contact_time)
    t_sep = 0.5 * tau
    normal = struck.contact_point / radius
    along = float(-normal @ c)              # cos of the contact normal's angle to the cue
    centre, velocity = _state_of(result, cue_index, t_sep)
    dome = centre + normal * (radius + cue.tip_radius)
    contacts = []
    if math.sqrt(max(0.0, 1.0 - along * along)) > cue.shaft_radius / cue.tip_radius:
        contacts.append(CueContact(0.0, cue_index, "shaft", CueFault.FERRULE))
    # a miscue's tip skids off and the cue is deflected away from the ball (Jacksonville
    # Project): its follow-through is not along its line, so only other balls are checked
    skip_cue_ball = bool(struck.miscue) or bool(contacts)
    events = result.events
    k = int(np.searchsorted(events["time"], t_sep, side="left"))
    if k:                                   # events before separation (in time order)
        during = events[:k]
        mine = (during["ball"] == cue_index) | (during["other"] == cue_index)
        if np.any(mine & (during["kind"] == _SLATE) & (during["time"] == 0.0)):
            # the ball rebounded off the slate inside the contact, back at the tip: the tip
            # parts from it with e_tip times that closing speed along the contact normal,
            # so the cue keeps at most the speed that allows (none if it would recoil)
            receding = float(velocity @ -normal)
            closing = max(0.0, v1 * along - receding)
            v1 = min(v1, max(0.0, (receding - cue.tip_restitution * closing) / along))
        hits = during[mine & (during["kind"] == _BALL_BALL)]
        if hits.size:
            first = hits[0]
            other = int(first["other"] if first["ball"] == cue_index else first["ball"])
            skip_cue_ball = True
            if not (first["time"] == 0.0 and other in _frozen_to(rows, cue_index)):
                # the tip stays on the ball into the collision: one prolonged contact
                contacts.append(CueContact(float(first["time"]), other, "tip", CueFault.PUSH))
    # follow-through: what is left of it after the contact, and the cloth below the tip
    remaining = float(stroke.follow_through) - v_ball * t_sep
    horizon = C.CUE_FOLLOW_THROUGH_TIME - t_sep      # > 0: tau is at most 10 ms (CueSpec)
    if v1 <= 0.0 or remaining <= 0.0:
        return CueMotion(c, v0, v1, tau, t_sep, t_sep, dome, 0.0, 0.0, tuple(contacts))
    # stopped within the follow-through and within CUE_FOLLOW_THROUGH_TIME of the strike:
    # a slow cue (a soft stroke, or one the ball bounced back into) stops after v1 horizon / 2
    decel = max(v1 * v1 / (2.0 * remaining), v1 / horizon)
    reach = min(remaining, 0.5 * v1 * v1 / decel)
    if c[2] < 0.0:
        reach = min(reach, max(0.0, (float(dome[2]) - cue.tip_radius) / -float(c[2])))
    # time to cover `reach` at v1 decelerating by decel (reach <= remaining: a real root)
    t_stop = min(t_sep + (v1 - math.sqrt(max(0.0, v1 * v1 - 2.0 * decel * reach))) / decel,
                 C.CUE_FOLLOW_THROUGH_TIME)
    motion = CueMotion(c, v0, v1, tau, t_sep, t_stop, dome, decel, reach, tuple(contacts))
    hit = _first_contact(result, motion, cue_index, cue, skip_cue_ball, v_ball, velocity)
    if hit is None:
        return motion
    return CueMotion(c, v0, v1, tau, t_sep, t_stop, dome, decel, reach, tuple(contacts) + (hit,))


def _state_of(result, ball: int, t: float) -> tuple:
    """(position, velocity) of `ball` at time t (s), from its recorded piece (the same
    closed form r + v dt + a dt^2 / 2 the sampler evaluates)."""
    piece_ball, piece_state, piece_t0, rvw = result.pieces
    k = int(np.flatnonzero((piece_ball == ball) & (piece_t0 <= t))[-1])
    rows = result.ball_rows
    accel = _query.piece_motion(piece_state[k:k + 1], piece_t0[k:k + 1], rvw[k:k + 1],
                                np.ascontiguousarray(rows[ball:ball + 1, :2]),
                                result.params.solver_array(), result.table.cushion_height)[0]
    dt = t - float(piece_t0[k])
    return (rvw[k, 0:3] + rvw[k, 3:6] * dt + 0.5 * accel * dt * dt,
            rvw[k, 3:6] + accel * dt)


def _frozen_to(rows: np.ndarray, k: int) -> set:
    """Balls touching ball k at the start (surfaces within _FROZEN_M)."""
    d = np.linalg.norm(rows[:, 2:5] - rows[k, 2:5], axis=1) - (rows[:, 0] + rows[k, 0])
    return {int(j) for j in np.flatnonzero(d <= _FROZEN_M) if j != k}


def _clearances(motion: CueMotion, cue, centres: np.ndarray, radii: np.ndarray,
                t: np.ndarray) -> tuple:
    """(tip, shaft): (T, n) gaps (m) between each ball and the cue's cap and shaft at
    times t; centres (T, n, 3)."""
    c = motion.direction
    rel = centres - motion.tip_centre(t)[:, None, :]
    w = rel @ c
    dist = np.linalg.norm(rel, axis=-1)
    radial = np.sqrt(np.maximum(dist * dist - w * w, 0.0))
    r_tip, r_s = cue.tip_radius, cue.shaft_radius
    rim = math.sqrt(r_tip * r_tip - r_s * r_s)      # the cap's rim, ahead of the dome centre
    on_cap = w * r_tip >= rim * dist
    tip = np.where(on_cap, dist - r_tip, np.inf) - radii
    back = rim - C.CUE_SHAFT_CHECK_LENGTH
    dw = w - np.clip(w, back, rim)
    shaft = np.hypot(dw, np.maximum(radial - r_s, 0.0)) - radii
    return tip, shaft


def _first_contact(result, motion: CueMotion, cue_index: int, cue, skip_cue_ball: bool,
                   v_ball: float, velocity: np.ndarray):
    """The cue's first contact with a ball in (t_sep, t_stop], or None."""
    rows = result.ball_rows
    n = rows.shape[0]
    radii = rows[:, 0]
    t_sep, t_stop = motion.separation_time, motion.stop_time
    if t_stop <= t_sep:
        return None
    ignore = np.zeros(n, dtype=bool)
    ignore[cue_index] = skip_cue_ball
    if _clear_at_once(result, motion, cue_index, cue, ignore, velocity):
        return None
    events = result.events
    speeds = np.linalg.norm(rows[:, 5:8], axis=1)
    bound = motion.speed_after + 2.0 * max(v_ball, float(speeds.max())) + _FALL_SPEED
    k_max = math.ceil(math.log((t_stop - t_sep) / _FIRST_STEP_S) / math.log(_GROWTH)) \
        if t_stop - t_sep > _FIRST_STEP_S else 0
    grid = t_sep + _FIRST_STEP_S * _GROWTH ** np.arange(k_max + 1)
    inside = events["time"][(events["time"] > t_sep) & (events["time"] < t_stop)]
    times = np.unique(np.concatenate((np.minimum(grid, t_stop), inside, [t_stop])))
    gap, part, ball = _sample_gaps(result, motion, cue, times, radii, ignore)
    while True:
        touching = np.flatnonzero(gap <= 0.0)
        if touching.size:
            k = int(touching[0])
            return _contact(float(times[k]), int(ball[k]), int(part[k]), cue_index)
        bad = (gap[:-1] + gap[1:]) <= bound * np.diff(times)
        if not bad.any():
            return None
        short = bad & (np.diff(times) <= _MIN_INTERVAL_S)
        if short.any():
            k = int(np.flatnonzero(short)[0])
            k = k if gap[k] <= gap[k + 1] else k + 1
            return _contact(float(times[k]), int(ball[k]), int(part[k]), cue_index)
        if times.size > _MAX_SAMPLES:
            k = int(np.argmin(gap))
            return _contact(float(times[k]), int(ball[k]), int(part[k]), cue_index)
        mids = 0.5 * (times[:-1][bad] + times[1:][bad])
        g2, p2, b2 = _sample_gaps(result, motion, cue, mids, radii, ignore)
        order = np.argsort(np.concatenate((times, mids)), kind="stable")
        times = np.concatenate((times, mids))[order]
        gap = np.concatenate((gap, g2))[order]
        part = np.concatenate((part, p2))[order]
        ball = np.concatenate((ball, b2))[order]


def _sample_gaps(result, motion, cue, times, radii, ignore):
    """(gap, part, ball) at each time: the smallest gap (m) between the cue and a ball in
    play, the part (0 tip, 1 shaft) and the ball it belongs to."""
    s = result.sample(times)
    tip, shaft = _clearances(motion, cue, s.positions, radii, times)
    out = np.isin(s.states, _OUT) | ignore[None, :]
    tip = np.where(out, np.inf, tip)
    shaft = np.where(out, np.inf, shaft)
    both = np.stack((tip, shaft), axis=-1).reshape(times.size, -1)
    k = np.argmin(both, axis=1)
    return both[np.arange(times.size), k], k % 2, k // 2


def _contact(t: float, ball: int, part: int, cue_index: int) -> CueContact:
    if ball != cue_index:
        return CueContact(t, ball, "tip" if part == 0 else "shaft", CueFault.STRUCK_OTHER_BALL)
    if part == 0:
        return CueContact(t, ball, "tip", CueFault.DOUBLE_HIT)
    return CueContact(t, ball, "shaft", CueFault.FERRULE)


def _clear_at_once(result, motion: CueMotion, cue_index: int, cue, ignore,
                   velocity: np.ndarray) -> bool:
    """True when no contact is possible: nothing but the cue ball's own transitions (and
    a bounce at the strike that leaves it on the cloth) happens before the cue stops, the
    cue ball outruns the cue along its axis all the while (velocity: the cue ball's at
    separation), and every other ball rests out of the cue's reach."""
    events = result.events
    k = int(np.searchsorted(events["time"], motion.stop_time, side="right"))
    if k:
        early = events[:k]
        kind = early["kind"]
        settled = (kind == _SLATE) & (early["time"] == 0.0) & (early["state"] != _AIR)
        if ((early["ball"] != cue_index) | ((kind != _TRANSITION) & ~settled)).any():
            return False
    rows = result.ball_rows
    moving = rows[:, 5:11].any(axis=1)
    moving[cue_index] = False
    if moving.any():
        return False
    c = motion.direction
    along = float(velocity @ c)
    slowest = along - result.params.u_s * result.params.g * motion.stop_time
    if not ignore[cue_index] and slowest <= motion.speed_after:
        return False
    rim = math.sqrt(cue.tip_radius ** 2 - cue.shaft_radius ** 2)
    a = motion.tip_at_separation + c * (rim - C.CUE_SHAFT_CHECK_LENGTH)
    ab = c * (C.CUE_SHAFT_CHECK_LENGTH + motion.reach)
    p = rows[:, 2:5] - a
    u = np.clip(p @ ab / float(ab @ ab), 0.0, 1.0)
    near = p - u[:, None] * ab
    gap2 = np.einsum("ij,ij->i", near, near) - (rows[:, 0] + cue.tip_radius) ** 2
    gap2[cue_index] = np.inf
    return bool(gap2.min() > 0.0)
