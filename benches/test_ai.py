"""One decision of the computer opponent at each level, from a 9-ball position in the
middle of a game: its time, and the solver runs per second it sustains (extra_info)."""
import time

import pytest

from game.ai import Opponent
from game.rules import CUE, Layout, Player, nine_ball
from physics_ext import TableSpec

POSITION = {CUE: (0.7, 0.4), 3: (1.5, 0.9), 4: (2.2, 0.3), 5: (1.1, 1.0), 7: (1.9, 0.7),
            9: (2.35, 1.05)}


def _state():
    state = nine_ball.new_game(TableSpec.nine_foot(), Player.A, seed=0)
    return nine_ball.NineBallState(table=state.table, layout=Layout(POSITION),
                                   breaker=Player.A, shooter=Player.A,
                                   ball_in_hand=state.ball_in_hand.NONE, is_break=False)


@pytest.mark.parametrize("level", ["beginner", "amateur", "pro"])
def test_one_decision(benchmark, level):
    state = _state()
    opponent = Opponent(level, seed=0)
    spent = {"seconds": 0.0, "simulations": 0}

    def decide():
        start = time.perf_counter()
        decision = opponent.decide(state)
        spent["seconds"] += time.perf_counter() - start
        spent["simulations"] += decision.simulations
        return decision

    decision = benchmark.pedantic(decide, rounds=3, iterations=1)
    assert decision.commands
    benchmark.extra_info["simulations_per_decision"] = decision.simulations
    benchmark.extra_info["simulations_per_second"] = round(
        spent["simulations"] / spent["seconds"])
