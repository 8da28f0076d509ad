"""100 kill -9 of a process writing a match: each time the database opens, passes the
integrity check and has lost at most the shot in flight."""
import os
import random
import signal
import time

import pytest

from game.profiles.shots import shot_line
from game.profiles.store import check, open_store
from game.profiles.writer import MatchWriter
from game.replay.manifest import encode_ruling

from profile_helpers import ANN, computer, play

KILLS = 100


def match_lines(tmp_path):
    """The (ShotLine, winner, reason) of every shot of a short played match."""
    conn = open_store(tmp_path / "scratch.sqlite")
    session, _ = play(conn, tmp_path / "replays", "nine_ball", (ANN, computer("beginner")),
                      ("beginner", "beginner"), 9, 0, shots_per_game=8)
    conn.close()
    lines = []
    for record in session.shots:
        ruling = encode_ruling(record.ruling)
        before = record.state_before
        lines.append((shot_line(session.mode, session.table, 0, int(before.shooter),
                                before.is_break, record.command.push_out, record.ball_ids,
                                ruling, record.result), ruling["winner"], ""))
    return lines


def writer_child(path, replay, lines, report_fd) -> None:
    """In the forked child: write the match shot after shot, saying each one done."""
    conn = open_store(path)
    writer = MatchWriter(conn, replay, "nine_ball", "2026-05-01T12:00:00+00:00", 1,
                         (ANN, computer("pro")))
    os.write(report_fd, b"m")
    while True:                         # the same shots again and again until killed
        for line, _, _ in lines:
            writer.shot(line, None)
            os.write(report_fd, b"s")


@pytest.mark.skipif(not hasattr(os, "fork"), reason="kills a forked writer (POSIX)")
def test_kill_nine_while_writing_loses_at_most_the_shot_in_flight(tmp_path):
    lines = match_lines(tmp_path)
    path = tmp_path / "statistics.sqlite"
    open_store(path).close()
    rng = random.Random(22)
    written = 0
    started = time.monotonic()
    for k in range(KILLS):
        read_fd, write_fd = os.pipe()
        pid = os.fork()
        if pid == 0:                    # the child never returns into pytest
            try:
                os.close(read_fd)
                writer_child(path, f"match{k}", lines, write_fd)
            finally:
                os._exit(1)
        os.close(write_fd)
        time.sleep(rng.uniform(0.005, 0.06))
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        reported = b""
        while chunk := os.read(read_fd, 65536):
            reported += chunk
        os.close(read_fd)
        check(path)                     # integrity and schema: refuses a damaged file
        conn = open_store(path)
        row = conn.execute("SELECT id FROM matches WHERE replay=?", (f"match{k}",)).fetchone()
        done = reported.count(b"s")
        if not reported:                # killed before the match was said to be started
            conn.close()
            continue
        # The match's row comes with its first shot: none before it.
        stored = 0 if row is None else conn.execute(
            "SELECT COUNT(*) FROM shots WHERE match=?", row).fetchone()[0]
        assert done <= stored <= done + 1
        written += done
        conn.close()
    assert written > KILLS              # the kills did fall among the shots
    assert time.monotonic() - started < 60.0
