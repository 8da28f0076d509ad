"""The playing area a searched spot must lie in (game.ai.geometry): the screen of many
spots at once against the test of one."""
import numpy as np
import pytest

from game.ai.geometry import inside_playing_area, pockets_of, surely_outside_playing_area
from game.ai.placement import SPOT_MARGIN as MARGIN
from physics_ext import TableSpec
from physics_ext.constants import POOL_BALL_RADIUS


def _neighbours(x: float, y: float, step: float = 1e-6):
    return [(x, y), (x + step, y), (x - step, y), (x, y + step), (x, y - step)]


@pytest.mark.parametrize("table", [TableSpec.nine_foot(), TableSpec.english_seven_foot()],
                         ids=["nine_foot", "english"])
def test_the_area_screen_refuses_what_the_one_spot_test_refuses_and_nothing_else(table):
    """A spot surely_outside_playing_area refuses, inside_playing_area refuses too; and
    every spot it refuses with its neighbours a micrometre away is screened: spots
    over the whole bed, and spots within nanometres of the rectangle's sides and of the
    pocket mouths' clearance circles (nanometres and micrometres off them)."""
    rng = np.random.default_rng(11)
    radius = POOL_BALL_RADIUS
    n = 4_000
    spread = rng.uniform((0.0, 0.0), (table.length, table.width), (20_000, 2))
    low, high = radius + MARGIN, (table.length - radius - MARGIN,
                                  table.width - radius - MARGIN)
    along_x = rng.uniform(0.0, table.length, n)
    along_y = rng.uniform(0.0, table.width, n)
    near = rng.normal(0.0, 1e-8, n) * rng.choice([1.0, 1e3], n)   # nm and 10 um off
    sides = np.concatenate([np.column_stack([along_x, low + near]),
                            np.column_stack([along_x, high[1] + near]),
                            np.column_stack([low + near, along_y]),
                            np.column_stack([high[0] + near, along_y])])
    clear = table.side_mouth / 2.0 + radius + MARGIN
    angles = rng.uniform(0.0, 2.0 * np.pi, n)
    mouths = pockets_of(table).mouth[rng.integers(0, 6, n)]
    circles = mouths + (clear + near)[:, None] * np.column_stack([np.cos(angles),
                                                                  np.sin(angles)])
    xy = np.concatenate([spread, sides, circles])
    screened = surely_outside_playing_area(table, xy, radius, MARGIN, 1e-9)
    assert screened.sum() > 1_000 and (~screened).sum() > 1_000
    for (x, y), refused in zip(xy.tolist(), screened.tolist()):
        if refused:
            assert not inside_playing_area(table, (x, y), radius, MARGIN)
        elif not any(inside_playing_area(table, p, radius, MARGIN) for p in _neighbours(x, y)):
            raise AssertionError(f"{(x, y)} is outside the playing area and was not screened")
