"""Saving is atomic: a crash or an error in the middle of a save leaves the previous file
as it was, loadable, and nothing but a hidden partial file beside it."""
import os
import resource
import signal
import subprocess
import sys
import textwrap
from contextlib import contextmanager
from pathlib import Path

import pytest

from replay_harness import record_match
from game.replay import load_replay, recent_matches
from game.storage import PARTIAL_SUFFIX
from game.replay.container import write_atomic
from game.replay.zipwrite import Member
from game.session import Concede, NextGame

ROOT = Path(__file__).resolve().parents[2]


@contextmanager
def file_size_limit(limit: int):
    """Writes past `limit` bytes of any file fail with EFBIG ("File too large") instead
    of killing the process with SIGXFSZ."""
    soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
    previous = signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (limit, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))
        signal.signal(signal.SIGXFSZ, previous)


def test_an_error_mid_write_keeps_the_previous_file(tmp_path):
    target = tmp_path / "match.bsreplay"
    write_atomic(str(target), [Member.deflate("replay.json", b"{}")])
    before = target.read_bytes()
    noise = Member.deflate("big.json", os.urandom(100_000))     # does not deflate
    with file_size_limit(50_000), pytest.raises(OSError, match="File too large"):
        write_atomic(str(target), [Member.deflate("replay.json", b"[]"), noise])
    assert target.read_bytes() == before
    assert os.listdir(tmp_path) == ["match.bsreplay"]        # the partial file is gone


def test_a_failed_save_in_a_match_keeps_the_last_good_file(tmp_path, monkeypatch):
    session, recorder = record_match(tmp_path, "eight_ball", seed=6, games=1, shot_cap=1)
    before = Path(recorder.path).read_bytes()

    def broken_fsync(fd):
        raise OSError(5, "Input/output error")
    monkeypatch.setattr(os, "fsync", broken_fsync)
    session.apply(NextGame())               # the game goes on while the disk fails
    assert isinstance(recorder.error, OSError)
    assert Path(recorder.path).read_bytes() == before
    assert os.listdir(tmp_path) == [os.path.basename(recorder.path)]
    monkeypatch.undo()
    session.apply(Concede(session.shooter))
    assert recorder.error is None and load_replay(recorder.path).commands == tuple(session.commands)


CRASH = textwrap.dedent("""
    import os, resource, signal, sys
    from game.replay import Recorder
    from game.session import GameSession
    sys.path.insert(0, "tests/replay")
    from replay_harness import play_match

    session = GameSession("nine_ball", ("Ann", "Bob"), seed=7)
    recorder = Recorder(session, path=sys.argv[1])
    play_match(session, seed=7, games=1, shot_cap=2)
    print(len(session.commands), flush=True)
    # The process dies (SIGXFSZ, which Python ignores by default) when the next save
    # reaches half the file's size.
    signal.signal(signal.SIGXFSZ, signal.SIG_DFL)
    limit = os.path.getsize(sys.argv[1]) // 2
    resource.setrlimit(resource.RLIMIT_FSIZE, (limit, resource.RLIM_INFINITY))
    recorder.save()
""")


def test_a_crash_mid_write_leaves_the_previous_file(tmp_path):
    target = tmp_path / "match.bsreplay"
    done = subprocess.run([sys.executable, "-c", CRASH, str(target)], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == -signal.SIGXFSZ, done.stderr
    replay = load_replay(str(target))
    assert len(replay.commands) == int(done.stdout.split()[0])
    leftovers = [n for n in os.listdir(tmp_path) if n != "match.bsreplay"]
    assert len(leftovers) == 1 and leftovers[0].startswith(".match.bsreplay.")
    assert leftovers[0].endswith(PARTIAL_SUFFIX)
    assert 0 < os.path.getsize(tmp_path / leftovers[0]) < target.stat().st_size
    assert [m.path for m in recent_matches(tmp_path)] == [target]
