"""A position to play from, and one stroke played from it through the real solver and the
rules engine: the same path GameSession takes, without touching any session.

The cue ball is physics index 0 (as in GameSession.physics_balls); a cue ball in hand is
put at the spot being tried, which the session's own method cannot do.
"""
from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass

import numpy as np

import physics_ext
from physics_ext import Ball, Params, SimulationError, Stroke
from game.rules import CUE, eight_ball, facts_from_result, nine_ball
from game.rules.nine_ball import Declarations, NineBallState


def is_nine_ball(state) -> bool:
    return isinstance(state, NineBallState)


@dataclass(frozen=True)
class Outcome:
    """A simulated shot: the ShotResult, its facts, the ruling and the state after."""
    result: object
    facts: object
    ruling: object
    state: object


@dataclass(frozen=True)
class Scene:
    """`state` with the cue ball at `cue` (m): the physics balls (cue ball first), their
    ids, and the positions and radii as arrays for the geometry (same order)."""
    state: object
    params: Params
    balls: tuple
    ids: tuple
    positions: np.ndarray
    radii: np.ndarray

    @classmethod
    def of(cls, state, params: Params, cue=None) -> "Scene":
        """The scene of `state`; `cue` places (or moves) the cue ball, which the state
        must otherwise hold."""
        layout = dict(state.layout)
        if cue is not None:
            layout[CUE] = (float(cue[0]), float(cue[1]))
        ids = (CUE,) + tuple(sorted(b for b in layout if b != CUE))
        ball_set = state.ball_set
        balls = tuple(Ball(ball_set.radius(b), ball_set.mass(b), layout[b]) for b in ids)
        return cls(state=state, params=params, balls=balls, ids=ids,
                   positions=np.array([layout[b] for b in ids], dtype=float),
                   radii=np.array([ball_set.radius(b) for b in ids]))

    @property
    def cue(self) -> np.ndarray:
        return self.positions[0]

    @property
    def table(self):
        return self.state.table

    def index(self, ball: int) -> int:
        return self.ids.index(ball)

    @functools.cached_property
    def placed(self):
        """The rules state with the cue ball where this scene has it."""
        return dataclasses.replace(self.state,
                                   layout=self.state.layout.with_ball(CUE, tuple(self.cue)))

    def shoot(self, stroke: Stroke):
        """The solver's result of `stroke`, or None when the solver refuses or cannot
        finish it (the session would raise: such a stroke is never worth choosing)."""
        try:
            return physics_ext.shoot(self.table, self.balls, 0, stroke, self.params)
        except (ValueError, SimulationError):
            return None

    @functools.cached_property
    def rows(self) -> np.ndarray:
        """The balls as the solver's rows (physics_ext.BALL_COLUMNS), cue ball first."""
        return physics_ext.ball_rows([self.balls])[0]

    def judge(self, result, push_out: bool = False) -> Outcome:
        """The ruling of a solver `result` of this scene, with the push-out declaration,
        and the state it leaves."""
        state = self.placed
        facts = facts_from_result(result, self.ids, cue_index=0)
        if is_nine_ball(state):
            ruling = nine_ball.rule_shot(state, facts, Declarations(push_out=push_out))
            after = nine_ball.apply(state, ruling)
        else:
            ruling = eight_ball.rule_shot(state, facts)
            after = eight_ball.apply(state, ruling)
        return Outcome(result=result, facts=facts, ruling=ruling, state=after)


def shoot_all(plays) -> list:
    """The solver's results of many (scene, stroke) plays, each as Scene.shoot gives it
    (None where it would), run as one batch of the compiled solver on every core. The
    scenes must share the table, the params and the number of balls (one position, the cue
    ball where each scene puts it)."""
    if not plays:
        return []
    first = plays[0][0]
    rows = np.stack([scene.rows for scene, _ in plays])
    batch = physics_ext.shoot_batch(first.table, rows, [stroke for _, stroke in plays],
                                    first.params, logs=True, invalid="skip")
    results = []
    for k in range(len(plays)):
        try:
            results.append(batch.shot_result(k))
        except (ValueError, SimulationError):
            results.append(None)
    return results
