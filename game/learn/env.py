"""BreakshotEnv: one game of 9-ball or red/yellow 8-ball as a Gymnasium environment.

The agent is Player.A of an ordinary game.session.GameSession; an opponent of the chosen
kind (game.learn.opponents: a cheap player or a game.ai computer level) plays Player.B.
The coin toss of the session's seed decides who breaks. One step is one visit to the
table by the agent: the declaration the rules wait for (play or pass after a push out, a
group after potting both colours), the cue ball's spot when in hand, and one stroke; then
the opponent plays every shot until the agent must act again or the game is over
(game.learn.play). The observation, the action and the reward are described in
game.learn.spaces and game.learn.reward (and docs/learning.md).

An episode is one game: it terminates when the game ends. A game the opponent wins by
breaking and running out before the agent ever acts is no episode: reset racks the next
game (the agent breaks it). The same seed gives the same episode for the same actions.
"""
from __future__ import annotations

import gymnasium as gym

from physics_ext import Params

from . import spaces as sp
from .play import AgentTable, run_plans

DEFAULT_OPPONENT = "amateur"


class BreakshotEnv(gym.Env):
    """mode: "nine_ball" or "eight_ball"; opponent: who plays the other side (a name of
    game.learn.opponents.opponent_names: "random", "greedy", "beginner", "amateur" or
    "pro"); params: the physics; variants: the rule book's section 5 switches of the mode
    (None: the defaults).

    reset(options={"layout": {ball id: (x, y)}}) starts the game after the break from
    that layout (metres; the cue ball included), the agent to shoot."""

    metadata = {"render_modes": []}

    def __init__(self, mode: str = "nine_ball", opponent: str = DEFAULT_OPPONENT,
                 params: Params = Params(), variants=None):
        self.game = AgentTable(mode, opponent, params, variants)
        self.mode, self.level, self.params, self.variants = mode, opponent, params, variants
        self.table = self.game.table
        self.ball_count = self.game.ball_count
        self.observation_space = sp.observation_space(self.table, self.ball_count)
        self.action_space = sp.action_space(self.table)
        self._obs = sp.batched_observations(self.observation_space, 1)

    @property
    def session(self):
        """The game.session.GameSession of the episode (None before the first reset)."""
        return self.game.session

    # ---- Gymnasium API -----------------------------------------------------------------
    def reset(self, *, seed=None, options=None):
        super().reset(seed=seed)
        layout = (options or {}).get("layout")
        info, = run_plans([self.game], [self.game.reset_plan(self.np_random, layout)])
        return self._observation(), info

    def step(self, action):
        (reward, terminated, info), = run_plans([self.game], [self.game.step_plan(action)])
        return self._observation(), reward, terminated, False, info

    def _observation(self) -> dict:
        self.game.observe_into(self._obs, 0)
        # row 0 of each batched array: a copy of an array's row, a 1-d array's own
        # element (a numpy scalar, immutable)
        return {key: value[0].copy() if value.ndim > 1 else value[0]
                for key, value in self._obs.items()}
