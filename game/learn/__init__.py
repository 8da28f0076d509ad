"""Gymnasium environments of Breakshot (no Panda3D): one game against a cheap player or a
computer level, one table at a time or many through the batch solver.

    import gymnasium as gym
    import game.learn                          # registers the ids below
    env = gym.make("Breakshot/NineBall-v0", opponent="greedy")
    envs = gym.make_vec("Breakshot/NineBall-v0", num_envs=64, opponent="greedy")

Ids: Breakshot/NineBall-v0 (9-ball, 9 ft table), Breakshot/EightBall-v0 (red/yellow
8-ball, English 7 ft table); episodes are truncated after MAX_EPISODE_STEPS steps.
Modules: spaces (observation, action, stroke), reward, opponents (the cheap players and
the computer levels), play (one table's game as plans of strokes, run through
shoot_batch), env (BreakshotEnv), vector (BreakshotVectorEnv), train (a small agent trained
by the cross-entropy method), placement (the cue ball in hand). The spaces and
the reward are documented in docs/learning.md.
"""
from gymnasium.envs.registration import register, registry

from .env import BreakshotEnv
from .vector import BreakshotVectorEnv

# Visits of the agent after which an episode is cut short (a game rarely takes 30).
MAX_EPISODE_STEPS = 200
ENV_IDS = {"Breakshot/NineBall-v0": "nine_ball", "Breakshot/EightBall-v0": "eight_ball"}

for _env_id, _mode in ENV_IDS.items():
    if _env_id not in registry:
        register(id=_env_id, entry_point="game.learn.env:BreakshotEnv",
                 vector_entry_point="game.learn.vector:BreakshotVectorEnv",
                 kwargs={"mode": _mode}, max_episode_steps=MAX_EPISODE_STEPS)

__all__ = ["BreakshotEnv", "BreakshotVectorEnv", "ENV_IDS", "MAX_EPISODE_STEPS"]
