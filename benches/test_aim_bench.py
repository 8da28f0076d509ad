"""Benchmarks of the aiming aids: what one change of aim costs the frame. The aids play
the stroke through the solver (`aim.Predictor`, uncached here: every stroke new) and
find the cue's clearing elevation; a held Space re-predicts every frame as the power
swings. Run with `python -m pytest benches/test_aim_bench.py --benchmark-enable
--benchmark-only`; timings are reported, never asserted."""
import dataclasses
import math

from game.rules import CUE
from game.rules.layout import Layout
from game.session import GameSession
from game.view.match.aim import CueShape, Predictor, RailShape, clearing_elevation
from game.view.world.cue import CUE_LENGTH, radius_at
from physics_ext import Stroke

R = 0.028575
# Mid-game: nine balls spread, the cue ball with a ball and the rail not far behind it.
LAYOUT = {CUE: (0.35, 0.6), 1: (1.3, 0.7), 2: (1.9, 0.3), 3: (0.2, 0.62), 4: (2.2, 1.0),
          5: (1.6, 0.9), 6: (0.9, 0.2), 7: (2.3, 0.15), 8: (1.1, 1.1), 9: (2.0, 0.635)}
STROKES = [Stroke(math.radians(a), math.radians(e), 0.1, 0.2, v)
           for a in (-10, 0, 10, 20) for e in (2, 15, 30) for v in (1.5, 5.0)]


def _session():
    session = GameSession("nine_ball", ("Ann", "Bob"), seed=1)
    session.state = dataclasses.replace(session.state, is_break=False, layout=Layout(LAYOUT))
    return session


def test_predict_a_new_stroke(benchmark):
    """The solver's shot of each of 24 strokes and the aids read from it (per batch)."""
    session = _session()

    def predict_all():
        predict = Predictor(session, session.table, session.cue)            # a new cache: nothing is reused
        return [predict(s) for s in STROKES]

    predictions = benchmark(predict_all)
    benchmark.extra_info["strokes"] = len(STROKES)
    assert all(p is not None for p in predictions)


def test_clearing_elevation(benchmark):
    """The least elevation over the ball and rail behind, for one aim."""
    session = _session()
    t = session.table
    rail = RailShape(t.cushion_height, t.cushion_height + 0.007, 0.012)
    cue = CueShape(radius_at, 0.0106, CUE_LENGTH)
    others = {b: (p, R) for b, p in LAYOUT.items() if b != CUE}
    need = benchmark(clearing_elevation, LAYOUT[CUE], STROKES[1], R, others, t, rail, cue)
    assert need > 0.0
