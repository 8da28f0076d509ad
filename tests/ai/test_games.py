"""Computer against computer, whole games of both modes from seeded racks: no exception,
every decision legal in the state it was made for, every game ends with a winner.

BREAKSHOT_AI_GAMES sets the games per match (default 1), BREAKSHOT_AI_SEEDS the number
of seeded matches per mode (default 2) and BREAKSHOT_AI_LEVEL the level (default
beginner, the fastest); e.g. BREAKSHOT_AI_GAMES=5 BREAKSHOT_AI_SEEDS=10 for a long run.
"""
import os

import pytest

from game.ai import Opponent
from game.ai.selfplay import play_match
from game.rules import BallInHand, placement_allowed
from game.session import MODES, ChooseGroup, ChooseOption, GameSession, PlaceCueBall, Shoot

GAMES = int(os.environ.get("BREAKSHOT_AI_GAMES", "1"))
SEEDS = range(int(os.environ.get("BREAKSHOT_AI_SEEDS", "2")))
LEVEL = os.environ.get("BREAKSHOT_AI_LEVEL", "beginner")


def check_decision(state, decision) -> None:
    """The decision holds only commands the rules allow in `state`."""
    commands = decision.commands
    if getattr(state, "option_pending", None) is not None:
        assert len(commands) == 1 and isinstance(commands[0], ChooseOption)
        return
    if getattr(state, "group_choice_pending", False):
        assert len(commands) == 1 and isinstance(commands[0], ChooseGroup)
        return
    *places, shoot = commands
    assert isinstance(shoot, Shoot)
    assert not shoot.push_out or state.push_out_available
    assert len(places) <= 1
    for place in places:
        assert isinstance(place, PlaceCueBall)
        assert state.ball_in_hand is not BallInHand.NONE
        assert placement_allowed(state.table, state.ball_in_hand, place.position,
                                 state.layout, state.ball_set)


class Checked:
    """An opponent whose every decision is checked before the session applies it."""

    def __init__(self, opponent):
        self.opponent = opponent

    def decide(self, state):
        decision = self.opponent.decide(state)
        check_decision(state, decision)
        return decision


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("mode", MODES)
def test_computer_games_end_with_a_winner(mode, seed):
    session = GameSession(mode, seed=seed)
    opponents = [Checked(Opponent(LEVEL, seed=[seed, side], params=session.params))
                 for side in range(2)]
    stats = play_match(session, opponents, GAMES)
    assert stats.games == GAMES and sum(stats.wins) == GAMES
    assert stats.forced_concessions == 0
    assert session.state.game_over and session.state.winner is not None
    assert stats.shots >= GAMES
