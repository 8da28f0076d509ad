"""Scoring a drill, shot by shot: a pure function of the drill, the progress so far and
the shot's facts (game.rules.facts, read from the real solver's event log) and, for the
ghost, the 9-ball rules' ruling. Same input, same output; nothing here runs the solver,
keeps time or touches a file.

    progress = start(drill)
    progress = score_shot(drill, progress, facts, ruling)   # after every shot
    layout = next_layout(drill, progress, facts)            # where the balls stand next
"""
from __future__ import annotations

import dataclasses
import enum
from dataclasses import dataclass

from game.rules import CUE, Layout, Player, ShotFacts
from game.rules.facts import (cue_ball_off_table, cue_ball_pocketed, driven_to_cushion,
                              object_balls_pocketed)

from .model import Drill

PLAYER, GHOST = Player.A, Player.B     # the ghost takes the other seat of the 9-ball game


class Verdict(str, enum.Enum):
    """What a shot did for the drill (game.drills.texts says each in words)."""
    POTTED = "potted"                   # counted: go on
    POTTED_IN_ZONE = "potted_in_zone"   # counted, and the cue ball stopped in the zone
    CLEARED = "cleared"                 # the last ball of a run went: the attempt is done
    MISSED = "missed"                   # no ball that counts was potted
    WRONG_BALL = "wrong_ball"           # the cue ball hit another ball than the next one first
    WRONG_POCKET = "wrong_pocket"       # the target dropped, in another pocket
    CUSHION = "cushion"                 # a ball left on the table touched a cushion
    SCRATCH = "scratch"                 # the cue ball was potted or left the table
    NOT_STOPPED = "not_stopped"         # potted, but the cue ball did not rest in the zone
    STAGE_PASSED = "stage_passed"       # a rung of the ladder done: the next one is set up
    LADDER_DONE = "ladder_done"         # the last rung done
    OUT_OF_SHOTS = "out_of_shots"       # the run's shot limit reached
    RACK_WON = "rack_won"               # ghost: the player ran out the rack
    RACK_LOST = "rack_lost"             # ghost: the player missed or fouled: the ghost's rack


@dataclass(frozen=True)
class Progress:
    """An attempt so far. score: points (run: balls potted plus zone bonuses; stages:
    rungs done; ghost: racks won). shots: strokes played. stage: the rung being played
    (stages). tries_left: on this rung (stages). potted: balls potted so far (run).
    racks: racks won by the player and by the ghost (ghost). over: the attempt has
    ended. verdict: what the last shot did (None before the first)."""
    score: int = 0
    shots: int = 0
    stage: int = 0
    tries_left: int = 0
    potted: frozenset = frozenset()
    racks: tuple = (0, 0)
    over: bool = False
    verdict: Verdict | None = None

    def next_ball(self, drill: Drill) -> int | None:
        """The ball a run with a fixed order must pot next (None: any, or none left)."""
        return next((b for b in drill.order if b not in self.potted), None)


def start(drill: Drill) -> Progress:
    """The progress before the first shot."""
    return Progress(tries_left=drill.tries)


def score_shot(drill: Drill, progress: Progress, facts: ShotFacts, ruling=None) -> Progress:
    """The progress after one shot with `facts`. `ruling`: the 9-ball ruling of the shot
    (ghost drills only). ValueError if the attempt is already over."""
    if progress.over:
        raise ValueError("the attempt is over: start a new one")
    progress = dataclasses.replace(progress, shots=progress.shots + 1)
    if drill.kind == "run":
        return _run(drill, progress, facts)
    if drill.kind == "stages":
        return _stage(drill, progress, facts)
    if ruling is None:
        raise ValueError("a ghost drill is scored from the 9-ball ruling of each shot")
    return _ghost(drill, progress, ruling)


def _scratched(facts: ShotFacts) -> bool:
    return cue_ball_pocketed(facts) or cue_ball_off_table(facts)


def _cue_rest(facts: ShotFacts):
    return (facts.final_positions or {}).get(CUE)


def _run(drill: Drill, progress: Progress, facts: ShotFacts) -> Progress:
    target = progress.next_ball(drill)
    potted = object_balls_pocketed(facts)
    # A ball that dropped may have brushed a jaw on its way in: only balls left on the
    # table (and the cue ball) break the no-cushion rule.
    touched = driven_to_cushion(facts) - potted
    fail = (Verdict.SCRATCH if _scratched(facts)
            else Verdict.CUSHION if drill.no_cushion and touched
            else Verdict.WRONG_BALL if target is not None and facts.first_contact != target
            else Verdict.MISSED if not potted or (target is not None and target not in potted)
            else None)
    if fail is not None:
        return dataclasses.replace(progress, over=True, verdict=fail)
    cue = _cue_rest(facts)
    counted = (target,) if target is not None else tuple(sorted(potted))
    bonus = any(cue is not None and zone is not None and zone.holds(cue)
                for zone in map(drill.zone_after, counted))
    done = progress.potted | potted
    left = set(drill.layout) - {CUE} - done
    verdict = (Verdict.CLEARED if not left
               else Verdict.OUT_OF_SHOTS if drill.max_shots and progress.shots >= drill.max_shots
               else Verdict.POTTED_IN_ZONE if bonus else Verdict.POTTED)
    return dataclasses.replace(progress, score=progress.score + len(potted) + int(bonus),
                               potted=frozenset(done), verdict=verdict,
                               over=verdict in (Verdict.CLEARED, Verdict.OUT_OF_SHOTS))


def _stage(drill: Drill, progress: Progress, facts: ShotFacts) -> Progress:
    stage = drill.stages[progress.stage]
    cue = _cue_rest(facts)
    fail = (Verdict.SCRATCH if _scratched(facts)
            else Verdict.MISSED if stage.target not in facts.pocketed
            else Verdict.WRONG_POCKET if stage.pocket is not None
            and facts.pocketed[stage.target] != stage.pocket
            else Verdict.NOT_STOPPED if stage.stop is not None
            and (cue is None or not stage.stop.holds(cue))
            else None)
    if fail is not None:
        tries = progress.tries_left - 1
        return dataclasses.replace(progress, tries_left=tries, over=tries <= 0, verdict=fail)
    rung = progress.stage + 1
    done = rung == len(drill.stages)
    return dataclasses.replace(progress, score=progress.score + 1, stage=rung if not done
                               else progress.stage, tries_left=drill.tries, over=done,
                               verdict=Verdict.LADDER_DONE if done else Verdict.STAGE_PASSED)


def _ghost(drill: Drill, progress: Progress, ruling) -> Progress:
    won, lost = progress.racks
    if ruling.winner == PLAYER:
        won, verdict = won + 1, Verdict.RACK_WON
    elif ruling.winner is not None or ruling.next_player != PLAYER:
        lost, verdict = lost + 1, Verdict.RACK_LOST
    else:
        verdict = Verdict.POTTED
    return dataclasses.replace(progress, score=won, racks=(won, lost), verdict=verdict,
                               over=max(won, lost) >= drill.race_to)


def rack_ended(progress: Progress) -> bool:
    """A ghost drill's last shot decided the rack."""
    return progress.verdict in (Verdict.RACK_WON, Verdict.RACK_LOST)


def next_layout(drill: Drill, progress: Progress, facts: ShotFacts) -> Layout | None:
    """The balls for the next shot of a run or a ladder: a run plays on from where they
    stopped; a ladder sets up the rung now played, afresh after a miss. None for a ghost
    drill (the rules rack and spot its balls) and for an attempt that is over."""
    if progress.over or drill.kind == "ghost":
        return None
    if drill.kind == "run":
        return Layout(facts.final_positions or {})
    return drill.stages[progress.stage].layout
