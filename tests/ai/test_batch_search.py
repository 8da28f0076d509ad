"""The search plays its runs through the batch solver (issue 17): each run's result and
ruling are the ones Scene.shoot gives one at a time, including the strokes the solver
refuses (None), so decisions stay what they were."""
import math

import numpy as np

from game.ai.scene import Scene, shoot_all
from physics_ext import Params, Stroke

from .ai_helpers import nine_state


def test_shoot_all_equals_one_shot_at_a_time():
    state = nine_state({1: (1.2, 0.5), 2: (1.9, 0.9), 9: (2.2, 0.3), 0: (0.6, 0.6)})
    scenes = [Scene.of(state, Params()), Scene.of(state, Params(), cue=(0.4, 0.3)),
              Scene.of(state, Params(max_events=6))]
    rng = np.random.default_rng(9)
    plays = [(scenes[k % 2], Stroke(azimuth=rng.uniform(-math.pi, math.pi),
                                    elevation=rng.uniform(0.0, 0.6), side=0.3 * rng.uniform(-1, 1),
                                    height=0.3 * rng.uniform(-1, 1), speed=rng.uniform(0.5, 8.0)))
             for k in range(12)]
    capped = [(scenes[2], stroke) for _, stroke in plays[:4]]
    for group in (plays, capped):
        batched = shoot_all(group)
        for (scene, stroke), result in zip(group, batched):
            single = scene.shoot(stroke)
            if single is None:
                assert result is None
                continue
            assert result.events.tobytes() == single.events.tobytes()
            assert result.stroke_faults == single.stroke_faults
            assert scene.judge(result).state == scene.judge(single).state
    assert any(r is None for r in shoot_all(capped))
    assert shoot_all([]) == []
