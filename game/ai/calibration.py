"""Calibrating the levels on a fixed suite of pot layouts: how often each level pots a
given shot, so that the three levels are three players a person can tell apart.

A layout is the cue ball and the 9 alone on the 9-ft table (potting it legally wins, so
every level plays its best pot, not a safety); `pot_rate` lets the level plan its stroke
once (its own search: candidates, solver refinement, noisy rounds), then plays that
stroke `attempts` times under the level's execution noise, and counts the attempts that
win the game (the 9 potted, the cue ball not). The noise draws of an attempt depend on
the layout and the attempt only, never on the level (common random numbers): a level
beats the one below on the same mishits scaled by its smaller errors.

The suite lives in tests/ai/pot_suite.json (written by tests/ai/make_pot_suite.py); the
report is `python -m game.level_report`. Positions in metres, table frame.
"""
from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from physics_ext import Params, TableSpec
from game.rules import CUE, BallInHand, Layout, Player, nine_ball

from .levels import level_named
from .noise import draws, perturb
from .opponent import Opponent
from .scene import Scene, shoot_all

SUITE_PATH = Path(__file__).resolve().parents[2] / "tests" / "ai" / "pot_suite.json"
OBJECT_BALL = 9
# Bands the report breaks the rate down by: cut angle (deg) and cue-ball distance (m).
CUT_BANDS = ((0.0, 25.0), (25.0, 45.0), (45.0, 70.0))
DISTANCE_BANDS = ((0.3, 0.9), (0.9, 1.4), (1.4, 2.0))


@dataclass(frozen=True)
class PotLayout:
    """One layout of the suite. cue, ball: (x, y) m; pocket: the physics_ext.Pocket name
    the ball has a clear path into; cut_deg: the cut angle (deg); cue_distance: cue ball
    to object ball, ball_distance: object ball to the pocket (m)."""
    id: int
    cue: tuple
    ball: tuple
    pocket: str
    cut_deg: float
    cue_distance: float
    ball_distance: float


def load_suite(path=SUITE_PATH) -> list:
    """The layouts of the suite file at `path`."""
    data = json.loads(Path(path).read_text())
    return [PotLayout(id=int(row["id"]), cue=tuple(row["cue"]), ball=tuple(row["ball"]),
                      pocket=row["pocket"], cut_deg=float(row["cut_deg"]),
                      cue_distance=float(row["cue_distance"]),
                      ball_distance=float(row["ball_distance"]))
            for row in data["layouts"]]


def layout_state(layout: PotLayout, table: TableSpec | None = None):
    """The 9-ball state of `layout`: Player A at the table, the cue ball as it lies."""
    table = TableSpec.nine_foot() if table is None else table
    state = nine_ball.new_game(table, Player.A, seed=0)
    return dataclasses.replace(state, layout=Layout({CUE: layout.cue, OBJECT_BALL: layout.ball}),
                               ball_in_hand=BallInHand.NONE, is_break=False,
                               push_out_available=False)


def pot_attempts(level, layout: PotLayout, attempts: int, seed: int = 1,
                 params: Params = Params()) -> int:
    """How many of `attempts` executions of `level`'s planned stroke on `layout` pot the
    ball and win."""
    level = _level(level)
    state = layout_state(layout)
    best, _, _ = Opponent(level, seed=[seed, layout.id], params=params).plan(state)
    scene = Scene.of(state, params)
    noise = draws(np.random.default_rng([seed, layout.id, 1]), attempts)
    won = 0
    for result in shoot_all([(scene, perturb(best.candidate.stroke, level, z))
                             for z in noise]):
        if result is None:
            continue
        after = scene.judge(result).state
        won += bool(after.game_over and after.winner == Player.A)
    return won


def _level(level):
    """`level` as a Level (a name is looked up)."""
    return level_named(level) if isinstance(level, str) else level


@dataclass(frozen=True)
class SuiteResult:
    """A level's pots on the suite: pots[k] of `attempts` on layout k."""
    level: str
    attempts: int
    layouts: tuple
    pots: tuple

    @property
    def rate(self) -> float:
        return sum(self.pots) / (self.attempts * len(self.pots))

    def band_rate(self, key, low: float, high: float) -> float:
        """The rate over the layouts whose `key` (a PotLayout field) lies in [low, high)
        (the last band includes its top)."""
        rows = [p for layout, p in zip(self.layouts, self.pots)
                if low <= getattr(layout, key) < high or getattr(layout, key) == high]
        return sum(rows) / (self.attempts * len(rows)) if rows else float("nan")


def suite_result(level, suite, attempts: int = 20, seed: int = 1,
                 on_layout=None) -> SuiteResult:
    """`level` on every layout of `suite`; `on_layout()` after each (progress)."""
    pots = []
    for layout in suite:
        pots.append(pot_attempts(level, layout, attempts, seed))
        if on_layout is not None:
            on_layout()
    return SuiteResult(_level(level).name, attempts, tuple(suite), tuple(pots))
