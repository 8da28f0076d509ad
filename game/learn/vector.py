"""BreakshotVectorEnv: many tables of one Breakshot environment stepped at once, their
strokes simulated together by physics_ext.shoot_batch (gymnasium.vector.VectorEnv).

    import gymnasium as gym
    import game.learn
    envs = gym.make_vec("Breakshot/NineBall-v0", num_envs=64, opponent="greedy")

Table k plays exactly the episodes of a BreakshotEnv reset with seed s + k (for
reset(seed=s)), bit for bit, whatever `threads`: its own game, opponent and random
generator; only the solver runs are shared. The strokes of one step go to the solver
together (the agents' strokes, then the opponents' in rounds until every table waits for
its agent), one shoot_batch call per ball count and round (on one thread, and for groups
smaller than game.learn.play.BATCH_FROM, one physics_ext.shoot call a stroke: cheaper
there, and the same results bit for bit).

Autoreset: gymnasium's NEXT_STEP mode. The step that ends a table's episode (terminated
by the game's end, or truncated after `max_episode_steps` of its steps) returns its last
observation; on the next step that table's action is ignored and it starts a new game
from its own generator (reward 0, neither terminated nor truncated).

`infos` hold, per table (arrays over the tables, with gymnasium's "_name" masks):
"opponent_shots" (int), "potted" (object balls the agent potted on its stroke, int),
"foul" (its stroke was a foul, bool), "refused" (the solver refused its stroke, bool) and
"winner" (0 the game goes on, 1 the agent won, 2 the opponent won).
"""
from __future__ import annotations

import numpy as np
from gymnasium.utils import seeding
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from physics_ext import Params
from physics_ext.batch import default_threads

from . import spaces as sp
from .env import DEFAULT_OPPONENT
from .play import AgentTable, run_plans

# "winner" in the infos.
GOES_ON, AGENT_WON, OPPONENT_WON = 0, 1, 2
INFO_KEYS = ("opponent_shots", "potted", "foul", "refused", "winner")


class BreakshotVectorEnv(VectorEnv):
    """num_envs tables of `mode` against `opponent` (as BreakshotEnv; params, variants
    likewise); episodes truncated after `max_episode_steps` steps (None: never);
    `threads`: the solver's threads (default every core; the results do not depend
    on it)."""

    metadata = {"render_modes": [], "autoreset_mode": AutoresetMode.NEXT_STEP}

    def __init__(self, num_envs: int = 1, mode: str = "nine_ball",
                 opponent: str = DEFAULT_OPPONENT, params: Params = Params(), variants=None,
                 max_episode_steps: int | None = None, threads: int | None = None):
        if not (isinstance(num_envs, int) and num_envs >= 1):
            raise ValueError(f"num_envs must be a positive int, got {num_envs!r}")
        if max_episode_steps is not None and not (isinstance(max_episode_steps, int)
                                                  and max_episode_steps >= 1):
            raise ValueError(f"max_episode_steps must be a positive int or None, got "
                             f"{max_episode_steps!r}")
        self.num_envs = num_envs
        self.mode, self.level, self.params, self.variants = mode, opponent, params, variants
        self.max_episode_steps = max_episode_steps
        self.threads = default_threads() if threads is None else threads
        self.tables = [AgentTable(mode, opponent, params, variants) for _ in range(num_envs)]
        first = self.tables[0]
        self.table, self.ball_count = first.table, first.ball_count
        self.single_observation_space = sp.observation_space(self.table, self.ball_count)
        self.single_action_space = sp.action_space(self.table)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._rngs = [None] * num_envs
        self._obs = sp.batched_observations(self.single_observation_space, num_envs)
        self._steps = np.zeros(num_envs, dtype=np.int64)
        self._done = np.zeros(num_envs, dtype=bool)

    def reset(self, *, seed=None, options=None):
        """Every table to a new game: table k seeded with seed + k (a list of seeds: one a
        table; None: from fresh entropy the first time, else from its generator).
        options={"layout": ...} starts every table from that layout (BreakshotEnv)."""
        seeds = _seeds(seed, self.num_envs)
        for k, s in enumerate(seeds):
            if s is not None or self._rngs[k] is None:
                self._rngs[k], _ = seeding.np_random(s)
        layout = (options or {}).get("layout")
        infos = run_plans(self.tables, [t.reset_plan(self._rngs[k], layout)
                                        for k, t in enumerate(self.tables)], self.threads)
        self._steps[:] = 0
        self._done[:] = False
        for k, table in enumerate(self.tables):
            table.observe_into(self._obs, k)
        shots = np.array([info["opponent_shots"] for info in infos], dtype=np.int64)
        return self._observations(), {"opponent_shots": shots,
                                      "_opponent_shots": np.ones(self.num_envs, dtype=bool)}

    def step(self, actions):
        n = self.num_envs
        rewards = np.zeros(n)
        terminated = np.zeros(n, dtype=bool)
        plans, playing = [], []
        for k, table in enumerate(self.tables):
            if self._done[k]:
                plans.append(table.reset_plan(self._rngs[k]))
            else:
                plans.append(table.step_plan({key: value[k] for key, value in actions.items()}))
                playing.append(k)
        outcomes = run_plans(self.tables, plans, self.threads)
        infos = {key: np.zeros(n, dtype=bool if key in ("foul", "refused") else np.int64)
                 for key in INFO_KEYS}
        for k, outcome in enumerate(outcomes):
            self.tables[k].observe_into(self._obs, k)
            if self._done[k]:
                infos["opponent_shots"][k] = outcome["opponent_shots"]
                continue
            reward, terminated[k], info = outcome
            rewards[k] = reward
            infos["opponent_shots"][k] = info["opponent_shots"]
            infos["potted"][k] = len(info["potted"])
            infos["foul"][k] = bool(info["fouls"])
            infos["refused"][k] = info["refused"] is not None
            infos["winner"][k] = (GOES_ON if info["winner"] is None else
                                  AGENT_WON if info["winner"] == "agent" else OPPONENT_WON)
        self._steps[self._done] = 0
        self._steps[playing] += 1
        truncated = ~terminated & (self._steps >= (self.max_episode_steps or np.inf))
        self._done = terminated | truncated
        for key in INFO_KEYS:
            infos["_" + key] = np.ones(n, dtype=bool)
        return self._observations(), rewards, terminated, truncated, infos

    def _observations(self) -> dict:
        return {key: value.copy() for key, value in self._obs.items()}

    @property
    def sessions(self) -> list:
        """The game.session.GameSession of each table."""
        return [table.session for table in self.tables]


def _seeds(seed, n: int) -> list:
    """One seed (or None) per table."""
    if seed is None:
        return [None] * n
    if isinstance(seed, (int, np.integer)):
        return [int(seed) + k for k in range(n)]
    seeds = list(seed)
    if len(seeds) != n:
        raise ValueError(f"reset needs one seed or {n} seeds, got {len(seeds)}")
    return seeds

