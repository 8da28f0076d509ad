"""Training drills: classic exercises defined as data, scored shot by shot from the real
solver's shot facts, each attempt recorded as a replay. No Panda3D here (the screens are
game/view/drills/).
    model    a drill as plain data (Drill, Stage, Zone)
    store    drill files, read as untrusted input; the shipped ones in data/
    engine   the pure scoring: Progress, start, score_shot, next_layout
    attempt  DrillAttempt: the session, the solver, the scoring and the recording
    history  personal bests and trends per player from the recorded attempts
    texts    goals, verdicts and scores in the player's words
"""
from .attempt import DrillAttempt
from .engine import Progress, Verdict, next_layout, score_shot, start
from .model import Drill, Stage, Zone
from .store import DrillFileError, drills_in, load_drill, shipped_drills, user_drill_directory

__all__ = ["DrillAttempt", "Progress", "Verdict", "next_layout", "score_shot", "start",
           "Drill", "Stage", "Zone", "DrillFileError", "drills_in", "load_drill", "shipped_drills",
           "user_drill_directory"]
