"""The FastFiz comparison's scenes (benches/peers/fastfiz.py) without FastFiz: the same
shots as ours, turned rigidly into FastFiz's frame, struck to leave as fast as ours do
under FastFiz's own strike law. Building and timing FastFiz is the README's command."""
import math

import pytest

from benches.peers import fastfiz as ff
from benches.single_figures import BREAK_SPEED, NINE_FOOT, R, random_draws


def parse(text):
    """(table fields, {set: [(positions, shot params)]}) of a scenes file."""
    lines = text.splitlines()
    table = [float(x) for x in lines[0].split()[1:]]
    sets, k = {}, 1
    while k < len(lines):
        _, name, count = lines[k].split()
        rows = []
        for line in lines[k + 1:k + 1 + int(count)]:
            values = [float(x) for x in line.split()]
            n = int(values[0])
            rows.append((list(zip(values[1:2 * n:2], values[2:2 * n + 1:2])), values[2 * n + 1:]))
        sets[name] = rows
        k += 1 + int(count)
    return table, sets


def fastfiz_ball_speed(a_mm, b_mm, v):
    """Cue-ball speed (m/s) of FastFiz's level strike (CueStrikeEvent::doHandle, Leckie &
    Greenspan eq. 1): 2 V / (1 + m/M + c1 5/(2 R^2) (a^2 + b^2))."""
    d2 = ((a_mm / 1000) ** 2 + (b_mm / 1000) ** 2) / R ** 2
    return 2 * v / (1 + ff.FF_BALL_MASS_G / ff.FF_CUE_MASS_G + ff.FF_C1 * 2.5 * d2)


def test_the_scenes_are_our_shots_turned_into_fastfizs_frame():
    text, counts, capped = ff.scenes(40)
    table, sets = parse(text)
    assert table == [NINE_FOOT.length, NINE_FOOT.width, NINE_FOOT.corner_mouth,
                     NINE_FOOT.side_mouth, ff.CUE_LENGTH_M]
    assert {k: len(v) for k, v in sets.items()} == counts == {"random_10": 40,
                                                             "nine_ball_break": 20}
    slow = 0
    for (spots, azimuth, speed, offset, angle), (pos, (a, b, theta, phi, v)) in zip(
            random_draws(40), sets["random_10"]):
        # a rigid turn: every distance kept, every ball on FastFiz's cloth (x across)
        for (x, y), (u, w) in zip(spots, pos):
            assert 0 < u < NINE_FOOT.width and 0 < w < NINE_FOOT.length
        for i in range(len(spots)):
            assert math.dist(pos[0], pos[i]) == pytest.approx(math.dist(spots[0], spots[i]),
                                                              abs=1e-12)
        # the cue's heading turned with the table, the offsets in mm, level
        heading = (math.cos(math.radians(phi)), math.sin(math.radians(phi)))
        ours = (math.cos(azimuth), math.sin(azimuth))
        assert heading == pytest.approx((ours[1], -ours[0]), abs=1e-12)
        assert (a, b) == pytest.approx((1000 * R * offset * math.cos(angle),
                                        1000 * R * offset * math.sin(angle)), abs=1e-12)
        assert theta == 0.0 and v <= ff.FF_MAX_CUE_SPEED
        if v < ff.FF_MAX_CUE_SPEED:
            assert fastfiz_ball_speed(a, b, v) == pytest.approx(speed, rel=1e-12)
        else:
            slow += 1
            assert fastfiz_ball_speed(a, b, v) < speed
    assert slow == capped


def test_the_break_is_our_rack_hit_full_at_break_speed():
    _, sets = parse(ff.scenes(2)[0])
    (pos, (a, b, theta, phi, v)), = sets["nine_ball_break"]
    cue, one = pos[0], pos[1]
    # the cue ball on FastFiz's head string (3/4 of the length), straight at the 1-ball
    assert cue == pytest.approx((NINE_FOOT.width / 2, 0.75 * NINE_FOOT.length), abs=1e-12)
    assert one[0] == pytest.approx(cue[0], abs=1e-12) and one[1] < cue[1]
    assert (a, b, theta, phi) == (0.0, 0.0, 0.0, -90.0)
    assert fastfiz_ball_speed(a, b, v) == pytest.approx(BREAK_SPEED, rel=1e-12)
    # the diamond tight: the nearest neighbours touch
    gaps = [math.dist(p, q) - 2 * R for i, p in enumerate(pos[1:]) for q in pos[i + 2:]]
    assert min(gaps) == pytest.approx(0.0, abs=1e-9)
