"""Shot playback (pure, no rendering): exact sampling by time, the clock, steps, pocket
drops, flights off the table and jumps."""
import math

import numpy as np
import pytest

from game.view.world import orientation as O
from game.view.world.playback import (FALL_S, OFF_TABLE_FLIGHT_S, PlaybackClock, ShotPlayback)
from physics_ext import Ball, EventKind, Stroke, TableSpec, shoot, simulate
from physics_ext.constants import POOL_BALL_RADIUS as R

TABLE = TableSpec.nine_foot()


def _corner_pot():
    """Ball 1 rolled into the head-right corner pocket; ball 0 rolls along the table."""
    v = 1.5 / math.sqrt(2)
    balls = [Ball.pool(1.0, 0.635, velocity=(1.0, 0.0, 0.0), angular_velocity=(0.0, 1.0 / R, 0.0)),
             Ball.pool(0.3, 0.3, velocity=(-v, -v, 0.0), angular_velocity=(v / R, -v / R, 0.0))]
    return simulate(TABLE, balls)


def _pocket_time(result, ball):
    ev = result.events
    return float(ev[(ev["kind"] == EventKind.POCKET) & (ev["ball"] == ball)]["time"][0])


def test_frames_are_the_solver_states_at_that_time():
    result = _corner_pot()
    play = ShotPlayback(result, (0, 1))
    for t in (0.0, 0.137, 0.5, result.duration):
        frame = play.frame(t)
        exact = result.state_at(t)
        assert frame.time == t
        np.testing.assert_array_equal(frame.positions[0], exact.positions[0])


def test_playing_at_any_frame_rate_gives_the_same_frame():
    result = _corner_pot()
    t_end = 1.25
    frames = []
    for fps in (24, 60, 144):
        play = ShotPlayback(result, (0, 1))
        for _ in range(int(round(t_end * fps))):
            frame = play.update(1 / fps)
        frames.append(frame)
    for f in frames[1:]:
        assert f.time == pytest.approx(frames[0].time, abs=1e-9)
        np.testing.assert_allclose(f.positions, frames[0].positions, atol=1e-9)
        np.testing.assert_allclose(f.orientations, frames[0].orientations, atol=1e-9)


def test_a_rolling_ball_turns_by_distance_over_radius_and_seeking_back_agrees():
    balls = [Ball.pool(0.5, 0.635, velocity=(1.2, 0.0, 0.0), angular_velocity=(0.0, 1.2 / R, 0.0))]
    result = simulate(TABLE, balls)
    play = ShotPlayback(result, (0,), orientations=[O.IDENTITY])
    t = 0.9
    forward = play.frame(t)
    travelled = forward.positions[0, 0] - 0.5
    expected = O.from_axis_angle((0, 1, 0), travelled / R)
    assert min(np.abs(forward.orientations[0] - expected).max(),
               np.abs(forward.orientations[0] + expected).max()) < 1e-6
    play.frame(result.duration)
    np.testing.assert_allclose(play.frame(t).orientations, forward.orientations, atol=1e-12)


def test_clock_speed_pause_and_limits():
    clock = PlaybackClock(end=2.0)
    clock.set_speed(0.25)
    assert clock.advance(1.0) == pytest.approx(0.25)
    clock.paused = True
    assert clock.advance(1.0) == pytest.approx(0.25)
    clock.paused = False
    clock.set_speed(100.0)
    assert clock.speed == PlaybackClock.MAX_SPEED
    clock.set_speed(0.0)
    assert clock.speed == PlaybackClock.MIN_SPEED
    clock.set_speed(4.0)
    clock.advance(10.0)
    assert clock.time == 2.0 and clock.finished
    clock.seek(-3.0)
    assert clock.time == 0.0 and not clock.finished


def test_steps_stop_at_each_impact_and_drop_then_at_the_ends():
    result = _corner_pot()
    play = ShotPlayback(result, (0, 1))
    stops = []
    while not play.finished:
        play.step_next()
        stops.append(play.clock.time)
    assert play.clock.paused
    assert stops[-1] == play.end_time
    assert _pocket_time(result, 1) in stops
    assert stops == sorted(stops) and len(set(stops)) == len(stops)
    backwards = []
    while play.clock.time > 0.0:
        play.step_previous()
        backwards.append(play.clock.time)
    assert backwards == stops[-2::-1] + [0.0]


def test_a_pocketed_ball_falls_into_its_hole_then_disappears():
    result = _corner_pot()
    play = ShotPlayback(result, (0, 1))
    tp = _pocket_time(result, 1)
    cx, cy, hole_r = TABLE.geometry().pockets[int(result.events[result.events["kind"] == EventKind.POCKET]["feature"][0])]
    heights = []
    for s in np.linspace(0.0, FALL_S * 0.99, 12):
        frame = play.frame(tp + s)
        assert frame.visible[1] and frame.moving[1]
        x, y, z = frame.positions[1]
        assert math.hypot(x - cx, y - cy) <= hole_r + 1e-9
        heights.append(z)
    assert heights[0] == pytest.approx(R)
    assert all(b <= a for a, b in zip(heights, heights[1:])) and heights[-1] < 0.0
    assert not play.frame(tp + FALL_S).visible[1]
    play.skip_to_end()
    assert play.finished and play.end_time >= tp + FALL_S
    assert not play.update(0.0).visible[1] and play.frame(play.end_time).visible[0]


def test_a_jump_flies_and_a_ball_driven_over_the_rail_flies_off_then_disappears():
    balls = [Ball.pool(1.0, 0.635), Ball.pool(1.3, 0.635)]
    stroke = Stroke(azimuth=0.0, elevation=math.radians(45.0), side=0.0, height=0.2, speed=7.0)
    result = shoot(TABLE, balls, 0, stroke)
    play = ShotPlayback(result, (0, 5))
    times = np.linspace(0.0, result.duration, 200)
    assert max(play.frame(t).positions[0, 2] for t in times) > 3 * R
    off = float(result.events[result.events["kind"] == EventKind.OFF_TABLE]["time"][0])
    start = play.frame(off).positions[0]
    later = play.frame(off + OFF_TABLE_FLIGHT_S / 2)
    assert later.visible[0]
    assert later.positions[0, 0] > start[0] and later.positions[0, 2] < start[2]
    assert not play.frame(off + OFF_TABLE_FLIGHT_S).visible[0]


def test_ball_ids_must_match_the_shot():
    with pytest.raises(ValueError, match="3 ball ids for a shot of 2"):
        ShotPlayback(_corner_pot(), (0, 1, 2))


def test_a_ball_that_stops_on_a_rail_top_is_drawn_where_it_lies_to_the_end():
    # Rolling along the right rail's top at 0.3 m/s: it stops there (off the table, at
    # rest) and stays drawn, still, at the solver's final position.
    table = TableSpec.nine_foot()
    z = table.rail_top_height + R
    ball = Ball(R, 0.163, (0.2, -0.06, z), velocity=(0.3, 0.0, 0.0),
                angular_velocity=(0.0, 0.3 / R, 0.0))
    result = simulate(table, [ball])
    off = result.events[result.events["kind"] == int(EventKind.OFF_TABLE)]
    assert len(off) == 1 and off["speed"][0] == 0.0
    playback = ShotPlayback(result, [1])
    assert playback.end_time == pytest.approx(result.duration)
    stopped = off["time"][0]
    for t in (stopped, (stopped + playback.end_time) / 2, playback.end_time):
        frame = playback.frame(t)
        assert frame.visible[0] and not frame.moving[0]
        assert frame.positions[0].tolist() == pytest.approx(result.final.positions[0].tolist())
        assert frame.positions[0][2] == pytest.approx(z)
    before = playback.frame(stopped / 2)
    assert before.visible[0] and before.moving[0] and before.positions[0][0] < \
        result.final.positions[0][0]
