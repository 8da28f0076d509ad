"""The worked training example of docs/learning.md: a short run of the cross-entropy
method gives an agent that beats random play against the cheap opponent, at a fixed
seed; the policy reads the observation as documented."""
import math

import numpy as np

from game.learn.train import AimPolicy, cem, evaluate
from game.learn.vector import BreakshotVectorEnv


def test_a_short_cross_entropy_run_beats_random_play():
    theta = cem(iterations=3, population=8, episodes=2, elite=3, opponent="greedy", seed=1)
    figures = evaluate(theta, games=16, opponent="greedy", seed=10_001)
    trained, random = figures["trained"], figures["random"]
    assert trained["mean_return"] > random["mean_return"] + 1.0
    assert trained["potted_per_game"] > random["potted_per_game"]
    assert trained["win_rate"] > random["win_rate"]


def test_the_policy_aims_at_the_lowest_ball_from_the_cue_ball():
    envs = BreakshotVectorEnv(1, "nine_ball", opponent="greedy", threads=1)
    theta = np.array([0.0, 1.0, 2.0, 0.0, 0.1, -0.3, 0.0])
    policy = AimPolicy.for_env(envs, theta)
    obs, _ = envs.reset(seed=0, options={"layout": {0: (1.0, 0.6), 3: (2.0, 0.3),
                                                    5: (1.5, 1.0), 9: (2.2, 0.9)}})
    action = policy.act(obs)
    azimuth, elevation, side, height, speed = action["stroke"][0]
    assert math.isclose(azimuth, math.atan2(0.3 - 0.6, 2.0 - 1.0))
    assert (elevation, side, height) == (0.0, 0.0, 0.1)
    assert math.isclose(speed, 1.0 + 2.0 * math.hypot(1.0, 0.3))
    assert obs["ball_in_hand"][0] == 0          # the spot asked for is not used
