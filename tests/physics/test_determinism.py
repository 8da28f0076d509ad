"""Determinism: the same input gives the same event log and trajectories, byte for byte,
within one process and in a fresh interpreter (what replays rely on, PHYSICS.md 7)."""
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from physics_ext import simulate
from tests.physics import probes
from tests.physics.scenes import NINE_FOOT, eight_ball_break, nine_ball_break, random_shot

REPO = Path(__file__).resolve().parents[2]
SCENES = {
    "nine_ball_break": "simulate(*nine_ball_break())",
    "eight_ball_break": "simulate(*eight_ball_break())",
    "random_shot": "simulate(NINE_FOOT, random_shot(np.random.default_rng(7), 16))",
    "jump_shot": "simulate(NINE_FOOT, random_shot(np.random.default_rng(2), 4, "
                 "max_elevation=0.7))",
}
NAMESPACE = {"simulate": simulate, "nine_ball_break": nine_ball_break,
             "eight_ball_break": eight_ball_break, "random_shot": random_shot,
             "NINE_FOOT": NINE_FOOT, "np": np}


@pytest.mark.parametrize("scene", SCENES)
def test_same_input_twice_gives_identical_bytes(scene):
    first, second = eval(SCENES[scene], NAMESPACE), eval(SCENES[scene], NAMESPACE)
    assert first.events.tobytes() == second.events.tobytes()
    assert probes.digest(first) == probes.digest(second)
    assert first.final.positions.tobytes() == second.final.positions.tobytes()


def test_fresh_interpreter_gives_identical_bytes():
    """A new process (fresh memory layout, fresh hash seeds) reproduces every scene."""
    script = "\n".join([
        "import numpy as np",
        "from physics_ext import simulate",
        "from tests.physics import probes",
        "from tests.physics.scenes import NINE_FOOT, eight_ball_break, nine_ball_break, "
        "random_shot",
        *(f"print(probes.digest({code}))" for code in SCENES.values()),
    ])
    fresh = subprocess.run([sys.executable, "-c", script], cwd=REPO, capture_output=True,
                           text=True, check=True, env={"PYTHONPATH": str(REPO),
                                                       "PYTHONHASHSEED": "12345"})
    here = [probes.digest(eval(code, NAMESPACE)) for code in SCENES.values()]
    assert fresh.stdout.split() == here


@pytest.mark.parametrize("scene", [nine_ball_break, eight_ball_break])
def test_a_rack_breaks_the_same_whatever_numbers_its_balls_carry(scene):
    """Impacts at one instant (the break's cascade through the touching rack) resolve in an
    order fixed by the table, not by ball indices: any relabelling of the balls gives the
    same motion, bit for bit."""
    table, balls = scene(speed=8.0)
    reference = simulate(table, balls)
    rng = np.random.default_rng(7)
    for _ in range(4):
        order = np.concatenate([[0], 1 + rng.permutation(len(balls) - 1)])
        shuffled = simulate(table, [balls[k] for k in order])
        final = np.empty_like(shuffled.final.positions)
        final[order] = shuffled.final.positions
        assert final.tobytes() == reference.final.positions.tobytes()
        assert shuffled.events.size == reference.events.size
