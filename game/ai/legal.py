"""What the shooter may aim at, read from the rules state: the balls he may hit first,
how many balls each player still has to pot, and whether jump strokes are allowed."""
from __future__ import annotations

from game.rules import BLACK
from game.rules.eight_ball import EightBallState

from .scene import is_nine_ball


def balls_on(state, shooter=None) -> tuple:
    """Object balls `shooter` (default: the player at the table) may legally hit first,
    sorted: the lowest ball in 9-ball (R9-19); in 8-ball his group, the black when he is
    on it, any colour on an open table or a free ball (R8-09, R8-15, R8-18)."""
    player = state.shooter if shooter is None else shooter
    on_table = state.object_balls_on_table
    if is_nine_ball(state):
        return (state.lowest_ball,)
    if state.on_the_black(player):
        return (BLACK,)
    group = state.group_of(player)
    if group is None or state.free_ball:
        return tuple(sorted(b for b in on_table if b != BLACK))
    return tuple(sorted(on_table & group.balls))


def balls_left(state, player) -> int:
    """How many balls `player` still has to pot to win, the winning ball included."""
    if is_nine_ball(state):
        return len(state.object_balls_on_table)
    assert isinstance(state, EightBallState)
    group = state.group_of(player)
    if group is None:
        return 8
    return len(group.balls & state.object_balls_on_table) + 1


def jumps_allowed(state) -> bool:
    """Jumping over a ball is legal in 9-ball only (R8-17 fouls it in 8-ball)."""
    return is_nine_ball(state)
