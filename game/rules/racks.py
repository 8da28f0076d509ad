"""The racks: the 9-ball diamond (R9-07) and the 8-ball triangle (R8-04).

Both are tight: neighbouring balls touch, with their centres 2R apart up to a relative
1e-12 that keeps rounding from ever making two balls overlap. The apex points at the
head (smaller x); rows run across the table (y).
"""
from __future__ import annotations

import hashlib
import math
import random

from physics_ext import constants as C

from .balls import BLACK, NINE, RED_BALLS, YELLOW_BALLS

# Centre spacing of touching balls, as a multiple of the radius: 2 plus the rounding guard.
TIGHT_SPACING = 2.0 * (1.0 + 1e-12)


def _rack_spots(anchor, anchor_row: int, radius: float, row_sizes) -> list:
    """Ball centres of a rack whose rows (sizes `row_sizes`) run away from the apex
    towards larger x, each centred on y = anchor[1]; row `anchor_row` is centred exactly
    on `anchor` (the spot). Returned row by row."""
    d = TIGHT_SPACING * radius
    row_step = d * math.sqrt(3.0) / 2.0
    spots = []
    for k, n in enumerate(row_sizes):
        x = anchor[0] + (k - anchor_row) * row_step
        spots.append([(x, anchor[1] + (j - (n - 1) / 2.0) * d) for j in range(n)])
    return spots


def nine_ball_rack(table, seed: int) -> dict:
    """R9-07: the diamond with the 1 on the foot spot (apex, towards the head), the 9 in
    the centre and 2..8 shuffled by random.Random(seed). Returns {ball: (x, y)}."""
    rows = _rack_spots(table.foot_spot, 0, C.POOL_BALL_RADIUS, (1, 2, 3, 2, 1))
    centre = rows[2][1]
    others = [p for row in rows for p in row if p not in (rows[0][0], centre)]
    numbers = list(range(2, NINE))
    random.Random(seed).shuffle(numbers)
    rack = {1: rows[0][0], NINE: centre}
    rack.update(zip(numbers, others))
    return rack


def eight_ball_rack(table, seed: int) -> dict:
    """R8-04: the 15-ball triangle with the black on the black spot (the centre of the
    third row) and the apex towards the baulk end. Convention (WEPF/EPA racking): the
    two back corners hold one red and one yellow; which corner gets which, and all other
    places, come from random.Random(seed). Returns {ball: (x, y)}."""
    rows = _rack_spots(table.foot_spot, 2, C.BLACKBALL_OBJECT_RADIUS, (1, 2, 3, 4, 5))
    black_spot = rows[2][1]
    corners = [rows[4][0], rows[4][4]]
    others = [p for row in rows for p in row if p != black_spot and p not in corners]
    rng = random.Random(seed)
    reds, yellows = sorted(RED_BALLS), sorted(YELLOW_BALLS)
    rng.shuffle(reds)
    rng.shuffle(yellows)
    rng.shuffle(corners)
    rest = reds[1:] + yellows[1:]
    rng.shuffle(rest)
    rack = {BLACK: black_spot, reds[0]: corners[0], yellows[0]: corners[1]}
    rack.update(zip(rest, others))
    return rack


def rack_seed(match_seed: int, rack_number: int) -> int:
    """A deterministic seed for the rack_number-th rack of a match (re-racks included),
    independent of Python's hash randomisation."""
    digest = hashlib.sha256(f"breakshot-rack:{match_seed}:{rack_number}".encode()).digest()
    return int.from_bytes(digest[:8], "big")
