"""Stroke faults the cue produces (physics_ext.cue), read into the shot facts and ruled by
both engines: R9-22 / R9-B13 (push, double hit), R9-X11 (ferrule), R8-22 / R8-X14 (a
second contact or a ferrule contact is a double hit; a push is no foul in 8-ball), R8-23 /
R9-B03 (the cue on another ball). Real strokes on real layouts: the cue ball a small gap
from the ball it is played into."""
import math

import pytest

from game.rules import eight_ball, nine_ball
from game.rules.balls import CUE
from game.rules.facts import StrokeFault, facts_from_result
from game.rules.outcome import Foul
from game.session.game import physics_balls
from physics_ext import Stroke, shoot
from rules_helpers import A, ENGLISH, NINE_FOOT, eight, nine

F = Foul
LEVEL_FULL = Stroke(0.0, 0.0, 0.0, 0.0, 2.0)           # m/s: the ball leaves at 2.7 m/s
MISCUE_FERRULE = Stroke(0.0, 0.0, 0.65, 0.0, 2.0)      # contact beyond the tip's rim


def close_pair(table, target, cue_radius, target_radius, gap):
    """Positions: the cue ball and `target` on a line along +x, `gap` (m) further apart
    than touching (balls of unequal radii touch on a tilted normal, their centres
    sqrt((r1 + r2)^2 - (r2 - r1)^2) apart across the cloth)."""
    y = table.width / 2
    touching = math.sqrt((cue_radius + target_radius) ** 2 - (target_radius - cue_radius) ** 2)
    return {CUE: (1.2, y), target: (1.2 + touching + gap, y)}


def nine_state(gap):
    r = NINE_FOOT_R
    return nine(positions=close_pair(NINE_FOOT, 1, r, r, gap))


def eight_state(gap):
    state = eight(red=A, positions={})
    rc, ro = state.ball_set.radius(CUE), state.ball_set.radius(2)
    return eight(red=A, positions=close_pair(ENGLISH, 2, rc, ro, gap))


NINE_FOOT_R = nine().ball_set.radius(1)


def play(state, stroke, engine):
    balls, ids = physics_balls(state.layout, state.ball_set)
    result = shoot(state.table, balls, 0, stroke)
    facts = facts_from_result(result, ids, cue_index=0)
    ruling = engine.rule_shot(state, facts)
    return facts, ruling


@pytest.mark.parametrize("gap, fault", [(0.0005, StrokeFault.PUSH),
                                        (0.01, StrokeFault.DOUBLE_HIT)])
def test_nine_ball_push_and_double_hit_are_fouls(gap, fault):
    facts, ruling = play(nine_state(gap), LEVEL_FULL, nine_ball)
    assert facts.stroke_faults == {fault}
    assert facts.first_contact == 1
    expected = {StrokeFault.PUSH: F.PUSH_STROKE, StrokeFault.DOUBLE_HIT: F.DOUBLE_HIT}[fault]
    assert expected in ruling.fouls and ruling.next_player != A


def test_eight_ball_double_hit_is_a_foul_and_a_push_is_not():
    facts, ruling = play(eight_state(0.01), LEVEL_FULL, eight_ball)
    assert facts.stroke_faults == {StrokeFault.DOUBLE_HIT}
    assert F.DOUBLE_HIT in ruling.fouls
    facts, ruling = play(eight_state(0.0004), LEVEL_FULL, eight_ball)
    assert facts.stroke_faults == {StrokeFault.PUSH}
    assert F.DOUBLE_HIT not in ruling.fouls and F.PUSH_STROKE not in ruling.fouls


@pytest.mark.parametrize("engine, state, foul", [
    (nine_ball, nine(), F.FERRULE_CONTACT),       # R9-X11, R9-B13
    (eight_ball, eight(red=A), F.DOUBLE_HIT),     # R8-X14, R8-22: a ferrule contact
])
def test_ferrule_contact_is_ruled_by_both_engines(engine, state, foul):
    facts, ruling = play(state, MISCUE_FERRULE, engine)
    assert facts.miscue and facts.stroke_faults == {StrokeFault.FERRULE}
    assert foul in ruling.fouls


@pytest.mark.parametrize("engine, make", [(nine_ball, nine_state), (eight_ball, eight_state)])
def test_cue_ball_far_from_the_ball_or_frozen_to_it_has_no_stroke_fault(engine, make):
    """A gap of half a metre leaves the cue behind; a frozen ball is played through
    (R9-22: that counts as striking it first)."""
    for gap in (0.5, 0.0):
        facts, ruling = play(make(gap), LEVEL_FULL, engine)
        assert facts.stroke_faults == frozenset()
        assert not ({F.DOUBLE_HIT, F.PUSH_STROKE, F.FERRULE_CONTACT} & ruling.fouls)


def test_caller_faults_are_added_to_the_cues():
    state = nine_state(0.01)
    balls, ids = physics_balls(state.layout, state.ball_set)
    result = shoot(state.table, balls, 0, LEVEL_FULL)
    facts = facts_from_result(result, ids, stroke_faults={StrokeFault.STRUCK_OTHER_BALL})
    assert facts.stroke_faults == {StrokeFault.DOUBLE_HIT, StrokeFault.STRUCK_OTHER_BALL}


def test_elevated_stroke_over_a_close_ball_is_not_a_double_hit():
    """Elevating the cue 45 deg (the leagues' advice for close balls) avoids it."""
    stroke = Stroke(0.0, math.radians(45.0), 0.0, 0.0, 2.0)
    facts, _ = play(nine_state(0.01), stroke, nine_ball)
    assert StrokeFault.DOUBLE_HIT not in facts.stroke_faults
