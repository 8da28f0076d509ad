"""The cue stroke: from a stroke to the cue ball's initial motion, the geometry of the
tip-ball contact, and a preliminary jump / scoop / miscue classification.

Computed once per shot, before the solver runs; the point impulse, its contact geometry and
the touching test are compiled (_stroke.pxd, _shot.pyx: issue 30), the rest is Python.
References are to `shared/physics/PHYSICS.md` (sections 0, 5 and 6).

Units and frames
----------------
SI throughout (m, kg, s, rad). Table frame as in `physics_ext.table`: x along the table,
y across, z up, cloth at z = 0, a resting ball's centre at z = R. Angular velocity is a
vector (right-hand rule): omega_z > 0 is counter-clockwise seen from above, and a ball
rolling towards +x has omega_y = +v/R.

Stroke geometry (phi = azimuth, theta = elevation, a = side, b = height):

    c   = (cos th cos phi, cos th sin phi, -sin th)   cue axis, the way the cue moves
    e_r = (sin phi, -cos phi, 0)                      the player's right: c x z normalised,
                                                      written so it also holds at th = pi/2
    e_u = e_r x c = (cos phi sin th, sin phi sin th, cos th)   "up", perpendicular to the cue

The contact point, relative to the ball centre, is rho = R (a e_r + b e_u - s c) with
s = sqrt(1 - a^2 - b^2): (a, b) are the offsets of the CONTACT point, in the plane
perpendicular to the cue axis, as fractions of R. Aiming programs often give the offset of
the tip's centre (the cue axis) instead; `contact_offset` converts.

Point-impulse model (PHYSICS 5, Alciatore TP A.30)
---------------------------------------------------
The cue (mass M, speed V0) hits the ball (mass m, I = 2/5 m R^2) with an instantaneous
impulse along c; the tip restitution e_tip is kept explicit:

    v     = (1 + e_tip) V0 / (1 + m/M + (5/2)(a^2 + b^2))     ball speed, along c
    omega = (m v / I) (rho x c) = (5 v / 2R) (a e_u - b e_r)

so v_z = -v sin(theta): an elevated cue drives the ball into the slate, and no stroke lifts
the ball directly. Side spin sign: cue along +x (c = x), contact right of centre
(rho = -a R y, a > 0): rho x c = (-a R y) x x = +a R z, so omega_z = +5 v a / (2R) > 0,
counter-clockwise seen from above (the struck right side is pushed forward), as PHYSICS 0
states. Level cue: omega = (5 v / 2R)(0, b, a) for phi = 0, so R omega_y / v = 5b/2 and
b = 2/5 gives natural roll. An elevated cue with side offset gives omega a component
(5 v / 2R) a sin(theta) along the ball's horizontal direction: the cloth slip then has a
sideways part, which bends the path towards the English side (masse) in the sliding
equations of the solver.

The ball's kinetic energy is (1/2) m v^2 (1 + (5/2) d^2), d^2 = a^2 + b^2; as a fraction of
the cue's (1/2) M V0^2 it is (1 + e_tip)^2 q k / (q + k)^2 with q = m/M, k = 1 + (5/2) d^2,
at most 1 for e_tip <= 1 (arithmetic-geometric mean).

Squirt (end-mass model, Alciatore TP A.31)
------------------------------------------
tan(alpha) = (5/2) a sqrt(1 - a^2) / (1 + m/m_e + (5/2)(1 - a^2)), with m_e the cue's end
mass. The ball's velocity is c rotated by alpha about e_u, away from the English side:
v (cos(alpha) c - sin(alpha) e_r). Only the side offset a squirts: the height offset's
deflection would be vertical, into the slate or the bridge hand, and the literature's
model and measurements are for side English only. The rotation keeps the speed v from the
formula above (so the energy bound holds), and v_z = -v sin(theta) cos(alpha).

Miscue (PHYSICS 5, TP 2.1)
--------------------------
The tip holds the ball only while the cue axis lies inside the friction cone around the
contact normal: sqrt(a^2 + b^2) <= mu_tip / sqrt(1 + mu_tip^2) (0.514 R for mu_tip = 0.6).
Beyond it the tip skids off. Deterministic weak outcome: the ball gets the fraction
`CUE_MISCUE_FRACTION` (0.2) of the velocity and spin, squirt included, that the same stroke
would give with its offset pulled back onto the limit along the same direction. The contact
geometry (point, angle, tip-cloth test) still uses the offset as given.

Preliminary classification (PHYSICS 6 detector, steps 1 to 4)
--------------------------------------------------------------
1. Geometry: contact height above the ball centre z_Q - z_C = R (b cos th + s sin th), its
   angle above the equator asin(b cos th + s sin th) (the cue-tip vertical angle), the
   contact height above the cloth R + z_Q - z_C, and tip-cloth contact when
   R + z_Q - z_C - r_s cos th <= 0 (r_s: shaft radius at the tip).
2. "scoop": the tip or shaft reaches the cloth. Checked first: the rules treat a scoop
   like a miscue (WPA 2.11), and with mu_tip = 0.6 every stroke whose tip reaches the cloth
   is beyond the miscue limit, so `miscue` is True as well.
3. "miscue": the offset is beyond the limit (the rules layer judges intent).
4. "legal_jump_candidate": theta > 0 and the strike drives the ball into the slate
   (v_z < 0), with no tip-cloth contact and no miscue.
5. "none": everything else (a level stroke cannot lift the ball).
With scoop_rule="equator" (the default: the reading of issue 3 and of the rule book's
R9-21 / R9-X11, "struck below centre", which PHYSICS 6.5 calls the stricter house rule), an
elevated stroke whose contact lies below the ball's equator is a "scoop" too. The physics
rule calls such an elevated draw a legal jump candidate: it is still driven into the slate.

Frozen cue ball: the joint stroke (issue 27 point 2)
---------------------------------------------------
A cue ball touching another ball or a cushion (surfaces within CUE_FROZEN_GAP) is not
struck by an impulse and then collided: the tip, the ball-ball and the ball-cushion
contacts act together while the tip is on the ball (`strike_layout`, compiled in
_stroke.pxd `joint_strike`, without the GIL). The system is the cue ball, the balls
touching it and the balls touching those (at most 16, nearest links first), and every
contact among them and with the cushions; it is integrated in time with a fixed step
(semi-implicit Euler; the shortest contact duration over CUE_FROZEN_STEPS) until the tip
has left and every contact has parted, CUE_FROZEN_MAX_TIME at most. The balls keep their
places: only their velocities and spins change, and the solver takes over from them.

* The cue: mass M along c, at V0 (a miscue: the point model's weak outcome, the stroke at
  the limit with MISCUE_FRACTION of the cue's speed). The tip: a one-sided linear spring
  whose free contact with this ball lasts tau = CueSpec.tip_contact_time, a half-sine
  pulse: loading stiffness k = mu (pi (1 + e_tip) / (2 tau))^2, mu the reduced mass of M and
  the ball's effective mass at the contact point along c, m / (1 + (5/2)(a^2 + b^2)). The
  ball takes the tip's force as the point model takes its impulse: along the squirt
  direction, with torque rho x c; the compression closes at V_cue - (v . c_alpha +
  (omega x rho) . c). With nothing touching, this gives the point model's speed and spin
  (to the step's accuracy, 0.1 %).
* Restitution of every contact: a hysteretic linear law, k d while loading, k/e^2 (d -
  d_max (1 - e^2)) unloading: a free impact returns e^2 of the stored energy, and no cycle
  gains energy.
* Ball-ball: a stiff linear spring, a free contact of the pair lasting CUE_FROZEN_BALL_TIME
  (1/20 of the tip's: the rigid-contact limit, where the balls leave the tip together as
  Alciatore films them), restitution e_b, friction a + b exp(-c slip) (the solver's law).
* Ball-cushion: the nose line at the cushion height (or a jaw tip's circle), a linear
  spring whose free contact with the ball would last CUE_FROZEN_CUSHION_TIME (4 ms, an
  estimate: the rubber gives), restitution e_c, friction u_c.
* Friction: Coulomb per step, the tangential impulse that stops the contact points' slip,
  at most mu times the step's normal impulse.
* The slate holds the balls resting on it: the downward part of the contact forces on such
  a ball is cancelled (a slate force through its centre, no torque), with the slate's
  friction u_s on it. The tip's own downward impulse is not: an elevated stroke still
  drives the ball into the slate and the solver bounces it there at t = 0.
Results: struck 8-77 degrees off the line of centres, the cue ball leaves within 6 degrees
of Alciatore's measurements (TP A.15) at 0.5-8 m/s of cue (within 4.2 at 0.5-2 m/s);
straight on both balls go forward together at the rigid pair's speed, the object ball ahead
by what e_b gives back (< 1 % of V0); along the tangent nothing moves the object ball. A cue ball frozen to a rail and struck along it leaves as if free; struck into
it, the rubber gives and sends it back off the rail; steeply into it, the cue is still
pushing when the rubber returns the ball, and the outcome depends on the cushion's
stiffness (an estimate). The StrikeResult says `joint`, the balls `pushed`, the cue's speed
after and the contacts that carried force; physics_ext.api logs those contacts as events
at t = 0 (flag STRIKE), the object ball's as the cue ball's first contact.

What the solver must add (the final decision needs the motion after the strike)
------------------------------------------------------------------------------
* A cue ball resting on the cloth with v_z < 0 after the strike meets the slate at t = 0:
  resolve that slate impact (PHYSICS 4.4: v_z' = -e_t v_z, Coulomb friction on the
  tangential slip) as the first event and log it as a SLATE event.
* legal jump: classification "legal_jump_candidate", the first event after the strike is
  that slate rebound, and the ball then becomes AIRBORNE (above the solver's bounce
  threshold). A candidate that never leaves the cloth is an ordinary stroke ("none").
* scoop: classification "scoop" is final (PHYSICS 6.3: the ball is deemed to rise even if
  the point model cannot lift it). The solver must also call a scoop any cue ball that
  becomes airborne with no slate rebound before it (an upward strike impulse; this model
  never produces one, but a future strike model or a frozen-ball contact might).
* Log the classification, the contact angle and every airborne interval (with the balls
  the cue ball passes over) in the shot's event log for the rules.
"""
from __future__ import annotations

import enum
import math
import numbers
from dataclasses import dataclass
from typing import Optional

import numpy as np

from . import _shot, _solver
from . import constants as C
from .table import TableSpec
from .types import Params, frozen_instance

# Accepted values of strike(..., scoop_rule=...), see the module docstring.
SCOOP_RULES = ("physics", "equator")


def _check(name, value, lo=-math.inf, hi=math.inf, lo_open=False, unit=""):
    """Raise ValueError naming `name` and `value` unless value is a finite real number in
    the interval lo..hi (closed, or open at lo when lo_open)."""
    if type(value) is float and (value > lo if lo_open else value >= lo) and value <= hi \
            and value - value == 0.0:
        return                              # the common case, without the ABC check
    ok = (isinstance(value, numbers.Real) and not isinstance(value, bool)
          and math.isfinite(value) and (value > lo if lo_open else value >= lo)
          and value <= hi)
    if not ok:
        if math.isinf(lo) and math.isinf(hi):
            where = ""
        elif math.isinf(hi):
            where = f" {'>' if lo_open else '>='} {lo:g}{unit}"
        else:
            where = f" in {'(' if lo_open else '['}{lo:g}, {hi:g}]{unit}"
        raise ValueError(f"{name} must be a finite number{where}, got {value!r}")


def _readonly(vector):
    array = np.array(vector, dtype=np.float64)
    array.flags.writeable = False
    return array


class StrikeClass(str, enum.Enum):
    """Preliminary classification of a stroke; compares equal to its string value."""
    NONE = "none"
    LEGAL_JUMP_CANDIDATE = "legal_jump_candidate"
    SCOOP = "scoop"
    MISCUE = "miscue"


@dataclass(frozen=True)
class Stroke:
    """One cue stroke.

    azimuth: direction of the cue axis projected on the cloth (rad), from +x towards +y;
        the ball goes this way (before squirt). Any finite angle.
    elevation: cue above horizontal (rad), 0..pi/2; the cue points down into the ball.
    side, height: offset of the CONTACT point from the ball centre as fractions of the
        ball radius, in the plane perpendicular to the cue axis; side right +, height up +
        (as the player sees the ball). side^2 + height^2 < 1. For the offset of the tip's
        centre use `contact_offset`.
    speed: cue speed at impact (m/s), in (0, MAX_CUE_SPEED].
    follow_through: how far (m, 0..0.5) the tip travels past the point where it met the
        ball before the stroke stops (physics_ext.cue: double hits and shaft contacts).
    """
    azimuth: float
    elevation: float
    side: float
    height: float
    speed: float
    follow_through: float = C.CUE_FOLLOW_THROUGH

    def __post_init__(self):
        _check("stroke azimuth", self.azimuth, unit=" rad")
        _check("stroke elevation", self.elevation, 0.0, math.pi / 2, unit=" rad")
        _check("stroke side", self.side, -1.0, 1.0)
        _check("stroke height", self.height, -1.0, 1.0)
        _check("stroke speed", self.speed, 0.0, C.MAX_CUE_SPEED, lo_open=True, unit=" m/s")
        _check("stroke follow_through", self.follow_through, 0.0, 0.5, unit=" m")
        if self.side ** 2 + self.height ** 2 >= 1.0:
            raise ValueError(f"stroke offset (side, height) = ({self.side!r}, {self.height!r}) "
                             f"lies outside the ball: side^2 + height^2 must be < 1")


@dataclass(frozen=True)
class CueSpec:
    """The cue. mass (kg), tip_radius (m, the tip's dome), shaft_radius (m, at the tip),
    tip_friction and tip_restitution (dimensionless), end_mass (kg, squirt end mass),
    tip_contact_time (s, how long the tip stays on the ball: physics_ext.cue)."""
    mass: float = C.CUE_MASS
    tip_radius: float = C.CUE_TIP_RADIUS
    shaft_radius: float = C.CUE_SHAFT_RADIUS
    tip_friction: float = C.CUE_TIP_FRICTION
    tip_restitution: float = C.CUE_TIP_RESTITUTION
    end_mass: float = C.CUE_END_MASS
    tip_contact_time: float = C.CUE_TIP_CONTACT_TIME

    def __post_init__(self):
        for name, unit in (("mass", " kg"), ("tip_radius", " m"), ("shaft_radius", " m"),
                           ("tip_friction", ""), ("end_mass", " kg")):
            _check(f"cue {name}", getattr(self, name), 0.0, lo_open=True, unit=unit)
        _check("cue tip_restitution", self.tip_restitution, 0.0, 1.0)
        _check("cue tip_contact_time", self.tip_contact_time, 0.0, 0.01, lo_open=True,
               unit=" s")
        if self.shaft_radius >= self.tip_radius:
            raise ValueError(f"cue shaft_radius {self.shaft_radius!r} m must be below its "
                             f"tip_radius {self.tip_radius!r} m (the tip is a dome on the shaft)")

    @property
    def miscue_limit(self) -> float:
        """Largest contact offset sqrt(side^2 + height^2) (fraction of R) the tip holds:
        mu / sqrt(1 + mu^2), where the cue axis meets the edge of the friction cone."""
        mu = self.tip_friction
        return mu / math.sqrt(1.0 + mu * mu)


@dataclass(frozen=True)
class StrikeResult:
    """The cue ball just after the strike, and the contact geometry. Table frame, SI.

    velocity: (3,) m/s; v_z <= 0 (into the slate when the cue is elevated).
    angular_velocity: (3,) rad/s.
    cue_direction: (3,) unit vector c along which the cue moves.
    squirt_angle: rad, the angle from c to the velocity about e_u (PHYSICS frame above);
        positive is towards the player's left, the deflection of right English.
    contact_point: (3,) m, where the tip meets the ball, relative to the ball centre.
    contact_angle: rad, the cue-tip vertical angle: the contact point's angle above (+) or
        below (-) the ball's equator.
    contact_height: m, the contact point's height above the cloth (ball on the cloth).
    tip_cloth: the tip or shaft reaches the cloth at impact (PHYSICS 6, detector step 1).
    miscue: the offset is beyond the miscue limit; velocity and spin are the weak outcome.
    classification: preliminary; the solver completes it (see the module docstring).
    joint: the cue ball touched other balls or a cushion, and the stroke was resolved with
        those contacts acting during the tip's contact ("Frozen cue ball").
    pushed: the balls (indices in the layout) the joint stroke set moving besides the cue
        ball. cue_speed_after: m/s along c, the cue's speed when the tip left the ball in a
        joint stroke (None for the point impulse: physics_ext.cue takes V0 - m v / M).
    contacts: the joint stroke's contacts that carried force, as (kind, ball, other,
        closing speed m/s): kind "ball" (other: a ball), "cushion" (other: a cushion
        segment of TableGeometry) or "jaw_tip" (other: a jaw tip); layout indices. The
        shot's log has them as events at t = 0 (physics_ext.api.with_stroke).
    """
    velocity: np.ndarray
    angular_velocity: np.ndarray
    cue_direction: np.ndarray
    squirt_angle: float
    contact_point: np.ndarray
    contact_angle: float
    contact_height: float
    tip_cloth: bool
    miscue: bool
    classification: StrikeClass
    joint: bool = False
    pushed: tuple = ()
    cue_speed_after: Optional[float] = None
    contacts: tuple = ()

    @property
    def speed(self) -> float:
        """Ball speed |velocity| (m/s)."""
        return float(np.linalg.norm(self.velocity))


def squirt_angle(side: float, mass_ratio: float) -> float:
    """Squirt angle (rad) for contact side offset `side` (fraction of R) and ball mass over
    cue end mass `mass_ratio` (TP A.31). Its sign is the sign of `side`; the ball deflects
    away from the English side."""
    return _solver.squirt_angle(side, mass_ratio)


def strike(stroke: Stroke, radius: float, mass: float, cue: CueSpec = CueSpec(), *,
           scoop_rule: str = "equator") -> StrikeResult:
    """The cue ball's motion just after `stroke`, for a ball of `radius` (m) and `mass` (kg)
    resting on the cloth, struck by `cue`. scoop_rule: "equator" (the default, as the
    rule book and issue 3 read seed rule 5.2.h: an elevated stroke whose contact lies
    below the equator is a scoop) or "physics" (PHYSICS 6 detector only).
    Models and conventions: see the module docstring."""
    _check("ball radius", radius, 0.0, lo_open=True, unit=" m")
    _check("ball mass", mass, 0.0, lo_open=True, unit=" kg")
    if scoop_rule not in SCOOP_RULES:
        raise ValueError(f"scoop_rule must be one of {SCOOP_RULES}, got {scoop_rule!r}")
    return _result(stroke, *_point_strike(stroke, radius, mass, cue), scoop_rule)


def _point_strike(stroke: Stroke, radius: float, mass: float, cue: CueSpec) -> tuple:
    """The point impulse of `stroke` on a resting ball with its contact geometry (module
    docstring, steps 1 to 3), compiled (physics_ext/_shot.pyx; the impulse is
    _stroke.pxd's, shared with shoot_batch): velocity, angular velocity, c and the contact
    point (read-only arrays), squirt angle, miscue, contact angle, contact height,
    tip-cloth contact, sin of the contact's angle above the equator."""
    return _shot.point_strike(stroke.azimuth, stroke.elevation, stroke.side, stroke.height,
                              stroke.speed, radius, mass, cue.mass, cue.tip_restitution,
                              cue.end_mass, cue.miscue_limit, C.CUE_MISCUE_FRACTION,
                              cue.shaft_radius)


def _result(stroke: Stroke, velocity: np.ndarray, omega: np.ndarray, c: np.ndarray,
            contact: np.ndarray, alpha: float, miscue: bool, contact_angle: float,
            contact_height: float, tip_cloth: bool, sin_contact: float, scoop_rule: str,
            **joint) -> StrikeResult:
    """The StrikeResult of a stroke whose cue ball left with velocity and omega (read-only
    arrays), with its preliminary class (module docstring, steps 2 to 5)."""
    if tip_cloth:
        kind = StrikeClass.SCOOP
    elif miscue:
        kind = StrikeClass.MISCUE
    elif stroke.elevation > 0.0 and velocity[2] < 0.0:
        below_equator = sin_contact < 0.0
        kind = (StrikeClass.SCOOP if scoop_rule == "equator" and below_equator
                else StrikeClass.LEGAL_JUMP_CANDIDATE)
    else:
        kind = StrikeClass.NONE
    fields = dict(
        velocity=velocity, angular_velocity=omega, cue_direction=c, squirt_angle=alpha,
        contact_point=contact, contact_angle=contact_angle, contact_height=contact_height,
        tip_cloth=tip_cloth, miscue=miscue, classification=kind, joint=False, pushed=(),
        cue_speed_after=None, contacts=())
    fields.update(joint)
    return frozen_instance(StrikeResult, fields)


def strike_motions(strokes: np.ndarray, radius, mass, cue: CueSpec) -> tuple:
    """The point impulse of many strokes, rows (azimuth, elevation, side, height, speed),
    each on a resting ball of `radius` (m) and `mass` (kg) (numbers, or one per row),
    validated by the caller: arrays velocity (N, 3) m/s, angular velocity (N, 3) rad/s,
    squirt angle (N,) rad and miscue (N,) bool, as the module docstring's model gives them."""
    strokes = np.ascontiguousarray(strokes, dtype=np.float64)
    count = strokes.shape[0]
    radius = np.ascontiguousarray(np.broadcast_to(np.asarray(radius, dtype=np.float64), count))
    mass = np.ascontiguousarray(np.broadcast_to(np.asarray(mass, dtype=np.float64), count))
    velocity, omega = np.empty((count, 3)), np.empty((count, 3))
    squirt, miscue = np.empty(count), np.empty(count, dtype=np.int8)
    _solver.strike_batch(strokes, radius, mass, cue.mass, cue.tip_restitution, cue.end_mass,
                         cue.miscue_limit, C.CUE_MISCUE_FRACTION, velocity, omega, squirt,
                         miscue)
    return velocity, omega, squirt, miscue.astype(bool)


def contact_offset(tip_side: float, tip_height: float, radius: float,
                   tip_radius: float = C.CUE_TIP_RADIUS) -> tuple:
    """Contact-point offsets (side, height) from the offsets of the tip's centre (the cue
    axis), all as fractions of the ball radius, perpendicular to the cue axis.

    The tip's dome centre lies on the contact normal at R + r_tip from the ball centre, so
    its perpendicular offset is (1 + r_tip/R) times the contact point's: divide by that."""
    _check("ball radius", radius, 0.0, lo_open=True, unit=" m")
    _check("tip_radius", tip_radius, 0.0, lo_open=True, unit=" m")
    scale = 1.0 + tip_radius / radius
    return (tip_side / scale, tip_height / scale)


def min_elevation_to_clear(distance: float, height: float, clearance: float,
                           axis_height: float) -> float:
    """Smallest cue elevation (rad, 0..pi/2) at which the cue axis passes at least
    `clearance` (m) above a point `distance` (m, horizontally, along the cue line) behind
    the ball centre and `height` (m) above the cloth. `axis_height` (m) is where the cue
    axis crosses the vertical line through the ball centre: the ball radius R for a
    centre-ball stroke, R + height_offset * (R + r_tip) / cos(elevation) otherwise.

    Cushion behind the ball: the point is the cushion's top edge, clearance the cue's
    radius there (CUE_SHAFT_RADIUS is a lower bound; the cue thickens towards the butt).
    Ball behind the cue ball: the point is that ball's centre (height its radius), and
    clearance its radius plus the cue's radius.

    The point lies clearance below the axis when distance sin(th) - (height - axis_height)
    cos(th) >= clearance, i.e. sin(th - delta) >= clearance / rho with rho and delta the
    polar form of (distance, height - axis_height). ValueError if no elevation clears.
    """
    _check("distance", distance, 0.0, lo_open=True, unit=" m")
    _check("height", height, unit=" m")
    _check("clearance", clearance, 0.0, unit=" m")
    _check("axis_height", axis_height, unit=" m")
    rise = height - axis_height
    reach = math.hypot(distance, rise)
    if clearance >= reach:
        raise ValueError(f"clearance {clearance!r} m reaches the cue's pivot point: the point "
                         f"is only {reach:.6g} m from where the cue axis meets the ball")
    elevation = math.atan2(rise, distance) + math.asin(clearance / reach)
    if elevation > math.pi / 2:
        raise ValueError(f"no elevation up to pi/2 clears the point at distance {distance!r} m,"
                         f" height {height!r} m with clearance {clearance!r} m")
    return max(0.0, elevation)


# StrikeResult.contacts kinds, by FrozenSystem.kind.
_CONTACT_KINDS = ("ball", "cushion", "jaw_tip")


@dataclass(frozen=True)
class FrozenSystem:
    """What touches the cue ball at the strike: the balls (layout indices, the cue ball
    first) linked to it by touching, and their contacts. kind (K,) int32: 0 ball-ball
    between members first and second (positions in `balls`), 1 a cushion nose or jaw face
    touching member first (geometry: a point of the nose line (x, y, h) and its horizontal
    unit direction), 2 a jaw tip (geometry: the tip's axis (x, y), h and its radius);
    feature: the segment or tip index of a cushion contact (-1 for balls). Positions m,
    table frame."""
    balls: np.ndarray
    kind: np.ndarray
    first: np.ndarray
    second: np.ndarray
    geometry: np.ndarray
    feature: np.ndarray


def cue_ball_touches(rows: np.ndarray, cue_index: int, table: TableSpec) -> np.ndarray:
    """(N,) bool for layouts rows (N, n, 11): ball `cue_index` may touch another ball or a
    cushion (a quick test over many layouts, compiled, with twice the gap and no nose
    line's foot: frozen_system decides, and finds nothing where this is False)."""
    geo = table.geometry()
    out = np.zeros(rows.shape[0], dtype=np.uint8)
    _solver.cue_ball_touching(np.ascontiguousarray(rows, dtype=np.float64), int(cue_index),
                              geo.segments, geo.segment_normals, geo.tips,
                              table.cushion_height, C.CUE_FROZEN_GAP, out)
    return out.astype(bool)


def frozen_system(rows: np.ndarray, cue_index: int, table: TableSpec) -> Optional[FrozenSystem]:
    """The balls and cushions touching ball `cue_index` of the layout `rows` (n, 11: R, m,
    position, velocity, angular velocity), directly or through touching balls, within
    CUE_FROZEN_GAP; None when nothing touches it. At most _solver.JOINT_MAX_BALLS balls
    (nearest links first) and JOINT_MAX_CONTACTS contacts are kept: the solver takes over
    beyond them."""
    geo = table.geometry()
    h, tol = table.cushion_height, C.CUE_FROZEN_GAP
    centres, radii = rows[:, 2:5], rows[:, 0]
    gaps = (np.linalg.norm(centres[:, None, :] - centres[None, :, :], axis=-1)
            - (radii[:, None] + radii[None, :]))
    np.fill_diagonal(gaps, np.inf)
    touch = gaps <= tol
    members = [int(cue_index)]
    for k in members:                       # breadth first: the nearest links first
        for j in np.flatnonzero(touch[k]):
            if int(j) not in members and len(members) < _solver.JOINT_MAX_BALLS:
                members.append(int(j))
    kind, first, second, geometry, feature = [], [], [], [], []
    for p, i in enumerate(members):
        for q in range(p + 1, len(members)):
            if touch[i, members[q]]:
                kind.append(0), first.append(p), second.append(q), feature.append(-1)
                geometry.append((0.0,) * 6)
    # cushions, for members resting on the cloth (the nose at height h meets them)
    seg, seg_n = geo.segments, geo.segment_normals
    direction = seg[:, 1] - seg[:, 0]
    length = np.hypot(direction[:, 0], direction[:, 1])
    direction = direction / length[:, None]
    for p, i in enumerate(members):
        R, (x, y, z) = radii[i], centres[i]
        if abs(z - R) > tol:
            continue
        sin_a = h / R - 1.0
        reach = R * math.sqrt(max(0.0, 1.0 - sin_a * sin_a))   # horizontal, centre to nose
        rel = np.array([x, y]) - seg[:, 0]
        along = np.einsum("ij,ij->i", rel, direction)
        off = np.einsum("ij,ij->i", rel, seg_n) - reach
        for k in np.flatnonzero((np.abs(off) <= tol) & (along >= 0.0) & (along <= length)):
            kind.append(1), first.append(p), second.append(p), feature.append(int(k))
            geometry.append((*seg[k, 0], h, *direction[k], 0.0))
        tips = geo.tips
        off = np.hypot(x - tips[:, 0], y - tips[:, 1]) - tips[:, 2] - reach
        for k in np.flatnonzero(np.abs(off) <= tol):
            kind.append(2), first.append(p), second.append(p), feature.append(int(k))
            geometry.append((*tips[k, :2], h, tips[k, 2], 0.0, 0.0))
    if not kind:
        return None
    keep = slice(0, _solver.JOINT_MAX_CONTACTS)
    return FrozenSystem(np.array(members, dtype=np.intp),
                        np.array(kind[keep], dtype=np.int32),
                        np.array(first[keep], dtype=np.int32),
                        np.array(second[keep], dtype=np.int32),
                        np.ascontiguousarray(geometry[keep], dtype=np.float64).reshape(-1, 6),
                        np.array(feature[keep], dtype=np.intp))


def strike_layout(stroke: Stroke, rows: np.ndarray, cue_index: int, table: TableSpec,
                  params: Params, cue: CueSpec = CueSpec(), *,
                  scoop_rule: str = "equator") -> tuple:
    """The stroke on ball `cue_index` (at rest) of the layout `rows` (n, 11, as
    physics_ext.api builds them): (StrikeResult, rows with the motion after the strike).
    A cue ball touching nothing gets strike()'s point impulse, bit for bit; one touching
    balls or cushions gets the joint stroke (module docstring, "Frozen cue ball"), which
    moves the balls it pushes as well."""
    rows = np.array(rows, dtype=np.float64)
    R, m = float(rows[cue_index, 0]), float(rows[cue_index, 1])
    geo = table.geometry()
    system = (frozen_system(rows, cue_index, table)
              if _shot.cue_ball_touches(rows, cue_index, geo.segments, geo.segment_normals,
                                        geo.tips, table.cushion_height, C.CUE_FROZEN_GAP)
              else None)
    if system is None:
        struck = strike(stroke, R, m, cue, scoop_rule=scoop_rule)
        _shot.set_motion(rows, cue_index, struck.velocity, struck.angular_velocity)
        return struck, rows
    _check("ball radius", R, 0.0, lo_open=True, unit=" m")
    _check("ball mass", m, 0.0, lo_open=True, unit=" kg")
    if scoop_rule not in SCOOP_RULES:
        raise ValueError(f"scoop_rule must be one of {SCOOP_RULES}, got {scoop_rule!r}")
    members = system.balls
    part = rows[members]
    velocity = np.ascontiguousarray(part[:, 5:8])
    omega = np.ascontiguousarray(part[:, 8:11])
    out = np.zeros(5)
    compression = np.zeros(2 * system.kind.size)
    a, b, c = params.ball_friction_law()
    law = np.array([params.e_b, a, b, c, params.e_c, params.u_c, params.u_s,
                    C.CUE_FROZEN_BALL_TIME,
                    C.CUE_FROZEN_CUSHION_TIME, C.CUE_FROZEN_STEPS, C.CUE_FROZEN_MAX_TIME])
    on_cloth = (np.abs(part[:, 4] - part[:, 0]) <= C.CUE_FROZEN_GAP).astype(np.uint8)
    miscue = _solver.joint_strike(
        np.array([stroke.azimuth, stroke.elevation, stroke.side, stroke.height,
                  stroke.speed]),
        np.array([cue.mass, cue.tip_restitution, cue.tip_contact_time, cue.end_mass,
                  cue.miscue_limit, C.CUE_MISCUE_FRACTION]),
        np.ascontiguousarray(part[:, 0]), np.ascontiguousarray(part[:, 1]),
        np.ascontiguousarray(part[:, 2:5]), on_cloth, system.kind, system.first,
        system.second, system.geometry, law, velocity, omega, out, compression)
    rows[members, 5:8] = velocity
    rows[members, 8:11] = omega
    moved = tuple(int(members[p]) for p in range(1, len(members))
                  if (velocity[p] != part[p, 5:8]).any() or (omega[p] != part[p, 8:11]).any())
    contacts = tuple(
        (_CONTACT_KINDS[kind], int(members[i]),
         int(members[j]) if kind == 0 else int(f), float(compression[2 * q + 1]))
        for q, (kind, i, j, f) in enumerate(zip(system.kind.tolist(), system.first.tolist(),
                                                system.second.tolist(),
                                                system.feature.tolist()))
        if compression[2 * q] > 0.0)
    point = _point_strike(stroke, R, m, cue)       # its contact geometry
    struck = _result(stroke, _readonly(velocity[0]), _readonly(omega[0]), *point[2:4],
                     float(out[4]), bool(miscue), *point[6:], scoop_rule, joint=True,
                     pushed=moved, cue_speed_after=float(out[0]), contacts=contacts)
    return struck, rows
