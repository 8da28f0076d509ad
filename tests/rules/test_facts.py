"""Shot facts read from the physics event log through the named queries (RULEBOOK
section 6; R8-X03, R8-X07, R9-27, R9-X13)."""
import math
from dataclasses import dataclass

import numpy as np
import pytest

from game.rules import eight_ball, nine_ball
from game.rules.facts import (SIMULTANEOUS_CONTACT_TOL_S, AirborneInterval, JumpClass,
                              SettledDrop, ShotFacts, StrokeFault, balls_passed_over,
                              driven_to_cushion, facts_from_result, final_resting_positions,
                              first_contact_candidates, resting_positions,
                              settled_drops_put_back)
from game.rules.outcome import Foul
from game.rules.variants import EightBallVariants
from physics_ext import Ball, Stroke, shoot, simulate
from physics_ext import constants as C
from physics_ext.api import contact_distance
from physics_ext.table import Pocket, Rail, TableSpec
from physics_ext.types import EVENT_DTYPE, EventFlag, EventKind, MotionState
from rules_helpers import A, eight, nine

K = EventKind


def event(time, kind, ball, other=-1, feature=-1, rail=-1, flags=0):
    return (time, int(kind), ball, other, feature, rail, 0, 1.0, int(flags))


@dataclass(frozen=True)
class FakeResult:
    """Just the ShotResult fields facts_from_result reads: the log and the trajectory
    pieces (ball, state, t0, rvw), here one resting piece a ball."""
    events: np.ndarray
    pieces: tuple


def result(rows, positions, states):
    n = len(positions)
    rvw = np.zeros((n, 9))
    rvw[:, :3] = [[x, y, 0.03] for x, y in positions]
    return FakeResult(np.array(rows, dtype=EVENT_DTYPE),
                      (np.arange(n, dtype=np.int32), np.array([int(s) for s in states],
                                                              dtype=np.int32),
                       np.zeros(n), rvw))


REST = MotionState.STATIONARY
POSITIONS = [(0.5, 0.5), (1.0, 0.5), (1.2, 0.6), (1.5, 0.3)]


def test_first_contact_pockets_cushions_and_final_positions():
    rows = [
        event(0.00, K.CUSHION, 3, rail=Rail.RIGHT_FOOT, flags=EventFlag.TOUCHING),  # frozen
        event(0.05, K.CUSHION, 0, rail=Rail.HEAD),           # cue ball, before contact
        event(0.10, K.BALL_BALL, 1, other=0),                # cue ball listed as `other`
        event(0.20, K.BALL_BALL, 1, other=2),
        event(0.30, K.JAW_TIP, 2, rail=Rail.FOOT),           # a jaw counts as its rail
        event(0.40, K.POCKET, 2, feature=Pocket.FOOT_LEFT),
        event(0.50, K.OFF_TABLE, 1),
    ]
    res = result(rows, POSITIONS, [REST, MotionState.OFF_TABLE, MotionState.POCKETED, REST])
    facts = facts_from_result(res, [0, 5, 9, 3])
    assert facts.first_contact == 5 and facts.first_contact_time == 0.10
    assert facts.simultaneous_first_contacts == frozenset()
    assert dict(facts.pocketed) == {9: Pocket.FOOT_LEFT}
    assert facts.off_table == {5}
    # R9-27: the frozen ball pushed into its cushion does not count.
    assert facts.cushion_balls == {0, 9}
    assert facts.cushion_balls_after_first_contact == {9}
    # 8.6: a ball that left the table counts as driven to a cushion.
    assert driven_to_cushion(facts, after_first_contact=True) == {9, 5}
    assert dict(facts.final_positions) == {0: (0.5, 0.5), 3: (1.5, 0.3)}
    assert facts.cue_airborne == () and not facts.miscue and not facts.stroke_faults


def test_simultaneous_first_contacts_within_the_tolerance():
    """R8-X07: contacts within SIMULTANEOUS_CONTACT_TOL_S of the first are simultaneous."""
    tol = SIMULTANEOUS_CONTACT_TOL_S
    rows = [event(0.1, K.BALL_BALL, 0, other=1), event(0.1 + tol / 2, K.BALL_BALL, 2, other=0),
            event(0.1 + 3 * tol, K.BALL_BALL, 0, other=3)]
    facts = facts_from_result(result(rows, POSITIONS, [REST] * 4), [0, 1, 2, 3])
    assert facts.first_contact == 1 and facts.simultaneous_first_contacts == {2}
    assert first_contact_candidates(facts) == {1, 2}


def test_no_contact_and_cue_index_not_zero():
    rows = [event(0.2, K.CUSHION, 2, rail=Rail.FOOT), event(0.3, K.POCKET, 2, feature=0)]
    res = result(rows, POSITIONS, [REST, REST, MotionState.POCKETED, REST])
    facts = facts_from_result(res, {0: 4, 1: 7, 2: 0, 3: 1}, cue_index=2)
    assert facts.first_contact is None and facts.first_contact_time is None
    assert dict(facts.pocketed) == {0: Pocket.HEAD_RIGHT}
    assert facts.cushion_balls == {0} and facts.cushion_balls_after_first_contact == set()
    with pytest.raises(ValueError):
        facts_from_result(res, [0, 1, 2, 3], cue_index=2)


@dataclass(frozen=True)
class FakeStrike:
    miscue: bool


@dataclass(frozen=True)
class FakeFlight:
    ball: int
    start: float
    end: float
    passed_over: tuple


@dataclass(frozen=True)
class FakeShot(FakeResult):
    """A result of shoot(): the stroke and the class of each cue-ball flight."""
    stroke: FakeStrike = None
    cue_index: int = 0
    flights: tuple = ()

    def cue_flights(self):
        return tuple((f, "scoop") for f in self.flights if f.ball == self.cue_index)


def test_flights_and_miscue_come_from_the_shot():
    base = result([], POSITIONS, [REST] * 4)
    flights = (FakeFlight(2, 0.0, 0.1, (0,)), FakeFlight(1, 0.0, 0.1, (3, 2)))
    shot = FakeShot(base.events, base.pieces, FakeStrike(miscue=True), 1, flights)
    facts = facts_from_result(shot, [4, 0, 7, 1], cue_index=1,
                              stroke_faults=[StrokeFault.PUSH])
    assert facts.miscue and facts.stroke_faults == {StrokeFault.PUSH}
    assert facts.cue_airborne == (AirborneInterval(0.0, 0.1, JumpClass.SCOOP, {1, 7}),)
    with pytest.raises(ValueError):
        facts_from_result(shot, [0, 4, 7, 1], cue_index=0)      # shoot() struck index 1


def test_flights_without_a_stroke_count_as_legal_jumps():
    base = result([], POSITIONS, [REST] * 4)
    shot = FakeShot(base.events, base.pieces, None, None, (FakeFlight(0, 0.0, 0.1, (3,)),))
    facts = facts_from_result(shot, [0, 1, 2, 3])
    assert not facts.miscue
    assert facts.cue_airborne == (AirborneInterval(0.0, 0.1, JumpClass.LEGAL_JUMP, {3}),)


def test_hand_made_facts_accept_plain_collections():
    facts = ShotFacts(first_contact=1, pocketed=[3, 0], off_table=[4])
    assert facts.pocketed_balls == {0, 3} and facts.pocketed[3] is None
    assert hash(facts) == hash(ShotFacts(first_contact=1, pocketed={0: None, 3: None},
                                         off_table={4}))
    with pytest.raises(ValueError):
        ShotFacts(pocketed=[3], off_table=[3])
    assert JumpClass("legal_jump") is JumpClass.ELEVATED


def test_settled_drop_put_back():
    """R9-X12: the dropped ball is not pocketed and stands where it rested."""
    facts = ShotFacts(first_contact=1, pocketed={5: None, 2: None},
                      final_positions={0: (0.4, 0.4)},
                      settled_drops=(SettledDrop(5, (1.0, 0.1)),))
    back = settled_drops_put_back(facts)
    assert back.pocketed_balls == {2} and back.final_positions[5] == (1.0, 0.1)
    assert back.settled_drops == ()


def test_a_real_jump_over_a_ball():
    """R8-17, R8-X14, R9-21: an elevated stroke above centre clears the ball in front:
    a foul in 8-ball, a legal jump in 9-ball."""
    table = TableSpec.nine_foot()
    y = table.width / 2
    balls = [Ball.pool(0.5, y), Ball.pool(0.62, y), Ball.pool(1.5, y + 0.3)]
    shot = shoot(table, balls, 0, Stroke(azimuth=0.0, elevation=0.9, side=0.0, height=0.0,
                                         speed=6.0))
    facts = facts_from_result(shot, [0, 1, 2])
    assert facts.cue_airborne and not facts.miscue
    assert {iv.classification for iv in facts.cue_airborne} == {JumpClass.LEGAL_JUMP}
    assert balls_passed_over(facts) == {1}
    assert balls_passed_over(facts, JumpClass.SCOOP) == set()
    assert Foul.JUMPED_OVER_BALL in eight_ball.rule_shot(eight(red=A), facts).fouls
    assert Foul.SCOOP_JUMP_OVER_BALL not in nine_ball.rule_shot(nine(), facts).fouls


def test_a_real_miscue_jump_is_its_own_class():
    """Issue 16: a stroke below centre beyond the miscue limit, the cue raised 15 degrees,
    at 15 m/s hops the cue ball; its flights are 'miscue' (R9-X11: an accident, not a
    scoop), and neither engine calls a jump foul for a hop that clears nothing."""
    table = TableSpec.nine_foot()
    y = table.width / 2
    balls = [Ball.pool(0.8, y), Ball.pool(1.8, y + 0.3)]
    shot = shoot(table, balls, 0, Stroke(azimuth=0.0, elevation=math.radians(15), side=0.0,
                                         height=-0.6, speed=15.0))
    facts = facts_from_result(shot, [0, 1])
    assert facts.miscue and shot.stroke.contact_angle < 0
    assert facts.cue_airborne
    assert {iv.classification for iv in facts.cue_airborne} == {JumpClass.MISCUE}
    assert balls_passed_over(facts) == set()
    assert Foul.JUMPED_OVER_BALL not in eight_ball.rule_shot(eight(red=A), facts).fouls
    assert Foul.SCOOP_JUMP_OVER_BALL not in nine_ball.rule_shot(nine(), facts).fouls


def test_a_real_miscue_jump_over_a_ball():
    """R8-17, R9-X11: a steep miscue (55 degrees, the tip 0.55 R above centre, beyond the
    0.514 R limit) still hops the cue ball over the ball 0.2 m ahead: a foul in 8-ball
    (any jump), none in 9-ball (an accidental jump)."""
    table = TableSpec.nine_foot()
    y = table.width / 2
    balls = [Ball.pool(0.5, y), Ball.pool(0.7, y), Ball.pool(1.5, y + 0.3)]
    shot = shoot(table, balls, 0, Stroke(azimuth=0.0, elevation=math.radians(55), side=0.0,
                                         height=0.55, speed=15.0))
    facts = facts_from_result(shot, [0, 1, 2])
    assert facts.miscue
    assert {iv.classification for iv in facts.cue_airborne} == {JumpClass.MISCUE}
    assert balls_passed_over(facts, JumpClass.MISCUE) == {1}
    assert Foul.JUMPED_OVER_BALL in eight_ball.rule_shot(eight(red=A), facts).fouls
    assert Foul.SCOOP_JUMP_OVER_BALL not in nine_ball.rule_shot(nine(), facts).fouls


def test_facts_from_a_real_shot():
    """The cue ball drives ball 1 into the foot cushion on the real solver."""
    table = TableSpec.nine_foot()
    y = table.width / 2 + 0.2
    balls = [Ball.pool(0.6, y, velocity=(2.5, 0.0, 0.0)), Ball.pool(1.6, y)]
    facts = facts_from_result(simulate(table, balls), [0, 1])
    assert facts.first_contact == 1 and facts.first_contact_time > 0
    assert 1 in facts.cushion_balls_after_first_contact
    assert not facts.pocketed and not facts.off_table
    assert set(facts.final_positions) == {0, 1}


def test_final_positions_from_the_last_pieces_are_the_sampled_ones():
    """facts_from_result reads where the balls rest from their last trajectory pieces:
    the numbers ShotResult.final evaluates, on a break that pockets and moves every ball."""
    table = TableSpec.nine_foot()
    balls = [Ball.pool(0.6, table.width / 2 + 0.01)] + [
        Ball.pool(1.9 + 0.0575 * (k // 3) + 1e-4 * k, table.width / 2 + 0.0575 * (k % 3 - 1))
        for k in range(9)]
    for speed in (3.0, 6.0, 9.0):
        shot = shoot(table, balls, 0, Stroke(azimuth=0.0, elevation=0.0, side=0.0,
                                             height=0.2, speed=speed))
        assert final_resting_positions(shot) == resting_positions(shot.final)


def test_real_shot_into_a_frozen_ball_counts_as_first_contact():
    """R9-22: the cue ball touching the lowest ball and shot into it contacts it first."""
    table = TableSpec.nine_foot()
    y = table.width / 2
    radius = C.POOL_BALL_RADIUS
    balls = [Ball.pool(1.0, y, velocity=(2.0, 0.3, 0.0)), Ball.pool(1.0 + 2 * radius, y)]
    facts = facts_from_result(simulate(table, balls), [0, 1])
    assert facts.first_contact == 1 and facts.first_contact_time == 0.0


def frozen_to_a_cushion(table, speed, x=1.0, angle_deg=0.0, radius=C.POOL_BALL_RADIUS,
                        cue_radius=C.POOL_BALL_RADIUS, mass=C.POOL_BALL_MASS,
                        cue_mass=C.POOL_BALL_MASS):
    """A ball frozen to the left rail (y = width) at x (m) and a cue ball 0.3 m from it
    (centre to centre), sliding at `speed` (m/s) into it along a line `angle_deg` from the
    rail's normal through its centre: (balls, result)."""
    frozen = (x, table.width - contact_distance(table, radius))
    a = math.radians(angle_deg)
    cue = Ball(cue_radius, cue_mass, (frozen[0] - 0.3 * math.sin(a),
                                       frozen[1] - 0.3 * math.cos(a)),
               velocity=(speed * math.sin(a), speed * math.cos(a), 0.0))
    balls = [cue, Ball(radius, mass, frozen)]
    return balls, simulate(table, balls)


def assert_frozen_ball_not_driven(result, facts):
    """The struck ball touched its rail at the start, and each of its contacts with it
    (the push, then its hops off the rubber and back) is flagged TOUCHING: none counts."""
    assert result.initial_rail_contacts[1].any()
    ev = result.events
    mine = ev[((ev["kind"] == K.CUSHION) | (ev["kind"] == K.JAW_TIP)) & (ev["ball"] == 1)]
    assert len(mine) >= 1 and np.all(mine["flags"] & EventFlag.TOUCHING)
    assert facts.first_contact == 1 and 1 not in facts.cushion_balls_after_first_contact
    return mine


@pytest.mark.parametrize("speed, cue_ball_to_far_rail",
                         [(0.5, False), (1.0, False), (2.0, True), (4.0, True), (6.0, True)])
def test_real_ball_frozen_to_a_cushion_driven_into_it_does_not_count(speed,
                                                                     cue_ball_to_far_rail):
    """R9-27, R9-X13 (S2 8.6): a ball frozen to a cushion and driven into that cushion has
    not reached a cushion, however hard it is struck: from 0.8 m/s it comes off the rubber
    by micrometres to 0.7 mm and its spin brings it back, still touching (physics_ext
    README, "Touching a cushion"). Up to 1 m/s nothing else reaches a cushion: the shot
    fouls under R9-20; from 2 m/s the cue ball comes back off the frozen pair to the far
    rail, which does count."""
    table = TableSpec.nine_foot()
    balls, result = frozen_to_a_cushion(table, speed)
    facts = facts_from_result(result, [0, 1])
    assert len(assert_frozen_ball_not_driven(result, facts)) >= 2     # pushed in, then hops
    state = nine((1, 9), positions={0: balls[0].position, 1: balls[1].position})
    fouls = nine_ball.rule_shot(state, facts).fouls
    if cue_ball_to_far_rail:
        ev = result.events
        cue_rails = ev["rail"][(ev["kind"] == K.CUSHION) & (ev["ball"] == 0)]
        assert set(cue_rails.tolist()) <= {Rail.RIGHT_HEAD, Rail.RIGHT_FOOT}
        assert facts.cushion_balls_after_first_contact == {0} and fouls == set()
    else:
        assert facts.cushion_balls_after_first_contact == set()
        assert fouls == {Foul.NO_CUSHION_AFTER_CONTACT}


@pytest.mark.parametrize("speed", [1.0, 2.0, 4.0])
def test_real_ball_frozen_to_a_cushion_pushed_along_it_at_an_angle_does_not_count(speed):
    """Struck 5 degrees off square, the frozen ball runs along its rail pressed into it,
    hopping off the rubber by micrometres: it has not left the cushion (S2 8.6)."""
    table = TableSpec.nine_foot()
    balls, result = frozen_to_a_cushion(table, speed, x=0.6, angle_deg=5.0)
    facts = facts_from_result(result, [0, 1])
    assert len(assert_frozen_ball_not_driven(result, facts)) >= 2
    assert result.final.positions[1, 0] > balls[1].position[0] + 0.01     # it ran along


def test_real_ball_frozen_to_a_cushion_that_leaves_it_and_comes_back_counts():
    """Struck 10 degrees off square at 4 m/s, the frozen ball bounces millimetres off its
    rail and its spin brings it back: it left the cushion and returned (S2 8.6)."""
    table = TableSpec.nine_foot()
    _, result = frozen_to_a_cushion(table, 4.0, x=0.6, angle_deg=10.0)
    ev = result.events
    mine = ev[(ev["kind"] == K.CUSHION) & (ev["ball"] == 1) & (ev["rail"] == Rail.LEFT_HEAD)]
    back = mine[(mine["flags"] & EventFlag.TOUCHING) == 0]
    assert len(back) >= 1
    # it went further than the visible gap between its last touch and the return
    last = mine["time"][mine["time"] < back["time"][0]][-1]
    y = result.sample(np.linspace(last, back["time"][0], 2001)).positions[:, 1, 1]
    assert np.max(table.width - contact_distance(table, C.POOL_BALL_RADIUS) - y) > 2e-3
    facts = facts_from_result(result, [0, 1])
    assert 1 in facts.cushion_balls_after_first_contact


def test_real_eight_ball_frozen_to_a_cushion_driven_into_it_does_not_count():
    """The 8-ball cushion-after-contact variant (WEPF; R8-X03's counting) on the English
    table with its 2 in object balls and smaller cue ball: a red frozen to a cushion and
    driven into it at 1 m/s has not reached a cushion, and nothing else has: a foul."""
    table = TableSpec.english_seven_foot()
    balls, result = frozen_to_a_cushion(
        table, 1.0, radius=C.BLACKBALL_OBJECT_RADIUS, cue_radius=C.BLACKBALL_CUE_RADIUS,
        mass=C.BLACKBALL_OBJECT_MASS, cue_mass=C.BLACKBALL_CUE_MASS)
    facts = facts_from_result(result, [0, 1])
    assert_frozen_ball_not_driven(result, facts)
    assert facts.cushion_balls_after_first_contact == set()
    state = eight(positions={0: balls[0].position, 1: balls[1].position}, red=A,
                  variants=EightBallVariants(cushion_after_contact=True))
    assert eight_ball.rule_shot(state, facts).fouls == {Foul.NO_CUSHION_AFTER_CONTACT}
