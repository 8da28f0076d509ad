"""Issue 27, points 4 and 5, through real strokes and both engines (physics_ext.shoot ->
game.rules.facts.facts_from_result -> rule_shot).

Point 4: after an elevated stroke whose ball bounces back into the tip, the cue used to
creep on for seconds, and an object ball rolling back a second later met it: "cue struck
another ball" (R8-23, R9-B03) and ball in hand. The cue now stops within 0.25 s of the
strike (physics_ext.cue), so no such ruling.
Point 5: a cue ball that meets a ball in the air and goes on over it has passed over it
(physics_ext.flight): R8-17 / R8-X14 calls any jump over any part of a ball a foul; in
9-ball only a scoop over a ball is (R9-21, R9-X11), so a legal jump that touches the ball
and flies over it stays legal.
"""
import math

import pytest

from game.rules import eight_ball, nine_ball
from game.rules.balls import CUE
from game.rules.facts import StrokeFault, facts_from_result
from game.rules.outcome import Foul
from game.rules.zones import BallInHand
from game.session.game import physics_balls
from physics_ext import EventKind, MotionState, Stroke, shoot
from physics_ext import constants as C
from rules_helpers import A, eight, nine

F = Foul


def nine_state(cue, one):
    return nine(balls=(1, 9), positions={CUE: cue, 1: one, 9: (0.5, 0.3)})


def eight_state(cue, red):
    return eight(balls=(2, 8), red=A, positions={CUE: cue, 2: red, 8: (0.5, 0.3)})


def play(state, stroke, engine):
    balls, ids = physics_balls(state.layout, state.ball_set)
    result = shoot(state.table, balls, 0, stroke)
    facts = facts_from_result(result, ids, cue_index=0)
    return result, facts, engine.rule_shot(state, facts)


def in_line(state_of, target, gap, x0=0.9):
    """A state with the cue ball at x0 and `target` `gap` (m) beyond touching it, on the
    table's long axis."""
    probe = state_of((x0, 0.3), (x0 + 0.3, 0.3))
    y = probe.table.width / 2
    touching = probe.ball_set.radius(CUE) + probe.ball_set.radius(target)
    return state_of((x0, y), (x0 + touching + gap, y))


# The shots (point 4): the cue ball bounces back into the tip and jumps onto the
# ball ahead, which comes back off the foot cushion past the cue's line a second later.
NINE_ROLL_BACK = (nine_state((1.672, 0.635), (1.846, 0.629)), Stroke(0.0, 0.72, 0.0, 0.0, 2.9))
EIGHT_ROLL_BACK = (eight_state((1.044, 0.4572), (1.281, 0.459)),
                   Stroke(0.0, 0.81, 0.0, -0.37, 3.57))


@pytest.mark.parametrize("engine, shot", [(nine_ball, NINE_ROLL_BACK),
                                          (eight_ball, EIGHT_ROLL_BACK)])
def test_a_ball_rolling_back_after_the_stroke_does_not_meet_the_cue(engine, shot,
                                                                    monkeypatch):
    state, stroke = shot
    result, facts, ruling = play(state, stroke, engine)
    assert result.cue.stop_time <= C.CUE_FOLLOW_THROUGH_TIME
    assert result.cue.speed_after < 0.1                      # the ball bounced into the tip
    assert StrokeFault.STRUCK_OTHER_BALL not in facts.stroke_faults
    assert F.CUE_STRUCK_OTHER_BALL not in ruling.fouls
    if engine is nine_ball:                                  # a legal shot, no ball in hand
        assert ruling.fouls == frozenset() and ruling.ball_in_hand is BallInHand.NONE
    else:                                                    # the jump over the red: R8-17
        assert ruling.fouls == {F.JUMPED_OVER_BALL}
    # the creeping cue of before issue 27 met that ball a second after the stroke
    monkeypatch.setattr(C, "CUE_FOLLOW_THROUGH_TIME", math.inf)
    creeping, facts, ruling = play(state, stroke, engine)
    (touch,) = creeping.cue.contacts
    assert touch.time > 0.8 and StrokeFault.STRUCK_OTHER_BALL in facts.stroke_faults
    assert F.CUE_STRUCK_OTHER_BALL in ruling.fouls


def touched_in_the_air(result, other):
    hits = result.events[(result.events["kind"] == EventKind.BALL_BALL)
                         & (result.events["ball"] == 0) & (result.events["other"] == other)]
    return hits.size and hits[0]["state"] == MotionState.AIRBORNE


def test_eight_ball_a_red_met_in_the_air_and_flown_over_is_a_foul():
    """R8-17: the airborne cue ball meets the red (its bottom 28 mm above the cloth) and
    goes over it: passed over, a foul, though the red was the legal first contact."""
    state = in_line(eight_state, 2, 0.0475)
    result, facts, ruling = play(state, Stroke(0.0, 0.70, 0.0, -0.1, 2.84), eight_ball)
    assert touched_in_the_air(result, 1)
    assert facts.first_contact == 2
    assert 2 in facts.cue_airborne[0].passed_over
    assert F.JUMPED_OVER_BALL in ruling.fouls


def test_nine_ball_a_legal_jump_that_touches_the_ball_and_flies_over_it_stays_legal():
    """R9-21 / R9-X11: an elevated stroke above centre is a legal jump; it meets the 1 in
    the air 32 mm above the cloth and flies on over it: passed over, no foul."""
    state = in_line(nine_state, 1, 0.055)
    result, facts, ruling = play(state, Stroke(0.0, 0.70, 0.0, -0.1, 2.84), nine_ball)
    assert touched_in_the_air(result, 1)
    (interval, *_) = facts.cue_airborne
    assert interval.classification.value == "legal_jump" and 1 in interval.passed_over
    assert F.SCOOP_JUMP_OVER_BALL not in ruling.fouls
    assert ruling.fouls == frozenset()


def test_nine_ball_a_scoop_that_touches_the_ball_and_flies_over_it_is_a_foul():
    """R9-21: a stroke that digs under the cue ball (low on it, the cue at 16 deg) lifts it
    into the 1, which it meets in the air; the 1 comes back off the foot cushion, 0.79 m
    away, and passes under it in the same flight."""
    state = in_line(nine_state, 1, 0.0659, x0=1.6)
    result, facts, ruling = play(state, Stroke(0.0, 0.279, 0.0, -0.31, 8.619), nine_ball)
    assert touched_in_the_air(result, 1)
    (interval, *_) = facts.cue_airborne
    assert interval.classification.value == "scoop" and 1 in interval.passed_over
    assert F.SCOOP_JUMP_OVER_BALL in ruling.fouls
