"""Builders for hand-made rules scenarios, and the checks every scenario row runs.

A scenario row names its rule id(s), a state built here, hand-made ShotFacts, and the
expected behaviour as a dict (see `check_ruling` for the keys).
"""
from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass, field

from game.rules import eight_ball, nine_ball
from game.rules.balls import CUE, EIGHT_BALL_OBJECT_BALLS, NINE_BALL_OBJECT_BALLS
from game.rules.facts import ShotFacts
from game.rules.layout import Layout, clearance, on_table
from game.rules.match import place_cue_ball
from game.rules.outcome import Player
from game.rules.respot import RESPOT_GAP_M
from game.rules.variants import EightBallVariants, NineBallVariants
from game.rules.zones import BallInHand
from physics_ext.table import TableSpec

A, B = Player.A, Player.B
ENGLISH = TableSpec.english_seven_foot()
NINE_FOOT = TableSpec.nine_foot()

# Grids of free spots well clear of the respot line (y = W/2) and of each other.
_GRID_8 = [(x, y) for y in (0.12, 0.24, 0.68, 0.80) for x in (0.55, 0.70, 0.85, 1.00)]
_GRID_9 = [(x, y) for y in (0.20, 0.40, 0.87, 1.07) for x in (0.90, 1.10, 1.30, 1.50)]
CUE_8 = (0.30, 0.20)
CUE_9 = (0.40, 0.20)


def _layout(balls, grid, cue, positions):
    spots = dict(zip(balls, grid))
    if cue is not None:
        spots[CUE] = cue
    spots.update(positions or {})
    return Layout(spots)


def eight(balls=EIGHT_BALL_OBJECT_BALLS, *, cue=CUE_8, positions=None, shooter=A, red=None,
          is_break=False, visits=1, free_ball=False, pending=False,
          zone=BallInHand.NONE, variants=EightBallVariants(), breaker=A):
    """An 8-ball state with `balls` on a grid (overridden by `positions`)."""
    return eight_ball.EightBallState(
        table=ENGLISH, layout=_layout(balls, _GRID_8, cue, positions), breaker=breaker,
        shooter=shooter, ball_in_hand=zone, is_break=is_break, red_player=red,
        visits_remaining=visits, group_choice_pending=pending, free_ball=free_ball,
        variants=variants)


def eight_break(variants=EightBallVariants()):
    """The opening position: the rack, the cue ball placed in the D, A to break."""
    state = eight_ball.new_game(ENGLISH, A, seed=1, variants=variants)
    return place_cue_ball(state, (ENGLISH.head_line_x - 0.05, ENGLISH.width / 2 + 0.05))


def nine(balls=NINE_BALL_OBJECT_BALLS, *, cue=CUE_9, positions=None, shooter=A,
         is_break=False, push_out=False, option=None, fouls=(0, 0), warned=(False, False),
         zone=BallInHand.NONE, variants=NineBallVariants(), breaker=A):
    """A 9-ball state with `balls` on a grid (overridden by `positions`)."""
    return nine_ball.NineBallState(
        table=NINE_FOOT, layout=_layout(balls, _GRID_9, cue, positions), breaker=breaker,
        shooter=shooter, ball_in_hand=zone, is_break=is_break, push_out_available=push_out,
        option_pending=option, consecutive_fouls=tuple(fouls), warned=tuple(warned),
        variants=variants)


def nine_break(variants=NineBallVariants(), fouls=(0, 0), warned=(False, False)):
    """The opening position: the diamond, the cue ball behind the head string."""
    state = nine_ball.new_game(NINE_FOOT, A, seed=1, variants=variants)
    state = dataclasses.replace(state, consecutive_fouls=fouls, warned=warned)
    return place_cue_ball(state, (NINE_FOOT.head_line_x - 0.1, NINE_FOOT.width / 2))


def facts(first=None, *, pots=(), cushions=(), after=None, off=(), simultaneous=(), **kw):
    """ShotFacts in short: `cushions` are balls driven to a cushion; `after` the ones
    driven after the first contact (default: the same as `cushions`)."""
    return ShotFacts(first_contact=first, first_contact_time=None if first is None else 0.1,
                     simultaneous_first_contacts=frozenset(simultaneous), pocketed=pots,
                     cushion_balls=frozenset(cushions), cushion_balls_after_first_contact=after,
                     off_table=frozenset(off), **kw)


@dataclass(frozen=True)
class Row:
    """One scenario: `rule` names the rule ids it checks (space separated)."""
    rule: str
    name: str
    state: object
    facts: ShotFacts
    expect: dict
    declarations: object = field(default=None)

    @property
    def id(self) -> str:
        return f"{self.rule}: {self.name}"


def check_ruling(state, ruling, after, expect: dict) -> None:
    """Compare a ruling and the state after it with `expect`. Keys:
    fouls (exact set), fouls_include, next (player at the table next), zone, winner,
    reason, red (red player after), visits, pending (group choice), respotted (balls in
    order), gone (balls not on the table after), present (balls on the table after),
    rerack, free_ball, is_break, counts, warned, warning, push_out, push_out_available,
    option, replay."""
    getters = {
        "fouls": lambda: ruling.fouls, "next": lambda: after.shooter,
        "zone": lambda: after.ball_in_hand, "winner": lambda: after.winner,
        "reason": lambda: after.end_reason, "red": lambda: after.red_player,
        "visits": lambda: after.visits_remaining, "pending": lambda: after.group_choice_pending,
        "respotted": lambda: tuple(b for b, _ in ruling.respots),
        "rerack": lambda: ruling.rerack, "free_ball": lambda: after.free_ball,
        "is_break": lambda: after.is_break, "counts": lambda: after.consecutive_fouls,
        "warned": lambda: after.warned, "warning": lambda: ruling.warning_issued,
        "push_out": lambda: ruling.push_out,
        "push_out_available": lambda: after.push_out_available,
        "option": lambda: after.option_pending, "replay": lambda: ruling.replay,
        "void_break": lambda: ruling.void_break,
    }
    for key, expected in expect.items():
        if key == "fouls_include":
            assert set(expected) <= ruling.fouls, (ruling.fouls, expected)
        elif key == "gone":
            assert not set(expected) & set(after.layout), (sorted(after.layout), expected)
        elif key == "present":
            assert set(expected) <= set(after.layout), (sorted(after.layout), expected)
        elif key == "fouls":
            assert ruling.fouls == frozenset(expected), (ruling.fouls, expected)
        else:
            assert getters[key]() == expected, (key, getters[key](), expected)
    check_layout(after)
    check_respots(after, ruling)


def check_layout(state) -> None:
    """No two balls overlap and every ball is on the playing surface; the cue ball is on
    the table unless it is in hand."""
    balls = state.ball_set
    for ball, position in state.layout.items():
        assert on_table(state.table, position, balls.radius(ball)), (ball, position)
        assert clearance(position, balls.radius(ball), state.layout, balls,
                         ignore=[ball]) >= -1e-12, (ball, position)
    if not state.game_over and state.ball_in_hand in (BallInHand.NONE, BallInHand.D_OPTIONAL):
        assert CUE in state.layout


def check_respots(state, ruling) -> None:
    """Respotted balls lie on the long string (y = W/2) and touch no other ball."""
    balls = state.ball_set
    for ball, position in ruling.respots:
        assert state.layout[ball] == position
        assert position[1] == state.table.width / 2
        gap = clearance(position, balls.radius(ball), state.layout, balls, ignore=[ball])
        assert gap >= RESPOT_GAP_M * (1 - 1e-6), (ball, gap)


def on_segment(position, start, end) -> bool:
    """True if `position` lies on the segment start-end (to 1e-12 m)."""
    (px, py), (sx, sy), (ex, ey) = position, start, end
    length = math.hypot(ex - sx, ey - sy)
    t = ((px - sx) * (ex - sx) + (py - sy) * (ey - sy)) / length ** 2
    off = abs((px - sx) * (ey - sy) - (py - sy) * (ex - sx)) / length
    return -1e-12 <= t <= 1 + 1e-12 and off <= 1e-12
