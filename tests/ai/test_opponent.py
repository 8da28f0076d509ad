"""The opponent's decisions in set positions: pots of hanging balls, ball in hand only
where the rules allow it, declarations only when they exist, determinism."""
import pytest

from game.ai import Opponent
from game.ai.candidates import Candidate
from game.ai.scene import Scene
from game.rules import (BLACK, CUE, BallInHand, Group, Player, eight_ball, nine_ball,
                        placement_allowed)
from game.rules.nine_ball import OptionChoice
from game.session import ChooseGroup, ChooseOption, PlaceCueBall, Shoot
from physics_ext import Params

from .ai_helpers import EIGHT_TABLE, NINE_TABLE, eight_state, nine_state, play_decision

L9, W9 = NINE_TABLE.length, NINE_TABLE.width
L8, W8 = EIGHT_TABLE.length, EIGHT_TABLE.width

# A ball on the lip of a pocket and a cue ball some way off, at a cut.
HANGING_NINE = [
    pytest.param({1: (0.075, 0.075), CUE: (0.55, 0.40)}, id="head-right corner"),
    pytest.param({1: (L9 / 2, 0.045), CUE: (1.00, 0.50)}, id="right side"),
    pytest.param({1: (L9 - 0.075, W9 - 0.075), CUE: (2.00, 1.00)}, id="foot-left corner"),
    pytest.param({1: (L9 / 2 + 0.02, W9 - 0.045), CUE: (1.60, 0.70)}, id="left side, cut"),
]


@pytest.mark.parametrize("balls", HANGING_NINE)
def test_nine_ball_hanging_ball_is_potted(balls):
    state = nine_state({**balls, 9: (1.9, 0.3)})
    decision = Opponent("amateur", seed=3).decide(state)
    state, facts = play_decision(state, decision)
    ruling = nine_ball.rule_shot(state, facts)
    assert 1 in facts.pocketed and not ruling.fouls


@pytest.mark.parametrize("own, cue", [
    pytest.param((0.065, 0.065), (0.5, 0.35), id="head-right corner"),
    pytest.param((L8 / 2, W8 - 0.04), (0.7, 0.5), id="left side"),
    pytest.param((L8 - 0.065, 0.065), None, id="foot-right corner, in hand in the D"),
])
def test_eight_ball_hanging_ball_is_potted(own, cue):
    balls = {1: own, 9: (1.2, 0.25), BLACK: (1.3, 0.7)}
    if cue:
        balls[CUE] = cue
    zone = BallInHand.NONE if cue else BallInHand.D
    state = eight_state(balls, zone=zone, red_player=Player.A)
    decision = Opponent("amateur", seed=5).decide(state)
    state, facts = play_decision(state, decision)
    ruling = eight_ball.rule_shot(state, facts)
    assert 1 in facts.pocketed and not ruling.fouls


def _placement(decision):
    places = [c.position for c in decision.commands if isinstance(c, PlaceCueBall)]
    assert len(places) <= 1
    return places[0] if places else None


SCATTERED_NINE = {1: (1.6, 0.4), 2: (0.9, 1.0), 3: (2.2, 0.9), 9: (1.3, 0.6)}
SCATTERED_EIGHT = {1: (1.2, 0.3), 2: (0.5, 0.7), 9: (1.5, 0.6), 10: (0.9, 0.5),
                   BLACK: (1.4, 0.2)}


@pytest.mark.parametrize("state", [
    pytest.param(nine_state(SCATTERED_NINE, zone=BallInHand.ANYWHERE), id="9-ball foul"),
    pytest.param(nine_ball.new_game(NINE_TABLE, Player.A, seed=4), id="9-ball break"),
    pytest.param(eight_ball.new_game(EIGHT_TABLE, Player.A, seed=4), id="8-ball break"),
    pytest.param(eight_state(SCATTERED_EIGHT, zone=BallInHand.D, red_player=Player.A),
                 id="8-ball scratch"),
])
def test_ball_in_hand_is_placed_only_where_allowed(state):
    decision = Opponent("beginner", seed=2).decide(state)
    spot = _placement(decision)
    assert spot is not None
    assert placement_allowed(state.table, state.ball_in_hand, spot, state.layout,
                             state.ball_set)
    if state.ball_in_hand is BallInHand.BEHIND_HEAD_STRING:
        assert spot[0] < state.table.head_line_x
    else:
        assert state.table.in_d(*spot) or state.ball_in_hand is BallInHand.ANYWHERE
    assert isinstance(decision.commands[-1], Shoot)
    assert not decision.commands[-1].push_out


def test_optional_d_keeps_the_ball_or_takes_it_into_the_d():
    balls = {**SCATTERED_EIGHT, CUE: (1.0, 0.75)}
    state = eight_state(balls, zone=BallInHand.D_OPTIONAL, red_player=Player.A)
    spot = _placement(Opponent("beginner", seed=2).decide(state))
    assert spot is None or state.table.in_d(*spot)


def test_play_or_pass_after_a_push_out():
    state = nine_state({**SCATTERED_NINE, CUE: (0.5, 0.3)}, option_pending=Player.A)
    decision = Opponent("beginner", seed=1).decide(state)
    (command,) = decision.commands
    assert isinstance(command, ChooseOption) and command.choice in set(OptionChoice)


def test_group_choice_when_both_colours_dropped():
    balls = {**SCATTERED_EIGHT, CUE: (0.3, 0.45)}
    state = eight_state(balls, group_choice_pending=True)
    (command,) = Opponent("beginner", seed=1).decide(state).commands
    assert isinstance(command, ChooseGroup) and command.group in set(Group)


def test_push_out_only_when_available():
    balls = {**SCATTERED_NINE, CUE: (0.5, 0.3)}
    for available in (False, True):
        state = nine_state(balls, push_out_available=available)
        shoot = Opponent("beginner", seed=4).decide(state).commands[-1]
        assert isinstance(shoot, Shoot)
        assert available or not shoot.push_out


# The 1 behind the 2, seen from the cue ball: no straight path to the ball on.
BLOCKED = {CUE: (0.6, 0.635), 2: (0.9, 0.635), 1: (1.3, 0.635), 9: (2.0, 0.3)}


def _candidates(state):
    opponent = Opponent("pro", seed=0)
    scene = Scene.of(state, Params())
    return opponent.candidates(state, scene)


def test_jumps_over_a_blocker_in_nine_ball_only():
    nine = _candidates(nine_state(BLOCKED))
    assert any(c.kind == "jump" for c in nine)
    eight = _candidates(eight_state({CUE: (0.5, 0.45), 9: (0.7, 0.45), 1: (1.1, 0.45),
                                     BLACK: (1.5, 0.2)}, red_player=Player.A))
    assert eight and not any(c.kind == "jump" for c in eight)
    assert all(isinstance(c, Candidate) for c in eight)


def test_same_seed_same_decision():
    state = nine_state({**SCATTERED_NINE, CUE: (0.5, 0.3)})
    first = Opponent("amateur", seed=11).decide(state)
    again = Opponent("amateur", seed=11).decide(state)
    assert first == again
    other = Opponent("amateur", seed=12).decide(state)
    assert other.commands != first.commands


def test_levels_differ_in_noise_and_breadth():
    from game.ai import LEVELS
    from game.ai.levels import samples_per_decision
    beginner, amateur, pro = LEVELS["beginner"], LEVELS["amateur"], LEVELS["pro"]
    assert beginner.sigma_azimuth > amateur.sigma_azimuth > pro.sigma_azimuth
    assert (samples_per_decision(beginner) < samples_per_decision(amateur)
            < samples_per_decision(pro))
    assert not beginner.jumps and pro.jumps
