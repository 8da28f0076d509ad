"""The invariants every shot must keep, as assertions shared by the physics tests: energy
never rises at an event, every ball-ball impulse conserves horizontal momentum, no two balls
overlap, no ball leaves the table or gets lost.

Tolerances (the solver is exact up to rounding and two documented allowances):
* SNAP_MPS = 1e-9 m/s: the solver snaps speeds and slips below this to exactly zero (and a
  rolling ball's spin to v / R), which may move momentum by m * SNAP_MPS and energy by
  m * SNAP_MPS * (|v| + R |w|) (physics_ext/README.md, "Energy").
* ROUNDING = 1e-14 relative on sums of energies or momenta of order 1 (a few dozen ulps).
* CONTACT_TOL_M = 1e-12 m on overlaps, cushion penetration and escapes: event times are
  polished to full double precision, so contacts are exact to the ulps of coordinates of
  order 1 m (observed below 2e-14 m); 1000 times tighter than the solver's 1 nm "touching".
* CREEP_TOL_M: two balls touching and creeping together slower than SNAP_MPS (slow balls
  pressed together) may press 1 um deep before they collide, instead of an endless train
  of ever softer impacts (CREEP_TOL_M in physics_ext/_detect.pxd). The solver measures it
  on |d|^2 - D^2 = -2 D * 1 um, so the depth is 1 um (1 + 1 um / 2D), below 1.00002 um
  for any two pool balls (D >= 47.6 mm). Such an impact starts at most at
  sqrt(2 a * 1 um) < 3 mm/s (a <= 2 u_s g); every faster one (CREEP_SPEED_MPS) must start
  at exact contact, to CONTACT_TOL_M.
"""
import numpy as np

from physics_ext import EventKind, MotionState
from tests.physics import probes

SNAP_MPS = 1e-9
ROUNDING = 1e-14
CONTACT_TOL_M = 1e-12
CREEP_TOL_M = 1e-6 * (1 + 2e-5)
CREEP_SPEED_MPS = 0.01
SAMPLES_PER_SHOT = 400          # times at which overlaps are also checked between events

def check_energy(result):
    """Total energy (translational + rotational + m g (z - R)) never rises at an event."""
    R_, m = result.ball_rows[:, 0], result.ball_rows[:, 1]
    for events, before, after in probes.steps(result):
        e_before = probes.energies(result, before).sum()
        e_after = probes.energies(result, after).sum()
        speeds = (np.linalg.norm(before.velocities, axis=1) +
                  R_ * np.linalg.norm(before.angular_velocities, axis=1))
        allowance = SNAP_MPS * np.sum(m * speeds) + ROUNDING * e_before
        assert e_after <= e_before + allowance, (events, e_before, e_after)


def check_momentum(result):
    """Each ball-ball impulse conserves the pair's horizontal momentum (the slate takes only
    vertical momentum: a ball an impact pushes down stays on the cloth)."""
    for events, before, after in probes.steps(result):
        if not (len(events) and events["kind"][0] == EventKind.BALL_BALL):
            continue
        pair = [events["ball"][0], events["other"][0]]
        p_before = probes.momentum(result, before, pair)[:2]
        p_after = probes.momentum(result, after, pair)[:2]
        allowance = (SNAP_MPS * result.ball_rows[pair, 1].sum() +
                     ROUNDING * np.linalg.norm(p_before))
        assert np.linalg.norm(p_after - p_before) <= allowance, (events, p_before, p_after)


def sampled(result):
    """States at every event time and at SAMPLES_PER_SHOT times spread over the shot."""
    times = np.concatenate((result.events["time"],
                            np.linspace(0.0, result.duration, SAMPLES_PER_SHOT)))
    return result.sample(times)


def check_no_overlap(result):
    """No two balls in play interpenetrate beyond a slow creep, at events or between them
    (3-D distance), and every impact faster than a creep starts at exact contact, or from
    a press left by an earlier creeping contact (at most the creep depth: a ball another
    creeping pair nudged into this one)."""
    s = sampled(result)
    assert probes.overlap_depth(result, s.positions, s.states) <= CREEP_TOL_M + CONTACT_TOL_M
    radii = result.ball_rows[:, 0]
    for events, before, _ in probes.steps(result):
        if len(events) and events["kind"][0] == EventKind.BALL_BALL and \
                events["speed"][0] > CREEP_SPEED_MPS:
            i, j = events["ball"][0], events["other"][0]
            gap = np.linalg.norm(before.positions[j] - before.positions[i]) - radii[i] - radii[j]
            assert -CREEP_TOL_M - CONTACT_TOL_M <= gap <= CONTACT_TOL_M, (events, gap)


def check_on_table(result):
    """No ball on the cloth sinks into a cushion or jaw or wanders off the table, and
    every ball ends at rest on the table, in a pocket, or off the table after an
    OFF_TABLE event (a ball that flew over a rail)."""
    s = sampled(result)
    assert probes.cushion_depth(result, s.positions, s.states) <= CONTACT_TOL_M
    assert probes.escape_distance(result, s.positions, s.states) <= CONTACT_TOL_M
    final = result.final.states
    flew_off = np.isin(np.arange(result.n_balls),
                       result.events["ball"][result.events["kind"] == EventKind.OFF_TABLE])
    assert np.all(np.isin(final, (MotionState.STATIONARY, MotionState.POCKETED)) |
                  (flew_off & (final == MotionState.OFF_TABLE))), final


def check_all(result):
    check_energy(result)
    check_momentum(result)
    check_no_overlap(result)
    check_on_table(result)
