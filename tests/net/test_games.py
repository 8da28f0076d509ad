"""Whole matches across processes: a server and two computer players on localhost play
both modes to the end; a player's connection is cut and restored mid-match; the server
is killed and restarted and the match goes on from its recording."""
import signal

import pytest

from game.replay import load_replay
from game.replay.verify import verify

from tests.net.helpers import host_and_join, start_server, stop, summary, wait_until


def check_match(a: dict, b: dict, data, race_to: int) -> None:
    """Both players saw the same match to its end, every shot's digest their own and the
    server's alike, and the server's recording says the same."""
    assert a["ended"] == b["ended"] and a["ended"]["reason"] == "won"
    assert {a["seat"], b["seat"]} == {0, 1} and a["code"] == b["code"]
    assert a["digests"] == b["digests"] == a["server_digests"] == b["server_digests"]
    assert a["games_won"] == b["games_won"]
    assert max(a["games_won"]) == race_to == a["games_won"][a["ended"]["winner"]]
    assert a["resyncs"] == b["resyncs"] == 0
    replay = load_replay(data / f"{a['code']}.bsreplay")
    assert [s.digest for s in replay.shots] == a["digests"]
    assert len(replay.commands) == a["commands"] == b["commands"]
    assert list(replay.games_won) == a["games_won"]
    assert all(check.matches for check in verify(replay))


@pytest.mark.parametrize("mode, race_to", [("eight_ball", 2), ("nine_ball", 2)])
def test_two_computer_players_play_a_whole_match(tmp_path, mode, race_to):
    server, port = start_server(tmp_path)
    try:
        host, joiner, _ = host_and_join(port, mode, race_to)
        a, b = summary(host), summary(joiner)
    finally:
        stop(server)
    check_match(a, b, tmp_path, race_to)
    assert a["refusals"] == b["refusals"] == []


def test_a_cut_connection_resumes_where_it_was(tmp_path):
    server, port = start_server(tmp_path)
    try:
        host, joiner, _ = host_and_join(port, "eight_ball", 2, join_args=("--cut-at", 2))
        a, b = summary(host), summary(joiner)
        log = stop(server)
    finally:
        stop(server)
    check_match(a, b, tmp_path, 2)
    assert b["reconnects"] == 1 and a["reconnects"] == 0
    assert "seat 1 disconnected" in log and "seat 1 resumed" in log


def test_a_killed_server_restores_the_match_from_its_recording(tmp_path):
    server, port = start_server(tmp_path)
    try:
        host, joiner, code = host_and_join(port, "nine_ball", 2, ("--think", 0.15),
                                           ("--think", 0.15))
        replay = tmp_path / f"{code}.bsreplay"
        wait_until(lambda: replay.exists() and len(load_replay(replay).shots) >= 1)
        server.send_signal(signal.SIGKILL)
        server.wait()
        before = load_replay(replay)
        server, _ = start_server(tmp_path, port=port)
        a, b = summary(host), summary(joiner)
        log = stop(server)
    finally:
        stop(server)
    check_match(a, b, tmp_path, 2)
    assert a["reconnects"] == b["reconnects"] == 1
    assert f"restored match {code}" in log
    after = load_replay(replay)
    assert after.commands[:len(before.commands)] == before.commands
    assert len(after.shots) > len(before.shots)
