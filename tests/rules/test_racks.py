"""The racks (R8-04, R9-07): legal, inside the table, deterministic per seed, and racked
as a person racks them: small gaps between the balls (within RackSpread's bounds), the
rack a little off the spot, never two balls overlapping; `tight=True` is the perfect
rack."""
import itertools
import math

import pytest

from game.rules.balls import BLACK, NINE, RED_BALLS, YELLOW_BALLS
from game.rules.layout import on_table
from game.rules.racks import (DEFAULT_SPREAD, RackSpread, eight_ball_rack, nine_ball_rack,
                              rack_seed)
from physics_ext import constants as C
from physics_ext.table import TableSpec

NINE_FOOT = TableSpec.nine_foot()
ENGLISH = TableSpec.english_seven_foot()
RACKS = [(nine_ball_rack, NINE_FOOT, C.POOL_BALL_RADIUS, 9),
         (eight_ball_rack, ENGLISH, C.BLACKBALL_OBJECT_RADIUS, 15)]
# Neighbours in a diamond and in a triangle (pairs of lattice places 2R apart).
CONTACTS = {9: 16, 15: 30}


def neighbour_gaps(rack, radius):
    """Gaps (m) of the pairs of balls that would touch in a tight rack: the pairs closer
    than one lattice step and a half (non-neighbours are sqrt(3) steps apart)."""
    gaps = [math.dist(p, q) - 2 * radius
            for p, q in itertools.combinations(rack.values(), 2)]
    return sorted(g for g in gaps if g < 0.5 * radius)


@pytest.mark.parametrize("make, table, radius, count", RACKS, ids=["nine", "eight"])
@pytest.mark.parametrize("seed", [0, 1, 7, 123456789])
def test_rack_has_small_gaps_no_overlap_and_stays_on_the_table(make, table, radius, count,
                                                                seed):
    rack = make(table, seed)
    assert sorted(rack) == list(range(1, count + 1))
    for (a, p), (b, q) in itertools.combinations(rack.items(), 2):
        assert math.dist(p, q) >= 2 * radius, (a, b)          # never overlapping
    gaps = neighbour_gaps(rack, radius)
    assert len(gaps) == CONTACTS[count]
    low, high = DEFAULT_SPREAD.gap_bounds
    assert low - 1e-12 <= gaps[0] and gaps[-1] <= high + 1e-12
    # Not tight: the gaps differ from one pair to the next and average about the
    # lattice gap (0.1 mm).
    assert gaps[-1] - gaps[0] > 0.3 * (high - low)
    assert abs(sum(gaps) / len(gaps) - DEFAULT_SPREAD.lattice_gap) < 0.5 * DEFAULT_SPREAD.lattice_gap
    for position in rack.values():
        assert on_table(table, position, radius)
    xs = sorted(p[0] for p in rack.values())
    assert xs[0] < xs[1] - radius       # the apex points at the head, alone in front


@pytest.mark.parametrize("make, table, radius, count", RACKS, ids=["nine", "eight"])
def test_tight_rack_touches_everywhere(make, table, radius, count):
    rack = make(table, 3, tight=True)
    gaps = neighbour_gaps(rack, radius)
    assert len(gaps) == CONTACTS[count]
    assert 0.0 <= gaps[0] and gaps[-1] < 1e-12 * 2 * radius + 1e-15
    assert make(table, 3, spread=None) == rack


@pytest.mark.parametrize("make, table, radius, count", RACKS, ids=["nine", "eight"])
def test_wide_spread_never_overlaps(make, table, radius, count):
    """The bound holds at its limit: the largest wiggle the spread allows."""
    spread = RackSpread(lattice_gap=2e-3, wiggle=1e-3, apex_offset=3e-3)
    for seed in range(50):
        rack = make(table, seed, spread=spread)
        gaps = neighbour_gaps(rack, radius)
        assert gaps[0] >= 0.0 and gaps[-1] <= 4e-3 + 1e-12


def test_spread_refuses_a_wiggle_that_could_overlap():
    with pytest.raises(ValueError):
        RackSpread(lattice_gap=1e-4, wiggle=0.6e-4)
    with pytest.raises(ValueError):
        RackSpread(apex_offset=-1e-3)


@pytest.mark.parametrize("make, table", [(nine_ball_rack, NINE_FOOT),
                                         (eight_ball_rack, ENGLISH)])
def test_rack_is_deterministic_per_seed(make, table):
    assert make(table, 42) == make(table, 42)
    assert len({tuple(sorted(make(table, s).items())) for s in range(20)}) == 20


@pytest.mark.parametrize("make, table", [(nine_ball_rack, NINE_FOOT),
                                         (eight_ball_rack, ENGLISH)])
def test_imperfections_keep_the_seed_s_ball_order(make, table):
    """The spread moves balls, it never swaps them: the tight rack of a seed and its
    imperfect rack put every ball at the same lattice place."""
    for seed in range(10):
        tight, loose = make(table, seed, tight=True), make(table, seed)
        for ball in tight:
            assert math.dist(tight[ball], loose[ball]) < 2e-3


def test_nine_ball_rack_one_near_the_foot_spot_nine_in_the_centre():
    """R9-07: the 1 at the apex on the foot spot (off it by at most the apex offset), the
    9 in the centre of the diamond."""
    offsets = []
    for seed in range(30):
        rack = nine_ball_rack(NINE_FOOT, seed)
        offsets.append(math.dist(rack[1], NINE_FOOT.foot_spot))
        cx = sum(p[0] for p in rack.values()) / 9
        cy = sum(p[1] for p in rack.values()) / 9
        assert math.dist(rack[NINE], (cx, cy)) < 2 * DEFAULT_SPREAD.wiggle + 1e-9
        assert all(p[0] >= rack[1][0] for p in rack.values())
    assert max(offsets) <= DEFAULT_SPREAD.apex_offset + 1e-12
    assert min(offsets) < max(offsets) and max(offsets) > 0.3 * DEFAULT_SPREAD.apex_offset


def test_eight_ball_rack_black_near_the_black_spot_corners_one_of_each():
    """R8-04: the black on the black spot (centre of the third row, off it by at most the
    apex offset and its wiggle); the back corners hold one red and one yellow."""
    near = DEFAULT_SPREAD.apex_offset + DEFAULT_SPREAD.wiggle + 1e-12
    for seed in range(10):
        rack = eight_ball_rack(ENGLISH, seed)
        assert math.dist(rack[BLACK], ENGLISH.foot_spot) <= near
        back = sorted(rack.items(), key=lambda bp: -bp[1][0])[:5]
        back = sorted((p[1], b) for b, p in back)
        corners = {back[0][1], back[-1][1]}
        assert len(corners & RED_BALLS) == 1 and len(corners & YELLOW_BALLS) == 1
        apex = min(rack.values())
        assert apex[0] < ENGLISH.foot_spot[0]
        assert abs(apex[1] - ENGLISH.foot_spot[1]) <= DEFAULT_SPREAD.apex_offset + 1e-12


def test_rack_seed_is_deterministic_and_spreads():
    assert rack_seed(5, 2) == rack_seed(5, 2)
    assert len({rack_seed(s, n) for s in range(10) for n in range(10)}) == 100
