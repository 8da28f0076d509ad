"""The racks: the 9-ball diamond (R9-07) and the 8-ball triangle (R8-04), racked as a
person racks them: never perfectly tight.

Frame: the table frame of `physics_ext.table` (metres); the apex points at the head
(smaller x), rows run across the table (y).

**Imperfections** (`RackSpread`, drawn from the rack seed, so one seed gives one rack to
the last bit). Three documented effects, each with the magnitude used:

- *Gaps between balls.* The balls sit on a lattice whose neighbours are
  `2R + lattice_gap` apart, and each ball but the apex is then moved from its lattice
  place by up to `wiggle` in a uniformly random direction, so every neighbouring gap lies
  in [lattice_gap - 2 wiggle, lattice_gap + 2 wiggle] = [0, 0.2 mm] by default, mean
  0.1 mm. Sources: the WPA equipment specification allows a ball diameter of
  2 1/4 in +- 0.005 in (57.15 mm +- 0.127 mm, "WPA Tournament Table & Equipment
  Specifications", section 16), so even a perfectly pushed set leaves gaps of that order
  between balls of different sizes; rack mechanic Joe Tucker makes the gaps that change a
  break with folded pieces of paper (a sheet is about 0.1 mm; Billiards Digest,
  "showinstruction.php?id=156"), and Dr. Dave Alciatore's "Breaking Bad" (Billiards
  Digest, March 2018) shows how such gaps decide where the wing balls and the 9 go;
  pooltool's NineBallRack (ekiefl/pooltool, pooltool/configurations.py) dithers every
  ball by up to a spacer of 1e-3 R around a lattice spread by that spacer, the same model
  with a tenth of the magnitude.
- *Apex off the spot.* The whole rack is moved by up to `apex_offset` (uniform in a disc)
  from its exact place, as a rack put down by eye on a spot sticker is. Default 1 mm, a
  careful racker: a choice, no measurement of it was found.
- *No overlap, ever.* Two lattice neighbours start `2R + lattice_gap` apart and each moves
  at most `wiggle` <= lattice_gap / 2, so no two centres come closer than 2R (up to the
  relative 1e-12 rounding guard, TIGHT_SPACING): the solver refuses overlapping balls.

`tight=True` (or `spread=None`) gives the old perfect rack: neighbours touch, the anchor
ball exactly on the spot (the physics tests' reference break).
"""
from __future__ import annotations

import functools
import hashlib
import math
import random
from dataclasses import dataclass

from physics_ext import constants as C

from .balls import BLACK, NINE, RED_BALLS, YELLOW_BALLS

# Centre spacing of touching balls, as a multiple of the radius: 2 plus the rounding guard.
TIGHT_SPACING = 2.0 * (1.0 + 1e-12)


@dataclass(frozen=True)
class RackSpread:
    """How imperfect a rack is (metres). lattice_gap: added to 2R between lattice
    neighbours; wiggle: the largest move of a ball (apex excepted) from its lattice place,
    at most lattice_gap / 2; apex_offset: the largest move of the whole rack from the
    spot."""
    lattice_gap: float = 0.1e-3
    wiggle: float = 0.05e-3
    apex_offset: float = 1.0e-3

    def __post_init__(self):
        if min(self.lattice_gap, self.wiggle, self.apex_offset) < 0.0:
            raise ValueError(f"rack spread sizes must be >= 0, got {self}")
        if self.wiggle > self.lattice_gap / 2.0:
            raise ValueError(f"wiggle {self.wiggle} m > lattice_gap / 2: balls could overlap")

    @property
    def gap_bounds(self) -> tuple:
        """(smallest, largest) gap (m) between neighbouring balls of a rack."""
        return (self.lattice_gap - 2.0 * self.wiggle, self.lattice_gap + 2.0 * self.wiggle)


DEFAULT_SPREAD = RackSpread()


def _disc(rng: random.Random, radius: float) -> tuple:
    """A point uniform in the disc of `radius` around the origin."""
    r = radius * math.sqrt(rng.random())
    angle = 2.0 * math.pi * rng.random()
    return (r * math.cos(angle), r * math.sin(angle))


def _rack_spots(anchor, anchor_row: int, radius: float, row_sizes, spread, rng) -> list:
    """Ball centres of a rack whose rows (sizes `row_sizes`) run away from the apex
    towards larger x, each centred on y = anchor[1]; row `anchor_row` is centred on
    `anchor` (the spot), the whole rack moved by up to spread.apex_offset and every ball
    but the apex by up to spread.wiggle (`spread` None: tight and exact). Returned row by
    row."""
    lattice = _lattice(anchor_row, radius, tuple(row_sizes),
                       0.0 if spread is None else spread.lattice_gap)
    shift = (0.0, 0.0) if spread is None else _disc(rng, spread.apex_offset)
    # _disc's draws inlined in the loop (a void break racks again: this runs on every
    # failed break of a training run), the same numbers in the same order
    draw, sqrt, cos, sin, turn = rng.random, math.sqrt, math.cos, math.sin, 2.0 * math.pi
    wiggle = None if spread is None else spread.wiggle
    x0, y0 = anchor[0] + shift[0], anchor[1] + shift[1]
    spots = []
    for places in lattice:
        row = []
        for dx, dy, apex_row in places:
            x, y = x0 + dx, y0 + dy
            if wiggle is not None and not apex_row:
                r = wiggle * sqrt(draw())
                angle = turn * draw()
                row.append((x + r * cos(angle), y + r * sin(angle)))
            else:
                row.append((x, y))
        spots.append(row)
    return spots


@functools.lru_cache(maxsize=16)
def _lattice(anchor_row: int, radius: float, row_sizes: tuple, gap: float) -> tuple:
    """The lattice places of _rack_spots, row by row, relative to the anchor: (dx, dy)
    (m) and whether the place is in the first row (the apex row, never wiggled). The
    same for every rack of a game: made once."""
    d = TIGHT_SPACING * radius + gap
    row_step = d * math.sqrt(3.0) / 2.0
    return tuple(tuple(((k - anchor_row) * row_step, (j - (n - 1) / 2.0) * d, k == 0)
                       for j in range(n))
                 for k, n in enumerate(row_sizes))


def _spread_of(tight: bool, spread):
    return None if tight else spread


def nine_ball_rack(table, seed: int, spread: RackSpread | None = DEFAULT_SPREAD,
                   tight: bool = False) -> dict:
    """R9-07: the diamond with the 1 at the apex on the foot spot (towards the head), the
    9 in the centre and 2..8 shuffled by random.Random(seed), racked with `spread`'s
    imperfections drawn from the same generator (`tight`: none). Returns {ball: (x, y)}."""
    rng = random.Random(seed)
    numbers = list(range(2, NINE))
    rng.shuffle(numbers)
    rows = _rack_spots(table.foot_spot, 0, C.POOL_BALL_RADIUS, (1, 2, 3, 2, 1),
                       _spread_of(tight, spread), rng)
    spots = [p for row in rows for p in row]
    # the apex is spot 0, the centre of the middle row spot 4 (rows of 1, 2, 3, 2, 1)
    rack = {1: spots[0], NINE: spots[4]}
    rack.update(zip(numbers, spots[1:4] + spots[5:]))
    return rack


def eight_ball_rack(table, seed: int, spread: RackSpread | None = DEFAULT_SPREAD,
                    tight: bool = False) -> dict:
    """R8-04: the 15-ball triangle with the black on the black spot (the centre of the
    third row) and the apex towards the baulk end. Convention (WEPF/EPA racking): the
    two back corners hold one red and one yellow; which corner gets which, and all other
    places, come from random.Random(seed), and then `spread`'s imperfections (`tight`:
    none). Returns {ball: (x, y)}."""
    rng = random.Random(seed)
    reds, yellows = sorted(RED_BALLS), sorted(YELLOW_BALLS)
    rng.shuffle(reds)
    rng.shuffle(yellows)
    corner_order = [0, 1]
    rng.shuffle(corner_order)
    rest = reds[1:] + yellows[1:]
    rng.shuffle(rest)
    rows = _rack_spots(table.foot_spot, 2, C.BLACKBALL_OBJECT_RADIUS, (1, 2, 3, 4, 5),
                       _spread_of(tight, spread), rng)
    black_spot = rows[2][1]
    corners = [rows[4][0], rows[4][4]]
    corners = [corners[k] for k in corner_order]
    others = [p for row in rows for p in row if p != black_spot and p not in corners]
    rack = {BLACK: black_spot, reds[0]: corners[0], yellows[0]: corners[1]}
    rack.update(zip(rest, others))
    return rack


def rack_seed(match_seed: int, rack_number: int) -> int:
    """A deterministic seed for the rack_number-th rack of a match (re-racks included),
    independent of Python's hash randomisation."""
    digest = hashlib.sha256(f"breakshot-rack:{match_seed}:{rack_number}".encode()).digest()
    return int.from_bytes(digest[:8], "big")
