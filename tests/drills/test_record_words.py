"""A drill's record in words: no trend from one or two attempts; a recorded attempt listed
as a drill attempt by `python -m game.replay --recent`, never as a match."""
import math
from datetime import datetime, timezone

from physics_ext import Stroke
from game.drills import DrillAttempt, shipped_drills
from game.drills.history import DrillRecord
from game.drills.texts import record_line
from game.replay.__main__ import main as replay_main
from game.rules import CUE


def test_one_or_two_attempts_show_no_trend():
    assert record_line(DrillRecord(1, 5, 5, 0.0)) == "Best 5 in 1 attempt, no trend yet"
    assert record_line(DrillRecord(2, 5, 3, -2.0)) == "Best 5 in 2 attempts, no trend yet"
    assert record_line(DrillRecord(3, 5, 5, 1.0)).endswith("improving")
    assert record_line(DrillRecord(3, 5, 5, 0.0)).endswith("steady")


def test_recent_lists_a_drill_attempt_as_one(tmp_path, capsys):
    drill = next(d for d in shipped_drills() if d.id == "stop_shots")
    attempt = DrillAttempt(drill, "Ann", directory=tmp_path,
                           started=datetime(2026, 12, 1, 9, 30, tzinfo=timezone.utc))
    (cx, cy), (bx, by) = attempt.layout[CUE], attempt.layout[1]
    attempt.shoot(Stroke(math.atan2(by - cy, bx - cx), 0.0, 0.0, 0.0, 2.5))
    attempt.close()
    assert replay_main(["--recent", "--dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "Drill: Progressive stop shots, Ann, score 1" in out
    assert "Player 1" not in out and "unfinished" not in out
