"""The event-to-sound mapping, without an audio device: which sound each event makes, its
volume and brightness from the impact speed, its time and pan; the cap on simultaneous
clicks; a real break."""
import math

import numpy as np
import pytest

from physics_ext import EVENT_DTYPE, EventKind, Stroke, TableSpec
from game.audio import cues as C
from game.audio.cues import CameraPan, event_cues, shot_cues, table_axis_pan
from game.audio.synth import VARIANTS
from game.session import GameSession, PlaceCueBall, Shoot

TABLE = TableSpec.nine_foot()
PAN = table_axis_pan(TABLE)
K = EventKind


def log(*rows):
    """An event log from (time, kind, ball, other, speed) rows, and their positions: each
    event at x = 1 m plus its row number (so positions tell the rows apart)."""
    events = np.zeros(len(rows), dtype=EVENT_DTYPE)
    for k, (t, kind, ball, other, speed) in enumerate(rows):
        events[k] = (t, int(kind), ball, other, -1, -1, 0, speed, 0)
    positions = np.array([(1.0 + 0.01 * k, 0.5, 0.03) for k in range(len(rows))])
    return events, positions


def test_each_event_kind_makes_its_sound_and_the_rest_are_silent():
    events, positions = log((0.0, K.SLATE, 0, -1, 2.0),        # the jump stroke's own drive
                            (0.1, K.BALL_BALL, 0, 1, 2.0),
                            (0.2, K.CUSHION, 1, -1, 2.0),
                            (0.3, K.JAW_TIP, 1, -1, 2.0),
                            (0.4, K.TRANSITION, 1, -1, 0.0),
                            (0.5, K.PASS_OVER, 0, 2, 1.0),
                            (0.6, K.SLATE, 0, -1, 2.0),
                            (0.7, K.POCKET, 1, -1, 2.0),
                            (0.8, K.OFF_TABLE, 2, -1, 3.0))
    cues = event_cues(events, positions, PAN, strike_speed=5.0, strike_position=(0.6, 0.6, 0.03))
    assert [(c.time, c.sound) for c in cues] == [
        (0.0, "strike"), (0.1, "click"), (0.2, "cushion"), (0.3, "cushion"), (0.6, "slate"),
        (0.7, "pocket")]
    assert cues[1].position == tuple(positions[1])


def test_no_strike_without_a_stroke():
    events, positions = log((0.1, K.BALL_BALL, 0, 1, 2.0))
    assert [c.sound for c in event_cues(events, positions, PAN)] == ["click"]


@pytest.mark.parametrize("sound", ["strike", "click", "cushion", "pocket", "slate"])
def test_harder_is_louder_and_brighter_on_the_documented_curve(sound):
    full = C.LOUDNESS[sound].full_mps
    floor = C.LOUDNESS[sound].floor
    speeds = [0.05, 0.1, 0.3, 1.0, 2.0, full]
    volumes = [C.volume(sound, v) for v in speeds]
    brights = [C.brightness(sound, v) for v in speeds]
    assert volumes == sorted(volumes) and len(set(volumes)) == len(volumes)
    assert brights == sorted(brights) and len(set(brights)) == len(brights)
    assert C.volume(sound, full) == C.volume(sound, 3 * full) == 1.0
    assert C.brightness(sound, full) == C.brightness(sound, 3 * full) == 1.0
    assert C.brightness(sound, C.SILENT_BELOW_MPS) == 0.0
    # the square-root curve: a quarter of full speed is half way from the floor
    assert C.volume(sound, full / 4) == pytest.approx(floor + (1 - floor) * 0.5)
    # brightness is logarithmic in speed: the geometric mean is half way
    assert C.brightness(sound, math.sqrt(full * C.SILENT_BELOW_MPS)) == pytest.approx(0.5)


def test_cues_carry_the_volume_and_brightness_of_their_events():
    events, positions = log((0.1, K.CUSHION, 0, -1, 0.4), (0.5, K.CUSHION, 0, -1, 4.0))
    soft, hard = event_cues(events, positions, PAN)
    assert soft.volume == C.volume("cushion", 0.4) < hard.volume == C.volume("cushion", 4.0)
    assert soft.brightness < hard.brightness
    strike = event_cues(events[:0], positions[:0], PAN, strike_speed=2.0,
                        strike_position=(0.5, 0.5, 0.03))[0]
    assert strike.volume == C.volume("strike", 2.0)


def test_a_pocket_drop_is_heard_however_slow_and_touches_are_not():
    events, positions = log((0.1, K.POCKET, 3, -1, 0.05), (0.2, K.BALL_BALL, 1, 2, 0.01),
                            (0.3, K.CUSHION, 1, -1, C.SILENT_BELOW_MPS))
    cues = event_cues(events, positions, PAN)
    assert [c.sound for c in cues] == ["pocket"]
    assert cues[0].volume >= C.LOUDNESS["pocket"].floor > 0.4


def test_times_are_the_event_times_on_the_shot_clock():
    times = [0.0113, 0.25, 1.5, 4.75]
    events, positions = log(*[(t, K.CUSHION, 0, -1, 1.0) for t in times])
    assert [c.time for c in event_cues(events, positions, PAN)] == times


def test_default_pan_spreads_the_table_length_head_left_foot_right():
    assert PAN((0.0, 0.6, 0.03)) == -1.0
    assert PAN((TABLE.length / 2, 0.1, 0.03)) == 0.0
    assert PAN((TABLE.length, 1.2, 0.03)) == 1.0
    events, positions = log((0.1, K.CUSHION, 0, -1, 1.0), (0.2, K.CUSHION, 0, -1, 1.0))
    positions[:, 0] = (0.3, 2.2)
    left, right = event_cues(events, positions, PAN)
    assert left.pan < -0.7 and right.pan > 0.7


def test_a_camera_pan_follows_the_camera_and_is_clipped():
    # camera above the head cushion looking down the table: its right is -y
    camera = CameraPan(eye=(-1.0, TABLE.width / 2, 1.0), right=(0.0, -1.0, 0.0))
    assert camera((1.0, TABLE.width / 2, 0.03)) == pytest.approx(0.0)
    assert camera((1.0, 0.1, 0.03)) > 0.2          # the right cushion is on the right
    assert camera((1.0, 1.2, 0.03)) < -0.2
    assert camera(camera.eye) == 0.0
    events, positions = log((0.1, K.CUSHION, 0, -1, 1.0))
    wild = event_cues(events, positions, lambda p: 7.0)[0]
    assert wild.pan == 1.0


def test_a_dozen_simultaneous_clicks_become_a_few_loud_ones():
    speeds = [0.5, 3.0, 1.0, 6.0, 0.2, 2.0, 4.0, 0.7, 1.5, 0.9, 2.5, 0.3]
    rows = [(0.1 + 1e-5 * k, K.BALL_BALL, k, k + 1, v) for k, v in enumerate(speeds)]
    events, positions = log(*rows, (0.1, K.CUSHION, 0, -1, 1.0), (0.2, K.BALL_BALL, 0, 1, 1.0))
    cues = event_cues(events, positions, PAN)
    clicks = [c for c in cues if c.sound == "click" and c.time < 0.15]
    assert len(clicks) == C.MAX_PER_CLUSTER
    # the loudest three survive; the loudest carries the others' energy, capped at 1
    kept = sorted(c.volume for c in clicks)
    expected = sorted(C.volume("click", v) for v in (6.0, 4.0, 3.0))
    assert kept[:2] == pytest.approx(expected[:2])
    energy = sum(C.volume("click", v) ** 2 for v in speeds)
    assert kept[2] == pytest.approx(min(math.sqrt(energy - sum(e * e for e in expected[:2])), 1))
    # other sounds in the same instant, and later clicks, are untouched
    assert [c.sound for c in cues].count("cushion") == 1
    assert any(c.sound == "click" and c.time == 0.2 for c in cues)


def test_clicks_further_apart_than_a_cluster_are_all_kept():
    rows = [(0.1 + k * (C.CLUSTER_S + 1e-4), K.BALL_BALL, 0, 1, 1.0) for k in range(6)]
    events, positions = log(*rows)
    assert len(event_cues(events, positions, PAN)) == 6


def test_takes_are_seeded_and_never_repeat_back_to_back():
    events, positions = log(*[(0.1 * k, K.CUSHION, 0, -1, 1.0) for k in range(1, 40)])
    a = [c.variant for c in event_cues(events, positions, PAN, seed=4)]
    assert a == [c.variant for c in event_cues(events, positions, PAN, seed=4)]
    assert a != [c.variant for c in event_cues(events, positions, PAN, seed=5)]
    assert all(x != y for x, y in zip(a, a[1:]))
    assert set(a) == set(range(VARIANTS))


@pytest.fixture(scope="module")
def break_shot():
    session = GameSession("nine_ball", seed=3)
    session.apply(PlaceCueBall((0.5, TABLE.width / 2)))
    foot = session.table.foot_spot
    stroke = Stroke(azimuth=math.atan2(foot[1] - TABLE.width / 2, foot[0] - 0.5),
                    elevation=0.05, side=0.0, height=0.1, speed=9.0)
    return session.apply(Shoot(stroke))


def test_a_real_break_sounds_like_one(break_shot):
    result, stroke = break_shot.result, break_shot.command.stroke
    cues = shot_cues(result, stroke)
    assert cues[0].sound == "strike" and cues[0].time == 0.0
    assert cues[0].position == pytest.approx((0.5, TABLE.width / 2, result.balls[0].radius))
    assert [c.time for c in cues] == sorted(c.time for c in cues)
    events = result.events
    first_hit = float(events[events["kind"] == int(K.BALL_BALL)]["time"][0])
    crack = [c for c in cues if c.sound == "click" and c.time < first_hit + C.CLUSTER_S]
    assert 1 <= len(crack) <= C.MAX_PER_CLUSTER and max(c.volume for c in crack) > 0.9
    # each cue's time is its event's time; each pocket cue sits at a pocket
    heard = {float(t) for t in events["time"]}
    assert all(c.time in heard for c in cues[1:])
    holes = result.table.geometry().pockets
    for cue in (c for c in cues if c.sound == "pocket"):
        assert min(math.hypot(cue.position[0] - h[0], cue.position[1] - h[1]) - h[2]
                   for h in holes) < 1e-6


def test_a_click_comes_from_between_the_two_balls(break_shot):
    result = break_shot.result
    events = result.events[result.events["kind"] == int(K.BALL_BALL)]
    positions = C.event_positions(result, events)
    at = result.sample(events["time"][:1]).positions[0]
    first = events[0]
    assert positions[0] == pytest.approx((at[first["ball"]] + at[first["other"]]) / 2)
