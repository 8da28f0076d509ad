"""Plain, immutable types that cross the physics boundary. Units SI (m, kg, s, rad).

Vectors are in the table frame (see `physics_ext.table`): x along the table, y across,
z up; a ball on the cloth has its centre at z = R. Angular velocity is a vector in rad/s
(right-hand rule): a ball rolling towards +x has omega_y = +v/R ("topspin" > 0), and
omega_z > 0 is counter-clockwise seen from above.
"""
from __future__ import annotations

import enum
import math
from dataclasses import dataclass, field

import numpy as np

from . import _shot, constants as C


class MotionState(enum.IntEnum):
    """How a ball moves between events (closed-form in each state)."""
    STATIONARY = 0   # v = 0, omega = 0
    SPINNING = 1     # v = 0, only omega_z != 0: decays at alpha_sp = 5 u_sp g / (2R)
    ROLLING = 2      # contact point at rest on the cloth; decelerates at u_r g
    SLIDING = 3      # contact point slips; friction u_s g opposes the slip
    AIRBORNE = 4     # in flight under gravity (z > R or rising)
    POCKETED = 5     # dropped into a pocket; out of play
    OFF_TABLE = 6    # left the table over a rail's outer edge, or came to rest on a rail
                     # top; out of play


class EventKind(enum.IntEnum):
    """What happened at an event. `state` in the log is the ball's state just after."""
    BALL_BALL = 0    # ball hits `other`
    CUSHION = 1      # ball hits straight cushion face `feature` (rail nose or jaw face)
    JAW_TIP = 2      # ball hits the rounded jaw tip `feature`
    POCKET = 3       # ball drops into pocket `feature` (a physics_ext.table.Pocket)
    TRANSITION = 4   # ball changes motion state without a collision (slide->roll, ...)
    SLATE = 5        # airborne ball lands on (bounces off) the slate
    OFF_TABLE = 6    # ball leaves the table over a rail's outer edge, or rests on a rail top
    PASS_OVER = 7    # ball, in flight, passes over `other` (outlines overlap seen from above)
    RAIL_TOP = 8     # airborne ball lands on (bounces off) the top of rail `feature` (a Rail)


class EventFlag(enum.IntFlag):
    """Bits of the `flags` field of an event."""
    NONE = 0
    # A cushion or jaw contact of a ball that had not left this cushion (its rail) by more
    # than constants.VISIBLE_GAP_M since it last touched it, or since the start if it
    # touched it then: a frozen ball pushed into its cushion, and its micrometre hops off
    # the rubber and back (physics_ext/README.md, "Touching a cushion"). The rules count a
    # contact as "driven to a cushion" only without it (WPA/seed 8.6).
    TOUCHING = 1
    # A pressing contact (physics_ext/README.md, "Pressing contacts"): the bodies were
    # pressed together by their relative acceleration, and this contact parted them at the
    # least parting speed sqrt(2 |gap''| PRESS_DEPTH_M) (1 um) instead of a slower bounce.
    PRESSED = 2
    # A contact of a joint stroke (physics_ext.stroke, "Frozen cue ball"): the cue ball and
    # the balls or cushions it touched acted together during the strike. Logged at t = 0
    # from the StrikeResult, after the slate bounces at t = 0 and before the solver's
    # events; no trajectory piece starts at it (the strike set the pieces' first states).
    STRIKE = 4


# One row of the event log. `other` is -1 unless kind is BALL_BALL; `feature` is the
# segment, tip or pocket index (-1 otherwise); `rail` is the Rail of a CUSHION or JAW_TIP
# (-1 otherwise); `speed` is the normal approach speed at a collision (m/s), 0 otherwise.
EVENT_DTYPE = np.dtype([
    ("time", np.float64), ("kind", np.int32), ("ball", np.int32), ("other", np.int32),
    ("feature", np.int32), ("rail", np.int32), ("state", np.int32), ("speed", np.float64),
    ("flags", np.int32),
])


def _vec3(name, ball, value, allow_none_z=False):
    try:
        arr = np.asarray(value, dtype=np.float64).reshape(-1)
    except (TypeError, ValueError):
        raise ValueError(f"ball {ball}: {name} must be a vector of numbers, got {value!r}")
    if allow_none_z and arr.size == 2:
        arr = np.append(arr, np.nan)
    if arr.size != 3:
        raise ValueError(f"ball {ball}: {name} must have 3 components, got {arr.size}")
    return arr


def frozen_instance(cls, fields: dict):
    """An instance of the frozen dataclass `cls` holding `fields` (every field, by name),
    made without the dataclass __init__'s Python-level object.__setattr__ per field (a
    microsecond per result on the single-shot path: issue 30), and without a __dict__ of
    its own (physics_ext._shot.new_instance). Only for classes without __post_init__."""
    return _shot.new_instance(cls, fields)


@dataclass(frozen=True)
class Ball:
    """A ball as the caller places it.

    radius (m), mass (kg); position (x, y) or (x, y, z) in the table frame (z defaults to
    the radius: on the cloth); velocity (m/s) and angular_velocity (rad/s) as 3-vectors.
    """
    radius: float
    mass: float
    position: tuple
    velocity: tuple = (0.0, 0.0, 0.0)
    angular_velocity: tuple = (0.0, 0.0, 0.0)

    @classmethod
    def pool(cls, x, y, velocity=(0.0, 0.0, 0.0), angular_velocity=(0.0, 0.0, 0.0)):
        """A WPA 57.15 mm, 163 g pool ball resting on the cloth at (x, y)."""
        return cls(C.POOL_BALL_RADIUS, C.POOL_BALL_MASS, (x, y), velocity, angular_velocity)


BALL_FRICTION_MODELS = ("speed", "constant")
# Ball-cushion models and their solver codes (physics_ext/_types.pxd CUSHION_*).
CUSHION_MODELS = {"han_2005": 0, "mathavan_2010": 1}


@dataclass(frozen=True)
class Params:
    """Physical parameters (dimensionless unless stated). See constants.py for sources.

    Ball-ball friction (throw) follows `ball_friction`: "speed" (the default) takes
    u_b(v) = a + b exp(-c v) with (a, b, c) = `u_b_fit` (c in s/m), v the sliding speed of
    the contact points at the impact (m/s), Alciatore's fit to Marlow's measurements;
    "constant" takes `u_b` whatever the speed (the model before issue 16).

    Ball-cushion impacts follow `cushion_model`: "mathavan_2010" (the default) integrates
    Mathavan 2010's impulse with restitution `e_e`, ball-cushion friction `u_w` and the
    cloth's `u_s` at the slate, e_e falling by the fraction `e_e_fall` per m/s (s/m) of
    normal speed above `e_e_knee` (m/s); "han_2005" takes Han's single impulse with `e_c`
    and `u_c` (the model before issue 27)."""
    u_s: float = C.U_S      # ball-cloth sliding friction
    u_r: float = C.U_R      # rolling resistance
    u_sp: float = C.U_SP    # spin-in-place friction: alpha_sp = 5 u_sp g / (2R) rad/s^2
    e_b: float = C.E_B      # ball-ball restitution
    u_b: float = C.U_B      # ball-ball friction of the "constant" model
    e_c: float = C.E_C      # ball-cushion restitution
    u_c: float = C.U_C      # ball-cushion friction
    e_t: float = C.E_T      # ball-slate restitution
    g: float = C.G          # gravity, m/s^2
    max_events: int = C.MAX_EVENTS_DEFAULT   # hard cap per shot
    ball_friction: str = "speed"             # "speed" (u_b_fit) or "constant" (u_b)
    u_b_fit: tuple = (C.U_B_FIT_A, C.U_B_FIT_B, C.U_B_FIT_C)   # a, b, c (s/m) of u_b(v)
    e_rail: float = C.E_RAIL     # ball-rail top restitution
    u_rail: float = C.U_RAIL     # ball-rail top sliding friction
    u_r_rail: float = C.U_R_RAIL  # ball-rail top rolling resistance
    cushion_model: str = "mathavan_2010"    # "mathavan_2010" or "han_2005"
    e_e: float = C.E_E           # Mathavan's cushion restitution below e_e_knee
    u_w: float = C.U_W           # Mathavan's ball-cushion sliding friction
    e_e_knee: float = C.E_E_KNEE  # m/s: normal speed above which e_e falls
    e_e_fall: float = C.E_E_FALL  # s/m: e_e's relative fall per m/s above e_e_knee

    def __post_init__(self):
        ranges = {"u_s": (1e-3, 2.0), "u_r": (1e-4, 0.5), "u_sp": (1e-5, 1.0),
                  "e_b": (0.0, 1.0), "u_b": (0.0, 1.0), "e_c": (0.0, 1.0),
                  "u_c": (0.0, 2.0), "e_t": (0.0, 1.0), "g": (0.1, 100.0),
                  "e_rail": (0.0, 1.0), "u_rail": (1e-3, 2.0), "u_r_rail": (1e-4, 0.5),
                  "e_e": (0.0, 1.0), "u_w": (0.0, 2.0), "e_e_knee": (0.0, 100.0),
                  "e_e_fall": (0.0, 10.0)}
        for name, (lo, hi) in ranges.items():
            value = getattr(self, name)
            if not (isinstance(value, (int, float)) and math.isfinite(value) and lo <= value <= hi):
                raise ValueError(f"parameter {name} must be in [{lo}, {hi}], got {value!r}")
        if self.u_r >= self.u_s:
            raise ValueError(f"parameter u_r ({self.u_r}) must be below u_s ({self.u_s})")
        if self.u_r_rail >= self.u_rail:
            raise ValueError(f"parameter u_r_rail ({self.u_r_rail}) must be below u_rail "
                             f"({self.u_rail})")
        if not (isinstance(self.max_events, int) and self.max_events > 0):
            raise ValueError(f"parameter max_events must be a positive int, got "
                             f"{self.max_events!r}")
        if self.ball_friction not in BALL_FRICTION_MODELS:
            raise ValueError(f"parameter ball_friction must be one of {BALL_FRICTION_MODELS}, "
                             f"got {self.ball_friction!r}")
        if self.cushion_model not in CUSHION_MODELS:
            raise ValueError(f"parameter cushion_model must be one of "
                             f"{tuple(CUSHION_MODELS)}, got {self.cushion_model!r}")
        fit = self.u_b_fit
        if not (isinstance(fit, tuple) and len(fit) == 3 and all(
                isinstance(v, (int, float)) and math.isfinite(v) and 0.0 <= v <= 100.0
                for v in fit) and fit[0] + fit[1] <= 1.0):
            raise ValueError(f"parameter u_b_fit must be three numbers a, b, c >= 0 (c <= 100 "
                             f"s/m) with a + b <= 1, got {fit!r}")

    def solver_array(self) -> np.ndarray:
        """The solver's parameter array (physics_ext._motion.make_params): u_s, u_r, u_sp,
        e_b, a, e_c, u_c, e_t, g, b, c, e_rail, u_rail, u_r_rail, cushion model code, e_e,
        u_w, e_e_knee, e_e_fall, with a + b exp(-c v) the ball-ball friction law. Read-only,
        made once per Params (every shot reads it: issue 30)."""
        made = self.__dict__.get("_solver_array")
        if made is None:
            a, b, c = self.ball_friction_law()
            made = np.array([self.u_s, self.u_r, self.u_sp, self.e_b, a, self.e_c, self.u_c,
                             self.e_t, self.g, b, c, self.e_rail, self.u_rail,
                             self.u_r_rail, CUSHION_MODELS[self.cushion_model], self.e_e,
                             self.u_w, self.e_e_knee, self.e_e_fall], dtype=np.float64)
            made.flags.writeable = False
            object.__setattr__(self, "_solver_array", made)
        return made

    def ball_friction_law(self) -> tuple:
        """(a, b, c): the ball-ball friction at a contact sliding at v m/s is
        a + b exp(-c v); the "constant" model is (u_b, 0, 0)."""
        if self.ball_friction == "constant":
            return (float(self.u_b), 0.0, 0.0)
        return tuple(float(v) for v in self.u_b_fit)

    def ball_ball_friction(self, slip: float) -> float:
        """Ball-ball friction coefficient at a contact whose points slide past each other
        at `slip` m/s (the solver's law, for closed forms such as the AI's throw guess)."""
        a, b, c = self.ball_friction_law()
        return a + b * math.exp(-c * slip)


@dataclass(frozen=True)
class BallStates:
    """The state of every ball at one time: arrays indexed by ball.

    positions (N, 3) m, velocities (N, 3) m/s, angular_velocities (N, 3) rad/s,
    states (N,) MotionState values.
    """
    positions: np.ndarray
    velocities: np.ndarray
    angular_velocities: np.ndarray
    states: np.ndarray


@dataclass(frozen=True)
class Samples:
    """Ball states sampled at T times: arrays (T, N, 3) and states (T, N)."""
    times: np.ndarray
    positions: np.ndarray
    velocities: np.ndarray
    angular_velocities: np.ndarray
    states: np.ndarray


class SimulationError(RuntimeError):
    """The solver cannot progress (event cap reached, or stuck at one instant)."""
