"""Determinism: the same input gives the same event log and trajectories, byte for byte,
within one process and in a fresh interpreter (what replays rely on, PHYSICS.md 7); for a
shot made with shoot(), the stroke and the cue's follow-through and faults too (compiled
since issue 30: physics_ext/_shot.pyx, _cue.pyx)."""
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from physics_ext import Ball, Stroke, shoot, simulate
from tests.physics import probes
from tests.physics.scenes import (NINE_FOOT, R, eight_ball_break, nine_ball_break,
                                  random_shot)

REPO = Path(__file__).resolve().parents[2]
SCENES = {
    "nine_ball_break": "simulate(*nine_ball_break())",
    "eight_ball_break": "simulate(*eight_ball_break())",
    "random_shot": "simulate(NINE_FOOT, random_shot(np.random.default_rng(7), 16))",
    "jump_shot": "simulate(NINE_FOOT, random_shot(np.random.default_rng(2), 4, "
                 "max_elevation=0.7))",
}
# Strokes whose cue faults and flights come from the cue model: a push (the object ball
# 0.1 mm away), a double hit (a slow full stroke 2 mm from it), a ferrule miscue, a masse
# jump over a ball, the joint stroke of a cue ball frozen to a ball, and a level stroke.
CUE_BALL = "Ball.pool(1.0, 0.6)"
SHOTS = {
    "push": f"shoot(NINE_FOOT, [{CUE_BALL}, Ball.pool(1.0 + 2 * R + 1e-4, 0.6)], 0, "
            "Stroke(0.0, 0.0, 0.0, 0.0, 3.0))",
    "double_hit": f"shoot(NINE_FOOT, [{CUE_BALL}, Ball.pool(1.0 + 2 * R + 2e-3, 0.6)], 0, "
                  "Stroke(0.0, 0.0, 0.0, 0.1, 0.5, 0.3))",
    "ferrule": f"shoot(NINE_FOOT, [{CUE_BALL}, Ball.pool(1.5, 0.7)], 0, "
               "Stroke(0.3, 0.2, 0.8, 0.1, 4.0))",
    "masse_jump": f"shoot(NINE_FOOT, [{CUE_BALL}, Ball.pool(1.2, 0.62), Ball.pool(1.4, 0.5)], "
                  "0, Stroke(0.1, 0.9, 0.3, 0.2, 6.0))",
    "frozen": f"shoot(NINE_FOOT, [{CUE_BALL}, Ball.pool(1.0 + 2 * R, 0.6)], 0, "
              "Stroke(0.2, 0.1, -0.2, 0.3, 4.0))",
    "level": f"shoot(NINE_FOOT, [{CUE_BALL}, Ball.pool(2.0, 0.3)], 0, "
             "Stroke(-0.2, 0.0, 0.1, -0.3, 5.0))",
}
NAMESPACE = {"simulate": simulate, "nine_ball_break": nine_ball_break,
             "eight_ball_break": eight_ball_break, "random_shot": random_shot,
             "NINE_FOOT": NINE_FOOT, "np": np, "shoot": shoot, "Ball": Ball,
             "Stroke": Stroke, "R": R}


def shot_digest(result) -> str:
    """probes.digest of a shoot() result with its stroke, cue motion and faults."""
    return probes.digest(result) + repr((result.stroke, result.cue, result.cue_flights(),
                                         sorted(f.value for f in result.stroke_faults)))


def test_the_cue_shots_produce_what_they_are_meant_to():
    """The SHOTS exercise the cue model: each its fault, flight or joint stroke."""
    shots = {name: eval(code, NAMESPACE) for name, code in SHOTS.items()}
    assert shots["push"].stroke_faults == {"push"}
    assert shots["double_hit"].stroke_faults == {"double_hit"}
    assert "ferrule" in shots["ferrule"].stroke_faults and shots["ferrule"].stroke.miscue
    assert shots["masse_jump"].cue_flights()
    assert shots["frozen"].stroke.joint and shots["frozen"].stroke.pushed == (1,)
    assert not shots["level"].stroke_faults and shots["level"].cue.reach > 0.0


@pytest.mark.parametrize("shot", SHOTS)
def test_same_stroke_twice_gives_identical_bytes(shot):
    first, second = eval(SHOTS[shot], NAMESPACE), eval(SHOTS[shot], NAMESPACE)
    assert shot_digest(first) == shot_digest(second)
    assert first.cue.tip_at_separation.tobytes() == second.cue.tip_at_separation.tobytes()


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
        "from physics_ext import Ball, Stroke, shoot, simulate",
        "from tests.physics import probes",
        "from tests.physics.scenes import NINE_FOOT, R, eight_ball_break, nine_ball_break, "
        "random_shot",
        "from tests.physics.test_determinism import shot_digest",
        *(f"print(probes.digest({code}))" for code in SCENES.values()),
        *(f"print(repr(shot_digest({code})))" for code in SHOTS.values()),
    ])
    fresh = subprocess.run([sys.executable, "-c", script], cwd=REPO, capture_output=True,
                           text=True, check=True, env={"PYTHONPATH": str(REPO),
                                                       "PYTHONHASHSEED": "12345"})
    here = [probes.digest(eval(code, NAMESPACE)) for code in SCENES.values()] + [
        repr(shot_digest(eval(code, NAMESPACE))) for code in SHOTS.values()]
    assert fresh.stdout.splitlines() == here


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


def varied_strokes(count: int, seed: int) -> list:
    """`count` (balls, Stroke) of 2 to 10 balls, level and elevated, slow to break speed,
    some with the cue ball frozen to an object ball (the joint stroke)."""
    rng = np.random.default_rng(seed)
    out = []
    for k in range(count):
        n = int(rng.integers(2, 11))
        balls = [Ball.pool(*b.position) for b in random_shot(rng, n)]
        if k % 5 == 0:                  # an object ball frozen to the cue ball
            x, y = balls[0].position[:2]
            balls[1] = Ball.pool(x + 2 * R * np.cos(0.3 * k), y + 2 * R * np.sin(0.3 * k))
            if not simulate_ok(balls):
                continue
        offset, angle = 0.6 * np.sqrt(rng.uniform()), rng.uniform(0, 2 * np.pi)
        out.append((balls, Stroke(rng.uniform(-np.pi, np.pi), rng.choice([0.0, 0.2, 0.9]),
                                  offset * np.cos(angle), offset * np.sin(angle),
                                  rng.uniform(0.5, 9.0), rng.uniform(0.0, 0.3))))
    return out


def simulate_ok(balls) -> bool:
    try:
        simulate(NINE_FOOT, balls)
    except ValueError:
        return False
    return True


def test_batch_results_are_shoots_bit_for_bit():
    """shoot_batch's per-stroke ShotResult (built from the batch's rows and logs) and
    shoot()'s (built around the single-shot entry) are the same, bit for bit, for varied
    strokes: events, pieces, flights, stroke, cue motion and faults, and the balls."""
    from physics_ext import ball_rows, shoot_batch
    strokes = varied_strokes(60, 17)
    by_count = {}
    for balls, stroke in strokes:
        by_count.setdefault(len(balls), []).append((balls, stroke))
    checked = 0
    for group in by_count.values():
        batch = shoot_batch(NINE_FOOT, ball_rows([b for b, _ in group]),
                            [s for _, s in group], logs=True, threads=1)
        for k, (balls, stroke) in enumerate(group):
            alone = shoot(NINE_FOOT, balls, 0, stroke)
            together = batch.shot_result(k)
            assert shot_digest(together) == shot_digest(alone)
            assert together.events.tobytes() == alone.events.tobytes()
            assert [b.velocity for b in together.balls] == [b.velocity for b in alone.balls]
            checked += 1
    assert checked >= 50


def test_a_result_keeps_its_fields_and_refuses_changes():
    """ShotResult, StrikeResult and CueMotion are built without their dataclass __init__
    (issue 30): every field is there, equality, replace() and the frozen guard still work."""
    import dataclasses
    result = eval(SHOTS["push"], NAMESPACE)
    for obj in (result, result.stroke, result.cue):
        assert {f.name for f in dataclasses.fields(obj)} <= set(dir(obj))
    assert dataclasses.replace(result).events is result.events
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.cue_index = 1
