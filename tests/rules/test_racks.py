"""The racks (R8-04, R9-07): tight, legal, inside the table, deterministic per seed."""
import itertools
import math

import pytest

from game.rules.balls import BLACK, NINE, RED_BALLS, YELLOW_BALLS
from game.rules.layout import on_table
from game.rules.racks import eight_ball_rack, nine_ball_rack, rack_seed
from physics_ext import constants as C
from physics_ext.table import TableSpec

NINE_FOOT = TableSpec.nine_foot()
ENGLISH = TableSpec.english_seven_foot()
RACKS = [(nine_ball_rack, NINE_FOOT, C.POOL_BALL_RADIUS, 9),
         (eight_ball_rack, ENGLISH, C.BLACKBALL_OBJECT_RADIUS, 15)]


@pytest.mark.parametrize("make, table, radius, count", RACKS, ids=["nine", "eight"])
@pytest.mark.parametrize("seed", [0, 1, 7, 123456789])
def test_rack_is_tight_legal_and_on_the_table(make, table, radius, count, seed):
    rack = make(table, seed)
    assert sorted(rack) == list(range(1, count + 1))
    gaps = []
    for (a, p), (b, q) in itertools.combinations(rack.items(), 2):
        d = math.dist(p, q)
        assert d >= 2 * radius, (a, b, d)              # never overlapping
        gaps.append(d - 2 * radius)
    touching = [g for g in gaps if g < 1e-9]
    # Tight: neighbours touch up to rounding (a diamond has 16 contacts, a triangle 30).
    assert len(touching) == (16 if count == 9 else 30)
    assert max(touching) < 1e-12 * 2 * radius + 1e-15
    for position in rack.values():
        assert on_table(table, position, radius)
    # The apex points at the head: the rack's smallest x is the apex alone.
    xs = sorted(p[0] for p in rack.values())
    assert xs[0] < xs[1] - radius


@pytest.mark.parametrize("make, table", [(nine_ball_rack, NINE_FOOT),
                                         (eight_ball_rack, ENGLISH)])
def test_rack_is_deterministic_per_seed(make, table):
    assert make(table, 42) == make(table, 42)
    assert len({tuple(sorted(make(table, s).items())) for s in range(20)}) > 10


def test_nine_ball_rack_one_on_the_foot_spot_nine_in_the_centre():
    """R9-07: 1 at the apex on the foot spot, 9 in the centre of the diamond."""
    for seed in range(10):
        rack = nine_ball_rack(NINE_FOOT, seed)
        assert rack[1] == NINE_FOOT.foot_spot
        cx = sum(p[0] for p in rack.values()) / 9
        cy = sum(p[1] for p in rack.values()) / 9
        assert math.dist(rack[NINE], (cx, cy)) < 1e-9
        assert all(p[0] >= rack[1][0] for p in rack.values())


def test_eight_ball_rack_black_on_the_black_spot_corners_one_of_each():
    """R8-04: the black on the black spot (centre of the third row); the back corners
    hold one red and one yellow."""
    for seed in range(10):
        rack = eight_ball_rack(ENGLISH, seed)
        assert rack[BLACK] == ENGLISH.foot_spot
        back_x = max(p[0] for p in rack.values())
        back = sorted((p[1], b) for b, p in rack.items() if abs(p[0] - back_x) < 1e-9)
        assert len(back) == 5
        corners = {back[0][1], back[-1][1]}
        assert len(corners & RED_BALLS) == 1 and len(corners & YELLOW_BALLS) == 1
        apex = min(rack.values())
        assert apex[0] < ENGLISH.foot_spot[0] and apex[1] == ENGLISH.foot_spot[1]


def test_rack_seed_is_deterministic_and_spreads():
    assert rack_seed(5, 2) == rack_seed(5, 2)
    assert len({rack_seed(s, n) for s in range(10) for n in range(10)}) == 100
