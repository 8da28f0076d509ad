"""The match server within the protocol's limits but against its spirit (issue 29, points
6 to 8): a connection that takes a second seat, a stranger joining a match whose host
left long ago, unbounded cue-ball placements, solver data for anyone who knows a code,
and a choice nobody was offered. Real server process, real sockets on loopback."""
import json
import time

import pytest

from game.net.server import Limits
from game.session import ChooseOption, PlaceCueBall
from game.rules.nine_ball import OptionChoice

from tests.net.helpers import start_server, stop
from tests.net.test_intruders import ask, frame, intruder, play_one, players

CREATE = frame(type="create", name="A", mode="nine_ball", variants={}, race_to=1,
               winner_breaks=False)


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    data = tmp_path_factory.mktemp("server")
    process, port = start_server(data, "--reconnect-timeout", 0.4,
                                 "--matches-per-address", 50)
    yield port, data
    log = stop(process)
    assert "Traceback" not in log


def _drain(ws, kind, timeout=3.0) -> dict:
    """The next message of type `kind` (others skipped)."""
    deadline = time.monotonic() + timeout
    while True:
        message = json.loads(ws.recv(timeout=max(deadline - time.monotonic(), 0.01)))
        if message["type"] == kind:
            return message


def test_a_seated_connection_cannot_take_a_second_seat(server):
    port, _ = server
    with intruder(port) as first, intruder(port) as joiner:
        m1 = ask(first, CREATE)
        assert ask(joiner, frame(type="join", code=m1["code"], name="B"))["type"] == "match"
    # first closed: its seat of m1 waits for it; the same person, seated in m2, tries to
    # take it from that connection too
    with intruder(port) as second:
        m2 = ask(second, CREATE)
        refused = ask(second, frame(type="resume", code=m1["code"], seat=0, token=m1["token"]))
        assert refused["type"] == "refused"
        assert refused["reason"] == "this connection already has a seat"
    # m1's seat was never bound to `second`: another connection takes it back
    with intruder(port) as third:
        back = ask(third, frame(type="resume", code=m1["code"], seat=0, token=m1["token"]))
        assert back["type"] == "match" and back["seat"] == 0
    # and m2's seat came free when `second` closed
    with intruder(port) as fourth:
        again = ask(fourth, frame(type="resume", code=m2["code"], seat=0, token=m2["token"]))
        assert again["type"] == "match"


def test_a_match_whose_host_left_long_ago_ends_abandoned_before_anyone_joins(server):
    port, data = server
    with intruder(port) as host:
        code = ask(host, CREATE)["code"]
    time.sleep(0.6)                      # past the reconnect timeout; no sweep has run
    with intruder(port) as stranger:
        refused = ask(stranger, frame(type="join", code=code, name="S"))
        assert refused["type"] == "refused" and code in refused["reason"]
    meta = json.loads((data / f"{code}.match.json").read_text())
    assert meta["ended"] == {"winner": None, "reason": "abandoned"}


def test_cue_ball_placements_in_one_turn_are_bounded(server):
    port, _ = server
    host, guest = players(port)
    shooter = host if host.my_turn else guest
    allowed = Limits().placements_per_turn
    for k in range(allowed + 1):
        shooter.send(PlaceCueBall((0.2 + 0.001 * k, 0.635)))
    for k in range(allowed):
        assert shooter.wait_for("applied").data["command"] == PlaceCueBall((0.2 + 0.001 * k,
                                                                             0.635))
    refused = shooter.wait_for("refused").data["reason"]
    assert f"placed {allowed} times this turn" in refused
    host.close()
    guest.close()


def test_shot_data_is_for_the_matchs_own_clients_and_rate_limited(server):
    port, _ = server
    host, guest = players(port)
    play_one([host, guest])
    with intruder(port) as stranger:
        refused = ask(stranger, frame(type="shot_data", code=host.code, shot=0))
        assert refused["reason"] == "only the match's players and spectators may ask for its shots"
        assert ask(stranger, frame(type="watch", code=host.code))["type"] == "match"
        answers = [ask(stranger, frame(type="shot_data", code=host.code, shot=0))
                   for _ in range(12)]
    kinds = [a["type"] for a in answers]
    assert kinds[:8] == ["shot_data"] * 8 and "refused" in kinds[8:]
    assert len({json.dumps(a["data"]) for a in answers if a["type"] == "shot_data"}) == 1
    assert "too many shot data requests" in next(a for a in answers
                                                 if a["type"] == "refused")["reason"]
    host.close()
    guest.close()


def test_a_choice_nobody_was_offered_is_refused_for_that_reason(server):
    port, _ = server
    host, guest = players(port)
    shooter = host if host.my_turn else guest
    shooter.send(ChooseOption(OptionChoice.PLAY))
    reason = shooter.wait_for("refused").data["reason"]
    assert "no choice is pending" in reason and "valid Player" not in reason
    host.close()
    guest.close()
