"""Cue ball in hand zones (R8-04, R8-14, R8-X15, R8-B09; R9-07, R9-16, R9-B05) and respot
positions on the real tables (R8-X13; 9-ball section 4 preamble)."""
import math

import numpy as np
import pytest

from game.rules.balls import CUE, EIGHT_BALL_SET, NINE_BALL_SET
from game.rules.layout import Layout, clearance
from game.rules.match import place_cue_ball
from game.rules.outcome import RulesError
from game.rules.respot import RESPOT_GAP_M, respot_eight_ball, respot_nine_ball
from game.rules.zones import (BallInHand, clamp_to_zone, in_zone, placement_allowed,
                              surely_outside_zone)
from rules_helpers import ENGLISH, NINE_FOOT, eight, nine, on_segment

D, ANY, BEHIND = BallInHand.D, BallInHand.ANYWHERE, BallInHand.BEHIND_HEAD_STRING
R8 = EIGHT_BALL_SET.cue_radius
R9 = NINE_BALL_SET.cue_radius


def test_d_zone_boundary_included_and_nothing_in_front_of_the_baulk_line():
    """R8-B09, R8-X15: the centre inside the D, boundary included."""
    cx, cy = ENGLISH.d_centre
    r = ENGLISH.d_radius
    assert in_zone(ENGLISH, D, (cx, cy), R8)
    assert in_zone(ENGLISH, D, (cx - r, cy), R8)          # on the arc
    assert in_zone(ENGLISH, D, (cx, cy + r), R8)          # on the baulk line, at the arc
    assert not in_zone(ENGLISH, D, (cx + 1e-6, cy), R8)   # past the baulk line
    assert not in_zone(ENGLISH, D, (cx - r - 1e-6, cy), R8)


def test_behind_the_head_string_is_strict():
    """R9-07: behind the head string, not on it."""
    x = NINE_FOOT.head_line_x
    assert in_zone(NINE_FOOT, BEHIND, (x - 1e-9, 0.6), R9)
    assert not in_zone(NINE_FOOT, BEHIND, (x, 0.6), R9)


@pytest.mark.parametrize("table, zone, radius", [(ENGLISH, D, R8), (NINE_FOOT, ANY, R9),
                                                 (NINE_FOOT, BEHIND, R9)])
def test_zone_refuses_positions_off_the_playing_surface(table, zone, radius):
    assert not in_zone(table, zone, (radius - 1e-6, table.width / 2), radius)
    assert not in_zone(table, zone, (0.2, radius * 0.5), radius)
    assert not in_zone(table, zone, (0.2, table.width - radius * 0.5), radius)
    if zone is ANY:
        assert in_zone(table, zone, (table.length - radius, table.width - radius), radius)
        assert not in_zone(table, zone, (table.length - radius / 2, 0.5), radius)


def test_zone_refuses_overlap_but_allows_touching():
    """R9-B05: the ghost cannot overlap a ball, but may be frozen to one."""
    layout = Layout({1: (1.0, 0.6)})
    touching = (1.0 - 2 * R9, 0.6)
    assert placement_allowed(NINE_FOOT, ANY, touching, layout, NINE_BALL_SET)
    assert not placement_allowed(NINE_FOOT, ANY, (1.0 - 2 * R9 + 1e-6, 0.6), layout,
                                 NINE_BALL_SET)
    # The cue ball's own old spot never blocks it.
    assert placement_allowed(NINE_FOOT, ANY, (0.5, 0.5), Layout({CUE: (0.5, 0.5)}),
                             NINE_BALL_SET)


def test_placement_is_judged_on_the_table_of_each_question():
    """The answer kept for the Layout last asked about never answers another question: a
    mapping changed since, another zone, another spot, another layout."""
    spot = (1.0 - 2 * R9 + 1e-6, 0.6)
    balls = {1: (1.0, 0.6)}
    assert not placement_allowed(NINE_FOOT, ANY, spot, balls, NINE_BALL_SET)
    balls[1] = (2.0, 0.6)
    assert placement_allowed(NINE_FOOT, ANY, spot, balls, NINE_BALL_SET)
    layout = Layout({1: (1.0, 0.6)})
    assert not placement_allowed(NINE_FOOT, ANY, spot, layout, NINE_BALL_SET)
    assert placement_allowed(NINE_FOOT, ANY, (0.8, 0.6), layout, NINE_BALL_SET)
    assert not placement_allowed(NINE_FOOT, BEHIND, (0.8, 0.6), layout, NINE_BALL_SET)
    assert placement_allowed(NINE_FOOT, BEHIND, (0.3, 0.6), layout, NINE_BALL_SET)
    assert not placement_allowed(NINE_FOOT, BEHIND, (0.3, 0.6), Layout({1: (0.3, 0.6)}),
                                 NINE_BALL_SET)


@pytest.mark.parametrize("table, zone, radius", [(ENGLISH, D, R8), (NINE_FOOT, ANY, R9),
                                                 (NINE_FOOT, BEHIND, R9)])
@pytest.mark.parametrize("position", [(-1.0, -1.0), (0.2, 0.5), (1.0, 0.3), (5.0, 5.0),
                                      (0.4, 0.46)])
def test_clamp_lands_in_the_zone(table, zone, radius, position):
    clamped = clamp_to_zone(table, zone, position, radius)
    assert in_zone(table, zone, clamped, radius)
    if in_zone(table, zone, position, radius):
        assert clamped == tuple(position)


def test_place_cue_ball_follows_the_zone():
    """R8-B09 and R9-B05 through the state: refused outside the zone, accepted inside,
    and may be moved again until the shot."""
    state = eight(cue=None, zone=D)
    with pytest.raises(RulesError):
        place_cue_ball(state, (1.0, 0.5))
    placed = place_cue_ball(state, ENGLISH.d_centre)
    moved = place_cue_ball(placed, (ENGLISH.head_line_x - 0.1, ENGLISH.width / 2))
    assert moved.layout[CUE] == (ENGLISH.head_line_x - 0.1, ENGLISH.width / 2)
    with pytest.raises(RulesError):
        place_cue_ball(eight(), (0.3, 0.4))                # not in hand


def test_eight_ball_respot_on_the_spot_or_towards_the_d_without_touching():
    """R8-X13: spot free: on it; occupied: nearest free point towards the D centre;
    several: black, reds, yellows, each clear of all the others."""
    spot, centre = ENGLISH.foot_spot, ENGLISH.d_centre
    assert respot_eight_ball(ENGLISH, [5], Layout({}), EIGHT_BALL_SET) == ((5, spot),)
    layout = Layout({1: spot, 2: (spot[0] - 0.3, spot[1] + 0.03), CUE: (1.0, 0.2)})
    placed = respot_eight_ball(ENGLISH, [12, 8, 3], layout, EIGHT_BALL_SET)
    assert [b for b, _ in placed] == [8, 3, 12]
    full = layout.with_balls(placed)
    for ball, position in placed:
        assert on_segment(position, spot, centre)
        assert clearance(position, EIGHT_BALL_SET.radius(ball), full, EIGHT_BALL_SET,
                         ignore=[ball]) >= RESPOT_GAP_M * (1 - 1e-6)
    # Nearest: the first respot sits just clear of the ball on the spot.
    first = placed[0][1]
    assert math.isclose(spot[0] - first[0], 2 * EIGHT_BALL_SET.object_radius + RESPOT_GAP_M)


def test_eight_ball_respot_beyond_the_spot_when_the_line_is_blocked():
    """R8-X13: the whole segment to the D blocked: the extension towards the far cushion."""
    spot, centre = ENGLISH.foot_spot, ENGLISH.d_centre
    # Balls spaced so that their blocked stretches overlap: no free point between them.
    step = 2 * (2 * EIGHT_BALL_SET.object_radius + RESPOT_GAP_M) * 0.98
    n = int((spot[0] - centre[0]) / step) + 2
    wall = Layout({i + 1: (spot[0] - i * step, spot[1]) for i in range(n)})
    (ball, position), = respot_eight_ball(ENGLISH, [15], wall, EIGHT_BALL_SET)
    assert position[1] == spot[1] and position[0] > spot[0]
    assert clearance(position, EIGHT_BALL_SET.object_radius, wall, EIGHT_BALL_SET) > 0


def test_nine_ball_respot_on_the_foot_spot_or_behind_it():
    """Section 4 preamble: the foot spot, or the long string behind it towards the foot
    rail, as close as possible, touching no ball; ascending order."""
    spot = NINE_FOOT.foot_spot
    layout = Layout({4: spot, 6: (spot[0] + 0.08, spot[1] - 0.03)})
    placed = respot_nine_ball(NINE_FOOT, [9, 2], layout, NINE_BALL_SET)
    assert [b for b, _ in placed] == [2, 9]
    full = layout.with_balls(placed)
    for ball, position in placed:
        assert position[1] == spot[1] and spot[0] < position[0] <= NINE_FOOT.length - R9
        gap = clearance(position, R9, full, NINE_BALL_SET, ignore=[ball])
        assert gap >= RESPOT_GAP_M * (1 - 1e-6)


def test_nine_ball_respot_in_front_when_the_string_behind_is_blocked():
    spot = NINE_FOOT.foot_spot
    step = 2 * (2 * R9 + RESPOT_GAP_M) * 0.98
    n = int((NINE_FOOT.length - spot[0]) / step) + 1
    wall = Layout({i + 1: (spot[0] + i * step, spot[1]) for i in range(n)})
    (ball, position), = respot_nine_ball(NINE_FOOT, [9], wall, NINE_BALL_SET)
    assert position[1] == spot[1] and position[0] < spot[0]


def test_states_from_helpers_are_valid_zones():
    assert nine(cue=None, zone=BEHIND).ball_in_hand.lifts_cue_ball
    assert not BallInHand.D_OPTIONAL.lifts_cue_ball


def _neighbours(x: float, y: float, step: float = 1e-6):
    return [(x, y), (x + step, y), (x - step, y), (x, y + step), (x, y - step)]


@pytest.mark.parametrize("table, zone, radius", [(ENGLISH, D, R8),
                                                 (ENGLISH, BallInHand.D_OPTIONAL, R8),
                                                 (NINE_FOOT, ANY, R9), (NINE_FOOT, BEHIND, R9)])
def test_the_zone_screen_refuses_what_in_zone_refuses_and_nothing_else(table, zone, radius):
    """surely_outside_zone, the searches' screen of many spots at once: a spot it refuses
    is outside the zone, and every spot on the table outside it by more than a micrometre
    (in_zone says so of the spot and its neighbours) is refused."""
    rng = np.random.default_rng(5)
    xy = rng.uniform((radius, radius), (table.length - radius, table.width - radius),
                     (20_000, 2))
    # and spots nanometres and micrometres off the head string, the baulk line, the D's arc
    cx, cy = table.d_centre if zone is not BEHIND else (table.head_line_x, table.width / 2)
    angles = rng.uniform(0.5 * math.pi, 1.5 * math.pi, 2_000)
    near = rng.normal(0.0, 1e-8, (2, 2_000)) * rng.choice([1.0, 1e3], (2, 2_000))
    r = (table.d_radius if zone is not BEHIND else 0.0) + near[0]
    edge = np.column_stack([cx + r * np.cos(angles), cy + r * np.sin(angles)])
    line = np.column_stack([cx + near[1],
                            rng.uniform(radius, table.width - radius, 2_000)])
    xy = np.concatenate([xy, edge, line])
    screened = surely_outside_zone(table, zone, xy, 1e-9)
    for (x, y), refused in zip(xy.tolist(), screened.tolist()):
        if refused:
            assert not in_zone(table, zone, (x, y), radius)
        elif not any(in_zone(table, zone, p, radius) for p in _neighbours(x, y)):
            raise AssertionError(f"{(x, y)} is outside {zone} and was not screened")
