"""Per-frame view work outside rendering: sample a finished shot at the frame's time and
move and turn the balls' nodes.

Needs only panda3d.core and panda3d-gltf (no window): the BallSet lives under a bare NodePath, so this
runs next to the offscreen tests without a second ShowBase.
"""
import numpy as np
from panda3d.core import NodePath

from game.session import GameSession, PlaceCueBall, Shoot
from game.view.world.balls import BallSet
from game.view.world.models import model
from game.tables.modes import mode
from game.view.world.playback import ShotPlayback
from physics_ext import Stroke

FRAME_S = 1 / 60


def test_advance_sixteen_balls(benchmark):
    balls = BallSet(NodePath("bench"), mode("eight_ball").balls, model("eight_ball", "balls"))
    n = len(balls.ids)
    assert n == 16
    rng = np.random.default_rng(1)
    positions = rng.uniform(0.1, 0.8, (n, 3))
    omegas = rng.normal(0.0, 40.0, (n, 3))
    benchmark(balls.advance, positions, omegas, FRAME_S)
    assert tuple(balls.node(3).getPos()) == tuple(np.float32(positions[3]))
    if benchmark.enabled:
        assert benchmark.stats.stats.median < 1e-3, "well under a millisecond per frame"


def test_play_a_frame_of_an_eight_ball_break(benchmark):
    """One frame of playback: sample 16 balls at a time of the break, pose their nodes."""
    session = GameSession("eight_ball", seed=1)
    session.apply(PlaceCueBall(mode("eight_ball").cue_ball_spot))
    record = session.apply(Shoot(Stroke(0.0, 0.0, 0.0, 0.1, 9.0)))
    playback = ShotPlayback.from_record(record)
    balls = BallSet(NodePath("bench"), mode("eight_ball").balls, model("eight_ball", "balls"))
    rows = balls.rows(record.ball_ids)
    times = iter(np.linspace(0.0, playback.end_time, 100_000))

    def frame():
        f = playback.frame(next(times))
        balls.pose(rows, f.positions, f.orientations, f.visible)

    benchmark(frame)
    if benchmark.enabled:
        assert benchmark.stats.stats.median < 0.5e-3, "well under a millisecond per frame"
