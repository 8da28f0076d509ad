"""Computer against computer on a GameSession, game after game, with the figures the
headless demo prints: games won, balls potted per visit, fouls by kind, break-and-run
rate, solver runs and time per decision.

A decision's time is measured with a performance counter (and its processor time with
time.process_time) for the report only; nothing the opponents decide depends on it.
"""
from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass, field

from physics_ext import SimulationError
from game.rules import CUE, RulesError
from game.session import Concede, NextGame, Shoot

# Safety nets so that every game ends with a winner even if the solver keeps refusing a
# position (it raises before the session changes): after this many failed strokes in a
# row, or this many shots in one game, the player at the table concedes. Both are
# counted in the summary; neither should ever happen.
MAX_FAULTS_IN_A_ROW = 5
MAX_SHOTS_PER_GAME = 400


@dataclass
class MatchStats:
    """Running totals of a computer-vs-computer match (players indexed 0 and 1)."""
    games: int = 0
    wins: list = field(default_factory=lambda: [0, 0])
    visits: int = 0
    balls_potted: int = 0
    shots: int = 0
    fouls: Counter = field(default_factory=Counter)          # Foul -> count
    end_reasons: Counter = field(default_factory=Counter)    # EndReason -> count
    break_and_runs: int = 0
    decision_seconds: list = field(default_factory=list)
    simulations: int = 0
    engine_faults: int = 0
    forced_concessions: int = 0
    sides: list = field(default_factory=lambda: [SideStats(), SideStats()])

    @property
    def potted_per_visit(self) -> float:
        return _ratio(self.balls_potted, self.visits)

    @property
    def break_and_run_rate(self) -> float:
        return _ratio(self.break_and_runs, self.games)


@dataclass
class SideStats:
    """One player's share of a match: his visits, balls potted, fouls, the games he
    broke and those he broke and ran, and the seconds of each of his decisions, on the
    clock and of processor time (the latter does not grow when other programs share
    the machine)."""
    visits: int = 0
    balls_potted: int = 0
    fouls: int = 0
    breaks: int = 0
    break_and_runs: int = 0
    decision_seconds: list = field(default_factory=list)
    decision_cpu_seconds: list = field(default_factory=list)

    potted_per_visit = MatchStats.potted_per_visit

    @property
    def break_and_run_rate(self) -> float:
        """Break-and-runs per game he broke."""
        return _ratio(self.break_and_runs, self.breaks)


def _ratio(part: float, whole: float) -> float:
    return part / whole if whole else 0.0


class _Game:
    """Book-keeping of the game in progress: who broke, who has shot, the visit."""

    def __init__(self, state):
        self.breaker = state.shooter
        self.shooters = set()
        self.visit_player = None


def play_game(session, opponents, stats: MatchStats, on_decision=None) -> None:
    """Play the session's current game to its end: `opponents[int(player)]` decides for
    each player. `on_decision(decision)` is called after each decision (progress)."""
    game = _Game(session.state)
    faults = shots = 0
    while not session.state.game_over:
        state = session.state
        player = state.shooter if getattr(state, "option_pending", None) is None \
            else state.option_pending
        if faults >= MAX_FAULTS_IN_A_ROW or shots >= MAX_SHOTS_PER_GAME:
            session.apply(Concede(player))
            stats.forced_concessions += 1
            break
        start, cpu = time.perf_counter(), time.process_time()
        decision = opponents[int(player)].decide(state)
        seconds = time.perf_counter() - start
        stats.decision_seconds.append(seconds)
        stats.sides[int(player)].decision_seconds.append(seconds)
        stats.sides[int(player)].decision_cpu_seconds.append(time.process_time() - cpu)
        stats.simulations += decision.simulations
        try:
            for command in decision.commands:
                record = session.apply(command)
                if isinstance(command, Shoot):
                    _count_shot(stats, game, record)
        except (SimulationError, ValueError) as exc:
            if isinstance(exc, RulesError):
                raise
            # The solver refused the stroke (R9-B10: restore and replay); the session
            # is unchanged by a failed Shoot, so the player simply decides again.
            stats.engine_faults += 1
            faults += 1
            continue
        faults = 0
        shots += any(isinstance(c, Shoot) for c in decision.commands)
        if on_decision is not None:
            on_decision(decision)
    _count_end(stats, game, session.state)


def play_match(session, opponents, games: int, on_game=None, on_decision=None) -> MatchStats:
    """Play `games` games on `session` (breaks alternate, NextGame between them)."""
    stats = MatchStats()
    for k in range(games):
        if k:
            session.apply(NextGame())
        play_game(session, opponents, stats, on_decision)
        if on_game is not None:
            on_game(stats)
    return stats


def _count_shot(stats: MatchStats, game: _Game, record) -> None:
    shooter = record.state_before.shooter
    side = stats.sides[int(shooter)]
    game.shooters.add(shooter)
    if shooter != game.visit_player:
        stats.visits += 1
        side.visits += 1
        game.visit_player = shooter
    stats.shots += 1
    potted = len(record.facts.pocketed_balls - {CUE})
    stats.balls_potted += potted
    side.balls_potted += potted
    stats.fouls.update(record.ruling.fouls)
    side.fouls += bool(record.ruling.fouls)
    if record.ruling.next_player != shooter:
        game.visit_player = None


def _count_end(stats: MatchStats, game: _Game, state) -> None:
    stats.games += 1
    stats.wins[int(state.winner)] += 1
    stats.end_reasons[state.end_reason] += 1
    stats.sides[int(game.breaker)].breaks += 1
    if state.winner == game.breaker and game.shooters == {game.breaker}:
        stats.break_and_runs += 1
        stats.sides[int(game.breaker)].break_and_runs += 1
