"""Per-frame view work outside rendering: move and turn 16 balls from arrays.

Needs only panda3d.core (no window): the BallSet lives under a bare NodePath, so this
runs next to the offscreen tests without a second ShowBase.
"""
import numpy as np
from panda3d.core import NodePath

from game.view.balls import BallSet
from game.view.modes import mode

FRAME_S = 1 / 60


def test_advance_sixteen_balls(benchmark):
    balls = BallSet(NodePath("bench"), mode("eight_ball").balls)
    n = len(balls.ids)
    assert n == 16
    rng = np.random.default_rng(1)
    positions = rng.uniform(0.1, 0.8, (n, 3))
    omegas = rng.normal(0.0, 40.0, (n, 3))
    benchmark(balls.advance, positions, omegas, FRAME_S)
    assert tuple(balls.node(3).getPos()) == tuple(np.float32(positions[3]))
    if benchmark.enabled:
        assert benchmark.stats.stats.median < 1e-3, "well under a millisecond per frame"
