"""simulate_batch and shoot_batch (issue 17): every shot's compact results and log equal
simulate()'s and shoot()'s bit for bit, whatever the number of threads; a shot the solver
cannot finish gets its error code without spoiling the others; bad input is refused
naming the shot and the field."""
import math

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from physics_ext import (Ball, CueFault, EventFlag, EventKind, Params, ShotError,
                         SimulationError, Stroke, ball_rows, shoot, shoot_batch, simulate,
                         simulate_batch)
from physics_ext.api import contact_distance
from physics_ext.batch import FAULT_BITS
from tests.physics.scenes import (ENGLISH, NINE_FOOT, R, eight_ball_break, nine_ball_break,
                                  random_break, random_layout, random_shot)

fuzz = settings(max_examples=25, derandomize=True, database=None, deadline=None,
                suppress_health_check=[HealthCheck.too_slow])
seeds = st.integers(0, 2 ** 32 - 1)
SOLVER_KINDS = [int(k) for k in EventKind if k != EventKind.PASS_OVER]


def expected(result, cue=0):
    """The compact results of one ShotResult, as the batch should give them."""
    ev = result.events
    n = result.n_balls
    pocket, pocket_time = np.full(n, -1), np.full(n, np.nan)
    for e in ev[ev["kind"] == EventKind.POCKET]:
        pocket[e["ball"]], pocket_time[e["ball"]] = e["feature"], e["time"]
    hits = ev[(ev["kind"] == EventKind.BALL_BALL) & ((ev["ball"] == cue) | (ev["other"] == cue))]
    first = -1 if len(hits) == 0 else int(hits[0]["other"] if hits[0]["ball"] == cue
                                          else hits[0]["ball"])
    cushions = np.bincount(ev["ball"][np.isin(ev["kind"], (EventKind.CUSHION,
                                                            EventKind.JAW_TIP))], minlength=n)
    return dict(positions=result.final.positions, states=result.final.states, pocket=pocket,
                pocket_time=pocket_time, first=first, cushions=cushions,
                events=int(np.isin(ev["kind"], SOLVER_KINDS).sum()), duration=result.duration)


def assert_same(batch, k, result, cue=0):
    want = expected(result, cue)
    assert batch.error[k] == ShotError.OK
    assert batch.positions[k].tobytes() == want["positions"].tobytes()
    assert np.array_equal(batch.states[k], want["states"])
    assert np.array_equal(batch.pocket[k], want["pocket"])
    assert batch.pocket_time[k].tobytes() == want["pocket_time"].tobytes()
    assert batch.first_contact[k] == want["first"]
    assert np.array_equal(batch.cushion_contacts[k], want["cushions"])
    assert batch.event_count[k] == want["events"]
    assert batch.duration[k] == want["duration"]
    if batch.logs is not None:
        full = batch.shot_result(k)
        assert full.events.tobytes() == result.events.tobytes()
        for mine, theirs in zip(full.pieces, result.pieces):
            assert mine.tobytes() == theirs.tobytes()
        assert full.initial_rail_contacts.tobytes() == result.initial_rail_contacts.tobytes()


@fuzz
@given(seeds, st.integers(2, 16), st.sampled_from([0.0, 0.8]))
def test_random_shots_equal_simulate(seed, n_balls, max_elevation):
    rng = np.random.default_rng(seed)
    layouts = [random_shot(rng, n_balls, max_elevation=max_elevation) for _ in range(6)]
    batch = simulate_batch(NINE_FOOT, layouts, logs=seed % 2 == 0)
    for k, balls in enumerate(layouts):
        assert_same(batch, k, simulate(NINE_FOOT, balls))


def test_breaks_equal_simulate():
    """Racks broken at random (frozen balls, simultaneous impacts), then the fixed breaks
    of both tables."""
    rng = np.random.default_rng(17)
    breaks = [random_break(rng)[1] for _ in range(12)] + [nine_ball_break()[1]]
    batch = simulate_batch(NINE_FOOT, breaks, logs=True)
    for k, balls in enumerate(breaks):
        assert_same(batch, k, simulate(NINE_FOOT, balls))
    table, balls = eight_ball_break()
    batch = simulate_batch(table, [balls], logs=True)
    assert_same(batch, 0, simulate(table, balls))


COMPACT = ("positions", "states", "pocket", "pocket_time", "first_contact", "cushion_contacts",
           "event_count", "duration", "error", "miscue", "stroke_faults")


def assert_same_compact(runs):
    for name in COMPACT:
        first = getattr(runs[0], name).tobytes()
        assert all(getattr(r, name).tobytes() == first for r in runs[1:]), name


def test_frozen_balls_driven_into_their_cushion_equal_simulate():
    """A ball frozen to a rail struck into it, square and at angles (its hops off the
    rubber and back are flagged TOUCHING by following every ball's gap from each rail it
    touched): the logs, flags included, equal simulate()'s on one thread or two, with the
    Sim's tables re-used from shot to shot."""
    frozen_y = NINE_FOOT.width - contact_distance(NINE_FOOT, R)
    layouts = []
    for speed in (1.0, 2.0, 4.0, 6.0):
        for angle in (0.0, math.radians(5.0), math.radians(10.0)):
            cue = Ball.pool(1.0 - 0.3 * math.sin(angle), frozen_y - 0.3 * math.cos(angle),
                            velocity=(speed * math.sin(angle), speed * math.cos(angle), 0.0))
            layouts.append([cue, Ball.pool(1.0, frozen_y)])
    results = [simulate(NINE_FOOT, balls) for balls in layouts]
    late = [ev[(ev["flags"] & EventFlag.TOUCHING) != 0]["time"] for ev in
            (r.events for r in results)]
    assert sum(int(np.sum(t > t[0])) for t in late) > 0      # touching contacts begun apart
    for threads in (1, 2):
        batch = simulate_batch(NINE_FOOT, layouts, threads=threads, logs=True)
        for k, result in enumerate(results):
            assert_same(batch, k, result)


def test_results_do_not_depend_on_threads():
    """Shots of every length (resting, random, breaks) in one batch, on 1 to 4 threads: a
    thread solves its shots one after another in one workspace, so this also checks that
    nothing of a shot leaks into the next."""
    rng = np.random.default_rng(3)
    layouts = [random_shot(rng, 10, max_elevation=0.8 if k % 4 == 0 else 0.0)
               for k in range(200)]
    rows = ball_rows(layouts + [random_break(rng)[1][:10] for _ in range(20)])
    rows[::7, :, 5:11] = 0.0
    rows = rows[rng.permutation(len(rows))]
    runs = [simulate_batch(NINE_FOOT, rows, threads=t) for t in (1, 2, 3, 4)]
    assert_same_compact(runs)
    assert runs[0].ok.all() and (runs[0].event_count == 0).sum() >= 30
    for k in rng.choice(len(rows), 12, replace=False).tolist():
        assert_same(runs[1], k, simulate(NINE_FOOT, [_ball(r) for r in rows[k]]))


def test_shoot_batch_results_do_not_depend_on_threads():
    rng = np.random.default_rng(6)
    balls = [Ball.pool(*p) for p in random_layout(rng, NINE_FOOT, [R] * 8)]
    strokes = random_strokes(rng, 60)
    runs = [shoot_batch(NINE_FOOT, balls, strokes, threads=t, invalid="skip")
            for t in (1, 2, 3)]
    assert_same_compact(runs)
    assert runs[0].miscue.any() and runs[0].stroke_faults.any()


def _ball(r):
    r = r.tolist()
    return Ball(r[0], r[1], (r[2], r[3], r[4]), (r[5], r[6], r[7]), (r[8], r[9], r[10]))


def test_cue_index_names_the_ball_whose_first_contact_is_reported():
    rng = np.random.default_rng(8)
    balls = random_shot(rng, 6)
    batch = simulate_batch(NINE_FOOT, [balls[1:] + balls[:1]], cue_index=5)
    assert_same(batch, 0, simulate(NINE_FOOT, balls[1:] + balls[:1]), cue=5)


def random_strokes(rng, count):
    """Strokes of every kind: level and elevated, inside and beyond the miscue limit."""
    strokes = []
    while len(strokes) < count:
        side, height = rng.uniform(-0.9, 0.9, 2)
        if side * side + height * height < 0.9:
            strokes.append(Stroke(azimuth=rng.uniform(-math.pi, math.pi),
                                  elevation=rng.choice([0.0, rng.uniform(0.0, 1.2)]),
                                  side=side, height=height, speed=rng.uniform(0.3, 9.0)))
    return strokes


@fuzz
@given(seeds)
def test_shoot_batch_equals_shoot(seed):
    rng = np.random.default_rng(seed)
    spots = random_layout(rng, NINE_FOOT, [R] * 8)
    balls = [Ball.pool(*p) for p in spots]
    strokes = random_strokes(rng, 8)
    batch = shoot_batch(NINE_FOOT, balls, strokes, logs=True)
    for k, stroke in enumerate(strokes):
        try:
            single = shoot(NINE_FOOT, balls, 0, stroke)
        except SimulationError as error:
            assert batch.failure(k) == f"shot {k}: {error}"
            continue
        assert_same(batch, k, single)
        full = batch.shot_result(k)
        assert batch.miscue[k] == single.stroke.miscue
        assert full.stroke.velocity.tobytes() == single.stroke.velocity.tobytes()
        assert full.stroke_faults == single.stroke_faults
        assert batch.faults(k) == single.stroke_faults
        assert batch.stroke_faults[k] == sum(FAULT_BITS[f] for f in single.stroke_faults)
        assert full.cue.contacts == single.cue.contacts
        assert full.cue.stop_time == single.cue.stop_time
        assert [c for _, c in full.cue_flights()] == [c for _, c in single.cue_flights()]


def test_shoot_batch_takes_stroke_rows_and_a_layout_per_stroke():
    rng = np.random.default_rng(4)
    layouts = [[Ball.pool(*p) for p in random_layout(rng, ENGLISH, [R] * 5)] for _ in range(4)]
    strokes = random_strokes(rng, 4)
    rows = [[s.azimuth, s.elevation, s.side, s.height, s.speed] for s in strokes]
    batch = shoot_batch(ENGLISH, layouts, rows, cue_index=2)
    for k in range(4):
        assert_same(batch, k, shoot(ENGLISH, layouts[k], 2, strokes[k]), cue=2)


def test_a_failing_shot_does_not_spoil_the_batch():
    rng = np.random.default_rng(11)
    layouts = [random_shot(rng, 10) for _ in range(6)]
    params = Params(max_events=12)
    batch = simulate_batch(NINE_FOOT, layouts, params, logs=True)
    for k, balls in enumerate(layouts):
        try:
            single = simulate(NINE_FOOT, balls, params)
        except SimulationError as error:
            assert batch.error[k] == ShotError.EVENT_CAP
            assert batch.failure(k) == f"shot {k}: {error}"
            assert np.isnan(batch.positions[k]).all()
            with pytest.raises(SimulationError):
                batch.shot_result(k)
            continue
        assert_same(batch, k, single)
    assert (batch.error == ShotError.EVENT_CAP).any() and batch.ok.any()


def layout_rows(count=4):
    rng = np.random.default_rng(2)
    return ball_rows([random_shot(rng, 5) for _ in range(count)])


@pytest.mark.parametrize("column, value, words", [
    (5, np.nan, "shot 2: ball 3: velocity contains NaN"),
    (2, -1.0, "shot 2: ball 3: position"),
    (0, 0.0, "shot 2: ball 3: radius must be positive"),
])
def test_bad_rows_are_refused_naming_shot_ball_and_field(column, value, words):
    rows = layout_rows()
    rows[2, 3, column] = value
    with pytest.raises(ValueError, match=words):
        simulate_batch(NINE_FOOT, rows)


def test_overlapping_balls_are_refused_naming_the_shot():
    rows = layout_rows()
    rows[1, 2, 2:5] = rows[1, 4, 2:5]
    with pytest.raises(ValueError, match="shot 1: balls 2 and 4 overlap"):
        simulate_batch(NINE_FOOT, rows)


def test_skipped_invalid_shots_are_marked_and_the_rest_run():
    rows = layout_rows()
    rows[1, 0, 6] = np.inf
    batch = simulate_batch(NINE_FOOT, rows, invalid="skip")
    assert batch.error.tolist() == [0, ShotError.INVALID, 0, 0]
    assert "shot 1: ball 0: velocity" in batch.failure(1)
    assert batch.failure(0) is None


@pytest.mark.parametrize("shape", [(4, 5), (4, 5, 10), (4, 0, 11)])
def test_badly_shaped_balls_are_refused(shape):
    with pytest.raises(ValueError, match="shape \\(shots, balls, 11\\)"):
        simulate_batch(NINE_FOOT, np.zeros(shape))


@pytest.mark.parametrize("column, value, words", [
    (1, 2.0, "shot 1: stroke elevation must be a finite number in \\[0, 1.5708\\]"),
    (4, 0.0, "shot 1: stroke speed"),
    (0, np.nan, "shot 1: stroke azimuth"),
    (2, 0.9, "shot 1: stroke offset"),
])
def test_bad_strokes_are_refused_naming_shot_and_field(column, value, words):
    balls = [Ball.pool(0.5, 0.6), Ball.pool(1.5, 0.6)]
    rows = np.array([[0.0, 0.0, 0.0, 0.6, 2.0]] * 3)
    rows[1, column] = value
    with pytest.raises(ValueError, match=words):
        shoot_batch(NINE_FOOT, balls, rows)
    assert shoot_batch(NINE_FOOT, balls, rows, invalid="skip").error.tolist() == [0, 4, 0]


def test_a_moving_cue_ball_is_refused():
    rows = ball_rows([[Ball.pool(0.5, 0.6, velocity=(1.0, 0.0, 0.0)), Ball.pool(1.5, 0.6)]])
    with pytest.raises(ValueError, match="shot 0: ball 0: the cue ball must be at rest"):
        shoot_batch(NINE_FOOT, rows, [[0.0, 0.0, 0.0, 0.0, 2.0]])


def test_without_logs_there_is_no_full_result():
    batch = simulate_batch(NINE_FOOT, layout_rows(1))
    assert batch.logs is None
    with pytest.raises(ValueError, match="logs=True"):
        batch.shot_result(0)


def _child_positions(rows):
    return simulate_batch(NINE_FOOT, rows, threads=2).positions.tobytes()


def test_a_forked_child_of_a_threaded_batch_still_runs_batches():
    """libgomp in a process forked after it ran threads waits for ever for threads the
    child does not have: such a child runs its batches on one thread, same results."""
    import multiprocessing
    rows = layout_rows(6)
    parent = simulate_batch(NINE_FOOT, rows, threads=2)
    with multiprocessing.get_context("fork").Pool(1) as pool:
        child = pool.apply_async(_child_positions, (rows,)).get(timeout=120)
    assert child == parent.positions.tobytes()


def test_the_compact_results_carry_the_stroke_faults_without_logs():
    """A push (the cue ball 0.2 mm from the 9, the tip still on it when it meets it), a
    miscue (the tip far off centre, beyond the miscue limit), a fair stroke: the compact
    results say which, as shoot() rules them, with or without the logs."""
    balls = [Ball.pool(1.0, 0.6), Ball.pool(1.0 + 2 * R + 2e-4, 0.6)]
    strokes = [Stroke(azimuth=0.0, elevation=0.0, side=0.0, height=0.0, speed=3.0),
               Stroke(azimuth=math.pi / 2, elevation=0.0, side=0.0, height=0.8, speed=3.0),
               Stroke(azimuth=math.pi / 2, elevation=0.0, side=0.0, height=0.2, speed=3.0)]
    batch = shoot_batch(NINE_FOOT, balls, strokes)
    assert batch.logs is None
    assert batch.faults(0) == frozenset({CueFault.PUSH})
    assert batch.stroke_faults.tolist() == [FAULT_BITS[CueFault.PUSH]] + [
        sum(FAULT_BITS[f] for f in shoot(NINE_FOOT, balls, 0, s).stroke_faults)
        for s in strokes[1:]]
    assert batch.miscue.tolist() == [False, True, False]
    assert batch.faults(2) == frozenset()
    for k, stroke in enumerate(strokes):
        assert batch.faults(k) == shoot(NINE_FOOT, balls, 0, stroke).stroke_faults
    with pytest.raises(ValueError, match="logs=True"):
        batch.shot_result(0)


def test_without_faults_the_compact_results_have_none():
    balls = [Ball.pool(1.0, 0.6), Ball.pool(1.5, 0.6)]
    batch = shoot_batch(NINE_FOOT, balls, [[0.0, 0.0, 0.0, 0.0, 2.0]], faults=False)
    assert batch.stroke_faults is None and batch.logs is None
    with pytest.raises(ValueError, match="faults=True"):
        batch.faults(0)
    assert simulate_batch(NINE_FOOT, [balls]).stroke_faults.tolist() == [0]


def test_bad_shots_are_found_alike_on_any_number_of_threads():
    """The threads check every shot as simulate() does: the same refusals, named alike,
    and the sound shots solved, on one thread or three."""
    rng = np.random.default_rng(9)
    rows = ball_rows([random_shot(rng, 6) for _ in range(30)])
    rows[3, 2, 5] = np.nan
    rows[11, 1, 2:5] = rows[11, 4, 2:5]
    rows[17, 0, 0] = 0.0
    rows[25, 5, 3] = -1.0
    runs = [simulate_batch(NINE_FOOT, rows, threads=t, invalid="skip") for t in (1, 3)]
    assert_same_compact(runs)
    assert np.flatnonzero(runs[0].error == ShotError.INVALID).tolist() == [3, 11, 17, 25]
    assert [runs[1].failure(k) for k in range(30)] == [runs[0].failure(k) for k in range(30)]
    for k in (3, 11, 17, 25):
        with pytest.raises(ValueError) as refused:
            simulate(NINE_FOOT, [_ball(r) for r in rows[k]])
        assert runs[1].failure(k) == f"shot {k}: {refused.value}"
    with pytest.raises(ValueError, match="shot 3: ball 2: velocity contains NaN"):
        simulate_batch(NINE_FOOT, rows, threads=2)
