"""A tournament: whole games with the rules between computer players, every pair of the
contestants playing `games` games, breaks alternating (the first named breaks the even
games).

Each game stands alone: a new GameSession whose rack seed, and two Opponents whose
seeds, derive from (seed, pair, game) only, played to its end by game.ai.selfplay. So a
game's result depends on nothing but its own number: chunks can run anywhere, in any
order, any number of times, and give the same rows. Decision times are not recorded
(they differ from run to run); everything in a row is a function of the parameters.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass

import numpy as np
import pyarrow as pa

from game.ai import Opponent
from game.ai.selfplay import MatchStats, play_game
from game.rules import Player
from game.session import MODES, GameSession


@dataclass(frozen=True)
class Tournament:
    """A tournament run: `mode`, `players` (Contestants, at least two, distinct names),
    `games` per pair, `seed` and `chunk_games` (games per chunk)."""
    mode: str
    players: tuple
    games: int
    seed: int
    chunk_games: int

    kind = "tournament"

    def __post_init__(self):
        if self.mode not in MODES:
            raise ValueError(f"unknown mode {self.mode!r}; choose one of {MODES}")
        names = [p.name for p in self.players]
        if len(names) < 2 or len(set(names)) != len(names):
            raise ValueError("a tournament needs at least two players with distinct names")

    @property
    def pairs(self) -> list:
        """(first, second) indices into `players`, every pair once, in order."""
        return list(itertools.combinations(range(len(self.players)), 2))

    @property
    def total_games(self) -> int:
        return len(self.pairs) * self.games

    def chunks(self) -> list:
        found = []
        for pair in range(len(self.pairs)):
            for start in range(0, self.games, self.chunk_games):
                found.append(GameChunk(self, len(found), pair, start,
                                       min(start + self.chunk_games, self.games)))
        return found


@dataclass(frozen=True)
class GameChunk:
    """Games start..stop-1 of pair number `pair` of `run`, the chunk numbered `index`."""
    run: Tournament
    index: int
    pair: int
    start: int
    stop: int

    @property
    def rows(self) -> int:
        """Rows of the chunk's table: one per game."""
        return self.stop - self.start

    @property
    def size(self) -> int:
        """Games in the chunk."""
        return self.rows


COLUMNS = {"pair": pa.int32(), "game": pa.int32(), "first": pa.string(),
           "second": pa.string(), "breaker": pa.int8(), "winner": pa.int8(),
           "end_reason": pa.string(), "shots": pa.int32(), "visits": pa.int32(),
           "potted_first": pa.int32(), "potted_second": pa.int32(),
           "fouls_first": pa.int32(), "fouls_second": pa.int32(),
           "break_and_run": pa.bool_(), "simulations": pa.int64(),
           "engine_faults": pa.int32(), "forced_concessions": pa.int32()}


def play_games(chunk: GameChunk) -> pa.Table:
    """The chunk's games, one row each: the pair's players (first, second), who broke
    and who won (0 = first, 1 = second), how the game ended, shots and visits, balls
    potted and fouls of each, a break-and-run, solver runs, solver refusals and forced
    concessions."""
    run = chunk.run
    first, second = (run.players[i] for i in run.pairs[chunk.pair])
    rows = {name: [] for name in COLUMNS}
    for game in range(chunk.start, chunk.stop):
        seeds = np.random.SeedSequence([run.seed, chunk.pair, game])
        rack_seed = int(seeds.generate_state(1)[0])
        breaker = Player.A if game % 2 == 0 else Player.B
        session = GameSession(run.mode, names=(first.name, second.name), seed=rack_seed,
                              breaker=breaker)
        opponents = [Opponent(player.level, seed=[run.seed, chunk.pair, game, side],
                              params=session.params)
                     for side, player in enumerate((first, second))]
        stats = MatchStats()
        play_game(session, opponents, stats)
        state = session.state
        values = {"pair": chunk.pair, "game": game, "first": first.name,
                  "second": second.name, "breaker": int(breaker), "winner": int(state.winner),
                  "end_reason": state.end_reason.value, "shots": stats.shots,
                  "visits": stats.visits, "potted_first": stats.sides[0].balls_potted,
                  "potted_second": stats.sides[1].balls_potted,
                  "fouls_first": stats.sides[0].fouls, "fouls_second": stats.sides[1].fouls,
                  "break_and_run": stats.break_and_runs > 0,
                  "simulations": stats.simulations, "engine_faults": stats.engine_faults,
                  "forced_concessions": stats.forced_concessions}
        for name, value in values.items():
            rows[name].append(value)
    return pa.table({name: pa.array(rows[name], kind) for name, kind in COLUMNS.items()})
