"""Shot playback: where every ball is, how it is turned and whether it shows, at any time
of a finished shot. Pure NumPy (no Panda3D): the game view and the replay viewer both
drive it, and it is tested without rendering.

Time is shot time (s from the strike, the solver's clock). Each frame samples the solver's
closed-form states at its exact time, so what is drawn does not depend on the frame rate.
What the solver does not model, the playback adds:
* a pocketed ball keeps going for FALL_S after its POCKET event: it carries on with the
  velocity it entered with, is pulled towards the hole's centre as it sinks, falls under
  gravity to the pocket's floor, then disappears;
* a ball that leaves the table flies on ballistically for OFF_TABLE_FLIGHT_S, then
  disappears; one that comes to rest on a rail top (off the table at speed 0, where it
  lies) stays drawn there, still, to the end of the shot;
* orientations come from the sampled angular velocities, integrated once per shot on a
  fixed grid (ORIENTATION_GRID_HZ plus each event's instant); a frame integrates only
  from the grid point before it, so seeking, stepping back or skipping shows the same
  orientation as playing straight through.

Arrays are in the ball order of the shot (`ball_ids`, the session's physics order);
positions are ball centres in the table frame (m), orientations (w, x, y, z) quaternions
from the ball frame to the table frame (see `orientation`).
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from physics_ext import EventKind, MotionState

from . import orientation
from .orientation import REST_ORIENTATION

FALL_S = 0.3                  # a pocketed ball's drop, from the POCKET event to hidden
OFF_TABLE_FLIGHT_S = 0.8      # a ball's flight beyond the rail before it is hidden
POCKET_DEPTH_M = 0.14         # cloth to the pocket floor, as the table mesh draws it
ORIENTATION_GRID_HZ = 120.0   # keeps a 10 m/s ball's turn per grid step under 1 rad
# Samples just before an event read the motion it interrupts (velocity, spin into a
# pocket); far below any time the eye or the solver's tolerances resolve.
BEFORE_EVENT_S = 1e-7
# Events two steps treat as distinct (s): simultaneous contacts of a break are one stop.
EVENT_MERGE_S = 1e-6
# The events a step stops at: impacts, drops and landings, not motion transitions.
STEP_KINDS = (EventKind.BALL_BALL, EventKind.CUSHION, EventKind.JAW_TIP, EventKind.POCKET,
              EventKind.SLATE, EventKind.OFF_TABLE)
# Lookup tables indexed by MotionState value: one fancy index per frame, not a search.
_GONE = np.zeros(len(MotionState), dtype=bool)
_GONE[[MotionState.POCKETED, MotionState.OFF_TABLE]] = True
_MOVING = np.zeros(len(MotionState), dtype=bool)
_MOVING[[MotionState.SLIDING, MotionState.ROLLING, MotionState.AIRBORNE]] = True


@dataclass(frozen=True)
class Frame:
    """The balls at shot time `time` (s), in `ball_ids` order: positions (N, 3) m,
    orientations (N, 4), visible (N,) bool (False once pocketed or gone and their exit
    animation is over), moving (N,) bool (sliding, rolling, flying or falling)."""
    time: float
    positions: np.ndarray
    orientations: np.ndarray
    visible: np.ndarray
    moving: np.ndarray


class PlaybackClock:
    """Shot time driven by real time: advances by real seconds times `speed` unless
    paused, and stays within [0, end] (s)."""
    MIN_SPEED = 0.1
    MAX_SPEED = 4.0

    def __init__(self, end: float, speed: float = 1.0):
        self.end = float(end)
        self.time = 0.0
        self.paused = False
        self.speed = 1.0
        self.set_speed(speed)

    def set_speed(self, factor: float) -> None:
        """Shot seconds per real second, kept within MIN_SPEED..MAX_SPEED."""
        self.speed = min(max(float(factor), self.MIN_SPEED), self.MAX_SPEED)

    def advance(self, real_dt: float) -> float:
        """Move on by `real_dt` real seconds (ignored while paused); returns the time."""
        if not self.paused and real_dt > 0.0:
            self.seek(self.time + real_dt * self.speed)
        return self.time

    def seek(self, t: float) -> None:
        self.time = min(max(float(t), 0.0), self.end)

    @property
    def finished(self) -> bool:
        return self.time >= self.end


@dataclass(frozen=True)
class _Exit:
    """A ball leaving play: row `index`, at shot time `time` (s), from `start` (3,) m
    with the velocity (3,) m/s and spin (3,) rad/s it had just before; `hole` (x, y,
    radius) m for a pocket, None for a flight off the table; shown until time + span
    (resting: it stopped on a rail top, and is shown where it lies from then on)."""
    index: int
    time: float
    start: np.ndarray
    velocity: np.ndarray
    spin: np.ndarray
    hole: tuple | None
    span: float
    resting: bool = False


class ShotPlayback:
    """Frames of one finished shot, and a clock to play it with.

    result: the physics ShotResult; ball_ids: the ball id of each of its rows.
    orientations: (N, 4) at the strike, in `ball_ids` order (default: every ball at
    REST_ORIENTATION). pocket_depth: cloth to pocket floor (m), where a drop stops.
    """

    def __init__(self, result, ball_ids, orientations=None,
                 pocket_depth: float = POCKET_DEPTH_M):
        self.result = result
        self.ball_ids = tuple(ball_ids)
        n = result.n_balls
        if len(self.ball_ids) != n:
            raise ValueError(f"{len(self.ball_ids)} ball ids for a shot of {n} balls")
        self.radii = np.array([ball.radius for ball in result.balls], dtype=np.float64)
        self.gravity = float(result.params.g)
        self.pocket_depth = float(pocket_depth)
        events = result.events
        steps = events[np.isin(events["kind"], [int(k) for k in STEP_KINDS])]["time"]
        self.event_times = _merge_times(steps)
        self._exits = self._find_exits(events)
        self.end_time = max([result.duration] + [e.time + e.span for e in self._exits])
        q0 = (np.tile(REST_ORIENTATION, (n, 1)) if orientations is None
              else orientation.normalize(np.asarray(orientations, dtype=np.float64)))
        self._build_orientation_grid(q0, events["time"])
        self.clock = PlaybackClock(self.end_time)

    @classmethod
    def from_record(cls, record, orientations=None, **kwargs) -> "ShotPlayback":
        """The playback of a session ShotRecord (its result and ball ids)."""
        return cls(record.result, record.ball_ids, orientations, **kwargs)

    # ---- set-up --------------------------------------------------------------------
    def _find_exits(self, events) -> list:
        kinds = (int(EventKind.POCKET), int(EventKind.OFF_TABLE))
        rows = events[np.isin(events["kind"], kinds)]
        if not len(rows):
            return []
        times = rows["time"]
        at = self.result.sample(times)
        before = self.result.sample(np.maximum(times - BEFORE_EVENT_S, 0.0))
        holes = self.result.table.geometry().pockets
        exits = []
        for k, row in enumerate(rows):
            i = int(row["ball"])
            pocket = int(row["kind"]) == int(EventKind.POCKET)
            # The solver reports a ball that stops on a rail top as off the table at
            # speed 0, where it lies (physics_ext/README.md, rail tops).
            resting = not pocket and float(row["speed"]) == 0.0
            exits.append(_Exit(
                index=i, time=float(row["time"]), start=at.positions[k, i].copy(),
                velocity=before.velocities[k, i].copy(),
                spin=before.angular_velocities[k, i].copy(),
                hole=tuple(float(v) for v in holes[int(row["feature"])]) if pocket else None,
                span=0.0 if resting else FALL_S if pocket else OFF_TABLE_FLIGHT_S,
                resting=resting))
        return exits

    def _build_orientation_grid(self, q0: np.ndarray, event_times: np.ndarray) -> None:
        """Orientations at the grid times, integrated from q0 at t = 0. Each event is a
        grid point with a sample just before it, so no grid step straddles a jump of the
        angular velocity."""
        regular = np.arange(0.0, self.end_time, 1.0 / ORIENTATION_GRID_HZ)
        around = np.concatenate([event_times, event_times - BEFORE_EVENT_S, [self.end_time]])
        self._grid = np.unique(np.concatenate([regular, np.maximum(around, 0.0)]))
        spins = self.result.sample(self._grid).angular_velocities
        self._grid_spins = spins
        self._grid_quats = orientation.integrate_samples(q0, self._grid, spins)

    # ---- frames --------------------------------------------------------------------
    def frame(self, t: float) -> Frame:
        """The balls at shot time t (s, clamped to 0..end_time)."""
        t = min(max(float(t), 0.0), self.end_time)
        s = self.result.sample([t])
        positions = s.positions[0]
        states = s.states[0]
        k = max(int(np.searchsorted(self._grid, t, side="right")) - 1, 0)
        mean_spin = (self._grid_spins[k] + s.angular_velocities[0]) / 2
        quats = orientation.integrate(self._grid_quats[k], mean_spin, t - self._grid[k])
        visible = ~_GONE[states]
        moving = _MOVING[states]
        for ex in self._exits:
            since = t - ex.time
            if ex.resting and since >= 0.0:
                positions[ex.index] = ex.start
                visible[ex.index], moving[ex.index] = True, False
            elif ex.time <= t < ex.time + ex.span:    # as end_time adds them: no rounding gap
                positions[ex.index] = self._exit_position(ex, since)
                quats[ex.index] = self._exit_orientation(ex, since)
                visible[ex.index] = moving[ex.index] = True
        return Frame(t, positions, quats, visible, moving)

    def _exit_position(self, ex: _Exit, since: float) -> np.ndarray:
        """Where a leaving ball is `since` s after its exit event."""
        r = self.radii[ex.index]
        p = ex.start + ex.velocity * since
        p[2] -= 0.5 * self.gravity * since * since
        if ex.hole is None:
            return p
        cx, cy, hole_r = ex.hole
        p[2] = max(p[2], r - self.pocket_depth)
        # The hole's wall holds the ball: the centre may be hole_r from the hole's centre
        # as it crosses the edge, hole_r - r once it has sunk a radius.
        sunk = min(max(r - p[2], 0.0) / r, 1.0)
        reach = max(hole_r - r * sunk, 0.0)
        d = p[:2] - (cx, cy)
        dist = float(np.hypot(*d))
        if dist > reach:
            p[:2] = (cx, cy) + d * (reach / dist)
        return p

    def _exit_orientation(self, ex: _Exit, since: float) -> np.ndarray:
        """A leaving ball keeps the spin it had as it left."""
        k = max(int(np.searchsorted(self._grid, ex.time, side="right")) - 1, 0)
        i = ex.index
        q = orientation.integrate(self._grid_quats[k, i:i + 1], self._grid_spins[k, i:i + 1],
                                  ex.time - self._grid[k])
        return orientation.integrate(q, ex.spin[None], since)[0]

    # ---- playing -------------------------------------------------------------------
    def update(self, real_dt: float) -> Frame:
        """Advance the clock by `real_dt` real seconds and return the frame then."""
        return self.frame(self.clock.advance(real_dt))

    @property
    def finished(self) -> bool:
        return self.clock.finished

    def skip_to_end(self) -> None:
        self.clock.seek(self.end_time)

    def step_next(self) -> None:
        """Pause at the next impact, drop or landing after the current time (or the end)."""
        later = self.event_times[self.event_times > self.clock.time + EVENT_MERGE_S]
        self.clock.paused = True
        self.clock.seek(later[0] if len(later) else self.end_time)

    def step_previous(self) -> None:
        """Pause at the last impact, drop or landing before the current time (or 0)."""
        earlier = self.event_times[self.event_times < self.clock.time - EVENT_MERGE_S]
        self.clock.paused = True
        self.clock.seek(earlier[-1] if len(earlier) else 0.0)


def next_speed(speed: float, ladder, step: int) -> float:
    """The speed after `speed` on the increasing `ladder` of speeds: the next faster for
    step > 0, the next slower otherwise, held at the ladder's ends."""
    if step > 0:
        return next((s for s in ladder if s > speed + 1e-9), ladder[-1])
    return next((s for s in reversed(ladder) if s < speed - 1e-9), ladder[0])


def _merge_times(times: np.ndarray) -> np.ndarray:
    """Sorted event times with those closer than EVENT_MERGE_S to the previous kept one
    dropped (the balls of a break struck at one instant are one stop)."""
    kept = []
    for t in np.sort(np.asarray(times, dtype=np.float64)):
        if not kept or t - kept[-1] > EVENT_MERGE_S:
            kept.append(float(t))
    return np.array(kept)
