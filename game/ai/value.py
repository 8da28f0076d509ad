"""How good a rules state is for a player: a win-probability estimate in [0, 1].

Finished games score 1 or 0. Otherwise the player at the table is scored by his best
direct pots from where the cue ball lies (shots.py): with chance q he pots and goes on,
worth more the fewer balls he has left; otherwise he faces a safety exchange, about even
(in 8-ball shifted by who has fewer balls left). Ball in hand scores as an
easy pot. Declarations are valued as the player would choose them: play or pass after a
push out, the better group when both colours dropped, the push out itself as an even game.
"""
from __future__ import annotations

import dataclasses

from game.rules import CUE, BallInHand, Group

from .legal import balls_left, balls_on
from .scene import Scene, is_nine_ball
from .shots import direct_shots

# Chance of potting with the cue ball in hand anywhere, and from the D or behind the head
# string (the balls may all lie behind the line, or the shot is long).
Q_IN_HAND = 0.95
Q_IN_KITCHEN = 0.55
# A second pot chance covers a miss of the first this much (a choice of shots).
SECOND_SHOT_WEIGHT = 0.35
# Worth of potting one of n balls left and being at the table again: 1.0 when it was the
# last (the game is won), else RUN_FLOOR + RUN_SPAN * RUN_DECAY**(n - 1).
RUN_FLOOR, RUN_SPAN, RUN_DECAY = 0.6, 0.4, 0.85
# Worth of being at the table with no pot to play: a safety exchange, about even, a little
# worse for the one who must play it; in 8-ball shifted by the difference in balls left.
NO_SHOT = 0.47
NO_SHOT_PER_BALL = 0.04
NO_SHOT_BALLS_CAP = 5
# A player who may push out can always make the game about even.
PUSH_OUT_FLOOR = 0.45
# Without lookahead (the beginner) every position at the table counts the same.
FLAT_QUALITY = 0.5


@dataclasses.dataclass(frozen=True)
class Valuer:
    """Scores states for one player's search. sigma: the aim error (rad) assumed when
    rating pots; lookahead: False rates every position at the table alike."""
    params: object
    sigma: float
    lookahead: bool = True

    def value(self, state, player) -> float:
        """`player`'s chance of winning from `state`."""
        if state.game_over:
            return 1.0 if state.winner == player else 0.0
        mine = self._shooter_value(state)
        return mine if state.shooter == player else 1.0 - mine

    def _shooter_value(self, state) -> float:
        shooter = state.shooter
        if getattr(state, "option_pending", None) is not None:
            # R9-14: play the position, or pass it and face the opponent at the table.
            return max(self.at_table(state, shooter),
                       1.0 - self.at_table(state, shooter.other))
        if getattr(state, "group_choice_pending", False):
            return max(self.at_table(with_group(state, shooter, group), shooter)
                       for group in Group)
        mine = self.at_table(state, shooter)
        if getattr(state, "push_out_available", False):
            mine = max(mine, PUSH_OUT_FLOOR)
        return mine

    def at_table(self, state, player) -> float:
        """`player`'s chance of winning when he is to shoot from `state`."""
        quality = self.pot_chance(state, player)
        mine, theirs = balls_left(state, player), balls_left(state, player.other)
        run = 1.0 if mine == 1 else RUN_FLOOR + RUN_SPAN * RUN_DECAY ** (mine - 1)
        lead = max(-NO_SHOT_BALLS_CAP, min(NO_SHOT_BALLS_CAP, theirs - mine))
        no_shot = NO_SHOT + NO_SHOT_PER_BALL * lead
        return quality * run + (1.0 - quality) * no_shot

    def pot_chance(self, state, player) -> float:
        """Chance that `player`, to shoot from `state`, pots a ball on."""
        if not self.lookahead:
            return FLAT_QUALITY
        zone = state.ball_in_hand
        if zone is BallInHand.ANYWHERE:
            return Q_IN_HAND
        if CUE not in state.layout:
            return Q_IN_KITCHEN
        scene = Scene.of(state, self.params)
        shots = direct_shots(state.table, scene.cue, float(scene.radii[0]), scene.positions,
                             scene.radii, scene.ids, balls_on(state, player), self.sigma)
        best = shots[0].quality if shots else 0.0
        # A second chance: another pocket for the one ball on in 9-ball, another ball in
        # 8-ball (a second pocket for the same ball leaves the same ball to miss).
        others = [s for s in shots[1:] if is_nine_ball(state) or s.ball != shots[0].ball]
        second = others[0].quality if others else 0.0
        chance = 1.0 - (1.0 - best) * (1.0 - SECOND_SHOT_WEIGHT * second)
        if zone is BallInHand.D_OPTIONAL:
            chance = max(chance, Q_IN_KITCHEN)
        return chance


def with_group(state, player, group: Group):
    red = player if group is Group.RED else player.other
    return dataclasses.replace(state, red_player=red, group_choice_pending=False)
