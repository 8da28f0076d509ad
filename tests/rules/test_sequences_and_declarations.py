"""Multi-shot sequences and the player declarations: group choice, push out with play
or pass, two visits, three fouls, concede, the shot clock, re-racks and the next game."""
import dataclasses
import pickle

import pytest

from game.rules import eight_ball, nine_ball
from game.rules.balls import (BLACK, CUE, EIGHT_BALL_SET, NINE, NINE_BALL_SET, Colour, Group,
                              colour_of, group_of_ball)
from game.rules.match import (coin_toss, concede, next_breaker, place_cue_ball,
                              shot_clock_overrun)
from game.rules.nine_ball import Declarations, OptionChoice
from game.rules.outcome import EndReason, Foul, RulesError
from game.rules.zones import BallInHand
from physics_ext import constants as C
from rules_helpers import A, B, ENGLISH, eight, eight_break, facts, nine, nine_break

PUSH = Declarations(push_out=True)


def shoot8(state, shot):
    return eight_ball.apply(state, eight_ball.rule_shot(state, shot))


def shoot9(state, shot, declarations=Declarations()):
    return nine_ball.apply(state, nine_ball.rule_shot(state, shot, declarations))


def test_ball_sets():
    """R8-01, R9-02: 7 red, 7 yellow, the black and a smaller cue ball; 9-ball 1..9."""
    assert [colour_of(b) for b in range(16)].count(Colour.RED) == 7
    assert [colour_of(b) for b in range(16)].count(Colour.YELLOW) == 7
    assert colour_of(BLACK) is Colour.BLACK and colour_of(CUE) is Colour.WHITE
    assert group_of_ball(3) is Group.RED and group_of_ball(12) is Group.YELLOW
    assert group_of_ball(BLACK) is None and Group.RED.other is Group.YELLOW
    assert EIGHT_BALL_SET.radius(CUE) < EIGHT_BALL_SET.radius(1) == C.BLACKBALL_OBJECT_RADIUS
    assert NINE_BALL_SET.object_balls == tuple(range(1, 10))
    assert NINE_BALL_SET.radius(NINE) == C.POOL_BALL_RADIUS
    with pytest.raises(ValueError):
        colour_of(16)
    with pytest.raises(ValueError):
        NINE_BALL_SET.radius(10)


def test_coin_toss_is_deterministic_and_fair_looking():
    """R8-03, R8-B08: the game tosses the coin from a seed."""
    assert coin_toss(5) == coin_toss(5)
    assert {coin_toss(s) for s in range(20)} == {A, B}


def test_new_games():
    """R8-04: rack, cue ball in hand in the D; R9-07: behind the head string."""
    state8 = eight_ball.new_game(breaker=B, seed=3)
    assert state8.ball_in_hand is BallInHand.D and state8.shooter is B and state8.is_break
    assert CUE not in state8.layout and len(state8.layout) == 15
    state9 = nine_ball.new_game(seed=3)
    assert state9.ball_in_hand is BallInHand.BEHIND_HEAD_STRING and state9.is_break
    assert sorted(state9.layout) == list(range(1, 10))
    with pytest.raises(RulesError):
        eight_ball.rule_shot(state8, facts(1))             # the cue ball is not placed


def test_group_choice_after_both_colours():
    """R8-11, R8-X05: the shooter must choose before his next shot."""
    state = shoot8(eight(), facts(3, pots={3: None, 12: None}))
    assert state.group_choice_pending and state.shooter is A
    with pytest.raises(RulesError):
        eight_ball.rule_shot(state, facts(4))
    with pytest.raises(RulesError):
        eight_ball.choose_group(state, B, Group.RED)
    state = eight_ball.choose_group(state, A, Group.YELLOW)
    assert state.red_player is B and state.group_of(A) is Group.YELLOW
    assert not state.group_choice_pending
    assert eight_ball.rule_shot(state, facts(4)).fouls == {Foul.OPPONENT_BALL_FIRST}


def test_failed_break_two_visits_sequence():
    """R8-06, R8-X17: after a failed break B misses twice; only then is it A's turn."""
    state = shoot8(eight_break(), facts(1))
    assert (state.shooter, state.visits_remaining) == (B, 2)
    state = shoot8(state, facts(2, cushions={2}))            # miss: second visit at once
    assert (state.shooter, state.visits_remaining) == (B, 1)
    state = shoot8(state, facts(5, pots={5: None}))          # pot: visit goes on
    assert (state.shooter, state.visits_remaining, state.red_player) == (B, 1, B)
    state = shoot8(state, facts(6))
    assert (state.shooter, state.visits_remaining) == (A, 1)


def test_cue_ball_in_hand_in_the_d_may_play_into_baulk():
    """R8-14, R8-X15: the cue ball goes in the D and may be played in any direction,
    including at a ball inside baulk."""
    state = shoot8(eight(red=A, positions={2: (0.2, 0.6)}), facts(2, pots={0: None}))
    assert state.ball_in_hand is BallInHand.D and state.shooter is B
    with pytest.raises(RulesError):
        place_cue_ball(state, (0.6, 0.45))
    state = place_cue_ball(state, ENGLISH.d_centre)
    ruling = eight_ball.rule_shot(dataclasses.replace(state, shooter=A), facts(2))
    assert not ruling.foul


def test_push_out_then_play():
    """R9-12, R9-14: B pushes out; A chooses to play from the position."""
    state = shoot9(nine_break(), facts(1, cushions={2, 3, 4, 5}))
    assert state.shooter is B and state.push_out_available
    state = shoot9(state, facts(6), PUSH)
    assert state.option_pending is A and not state.push_out_available
    with pytest.raises(RulesError):
        nine_ball.rule_shot(state, facts(1))
    with pytest.raises(RulesError):
        nine_ball.choose_option(state, B, OptionChoice.PLAY)
    state = nine_ball.choose_option(state, A, OptionChoice.PLAY)
    assert state.shooter is A and state.ball_in_hand is BallInHand.NONE
    assert state.option_pending is None and not state.push_out_available


def test_push_out_then_pass():
    """R9-14, R9-X09: A passes; B shoots from the position, no ball in hand, and a second
    push-out declaration is void."""
    state = shoot9(nine_break(), facts(1, cushions={2, 3, 4, 5}))
    state = shoot9(state, facts(None), PUSH)
    state = nine_ball.choose_option(state, A, OptionChoice.PASS)
    assert state.shooter is B and state.ball_in_hand is BallInHand.NONE
    ruling = nine_ball.rule_shot(state, facts(6), PUSH)
    assert not ruling.push_out and ruling.fouls == {Foul.WRONG_BALL_FIRST}


def test_push_out_with_ball_in_hand_after_a_foul_break():
    """R9-X07: the incoming player after a foul break has ball in hand and may push out."""
    state = shoot9(nine_break(), facts(1, cushions={2, 3, 4, 5}, pots={0: None}))
    assert state.ball_in_hand is BallInHand.ANYWHERE and state.push_out_available
    state = place_cue_ball(state, (0.5, 0.3))
    ruling = nine_ball.rule_shot(state, facts(7), PUSH)
    assert ruling.push_out and not ruling.foul and ruling.option_pending is A


def test_three_fouls_sequence_with_warning():
    """R9-06, R9-X10, R9-B12: A fouls three times in a row (B's legal misses between
    them); the warning comes with the second, the third loses."""
    state = nine()
    for expected_count in (1, 2):
        ruling = nine_ball.rule_shot(state, facts(None))
        assert ruling.warning_issued == (expected_count == 2)
        state = nine_ball.apply(state, ruling)
        assert state.consecutive_fouls[A] == expected_count
        state = place_cue_ball(state, (0.4, 0.2))
        state = shoot9(state, facts(1, cushions={1}))          # B: legal miss
        assert state.shooter is A
    state = shoot9(state, facts(None))
    assert state.winner is B and state.end_reason is EndReason.THREE_FOULS


def test_void_break_sequence_then_push_out():
    """R9-11, R9-X05, R9-X07: a void break re-racks; the re-break is the break."""
    state = shoot9(nine_break(), facts(3))
    assert state.is_break and state.shooter is A and CUE not in state.layout
    assert state.rack_number == 1
    state = place_cue_ball(state, (0.3, 0.6))
    state = shoot9(state, facts(1, cushions={2, 3, 4, 5}))
    assert state.push_out_available and state.shooter is B


def test_game_over_refuses_further_play():
    """R9-15: the game ends when the 9 drops legally; nothing more can be played."""
    state = shoot9(nine(), facts(1, pots={9: None}))
    assert state.game_over
    with pytest.raises(RulesError):
        nine_ball.rule_shot(state, facts(1))
    with pytest.raises(RulesError):
        concede(state, A)


def test_facts_naming_balls_not_on_the_table_are_refused():
    with pytest.raises(RulesError):
        nine_ball.rule_shot(nine((3, 9)), facts(1))
    with pytest.raises(RulesError):
        eight_ball.rule_shot(eight((8, 9)), facts(8, pots={3: None}))


@pytest.mark.parametrize("state", [eight(), nine()], ids=["eight", "nine"])
def test_concede(state):
    """R8-B11, R9-B09: conceding loses at once."""
    after = concede(state, A)
    assert after.winner is B and after.end_reason is EndReason.CONCEDED


@pytest.mark.parametrize("state", [eight(), nine()], ids=["eight", "nine"])
def test_shot_clock(state):
    """R9-B08, R8-B10: first overrun warns, a later one by the same player loses."""
    warned = shot_clock_overrun(state)
    assert not warned.game_over and warned.clock_warned == {A}
    other = shot_clock_overrun(dataclasses.replace(warned, shooter=B))
    assert not other.game_over
    lost = shot_clock_overrun(warned)
    assert lost.winner is B and lost.end_reason is EndReason.SLOW_PLAY


def test_next_game_breaker():
    """R8-X18, R9-X18: breaks alternate; the winner-breaks option."""
    over = concede(nine(breaker=A), A)
    assert next_breaker(over) is B and next_breaker(over, winner_breaks=True) is B
    over = concede(eight(breaker=A), B)
    assert next_breaker(over) is B and next_breaker(over, winner_breaks=True) is A
    following = eight_ball.next_game(over)
    assert following.shooter is B and following.is_break and following.winner is None
    assert following.layout != eight_ball.new_game(seed=0).layout
    with pytest.raises(RulesError):
        next_breaker(eight())


def test_agreed_rerack():
    """R8-X19: a mutual re-rack: fresh rack, same breaker, groups open."""
    state = eight(red=A, shooter=B, breaker=A, balls=(1, 8, 9))
    racked = eight_ball.agree_rerack(state)
    assert racked.shooter is A and racked.is_break and racked.red_player is None
    assert len(racked.layout) == 15 and racked.ball_in_hand is BallInHand.D


def test_end_reasons_cover_the_seed_loss_rules():
    """R9-X16: 7.1 has items a, b, d, f, g (no e); each has its reason, c (advice) has no
    local counterpart (R9-B07)."""
    losses = {EndReason.THREE_FOULS, EndReason.NINE_AND_CUE_BALL, EndReason.NINE_OFF_TABLE,
              EndReason.SLOW_PLAY, EndReason.CONCEDED}
    assert losses <= set(EndReason)


def test_states_rulings_and_facts_are_frozen_hashable_and_picklable():
    """Replays and caches may keep them: immutable, hashable, and they survive pickling."""
    shot = facts(1, pots={2: None}, final_positions={CUE: (0.5, 0.5)})
    for state, engine in ((nine(), nine_ball), (eight(red=A), eight_ball)):
        ruling = engine.rule_shot(state, shot)
        after = engine.apply(state, ruling)
        for value in (state, ruling, after, shot):
            assert pickle.loads(pickle.dumps(value)) == value
            hash(value)
        with pytest.raises(dataclasses.FrozenInstanceError):
            after.shooter = B
        with pytest.raises(AttributeError):
            after.layout._items = {}
