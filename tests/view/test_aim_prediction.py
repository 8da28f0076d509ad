"""The aids name the solver's first contact at any cue elevation: on 200 random layouts,
elevations 0-40 degrees and powers 10-100 %, the predicted first ball is the one the
session's own shot hits first, and the ghost ball sits where the cue ball's centre is at
that contact (within 1 mm). After it, the object ball's leg ends where the session's shot
has it meet its first cushion, ball or pocket (or stop), and the cue ball's where it meets
the next thing; a leg says it drops exactly when the shot pockets that ball there, and
no leg crosses a cushion. No window: the prediction is `aim.Predictor`'s."""
import dataclasses
import math

import numpy as np

from game.rules import CUE
from game.rules.layout import Layout
from game.session import GameSession, Shoot
from game.view.match.aim import Predictor, first_contact
from game.view.match.power import cue_speed
from physics_ext import EventKind, Stroke, contact_distance

CASES = 200
SEED = 20261201
GHOST_TOL_M = 1e-3
POCKET_KEEP_OFF_M = 0.10     # random balls stay this far from a pocket's centre
LEG_END_TOL_M = 1e-6         # a leg's end and the shot's ball there (same solver, same time)
CUSHION_TOL_M = 1e-4         # a ball pressed into a cushion dents it this little
# A ball whose centre is this near a pocket's centre may be past the cushion lines: it is
# in the pocket's mouth or against the angled facings of its jaws (the corner pocket's
# centre lies 44 mm outside the corner).
MOUTH_M = 0.15
AIRBORNE_M = 1e-3           # a ball this far above the cloth flies over a cushion's line
ENDS = {EventKind.CUSHION: "cushion", EventKind.JAW_TIP: "cushion",
        EventKind.BALL_BALL: "ball", EventKind.POCKET: "pocket", EventKind.OFF_TABLE: "off"}


def _shot_leg_end(result, ball: int, after: float) -> tuple:
    """(time, what) of the shot's first event of `ball` after `after` that ends a leg
    (its last event, "rest", if none), read from the event log directly."""
    for e in result.events:
        if e["time"] > after and ball in (e["ball"], e["other"]) and int(e["kind"]) in ENDS:
            return float(e["time"]), ENDS[int(e["kind"])]
    mine = [float(e["time"]) for e in result.events
            if e["time"] > after and ball in (e["ball"], e["other"])]
    return (mine[-1] if mine else after), "rest"


def _check_leg(leg, result, ball: int, after: float, table, radius, case) -> str:
    """The leg of shot index `ball` ends where the shot's ball is at its next event, says
    "pocket" exactly when that event drops it, and keeps off the cushions on the way."""
    time, what = _shot_leg_end(result, ball, after)
    assert leg.end == what and leg.drops == (what == "pocket"), f"case {case}"
    there = result.state_at(time).positions[ball]
    assert math.dist(leg.points[-1], there) <= LEG_END_TOL_M, f"case {case}"
    inset = contact_distance(table, radius) - CUSHION_TOL_M
    pockets = table.geometry().pockets[:, :2]
    for x, y, z in leg.points:
        on_bed = inset <= x <= table.length - inset and inset <= y <= table.width - inset
        in_mouth = np.min(np.hypot(*(pockets - (x, y)).T)) <= MOUTH_M
        flying = z > radius + AIRBORNE_M
        assert on_bed or in_mouth or flying or what == "off", \
            f"case {case}: ({x}, {y}) past a cushion"
    return what


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
    ends = {}
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
            index = record.ball_ids.index(facts.first_contact)
            r = session.ball_set.radius(CUE)
            what = _check_leg(prediction.object_leg, record.result, index,
                              facts.first_contact_time, session.table, r, case)
            ends[what] = ends.get(what, 0) + 1
            _check_leg(prediction.cue_leg, record.result, 0, facts.first_contact_time,
                       session.table, r, case)
        else:
            assert prediction.object_leg is None and prediction.cue_leg is None
        jumps += prediction.jumps
        cleared += any(f.cleared for f in prediction.flights)
        # A straight line on the cloth, what the aids drew before, for comparison.
        others = {b: (p, session.ball_set.radius(b)) for b, p in layout.items() if b != CUE}
        sketch_wrong += first_contact(layout[CUE], stroke.azimuth, session.ball_set.radius(CUE),
                                      others, session.table)[1] != facts.first_contact
    print(f"\n{hits} contacts, {jumps} jumps, {cleared} clearing a ball; "
          f"a straight line on the cloth is wrong in {sketch_wrong}; object balls end at {ends}")
    # Every way an object ball's leg can end is met, pots included.
    assert ends.get("cushion", 0) >= 20 and ends.get("ball", 0) >= 5 and ends.get("pocket", 0) >= 3
    # The layouts exercise what the straight line cannot foresee: jumps, balls cleared.
    assert hits >= CASES // 2 and jumps >= CASES // 10 and cleared >= 5 and sketch_wrong >= 10
