"""Everything a player can do to a game, as frozen commands (plain data: replays store them).

Positions are table-frame metres; a Shoot carries the physics Stroke (radians, fractions of
R, m/s) and the player's declaration of a push out (9-ball only, R9-12).
"""
from __future__ import annotations

from dataclasses import dataclass

from physics_ext import Stroke
from game.rules import Group, Player
from game.rules.nine_ball import OptionChoice


@dataclass(frozen=True)
class PlaceCueBall:
    """Put the cue ball in hand at (x, y); may be repeated until the shot."""
    position: tuple


@dataclass(frozen=True)
class Shoot:
    """Strike the cue ball; `push_out` declares a push out (void except right after the
    9-ball break, R9-X09)."""
    stroke: Stroke
    push_out: bool = False


@dataclass(frozen=True)
class ChooseGroup:
    """8-ball: the shooter who potted both colours picks his group (R8-11)."""
    group: Group


@dataclass(frozen=True)
class ChooseOption:
    """9-ball: after a legal push out, play from the position or pass it back (R9-14)."""
    choice: OptionChoice


@dataclass(frozen=True)
class Concede:
    """The player gives up the game (R8-B11, R9-B09)."""
    player: Player


@dataclass(frozen=True)
class NextGame:
    """Rack the next game of the match; breaks alternate unless `winner_breaks`."""
    winner_breaks: bool = False


Command = PlaceCueBall | Shoot | ChooseGroup | ChooseOption | Concede | NextGame
