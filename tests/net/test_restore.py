"""A restarted server: a match waiting for its second player comes back as it was; a
match whose recording is damaged is ended (its file says why), never half-played. And
the session's seam the client resynchronises with: a shot ruled on a result from
elsewhere gives the state that simulating it gives."""
import json
import signal
from dataclasses import replace

from game.ai.opponent import Opponent
from game.net.client import MatchClient
from game.session import GameSession, Shoot

from tests.net.helpers import start_server, stop


def url(port):
    return f"ws://127.0.0.1:{port}"


def kill(server):
    server.send_signal(signal.SIGKILL)
    server.wait()


def test_a_waiting_match_survives_a_restart_and_is_then_joined(tmp_path):
    server, port = start_server(tmp_path)
    try:
        host = MatchClient(url(port), "Ann", resume_for=0)
        host.connect()
        host.host("eight_ball", race_to=3)
        host.wait_for("match")
        code, token = host.code, host.token
        kill(server)
        host.close()
        server, _ = start_server(tmp_path, port=port)
        back = MatchClient(url(port), "Ann", resume_for=0)
        back.connect()
        back.resume(code, 0, token)
        snapshot = back.wait_for("match").data
        assert snapshot["status"] == "waiting" and snapshot["race_to"] == 3
        guest = MatchClient(url(port), "Ben", resume_for=0)
        guest.connect()
        guest.join(code)
        guest.wait_for("started")
        back.wait_for("started")
        assert back.session.names == guest.session.names == ("Ann", "Ben")
        assert back.session.state.layout == guest.session.state.layout
        back.close()
        guest.close()
    finally:
        stop(server)


def test_a_match_whose_recording_is_damaged_is_ended_not_resumed(tmp_path):
    server, port = start_server(tmp_path)
    try:
        host = MatchClient(url(port), "Ann", resume_for=0)
        host.connect()
        host.host("nine_ball")
        host.wait_for("match")
        guest = MatchClient(url(port), "Ben", resume_for=0)
        guest.connect()
        guest.join(host.code)
        guest.wait_for("started")
        code, token = host.code, host.token
        kill(server)
        host.close()
        guest.close()
        replay = tmp_path / f"{code}.bsreplay"
        replay.write_bytes(replay.read_bytes()[:100])
        server, _ = start_server(tmp_path, port=port)
        back = MatchClient(url(port), "Ann", resume_for=0)
        back.connect()
        back.resume(code, 0, token)
        assert "no match with the code" in back.wait_for("refused").data["reason"]
        back.close()
        log = stop(server)
    finally:
        stop(server)
    meta = json.loads((tmp_path / f"{code}.match.json").read_text())
    assert meta["ended"]["winner"] is None
    assert meta["ended"]["reason"].startswith("not restored")
    assert f"match {code}.match.json could not be restored" in log


def soften(command):
    if isinstance(command, Shoot):
        return Shoot(replace(command.stroke, speed=command.stroke.speed * 0.5))
    return command


def test_a_shot_ruled_on_a_result_from_elsewhere_follows_that_result():
    """The mirror is given softer strokes but the played results: it ends where the
    played session is; simulating its own softer break, it would not."""
    played, mirrored = GameSession("eight_ball", seed=5), GameSession("eight_ball", seed=5)
    opponent = Opponent("beginner", seed=4)
    decisions = [opponent.decide(played.state).commands]
    for command in decisions[0]:
        record = played.apply(command)
        mirrored.apply(soften(command), None if record is None else record.result)
    after_break = played.state
    for _ in range(2):
        for command in opponent.decide(played.state).commands:
            record = played.apply(command)
            mirrored.apply(soften(command), None if record is None else record.result)
    assert mirrored.state == played.state and len(mirrored.shots) == len(played.shots) == 3
    own = GameSession("eight_ball", seed=5)
    for command in decisions[0]:
        own.apply(soften(command))
    assert own.state != after_break
