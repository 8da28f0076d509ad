"""The cue during and after the strike: how long the tip stays on the ball, where the cue
goes on its follow-through, and the stroke faults the cue itself produces (issue 16,
point 3): a push, a double hit, a ferrule or shaft contact, the cue on another ball.

Compiled (physics_ext/_cue.pyx, issue 30), run once per shot by `physics_ext.shoot` after
the solver, on the solver's exact trajectory pieces. Units SI (m, kg, s, rad); positions in
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
is cleared at once. At each sample the balls are looked at nearest first, by the least gap
each can have to the cue in the window (the boxes of their pieces against the cue's path,
seen from above), and no further once none can be nearer than the smallest gap found: the
same gaps, ball and part, in a fraction of the time.
"""
from __future__ import annotations

import enum
from dataclasses import dataclass

import numpy as np

from . import _cue
from .types import frozen_instance


class CueFault(str, enum.Enum):
    """A stroke fault the cue produced; the value is the rules' StrokeFault value."""
    DOUBLE_HIT = "double_hit"
    PUSH = "push"
    FERRULE = "ferrule"
    STRUCK_OTHER_BALL = "struck_other_ball"


# _cue.pyx's part and fault codes
_PARTS = ("tip", "shaft")
_FAULTS = tuple(CueFault)


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
    solver's ShotResult of that shot (events, ball_rows, pieces, params, table). See the
    module docstring; compiled (physics_ext/_cue.pyx)."""
    v1, t_stop, dome, decel, reach, found = _cue.follow_through(result, cue_index, stroke,
                                                               struck, cue)
    tau = float(cue.tip_contact_time)
    # built as CueMotion(...) would, without the frozen dataclass's __init__ (issue 30)
    return frozen_instance(CueMotion, dict(
        direction=struck.cue_direction, speed_before=float(stroke.speed), speed_after=v1,
        contact_time=tau, separation_time=0.5 * tau, stop_time=t_stop,
        tip_at_separation=dome, deceleration=decel, reach=reach,
        contacts=tuple(CueContact(t, ball, _PARTS[part], _FAULTS[fault])
                       for t, ball, part, fault in found) if found else ()))
