"""The aids name the solver's first contact at any cue elevation: on 200 random layouts,
elevations 0-40 degrees and powers 10-100 %, the predicted first ball is the one the
session's own shot hits first, and the ghost ball sits where the cue ball's centre is at
that contact (within 1 mm). No window: the prediction is `aim.Predictor`'s."""
import dataclasses
import math

import numpy as np

from game.rules import CUE
from game.rules.layout import Layout
from game.session import GameSession, Shoot
from game.view.match.aim import Predictor, first_contact
from game.view.match.power import cue_speed
from physics_ext import Stroke

CASES = 200
SEED = 20261201
GHOST_TOL_M = 1e-3
POCKET_KEEP_OFF_M = 0.10     # random balls stay this far from a pocket's centre


def _random_layout(rng, session) -> Layout:
    """The cue ball and 2-9 object balls anywhere on the cloth, apart and off the pockets."""
    table, balls = session.table, session.ball_set
    r = balls.radius(CUE)
    pockets = table.geometry().pockets[:, :2]
    ids = [CUE] + sorted(rng.choice(np.arange(1, 10), size=rng.integers(2, 10), replace=False))
    placed = {}
    for b in ids:
        while True:
            p = (float(rng.uniform(r + 0.002, table.length - r - 0.002)),
                 float(rng.uniform(r + 0.002, table.width - r - 0.002)))
            if (np.min(np.hypot(*(pockets - p).T)) > POCKET_KEEP_OFF_M
                    and all(math.dist(p, q) > 2 * r + 0.001 for q in placed.values())):
                placed[int(b)] = p
                break
    return Layout(placed)


def _random_stroke(rng, layout):
    """Aimed near a random object ball (a cut up to full ball either side), elevation
    0-40 degrees, power 10-100 %, a tip offset inside the miscue limit."""
    cue = layout[CUE]
    target = layout[int(rng.choice([b for b in layout if b != CUE]))]
    azimuth = math.atan2(target[1] - cue[1], target[0] - cue[0])
    azimuth += float(rng.uniform(-1.0, 1.0)) * math.asin(min(1.0, 0.057 / math.dist(cue, target)))
    side, height = rng.uniform(-0.35, 0.35, size=2)
    return Stroke(azimuth % (2 * math.pi), math.radians(float(rng.uniform(0.0, 40.0))),
                  float(side), float(height), cue_speed(float(rng.uniform(0.1, 1.0))))


def test_the_predicted_first_ball_and_ghost_are_the_solvers_on_200_random_layouts():
    rng = np.random.default_rng(SEED)
    session = GameSession("nine_ball", ("Ann", "Bob"), seed=1)
    start = dataclasses.replace(session.state, is_break=False, push_out_available=False)
    predictor = Predictor(session, session.table, session.cue)
    hits = jumps = cleared = sketch_wrong = 0
    for case in range(CASES):
        layout = _random_layout(rng, session)
        stroke = _random_stroke(rng, layout)
        session.state = dataclasses.replace(start, layout=layout)
        prediction = predictor(stroke)
        record = session.apply(Shoot(stroke))
        facts = record.facts
        assert prediction.target == facts.first_contact, f"case {case}: {stroke}"
        if facts.first_contact is not None:
            hits += 1
            centre = record.result.state_at(facts.first_contact_time).positions[0]
            assert math.dist(prediction.contact, centre) <= GHOST_TOL_M, f"case {case}"
        jumps += prediction.jumps
        cleared += any(f.cleared for f in prediction.flights)
        # A straight line on the cloth, what the aids drew before, for comparison.
        others = {b: (p, session.ball_set.radius(b)) for b, p in layout.items() if b != CUE}
        sketch_wrong += first_contact(layout[CUE], stroke.azimuth, session.ball_set.radius(CUE),
                                      others, session.table)[1] != facts.first_contact
    print(f"\n{hits} contacts, {jumps} jumps, {cleared} clearing a ball; "
          f"a straight line on the cloth is wrong in {sketch_wrong}")
    # The layouts exercise what the straight line cannot foresee: jumps, balls cleared.
    assert hits >= CASES // 2 and jumps >= CASES // 10 and cleared >= 5 and sketch_wrong >= 10
