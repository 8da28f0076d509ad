"""A loaded replay: the match, its commands and its shots, as immutable objects.

Units are SI in the table frame of physics_ext.table (metres, seconds, radians).
"""
from __future__ import annotations

from dataclasses import dataclass

from physics_ext import CueSpec, Params, ShotResult, Stroke, TableSpec

from .shotdata import ShotData


@dataclass(frozen=True)
class BallSpec:
    """One ball of the game: id (0 = cue ball), radius (m), mass (kg)."""
    id: int
    radius: float
    mass: float


@dataclass(frozen=True)
class MatchInfo:
    """Everything fixed for the whole match.

    mode: "eight_ball" or "nine_ball" (the rule set). players: the two names, Player.A
    first. seed: makes the coin toss and every rack. first_breaker: 0 or 1. variants: the
    rule-book section 5 switches (EightBallVariants or NineBallVariants). rack: the first
    game's opening layout {ball id: (x, y)} (the cue ball absent while in hand)."""
    mode: str
    players: tuple
    seed: int
    first_breaker: int
    variants: object
    table: TableSpec
    balls: tuple
    params: Params
    cue: CueSpec
    rack: dict


@dataclass(frozen=True)
class ReplayShot:
    """One shot of the match.

    index: 0-based shot number in the match. command_index: its Shoot in the command
    list. game: 0-based game number; rack_number: the rules' rack counter. shooter: 0/1.
    ball_in_hand: the zone the shooter had ("none" when he played the ball as it lay).
    placement: where he put the cue ball in hand (x, y) m, or None. stroke, push_out:
    the Shoot command. ball_ids: physics index -> ball id. ruling: plain data (a dict with
    "type", "fouls", "winner", ...); ruling_text: the ruling in words. digest: the
    recorded digest (see digest.py). data: the stored solver data; result: the
    ShotResult rebuilt from it (sample() plays the shot back exactly).
    """
    index: int
    command_index: int
    game: int
    rack_number: int
    shooter: int
    is_break: bool
    ball_in_hand: str
    placement: tuple | None
    stroke: Stroke
    push_out: bool
    ball_ids: tuple
    ruling: dict
    ruling_text: str
    digest: str
    data: ShotData
    result: ShotResult

    @property
    def duration(self) -> float:
        """Time (s) until every ball rests."""
        return self.result.duration

    @property
    def fouls(self) -> tuple:
        """The ruling's fouls (Foul values, e.g. "cue_ball_potted")."""
        return tuple(self.ruling["fouls"])


@dataclass(frozen=True)
class DrillMark:
    """What marks a replay as a drill attempt (since format 1.5): the drill's id, the
    player's name, the score and strokes so far, and whether the attempt had ended when
    the file was last saved."""
    id: str
    player: str
    score: int
    shots: int
    over: bool


@dataclass(frozen=True)
class Replay:
    """A whole recorded match.

    path: the file it was read from. version: (major, minor) of the file's format.
    created: ISO 8601 UTC time the recording started. software: {"breakshot": version,
    "solver": physics version} of the recording. commands: every accepted command, in
    order (game.session commands). games_won: per player at the last save. warnings:
    what the user should know about the file (a newer minor version). drill: the
    DrillMark of a drill attempt, None for a match.
    """
    path: str
    version: tuple
    created: str
    software: dict
    match: MatchInfo
    commands: tuple
    shots: tuple
    games_won: tuple
    warnings: tuple = ()
    drill: DrillMark | None = None
