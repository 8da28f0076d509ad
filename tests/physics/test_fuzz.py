"""Hostile valid shots (tests/physics/fuzz.py, issue 27 point 6) in CI: every shot the
validator accepts is solved (no stall, no event cap), every ball ends at rest on the
cloth, in a pocket or off the table after an OFF_TABLE event, no ball rests in a cushion,
a jaw or another ball, and no event adds energy. The batches are fixed by their seeds, so
CI runs the same shots every time; `python -m tests.physics.fuzz --shots 1000000` runs the
million-shot version (physics_ext/README.md, "Stall guard")."""
import math

import numpy as np
import pytest

from physics_ext import Ball, Params, simulate
from physics_ext import constants as C
from physics_ext.api import contact_distance
from tests.physics import fuzz
from tests.physics.invariants import check_all
from tests.physics.scenes import NINE_FOOT, R

# 48 batches of 1,500 shots (72,000): the two tables, strokes and random motions, 1-6 balls
BATCHES = 48
SHOTS_PER_BATCH = 1500
# of which these batches keep their logs, for the energy check of every event
ENERGY_BATCHES = 4


@pytest.mark.parametrize("seed", range(BATCHES))
def test_hostile_valid_shots_finish_at_rest_on_the_table(seed):
    table, mode, rows, strokes = fuzz.shot_batch(seed, SHOTS_PER_BATCH)
    logs = seed < ENERGY_BATCHES
    result = fuzz.run_batch(table, mode, rows, strokes, logs=logs)
    failures = {kind: where.tolist() for kind, where in fuzz.check_batch(result).items()
                if len(where)}
    assert not failures, (seed, failures, [result.failure(k) for k in
                                           failures.get("stalled", [])[:3]])
    assert result.ok.sum() > 0.9 * SHOTS_PER_BATCH         # the layouts are valid
    if logs:
        rises = [k for k in np.flatnonzero(result.ok)
                 if fuzz.energy_rise(table, result.params, result.rows[k],
                                     *result.logs[k]) > 0.0]
        assert not rises, (seed, rises[:5])


@pytest.mark.parametrize("angle", np.linspace(0.0, 2 * math.pi, 13)[:-1])
@pytest.mark.parametrize("tip", range(12))
def test_ball_touching_a_jaw_tip_sliding_with_spin_stays_on_the_table(tip, angle):
    """The one-ball reproduction of issue 27: a ball touching a jaw tip, sliding away or
    into it with spin, never passes through the jaw (every invariant, at every event and
    sampled time); angles that put it inside the jaw are refused."""
    tx, ty, tr = NINE_FOOT.geometry().tips[tip]
    d = tr + contact_distance(NINE_FOOT, R)
    ball = Ball.pool(tx + d * math.cos(angle), ty + d * math.sin(angle),
                     velocity=(0.4 * math.cos(angle + 2.0), 0.4 * math.sin(angle + 2.0), 0.0),
                     angular_velocity=(30.0, -20.0, 40.0))
    try:
        result = simulate(NINE_FOOT, [ball])
    except ValueError:
        return
    check_all(result)


@pytest.mark.parametrize("model", ["mathavan_2010", "han_2005"])
@pytest.mark.parametrize("height, vz", [("cap", 1.75), ("nose", -0.2), ("mid", 1.0),
                                        ("mid", -1.0)])
def test_ball_in_flight_sliding_along_a_cushion_face_passes_its_edges(height, vz, model):
    """The reproduction of fuzz seed 9's stalls: a ball in flight touching a cushion's face
    with no speed along its normal (a Mathavan impact at speed leaves no rebound), moving
    along the rail and up past the cap's edge or down past the nose edge, 1 nm from it, is
    solved (it met the edge's piece of the distance again and again at t = 0, which the
    impact along the face's normal found not approaching) and keeps every invariant."""
    h, top = NINE_FOOT.cushion_height, NINE_FOOT.rail_top_height
    z = {"cap": top - 1e-9, "nose": h + 1e-9, "mid": 0.5 * (h + top)}[height]
    (x1, _), (x2, _) = NINE_FOOT.geometry().segments[1]      # the rail along y = 0
    ball = Ball(R, C.POOL_BALL_MASS, (0.5 * (x1 + x2), R, z), (4.0, 0.0, vz),
                (70.0, 40.0, -200.0))
    check_all(simulate(NINE_FOOT, [ball], Params(cushion_model=model)))
