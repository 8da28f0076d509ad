"""A replay's rulings worded again, for a player reading them in colour-blind play's
names ("Potted one ringed yellow."): the words a replay holds (`ReplayShot.ruling_text`)
were written when the match was recorded, in plain colours.

The match is played over from its commands with each shot's recorded result (no solver
run: the rules rule on the balls as they went), and a shot is worded again only when the
rules give it exactly its recorded ruling; a drill's attempt (its own opening position)
and any replay whose rulings do not come back the same keep their recorded words.
"""
from __future__ import annotations

from game.rules import Player, RulesError
from game.session import GameSession, Shoot
from game.session.describe import describe_shot

from .manifest import encode_ruling


def ruling_texts(replay, rings: bool) -> tuple:
    """Each shot's ruling in words, the shooter named before it as in the replay's shot
    list: with colour-blind play's names for the 8-ball groups and balls if `rings` and
    the match plays over to its recorded rulings, else the recorded words."""
    recorded = tuple(shot.ruling_text for shot in replay.shots)
    info = replay.match
    if not rings or info.mode != "eight_ball" or replay.drill is not None:
        return recorded
    session = GameSession(info.mode, info.players, info.variants, info.seed, info.params,
                          breaker=Player(info.first_breaker), cue=info.cue)
    shots = iter(replay.shots)
    worded = []
    try:
        for command in replay.commands:
            shot = next(shots, None) if isinstance(command, Shoot) else None
            if isinstance(command, Shoot) and shot is None:
                return recorded
            record = session.apply(command, None if shot is None else shot.result)
            if record is None:
                continue
            if encode_ruling(record.ruling) != shot.ruling:
                return recorded
            worded.append(describe_shot(record, session.state, session.names,
                                        shooter_named=True, rings=rings))
    except (RulesError, ValueError):
        return recorded
    return tuple(worded) if len(worded) == len(recorded) else recorded
