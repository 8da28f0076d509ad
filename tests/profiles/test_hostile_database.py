"""The statistics database under attack from outside (issue 29, points 1 to 4): drill
attempts in the replay folder, another program's SQLite file, an empty file, a database
another process holds, a folder that cannot be written, a FIFO or a folder in the
database's place. Real files and real processes: the refusal is one sentence, and what
another process holds is never moved, rebuilt or written."""
import math
import os
import sqlite3
import subprocess
import sys
import textwrap
import time

import pytest

from physics_ext import Stroke
from game.drills import DrillAttempt, shipped_drills
from game.profiles import store
from game.profiles.__main__ import main
from game.profiles.opening import prepare_statistics
from game.profiles.rebuild import rebuild
from game.profiles.store import StoreUnavailable, open_store
from game.rules import CUE

from profile_helpers import ANN, BOB, START, computer, every_stat, play


def _attempts(folder, count):
    """`count` recorded attempts at the stop-shot drill, as the drill screen saves them."""
    drill = next(d for d in shipped_drills() if d.id == "stop_shots")
    for k in range(count):
        attempt = DrillAttempt(drill, "Ann", directory=folder,
                               started=START.replace(hour=14, minute=k))
        (cx, cy), (bx, by) = attempt.layout[CUE], attempt.layout[1]
        attempt.shoot(Stroke(math.atan2(by - cy, bx - cx), 0.0, 0.0, 0.0, 2.0))
        attempt.close()


def _matches(path) -> int:
    conn = sqlite3.connect(path)
    try:
        return conn.execute("SELECT COUNT(*) FROM matches").fetchone()[0]
    finally:
        conn.close()


def test_a_rebuild_writes_exactly_what_live_play_wrote_with_drill_attempts_beside(db, tmp_path):
    folder = tmp_path / "replays"
    play(db, folder, "nine_ball", (ANN, computer("beginner")), ("amateur", "beginner"), 1, 0,
         shots_per_game=4)
    play(db, folder, "eight_ball", (ANN, BOB), ("pro", "beginner"), 2, 1, shots_per_game=4)
    _attempts(folder, 3)
    assert len(list(folder.glob("*_drill-*"))) == 3
    report = rebuild(tmp_path / "rebuilt.sqlite", folder)
    assert report.matches == 2 and report.skipped == ()
    assert every_stat(open_store(tmp_path / "rebuilt.sqlite")) == every_stat(db)


def _foreign(path, table="notes"):
    """An SQLite file another program made with SQLite's defaults (application id 0,
    user version 0)."""
    conn = sqlite3.connect(path)
    conn.execute(f"CREATE TABLE {table} (x)")
    conn.execute(f"INSERT INTO {table} VALUES (42)")
    conn.commit()
    conn.close()


@pytest.mark.parametrize("table", ["notes", "matches"])
def test_another_programs_sqlite_file_is_kept_aside_untouched_and_rebuilt(tmp_path, capsys,
                                                                        monkeypatch, table):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))     # the user's replays folder
    folder = tmp_path / "breakshot" / "replays"
    live = open_store(tmp_path / "live.sqlite")
    play(live, folder, "nine_ball", (ANN, BOB), ("amateur", "beginner"), 3, 0,
         shots_per_game=3)
    live.close()
    path = tmp_path / "statistics.sqlite"
    _foreign(path, table)
    before = path.read_bytes()
    assert main(["--database", str(path), "show", "Ann"]) == 0
    out, err = capsys.readouterr()
    assert "belongs to another program" in err and err.count("\n") == 1
    kept = tmp_path / "statistics.sqlite.corrupt"
    assert kept.read_bytes() == before              # moved aside as it was, not written
    assert _matches(path) == 1 and out


def test_an_empty_file_is_rebuilt_from_the_replays(tmp_path):
    folder = tmp_path / "replays"
    live = open_store(tmp_path / "live.sqlite")
    play(live, folder, "nine_ball", (ANN, BOB), ("amateur", "beginner"), 4, 0,
         shots_per_game=3)
    live.close()
    path = tmp_path / "statistics.sqlite"
    path.write_bytes(b"")
    prepare_statistics(path, folder)
    assert _matches(path) == 1


HOLDER = textwrap.dedent("""
    import sqlite3, sys, time
    conn = sqlite3.connect(sys.argv[1], isolation_level=None)
    conn.execute("PRAGMA locking_mode=EXCLUSIVE")
    conn.execute("BEGIN EXCLUSIVE")
    conn.execute("INSERT INTO profiles VALUES ('Held', '2026-01-01T00:00:00+00:00', 'nine_ball')")
    print("held", flush=True)
    sys.stdin.readline()
    conn.execute("COMMIT")
    conn.close()
    print("committed", flush=True)
""")


def test_a_database_another_process_holds_is_waited_for_then_left_as_it_is(tmp_path,
                                                                          monkeypatch, capsys):
    path = tmp_path / "statistics.sqlite"
    open_store(path).close()
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(path)], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        monkeypatch.setattr(store, "BUSY_TIMEOUT_S", 0.5)
        started = time.monotonic()
        with pytest.raises(StoreUnavailable, match="in use by another Breakshot"):
            prepare_statistics(path, tmp_path / "replays")
        assert 0.4 < time.monotonic() - started < 10
        assert main(["--database", str(path), "show", "Ann"]) == 1
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "in use by another Breakshot" in err
        assert main(["--database", str(path), "rebuild", "--replays",
                     str(tmp_path / "replays")]) == 1
        assert sorted(p.name for p in tmp_path.iterdir() if "corrupt" in p.name) == []
        holder.stdin.write("\n")
        holder.stdin.flush()
        assert holder.stdout.readline().strip() == "committed"
    finally:
        holder.kill()
        holder.wait()
    conn = open_store(path)
    assert conn.execute("SELECT name FROM profiles").fetchall() == [("Held",)]
    conn.close()


@pytest.mark.parametrize("thing", ["fifo", "folder"])
def test_a_fifo_or_a_folder_in_the_databases_place_is_one_sentence_and_nothing_moved(
        tmp_path, capsys, thing):
    path = tmp_path / "statistics.sqlite"
    if thing == "fifo":
        os.mkfifo(path)
    else:
        path.mkdir()
    for command in (["show", "Ann"], ["rebuild", "--replays", str(tmp_path / "replays")]):
        assert main(["--database", str(path), *command]) == 1
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "is not a file" in err and "Traceback" not in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["statistics.sqlite"]


@pytest.fixture
def read_only_folder(tmp_path):
    """A folder holding a sound statistics database that cannot be written: chmod 555 for
    an ordinary user; root ignores permissions, so for root a read-only bind mount."""
    source = tmp_path / "data"
    source.mkdir()
    open_store(source / "statistics.sqlite").close()
    if os.geteuid() != 0:
        os.chmod(source, 0o555)
        yield source
        os.chmod(source, 0o755)
        return
    mounted = tmp_path / "read-only"
    mounted.mkdir()
    try:
        subprocess.run(["mount", "--bind", str(source), str(mounted)], check=True,
                       capture_output=True)
    except (OSError, subprocess.CalledProcessError) as exc:
        pytest.skip(f"no read-only folder can be made here: {exc}")
    try:
        subprocess.run(["mount", "-o", "remount,bind,ro", str(mounted)], check=True,
                       capture_output=True)
        yield mounted
    finally:
        subprocess.run(["umount", str(mounted)], capture_output=True)


def test_a_read_only_data_folder_is_one_sentence_and_nothing_moved(read_only_folder, capsys):
    path = read_only_folder / "statistics.sqlite"
    before = {p.name: p.read_bytes() for p in read_only_folder.iterdir()}
    for command in (["show", "Ann"], ["rebuild", "--replays", str(read_only_folder)]):
        assert main(["--database", str(path), *command]) == 1
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "damaged" not in err, err
    assert {p.name: p.read_bytes() for p in read_only_folder.iterdir()} == before


# ---- kills at the wrong moment (point 5) ---------------------------------------------------

def test_a_kill_at_the_start_of_a_match_leaves_no_match_row(tmp_path):
    from game.profiles.listener import StatsRecorder
    from game.replay import Recorder
    from game.session import GameSession
    path = tmp_path / "statistics.sqlite"
    conn = open_store(path)
    session = GameSession("nine_ball", ("Ann", "Bob"), seed=1)
    recorder = Recorder(session, directory=tmp_path / "replays", started=START,
                        seats=[ANN.to_plain(), BOB.to_plain()])
    StatsRecorder(session, conn, recorder, (ANN, BOB))
    conn.close()                    # the process dies here: no detach, no shot
    assert _matches(path) == 0


def test_a_concession_saved_in_the_replay_but_not_in_the_database_is_caught_up(tmp_path):
    """Killed between the replay's save and the database's write: the next start writes
    what the replay holds, and the database equals a rebuild's."""
    from game.profiles.listener import StatsRecorder
    from game.replay import Recorder
    from game.session import Concede, GameSession
    from game.ai import Opponent
    folder = tmp_path / "replays"
    path = tmp_path / "statistics.sqlite"
    conn = open_store(path)
    play(conn, folder, "nine_ball", (ANN, BOB), ("amateur", "beginner"), 5, 0,
         shots_per_game=3)
    session = GameSession("nine_ball", ("Ann", "Bob"), seed=6)
    recorder = Recorder(session, directory=folder, started=START.replace(hour=13),
                        seats=[ANN.to_plain(), BOB.to_plain()])
    stats = StatsRecorder(session, conn, recorder, (ANN, BOB))
    player = Opponent("beginner", seed=6, params=session.params)
    while len(session.commands) < 3 and not session.state.game_over:
        for command in player.decide(session.state).commands:
            session.apply(command)
    session.listeners.remove(stats)          # the database's write never happens...
    session.apply(Concede(session.state.shooter))    # ...but the replay is saved
    conn.close()
    assert every_stat(open_store(path))[("profile:Ann", "nine_ball")].frames_won \
        + every_stat(open_store(path))[("profile:Bob", "nine_ball")].frames_won == 1
    prepare_statistics(path, folder)
    rebuild(tmp_path / "rebuilt.sqlite", folder)
    caught, rebuilt = every_stat(open_store(path)), every_stat(open_store(tmp_path / "rebuilt.sqlite"))
    assert caught == rebuilt
    assert (caught[("profile:Ann", "nine_ball")].frames_won
            + caught[("profile:Bob", "nine_ball")].frames_won) == 2


def test_a_second_visit_is_a_visit_of_its_own():
    """A shot that pots nothing ends the visit even when the same player plays next
    (8-ball's second visit, R8-X17); one that pots without a foul goes on."""
    from physics_ext import TableSpec, Ball, shoot
    from game.profiles.shots import shot_line
    table = TableSpec.nine_foot()
    balls = [Ball.pool(0.6, 0.6), Ball.pool(1.6, 0.3)]
    result = shoot(table, balls, 0, Stroke(0.0, 0.0, 0.0, 0.0, 1.0))   # hits nothing
    ruling = {"fouls": [], "next_player": 1, "winner": None, "end_reason": None}
    line = shot_line("eight_ball", table, 0, 1, False, False, [0, 1], ruling, result)
    assert line.potted == 0 and not line.keeps_table
