"""What the statistics keep of one shot, read from the shot's record: who shot, what
went down, the fouls, and for a potting attempt its cut angle and distance.

The same function reads a shot played now (a session's ShotRecord) and a shot loaded
from a replay (a ReplayShot): both give the solver's ShotResult, the ball ids in physics
order and the ruling as plain data, so a database rebuilt from the replays holds exactly
what was written while playing.

A potting attempt is a shot that is not a break or a push out and in which the cue ball
hit a ball; it is made when that first ball hit was pocketed. Its cut angle (radians,
0 = full ball) is the angle between the cue ball's direction of travel just before the
contact and the line of centres at the contact; its distance (m) is from the object
ball's centre where it stood before the shot to the pocket: the one it fell in, else
the pocket nearest to the line it was driven along.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from game.rules import CUE, facts_from_result

# The direction of travel is read this long (s) before the contact: far shorter than any
# swerve, far longer than the solver's time resolution.
BEFORE_CONTACT_S = 1e-4
# The ball whose pot on the break wins (or decides) the game.
KEY_BALL = {"nine_ball": 9, "eight_ball": 8}


@dataclass(frozen=True)
class ShotLine:
    """One shot as the statistics keep it. shooter: 0/1 (the seat); game: 0-based frame
    number in the match; potted: object balls pocketed; scratch: the cue ball pocketed
    or off the table; key_ball: the 9 (9-ball) or the black (8-ball) pocketed; fouls: the
    ruling's fouls (Foul values); attempt/made: a potting attempt, and whether it went
    in; cut_angle (rad) and distance (m) of an attempt (else None); keeps_table: the
    shooter's visit goes on (he potted without a foul and plays again)."""
    game: int
    shooter: int
    is_break: bool
    potted: int
    scratch: bool
    key_ball: bool
    fouls: tuple
    attempt: bool
    made: bool
    cut_angle: float | None
    distance: float | None
    keeps_table: bool


def shot_line(mode: str, table, game: int, shooter: int, is_break: bool, push_out: bool,
              ball_ids, ruling: dict, result) -> ShotLine:
    """The ShotLine of one shot. table: its TableSpec; ruling: the ruling as plain data
    (game.replay.manifest.encode_ruling, as replays store it); result: the ShotResult."""
    facts = facts_from_result(result, ball_ids, cue_index=0)
    objects = set(facts.pocketed) - {CUE}
    first = facts.first_contact
    attempt = not is_break and not push_out and first is not None
    cut = distance = None
    if attempt:
        cut, distance = _geometry(table, result, list(ball_ids), first, facts.first_contact_time,
                                  facts.pocketed.get(first))
    return ShotLine(
        game=game, shooter=shooter, is_break=is_break, potted=len(objects),
        scratch=CUE in facts.pocketed or CUE in facts.off_table,
        key_ball=KEY_BALL[mode] in objects, fouls=tuple(sorted(str(f) for f in ruling["fouls"])),
        attempt=attempt, made=attempt and first in objects, cut_angle=cut, distance=distance,
        # A visit goes on only while the shooter pots without a foul (R8-12, R9 alike);
        # the same player at the table after a shot that potted nothing is a new visit
        # (8-ball's second visit, R8-X17; a push-out passed back).
        keeps_table=(int(ruling["next_player"]) == shooter and bool(objects)
                     and not ruling["fouls"]))


def _geometry(table, result, ids: list, ball: int, when: float, pocket) -> tuple:
    """(cut angle rad, distance m) of the attempt on `ball`, hit at `when` s."""
    k = ids.index(ball)
    s = result.sample(np.array([0.0, max(when - BEFORE_CONTACT_S, 0.0), when]))
    start = s.positions[0, k, :2]
    travel = s.velocities[1, 0, :2]
    centres = s.positions[2, k, :2] - s.positions[2, 0, :2]
    cut = _angle(travel, centres)
    holes = table.geometry().pockets[:, :2]
    if pocket is None:
        to_holes = holes - start
        pocket = int(np.argmin([_angle(centres, h) for h in to_holes]))
    return cut, float(np.hypot(*(holes[int(pocket)] - start)))


def _angle(u, v) -> float:
    """The angle (rad, 0..pi) between two plane vectors; 0 when either is zero."""
    nu, nv = math.hypot(*u), math.hypot(*v)
    if nu == 0.0 or nv == 0.0:
        return 0.0
    return math.acos(max(-1.0, min(1.0, float(np.dot(u, v)) / (nu * nv))))
