"""What the Play online screens decide without a window: the address and code typed,
the refusals in words, the aim's throttle and the network's state in a line."""
import pytest

from game.net.online import (Absence, AimThrottle, InputRefused, join_code, refusal_words,
                             server_url, status_words)


@pytest.mark.parametrize("typed, url", [
    ("127.0.0.1:8765", "ws://127.0.0.1:8765"),
    ("  localhost:9000 ", "ws://localhost:9000"),
    ("pool.example.org", "ws://pool.example.org:8765"),
    ("ws://10.0.0.2:8765/", "ws://10.0.0.2:8765"),
    ("WSS://pool.example.org", "wss://pool.example.org"),
    ("wss://pool.example.org:443", "wss://pool.example.org:443"),
    ("[::1]:8765", "ws://[::1]:8765"),
    ("[::1]", "ws://[::1]:8765"),
])
def test_an_address_as_typed_becomes_the_servers_url(typed, url):
    assert server_url(typed) == url


@pytest.mark.parametrize("typed, says", [
    ("", "Type the server's address"),
    ("   ", "Type the server's address"),
    ("host name:8765", "cannot contain spaces"),
    ("127.0.0.1:0", "from 1 to 65535"),
    ("127.0.0.1:70000", "from 1 to 65535"),
    ("127.0.0.1:", "from 1 to 65535"),
    ("http://example.org", "is not a server address"),
    ("a/b:80", "is not a server address"),
    ("x" * 300, "is too long"),
])
def test_a_bad_address_is_refused_in_one_sentence(typed, says):
    with pytest.raises(InputRefused) as refused:
        server_url(typed)
    sentence = str(refused.value)
    assert says in sentence and sentence.endswith(".") and "\n" not in sentence


def test_a_code_is_read_as_the_server_spells_it():
    assert join_code(" k7m2-qx ") == "K7M2QX"
    for typed in ("", "K7M2Q", "K7M2QXX", "K0M2QX", "K7M2Q!"):
        with pytest.raises(InputRefused):
            join_code(typed)


@pytest.mark.parametrize("reason, says", [
    ("no match with the code ABCDEF", "No match has that code"),
    ("the match is full: watch it instead", "already has two players"),
    ("it is not your turn", "It is not your turn."),
    ("the rules refuse it: the cue ball must be behind the head string",
     "refused that: the cue ball must be behind the head string."),
    ("something new", "The server refused that (something new)."),
])
def test_the_servers_refusals_in_a_players_words(reason, says):
    assert says in refusal_words(reason)


def test_the_aim_goes_out_at_most_ten_times_a_second_and_ends_where_it_stopped():
    throttle = AimThrottle(0.1)
    sent = []
    for frame in range(60):                     # 1 s at 60 frames a second
        now = frame / 60
        aim = frame // 3 if frame < 45 else 14  # moving, then still from 0.75 s
        out = throttle.offer(aim, now)
        if out is not None:
            sent.append((now, out))
    times = [t for t, _ in sent]
    assert all(b - a >= 0.1 - 1e-9 for a, b in zip(times, times[1:]))
    assert len(sent) <= 11
    assert sent[0] == (0.0, 0)
    assert sent[-1][1] == 14                    # the aim it stopped on
    assert [a for _, a in sent].count(14) == 1  # and only once


def test_an_aim_offered_within_the_interval_comes_out_after_it_without_a_new_offer():
    throttle = AimThrottle(0.1)
    assert throttle.offer("a", 0.0) == "a"
    assert throttle.offer("b", 0.05) is None
    assert throttle.offer(None, 0.08) is None
    assert throttle.offer(None, 0.1) == "b"
    assert throttle.offer(None, 0.3) is None
    throttle.reset()
    assert throttle.offer("b", 0.31) == "b"     # a new turn: the same aim goes again


def test_the_state_line_says_the_connection_first_then_the_opponent():
    words = dict(connected=True, waiting_for_opponent=False, absence=None, opponent="Ann",
                 now=100.0, opponents_turn=False)
    assert status_words(**words) == ""
    assert status_words(**{**words, "opponents_turn": True}) == "Ann's turn."
    assert status_words(**{**words, "opponents_turn": True,
                           "opponent_aiming": True}) == "Ann is aiming..."
    assert "Waiting for the opponent" in status_words(**{**words,
                                                         "waiting_for_opponent": True})
    away = Absence(since=90.0, claim_after=30.0)
    assert away.claim_in(100.0) == 20.0
    assert "waiting 20 s" in status_words(**{**words, "absence": away})
    assert "waiting 1 s" in status_words(**{**words, "absence": away, "now": 119.5})
    assert "press K to claim" in status_words(**{**words, "absence": away, "now": 120.0})
    assert "reconnecting" in status_words(**{**words, "connected": False, "absence": away})
    assert "is lost" in status_words(**{**words, "connected": False, "gave_up": True})
    correcting = status_words(**{**words, "opponents_turn": True, "resyncing": True})
    assert "Correcting the table" in correcting


def test_a_resume_refused_for_good_is_told_from_one_worth_retrying():
    from game.net.online import seat_is_gone
    assert seat_is_gone("no match with the code ABCDEF")
    assert seat_is_gone("wrong token for that seat")
    assert not seat_is_gone("that seat's player is connected")
    assert not seat_is_gone("not connected")
