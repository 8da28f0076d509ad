"""A drill's goal, its progress and each shot's verdict in the player's words (gettext).
The screens show these; nothing here draws."""
from __future__ import annotations

from game.i18n import N_, _, ngettext
from game.session.describe import ball_name
from game.settings import shown_name

from .engine import Progress, Verdict
from .history import TREND_MIN_ATTEMPTS, DrillRecord
from .model import Drill

# The shipped drills' titles, marked for the catalogs (a drill file's title is English;
# one the catalogs do not know is shown as written).
SHIPPED_TITLES = (N_("Line-up"), N_("Ghost 9-ball"), N_("Progressive stop shots"),
                  N_("Cut-angle ladder"), N_("Position route"))

VERDICTS = {
    Verdict.POTTED: N_("Good: it counts."),
    Verdict.POTTED_IN_ZONE: N_("Good, and the cue ball stopped in the zone: a bonus point."),
    Verdict.CLEARED: N_("Table cleared!"),
    Verdict.MISSED: N_("Missed: no ball that counts went down."),
    Verdict.WRONG_BALL: N_("The cue ball hit the wrong ball first."),
    Verdict.WRONG_POCKET: N_("Potted, but in the wrong pocket."),
    Verdict.CUSHION: N_("A ball touched a cushion."),
    Verdict.SCRATCH: N_("Scratch: the cue ball went in or off the table."),
    Verdict.NOT_STOPPED: N_("Potted, but the cue ball did not stop in the zone."),
    Verdict.STAGE_PASSED: N_("Stage done: on to the next."),
    Verdict.LADDER_DONE: N_("Every stage done!"),
    Verdict.OUT_OF_SHOTS: N_("No shots left."),
    Verdict.RACK_WON: N_("Rack won: you ran out."),
    Verdict.RACK_LOST: N_("The ghost takes the rack."),
}


def title(drill: Drill) -> str:
    return _(drill.title)


def goal(drill: Drill, rings: bool = False) -> str:
    """What the player must do, in one or two sentences (`rings`: an 8-ball order's balls
    in colour-blind play's names, game.session.describe.ball_name)."""
    if drill.kind == "ghost":
        return ngettext("Break and run out the rack to beat the ghost; a miss or a foul "
                        "gives it the rack. Race to {racks}.",
                        "Break and run out each rack to beat the ghost; a miss or a foul "
                        "gives it the rack. Race to {racks}.", drill.race_to).format(
            racks=drill.race_to)
    if drill.kind == "stages":
        stops = any(s.stop is not None for s in drill.stages)
        text = (_("Pot the ball and stop the cue ball in the ring, from farther each stage.")
                if stops else _("Pot the ball in the marked pocket; the cut gets thinner "
                                "each stage."))
        return text + " " + ngettext("{tries} try per stage.", "{tries} tries per stage.",
                                     drill.tries).format(tries=drill.tries)
    if drill.order:
        order = ", ".join(ball_name(drill.mode, b, rings) for b in drill.order)
        text = _("Pot the balls in order ({order}); stop the cue ball in each ring for a "
                 "bonus point.").format(order=order) if drill.zones else \
            _("Pot the balls in order ({order}).").format(order=order)
    else:
        text = _("Pot the balls in any order.")
    if drill.no_cushion:
        text += " " + _("No ball may touch a cushion.")
    return text + " " + _("A miss ends the attempt.")


def verdict(progress: Progress) -> str:
    """What the last shot did ("" before the first)."""
    return "" if progress.verdict is None else _(VERDICTS[progress.verdict])


def score_line(drill: Drill, progress: Progress) -> str:
    """The score and the strokes so far ("score 4 - 5 shots"); on a ladder the stage and
    the tries left instead of the strokes."""
    if drill.kind == "stages":
        return _("score {score} - stage {stage} of {stages}, {tries}").format(
            score=progress.score, stage=progress.stage + 1, stages=len(drill.stages),
            tries=ngettext("{n} try left", "{n} tries left", progress.tries_left).format(
                n=progress.tries_left))
    if drill.kind == "ghost":
        score = _("racks: you {won}, the ghost {lost}").format(won=progress.racks[0],
                                                              lost=progress.racks[1])
    else:
        score = _("score {score}").format(score=progress.score)
    shots = ngettext("{n} shot", "{n} shots", progress.shots).format(n=progress.shots)
    return _("{score} - {shots}").format(score=score, shots=shots)


def attempt_name(number: int) -> str:
    """The heading of the attempt being played: "Attempt 3"."""
    return _("Attempt {number}").format(number=number)


def over_line(progress: Progress) -> str:
    """What the HUD says when the attempt has ended (its keys are on the controls line,
    the player's own)."""
    return ngettext("Attempt over: {score} point.",
                    "Attempt over: {score} points.",
                    progress.score).format(score=progress.score)


def record_line(record: DrillRecord) -> str:
    """A player's best and trend on a drill, e.g. "Best 7 of 12 attempts, improving"; no
    trend before TREND_MIN_ATTEMPTS attempts (one or two scores show no direction)."""
    if not record.attempts:
        return _("No attempts yet")
    if record.attempts < TREND_MIN_ATTEMPTS:
        return ngettext("Best {best} in {n} attempt, no trend yet",
                        "Best {best} in {n} attempts, no trend yet",
                        record.attempts).format(best=record.best, n=record.attempts)
    way = (_("improving") if record.trend > 0.05 else _("slipping") if record.trend < -0.05
           else _("steady"))
    return ngettext("Best {best} in {n} attempt, {trend}", "Best {best} in {n} attempts, {trend}",
                    record.attempts).format(best=record.best, n=record.attempts, trend=way)


def attempt_line(mark, drills) -> str:
    """A recorded attempt (its replay's DrillMark) in words, e.g. "Drill: Progressive stop
    shots, Ann, score 4"; `drills`: the known drills (an unknown id is shown as it is)."""
    name = next((title(d) for d in drills if d.id == mark.id), mark.id)
    return _("Drill: {title}, {player}, score {score}").format(
        title=name, player=shown_name(mark.player), score=mark.score)
