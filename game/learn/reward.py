"""The reward of the Breakshot environments, from the rules' rulings.

For each shot the agent plays: -1 if the shot is a foul (its pots count for nothing);
otherwise +1 per object ball potted that stays down and is not the opponent's (9-ball:
every object ball; 8-ball: the black never, nor a ball of the opponent's group as the
ruling leaves the groups). A ball that comes back to the table by the ruling counts for
nothing: the pots of a void break (re-racked, R9-11), of a legal push out (respotted,
R9-13) or of a shot replayed (R9-25). When the game ends, +10 if the agent won and -10 if
he lost, whoever played the last shot (a concession or three fouls included). The
opponent's pots and fouls give nothing on their own.
"""
from __future__ import annotations

from game.rules import BLACK, CUE, Group, Player, group_of_ball

FOUL = -1.0
OWN_BALL = 1.0
WIN = 10.0
LOSS = -10.0


def shot_reward(record, agent: Player) -> float:
    """The reward of the agent's shot `record` (a game.session.ShotRecord)."""
    ruling = record.ruling
    if ruling.foul:
        return FOUL
    pots = record.facts.pocketed_balls - {CUE} - set(ruling.layout)
    if hasattr(ruling, "red_player"):      # 8-ball
        pots = {b for b in pots if b != BLACK and not _opponents(b, ruling.red_player, agent)}
    return OWN_BALL * len(pots)


def end_reward(state, agent: Player) -> float:
    """+10 or -10 once the game of `state` is over, else 0."""
    if not state.game_over:
        return 0.0
    return WIN if state.winner == agent else LOSS


def _opponents(ball: int, red_player, agent: Player) -> bool:
    """An 8-ball colour ball belongs to the agent's opponent (never while the table is
    open)."""
    if red_player is None:
        return False
    owner = red_player if group_of_ball(ball) is Group.RED else red_player.other
    return owner != agent
