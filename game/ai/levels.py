"""Strength levels: how precisely the computer strikes (execution noise) and how widely it
searches (candidates, solver refinement, noisy samples per candidate).

Noise is Gaussian, per stroke: azimuth and elevation in radians, side and height offsets
as fractions of the ball radius R, speed as a fraction of the intended cue speed.

The noise is a person's, not a machine's (docs/opponent.md has the sources and the
measured pot rates): the pro aims to sigma = 0.1 deg (0.0017 rad) with tip offsets of
0.5 mm, about the "low noise" of the computational billiards tournaments (Stanford,
2008-2011: 0.125 deg of cue direction, 0.5 mm of tip offset), which pots 88 % of the
fixed suite of tests/ai/pot_suite.json (Accu-Stats' performance average: above .850 is
pro level, above .900 world class); the beginner aims to 0.6 deg with 2.5 mm offsets,
the tournaments' "high noise" (five times the low one), and pots about a third of the
suite; the amateur sits between (0.2 deg, 1 mm) and pots about two thirds.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Level:
    """One strength level.

    sigma_azimuth, sigma_elevation: rad; sigma_offset: fraction of R (side and height);
    sigma_speed: relative (0.05 = 5 % of the cue speed).
    speeds: multiples of the gentlest cue speed that still drops a pot (see aim.py).
    heights, sides: contact offsets tried on a pot (fractions of R; height > 0 follow).
    refine_steps: solver iterations correcting a pot's aim (0: throw and squirt from the
        closed forms only).
    rounds: ((keep, samples), ...): after the noise-free pass, each round keeps the best
        `keep` candidates and plays each `samples` more times under noise.
    break_search: (first, keep, samples): every break candidate is played `first` times
        under noise (a break is chaotic: one run says little), then the best `keep` are
        played `samples` more times.
    placements: cue-ball-in-hand spots tried.
    lookahead: score positions by the next shot (False: only the pot and the turn count).
    banks_and_kicks, jumps: those candidate families are generated.
    """
    name: str
    sigma_azimuth: float
    sigma_elevation: float
    sigma_offset: float
    sigma_speed: float
    speeds: tuple
    heights: tuple
    sides: tuple
    refine_steps: int
    rounds: tuple
    break_search: tuple
    placements: int
    lookahead: bool
    banks_and_kicks: bool
    jumps: bool


BEGINNER = Level("beginner", sigma_azimuth=0.0105, sigma_elevation=0.0087, sigma_offset=0.087,
                 sigma_speed=0.12, speeds=(1.6, 3.0), heights=(0.2,), sides=(0.0,),
                 refine_steps=0, rounds=((4, 4),), break_search=(2, 3, 2), placements=3,
                 lookahead=False, banks_and_kicks=False, jumps=False)
AMATEUR = Level("amateur", sigma_azimuth=0.0035, sigma_elevation=0.0035, sigma_offset=0.035,
                sigma_speed=0.05, speeds=(1.3, 2.2, 3.5), heights=(-0.3, 0.0, 0.3),
                sides=(0.0,), refine_steps=1, rounds=((8, 8),), break_search=(4, 4, 6),
                placements=6, lookahead=True, banks_and_kicks=True, jumps=True)
PRO = Level("pro", sigma_azimuth=0.0017, sigma_elevation=0.0017, sigma_offset=0.0175,
            sigma_speed=0.025, speeds=(1.1, 1.5, 2.0, 2.7, 3.6, 4.8),
            heights=(-0.45, -0.25, 0.0, 0.2, 0.4),
            sides=(-0.25, 0.0, 0.25), refine_steps=2, rounds=((16, 16), (5, 40)),
            break_search=(8, 6, 24), placements=12, lookahead=True, banks_and_kicks=True,
            jumps=True)

LEVELS = {level.name: level for level in (BEGINNER, AMATEUR, PRO)}


def level_named(name: str) -> Level:
    """The level called `name` ('beginner', 'amateur' or 'pro')."""
    if name not in LEVELS:
        raise ValueError(f"unknown level {name!r}; choose one of {sorted(LEVELS)}")
    return LEVELS[name]


def samples_per_decision(level: Level) -> int:
    """Noisy solver runs one ordinary decision spends on its rounds."""
    return sum(keep * samples for keep, samples in level.rounds)
