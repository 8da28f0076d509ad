"""Nobody else at the table: a third client against a match between two players. It
cannot join a full match (it may watch), its strokes with a guessed or stolen token,
out of turn, malformed, oversized or in a flood are refused with a reason, and none of it
stops the server or changes the match the two players go on playing."""
import contextlib
import json
import secrets
import time

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from game.ai.opponent import Opponent
from game.net.client import MatchClient
from game.net.server import actor
from game.session import Shoot

from tests.net.helpers import start_server, stop

STROKE = {"azimuth": 0.0, "elevation": 0.0, "side": 0.0, "height": 0.0, "speed": 2.0}
SHOOT = {"type": "shoot", "stroke": STROKE, "push_out": False}


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    process, port = start_server(tmp_path_factory.mktemp("server"), "--reconnect-timeout",
                                 0.5, "--rate", 20, "--matches-per-address", 50)
    yield port
    log = stop(process)
    assert "Traceback" not in log


def players(port, mode="nine_ball", resume_for=0.0, cls=MatchClient):
    host = cls(f"ws://127.0.0.1:{port}", "Ann", resume_for=resume_for)
    host.connect()
    host.host(mode)
    host.wait_for("match")
    guest = MatchClient(f"ws://127.0.0.1:{port}", "Ben", resume_for=resume_for)
    guest.connect()
    guest.join(host.code)
    guest.wait_for("started")
    host.wait_for("started")
    return host, guest


def by_seat(host, guest):
    """(the player to act, the other)."""
    return (host, guest) if int(actor(host.session)) == host.seat else (guest, host)


def play_one(clients, seed=0):
    """The player to act decides with the computer and sends it; every client then has
    the command applied (returns the shooter's events)."""
    shooter = clients[0] if clients[0].my_turn else clients[1]
    decision = Opponent("beginner", seed=seed).decide(shooter.session.state)
    for command in decision.commands:
        shooter.send(command)
    for client in clients:
        for command in decision.commands:
            assert client.wait_for("applied").data["command"] == command
    return shooter


def ask(ws, data) -> dict:
    ws.send(data)
    return json.loads(ws.recv(timeout=5))


def frame(**fields) -> str:
    return json.dumps({"v": 1, **fields})


def intruder(port):
    return connect(f"ws://127.0.0.1:{port}", max_size=None, compression=None)


def test_a_full_match_refuses_a_third_player_who_may_watch(server):
    host, guest = players(server)
    with intruder(server) as ws:
        refused = ask(ws, frame(type="join", code=host.code, name="Eve"))
        assert refused["type"] == "refused" and "full" in refused["reason"]
        watching = ask(ws, frame(type="watch", code=host.code))
        assert watching["type"] == "match" and watching["seat"] is None
        assert watching["token"] is None and watching["names"] == ["Ann", "Ben"]
        play_one([host, guest])
        applied = [json.loads(ws.recv(timeout=5)) for _ in host.session.commands]
        assert [a["type"] for a in applied] == ["applied"] * len(host.session.commands)
        assert applied[-1]["digest"] == host.server_digests[-1]
        # a watcher has no seat to play from
        refused = ask(ws, frame(type="command", code=host.code, seat=0, token=host.token,
                                seq=1, command=SHOOT))
        assert "does not sit at that seat" in refused["reason"]
    host.close()
    guest.close()


def test_guessed_and_stolen_tokens_and_strokes_out_of_turn_are_refused(server):
    host, guest = players(server)
    shooter, waiter = by_seat(host, guest)
    seat = shooter.seat
    with intruder(server) as ws:
        for token, reason in [(secrets.token_hex(32), "wrong token"),
                              (waiter.token, "wrong token"),
                              (shooter.token, "does not sit at that seat")]:
            refused = ask(ws, frame(type="command", code=host.code, seat=seat, token=token,
                                    seq=7, command=SHOOT))
            assert refused["type"] == "refused" and reason in refused["reason"]
            assert refused["seq"] == 7
        taken = ask(ws, frame(type="resume", code=host.code, seat=seat, token=shooter.token))
        assert "connected" in taken["reason"]
        guessed = ask(ws, frame(type="resume", code=host.code, seat=seat,
                                token=secrets.token_hex(32)))
        assert "wrong token" in guessed["reason"]
    stroke = Opponent("beginner").decide(shooter.session.state).commands[-1].stroke
    seq = waiter.send(Shoot(stroke))
    refused = waiter.wait_for("refused")
    assert "not your turn" in refused.data["reason"] and refused.data["seq"] == seq
    assert host.session.commands == guest.session.commands == []
    play_one([host, guest])
    assert host.session.commands == guest.session.commands != []
    assert host.server_digests == guest.server_digests
    host.close()
    guest.close()


MALFORMED = [b"\x00\x01binary", "{", "[]", "null", '{"v": 1}', frame(type="nope"),
             frame(type="command"), json.dumps({"v": 99, "type": "watch", "code": "ABCDEF"}),
             "[" * 5000, frame(type="watch", code="AAAAAA" * 2),
             frame(type="command", code="ABCDEF", seat=0, token="0" * 64, seq=1,
                   command={**SHOOT, "stroke": {**STROKE, "speed": float("1e308") * 10}}),
             '{"v": 1, "type": "watch", "code": Infinity}']


def test_malformed_and_oversized_frames_are_refused_and_the_match_goes_on(server):
    host, guest = players(server)
    with intruder(server) as ws:
        for data in MALFORMED:
            reply = ask(ws, data)
            assert reply["type"] == "refused" and reply["reason"]
        big = ask(ws, frame(type="watch", code=host.code, pad="x" * 10_000))
        assert "bytes, more than the 4096 allowed" in big["reason"]
        assert ask(ws, frame(type="watch", code=host.code))["type"] == "match"
    with intruder(server) as ws:
        ws.send("x" * 200_000)                  # past the server's frame limit: cut off
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=5)
        assert closed.value.rcvd.code == 1009
    play_one([host, guest])
    assert host.server_digests == guest.server_digests != []
    host.close()
    guest.close()


def test_a_flood_is_refused_then_cut_off_and_the_others_play_on(server):
    host, guest = players(server)
    refusals = 0
    with intruder(server) as ws:
        try:
            for k in range(400):
                ws.send(frame(type="command", code=host.code, seat=0, token="0" * 64, seq=k,
                              command=SHOOT))
            while True:
                reply = json.loads(ws.recv(timeout=5))
                refusals += "too many messages" in reply["reason"]
        except ConnectionClosed as exc:
            assert exc.rcvd.code == 1008
    assert refusals >= 100
    play_one([host, guest])
    assert host.session.commands == guest.session.commands != []
    host.close()
    guest.close()


def test_connections_and_matches_per_address_are_limited(tmp_path):
    process, port = start_server(tmp_path, "--connections-per-address", 3,
                                 "--matches-per-address", 2)
    try:
        with contextlib.ExitStack() as stack:
            opened = [stack.enter_context(intruder(port)) for _ in range(3)]
            with intruder(port) as extra, pytest.raises(ConnectionClosed) as closed:
                extra.recv(timeout=5)
            assert closed.value.rcvd.code == 1008
            create = frame(type="create", name="A", mode="eight_ball", variants={},
                           race_to=1, winner_breaks=False)
            replies = [ask(ws, create) for ws in opened]
            assert [r["type"] for r in replies] == ["match", "match", "refused"]
            assert "the most unfinished matches allowed (2)" in replies[2]["reason"]
    finally:
        stop(process)


def test_an_abandoned_seat_can_be_claimed_after_the_timeout(server):
    host, guest = players(server)
    guest.close()
    presence = host.wait_for("presence")
    assert presence.data == {"seat": guest.seat, "connected": False, "claim_after": 0.5}
    host.claim()
    assert "may still come back" in host.wait_for("refused").data["reason"]
    time.sleep(0.6)
    host.claim()
    ended = host.wait_for("ended")
    assert ended.data == {"winner": host.seat, "reason": "forfeit"}
    code = host.code
    host.close()
    with intruder(server) as ws:        # ended, and nobody there: forgotten
        assert "no match with the code" in ask(ws, frame(type="watch", code=code))["reason"]


def test_matches_their_players_left_are_abandoned_and_free_the_address(tmp_path):
    process, port = start_server(tmp_path, "--matches-per-address", 1,
                                 "--reconnect-timeout", 0.3)
    create = frame(type="create", name="A", mode="eight_ball", variants={}, race_to=1,
                   winner_breaks=False)
    try:
        with intruder(port) as ws:
            code = ask(ws, create)["code"]
        with intruder(port) as ws:
            assert "the most unfinished matches allowed (1)" in ask(ws, create)["reason"]
            time.sleep(0.4)
            assert ask(ws, create)["type"] == "match"
    finally:
        stop(process)
    meta = json.loads((tmp_path / f"{code}.match.json").read_text())
    assert meta["ended"] == {"winner": None, "reason": "abandoned"}


class Diverging(MatchClient):
    """A client whose physics gives a different first shot (a stroke 10 % harder)."""

    def _local_apply(self, session, command):
        if isinstance(command, Shoot) and not session.shots:
            stroke = command.stroke
            command = Shoot(type(stroke)(stroke.azimuth, stroke.elevation, stroke.side,
                                         stroke.height, stroke.speed * 0.9), command.push_out)
        return session.apply(command)


def test_a_client_whose_digest_differs_is_resynchronised_from_the_server(server):
    host, guest = players(server, cls=Diverging)
    play_one([host, guest])
    events = host.poll(0.2) + host.poll(0.5)
    assert "resynced" in [e.kind for e in events]
    assert host.resyncs == 1 and guest.resyncs == 0
    assert host.session.state.layout == guest.session.state.layout
    assert host.session.state.shooter == guest.session.state.shooter
    play_one([host, guest], seed=3)
    assert host.session.state.layout == guest.session.state.layout
    host.close()
    guest.close()
