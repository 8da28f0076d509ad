"""GameSession: commands in, rules states and shot records out; rulings in words."""
import math
import random

import pytest

from physics_ext import MotionState, Stroke
from game.rules import BallInHand, EndReason, Foul, Group, Player, RulesError
from game.rules.nine_ball import OptionChoice
from game.session import (ChooseGroup, ChooseOption, Concede, GameSession, NextGame,
                          PlaceCueBall, Shoot)
from game.session.describe import describe_ruling
from tests.session_helpers import random_spot

SHOT_CAP = 150


def play_to_the_end(session, rng):
    """Random strokes and declarations until the game ends; returns the shot count."""
    for shot in range(SHOT_CAP):
        if session.state.game_over:
            return shot
        if session.needs_cue_ball_placement:
            session.apply(PlaceCueBall(random_spot(session, rng)))
        if session.option_pending is not None:
            session.apply(ChooseOption(rng.choice(list(OptionChoice))))
        if session.group_choice_pending:
            session.apply(ChooseGroup(rng.choice(list(Group))))
        before = set(session.state.layout)
        stroke = Stroke(azimuth=rng.uniform(0, 2 * math.pi), elevation=math.radians(5),
                        side=rng.uniform(-0.3, 0.3), height=rng.uniform(-0.3, 0.3),
                        speed=rng.uniform(1.0, 8.0))
        record = session.apply(Shoot(stroke, push_out=session.push_out_available and
                                     rng.random() < 0.5))
        # every ball is accounted for: at rest on the table, pocketed or off the table
        states = record.result.final.states
        assert set(record.ball_ids) == before
        assert all(s in (MotionState.STATIONARY, MotionState.POCKETED, MotionState.OFF_TABLE)
                   for s in states)
        assert describe_ruling(record.ruling, session.state, session.names)
    return SHOT_CAP


@pytest.mark.parametrize("mode", ["eight_ball", "nine_ball"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_games_reach_a_winner(mode, seed):
    session = GameSession(mode, names=("Ana", "Ben"), seed=seed)
    shots = play_to_the_end(session, random.Random(seed))
    if not session.state.game_over:
        # random play may not finish: the players agree that Ben concedes
        session.apply(Concede(Player.B))
    assert session.state.winner in (Player.A, Player.B)
    assert sum(session.games_won) == 1
    assert len(session.shots) == shots
    assert session.commands[-1] is not None


def test_commands_are_recorded_in_order_and_listeners_called():
    session = GameSession("nine_ball", seed=4)
    seen = []
    session.listeners.append(lambda s, command, record: seen.append((command, record)))
    place = PlaceCueBall((0.4, 0.6))
    session.apply(place)
    shoot = Shoot(Stroke(azimuth=0.0, elevation=0.0, side=0.0, height=0.0, speed=6.0))
    record = session.apply(shoot)
    assert session.commands == [place, shoot]
    assert seen == [(place, None), (shoot, record)]
    assert record.ball_ids[0] == 0 and record.state_before.is_break


def test_refused_commands_change_nothing():
    session = GameSession("eight_ball", seed=5)
    stroke = Shoot(Stroke(azimuth=0.0, elevation=0.0, side=0.0, height=0.0, speed=3.0))
    with pytest.raises(RulesError, match="place the cue ball"):
        session.apply(stroke)
    with pytest.raises(RulesError):
        session.apply(PlaceCueBall((1.5, 0.45)))          # far outside the D
    with pytest.raises(RulesError):
        session.apply(ChooseOption(OptionChoice.PLAY))    # no such choice in 8-ball
    with pytest.raises(RulesError):
        session.apply(NextGame())                         # the game is not over
    assert session.commands == [] and session.shots == []


def test_next_game_alternates_the_breaker():
    session = GameSession("nine_ball", seed=6, breaker=Player.A)
    session.apply(Concede(Player.B))
    assert session.state.winner is Player.A and session.games_won == [1, 0]
    session.apply(NextGame())
    assert session.state.breaker is Player.B and not session.state.game_over
    assert session.state.ball_in_hand is BallInHand.BEHIND_HEAD_STRING


def test_unknown_mode_is_refused():
    with pytest.raises(ValueError, match="unknown mode"):
        GameSession("snooker")


def test_a_foul_in_words():
    session = GameSession("nine_ball", names=("Ana", "Ben"), seed=7, breaker=Player.A)
    session.apply(PlaceCueBall((0.4, 0.3)))
    # aimed straight down the table away from the rack: the break misses the 1 ball
    record = session.apply(Shoot(Stroke(azimuth=math.pi, elevation=0.0, side=0.0,
                                        height=0.0, speed=2.0)))
    text = describe_ruling(record.ruling, session.state, session.names)
    assert record.ruling.void_break
    assert text.startswith("The break missed the 1")


@pytest.mark.parametrize("mode", ["nine_ball", "eight_ball"])
def test_a_cue_ball_hit_twice_is_a_foul_in_words(mode):
    """The cue's own double hit (physics_ext.cue) reaches the ruling through the session:
    the cue ball 1 cm from the ball it is played into, struck full and level."""
    import dataclasses
    from game.rules.balls import CUE
    from game.rules.facts import StrokeFault
    session = GameSession(mode, names=("Ana", "Ben"), seed=3, breaker=Player.A)
    target = 1 if mode == "nine_ball" else 2
    state = session.state
    r_cue, r_ball = state.ball_set.radius(CUE), state.ball_set.radius(target)
    y = state.table.width / 2
    along = math.sqrt((r_cue + r_ball) ** 2 - (r_ball - r_cue) ** 2) + 0.01
    layout = {b: p for b, p in state.layout.items() if b != target}
    layout.update({CUE: (0.5, y), target: (0.5 + along, y)})   # clear of the rack
    extra = {} if mode == "nine_ball" else {"red_player": Player.A}
    session.state = dataclasses.replace(state, layout=type(state.layout)(layout),
                                        is_break=False, **extra)
    record = session.apply(Shoot(Stroke(azimuth=0.0, elevation=0.0, side=0.0, height=0.0,
                                        speed=2.0)))
    assert record.facts.stroke_faults == {StrokeFault.DOUBLE_HIT}
    assert Foul.DOUBLE_HIT in record.ruling.fouls
    assert "double hit" in describe_ruling(record.ruling, session.state, session.names)


def test_end_of_game_in_words():
    session = GameSession("eight_ball", names=("Ana", "Ben"), seed=8, breaker=Player.A)
    session.apply(Concede(Player.A))
    assert session.state.end_reason is EndReason.CONCEDED


def test_fouls_have_words():
    from game.session.describe import FOUL_TEXT
    assert set(FOUL_TEXT) == set(Foul)


def test_every_sentence_starts_with_a_capital():
    session = GameSession("eight_ball", names=("ann", "Bob"), seed=8, breaker=Player.A)
    session.apply(Concede(Player.A))
    from game.rules.eight_ball import EightBallRuling
    from game.rules import Foul
    ruling = EightBallRuling(shooter=Player.A, fouls=frozenset({Foul.CUE_BALL_POTTED}),
                             next_player=Player.B, ball_in_hand=BallInHand.D,
                             layout=session.state.layout, winner=Player.B,
                             end_reason=EndReason.BLACK_POTTED_ON_FOUL)
    text = describe_ruling(ruling, session.state, session.names)
    assert text == "Foul: cue ball potted. Black potted on a foul: Bob wins."
