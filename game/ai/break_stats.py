"""What a level's break does over many racks: the balls potted, the game ball (the 9, or
the black) on the break, the cue ball scratched, the break fouled.

Break k is the first shot of a fresh GameSession whose match seed is (seed, k) mixed
(so every break has its own rack, imperfections included: game.rules.racks), played by
an Opponent of the level seeded (seed, k): the same arguments give the same breaks.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from game.rules import BLACK, CUE, NINE
from game.rules.racks import rack_seed
from game.session import GameSession, Shoot

from .opponent import Opponent

GAME_BALL = {"nine_ball": NINE, "eight_ball": BLACK}


@dataclass
class BreakStats:
    """Totals over `breaks` breaks. potted: number of object balls potted -> breaks;
    game_ball: breaks that potted the 9 (or the black); scratches: breaks that potted
    the cue ball (or sent it off the table); fouls: breaks ruled a foul."""
    mode: str
    breaks: int = 0
    potted: Counter = field(default_factory=Counter)
    game_ball: int = 0
    scratches: int = 0
    fouls: int = 0

    @property
    def made_a_ball(self) -> int:
        return self.breaks - self.potted[0]

    def share(self, count: int) -> float:
        return count / self.breaks if self.breaks else 0.0


def break_once(mode: str, level, seed: int, k: int, stats: BreakStats) -> None:
    """Play break k of the series on a fresh session and add it to `stats`."""
    session = GameSession(mode, seed=rack_seed(seed, k))
    opponent = Opponent(level, seed=[seed, k], params=session.params)
    record = None
    for command in opponent.decide(session.state).commands:
        record = session.apply(command)
        if not isinstance(command, Shoot):
            record = None
    pocketed = record.facts.pocketed_balls
    stats.breaks += 1
    stats.potted[len(pocketed - {CUE})] += 1
    stats.game_ball += GAME_BALL[mode] in pocketed
    stats.scratches += CUE in pocketed or CUE in record.facts.off_table
    stats.fouls += bool(record.ruling.fouls)


def break_series(mode: str, level, breaks: int, seed: int = 1, on_break=None) -> BreakStats:
    """`breaks` breaks of `level` in `mode`; `on_break(stats)` after each (progress)."""
    stats = BreakStats(mode)
    for k in range(breaks):
        break_once(mode, level, seed, k, stats)
        if on_break is not None:
            on_break(stats)
    return stats
