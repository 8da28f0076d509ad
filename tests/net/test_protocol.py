"""The wire format: every client message and every field of it is checked; a malformed
message is refused with its reason (a ProtocolError), never half-read."""
import json

import pytest

from physics_ext import Stroke
from game.rules import Group, Player
from game.rules.nine_ball import OptionChoice
from game.session import ChooseGroup, ChooseOption, Concede, NextGame, PlaceCueBall, Shoot
from game.net import protocol as P

TOKEN = "ab" * 32
STROKE = {"azimuth": 0.5, "elevation": 0.1, "side": 0.0, "height": 0.2, "speed": 3.0}
SHOOT = {"type": "shoot", "stroke": STROKE, "push_out": False}


def frame(**fields) -> str:
    return json.dumps({"v": 1, **fields})


def command(**changes) -> str:
    return frame(**{"type": "command", "code": "ABCDEF", "seat": 0, "token": TOKEN, "seq": 1,
                    "command": SHOOT, **changes})


@pytest.mark.parametrize("commands", [
    PlaceCueBall((0.5, 0.6)), Shoot(Stroke(1.0, 0.2, 0.1, -0.3, 2.0), push_out=True),
    ChooseGroup(Group.RED), ChooseOption(OptionChoice.PASS), Concede(Player.B),
    NextGame(winner_breaks=True)])
def test_every_command_goes_through_the_wire_unchanged(commands):
    wire = json.loads(json.dumps(P.encode_command(commands)))
    assert P.decode_any_command(wire) == commands


def test_a_good_command_message_is_read_field_by_field():
    kind, values = P.decode_client(command())
    assert kind == "command"
    assert values == {"code": "ABCDEF", "seat": 0, "token": TOKEN, "seq": 1,
                      "command": Shoot(Stroke(**STROKE), False)}


def test_a_create_message_reads_the_variants_of_its_mode():
    kind, values = P.decode_client(frame(type="create", name="  Ann ", mode="nine_ball",
                                         variants={}, race_to=3, winner_breaks=False))
    assert kind == "create" and values["name"] == "Ann" and values["race_to"] == 3
    assert type(values["variants"]).__name__ == "NineBallVariants"


@pytest.mark.parametrize("data, reason", [
    (b"\xff\xfe", "not UTF-8"),
    ("not json", "not valid JSON"),
    ("[1, 2]", "not a JSON object"),
    ('{"v": 1, "type": "watch", "code": NaN}', "NaN is not a JSON number"),
    ("[" * 100 + "]" * 100, "nests"),
    ('{"v": 1, "type": "watch", "code": ' + "9" * 60 + "}", "number longer"),
    (json.dumps({"v": 2, "type": "watch", "code": "ABCDEF"}), "protocol version 2"),
    (json.dumps({"type": "watch", "code": "ABCDEF"}), "protocol version None"),
    (frame(code="ABCDEF"), "no type"),
    (frame(type="explode"), "type: expected one of"),
    (frame(type="watch"), "'code' is missing"),
    (frame(type="watch", code="ABCDEF", extra=1), "unknown field 'extra'"),
    (frame(type="watch", code="abc"), "join code"),
    (frame(type="join", code="ABCDEF", name=""), "name: expected a string of 1 to 40"),
    (frame(type="join", code="ABCDEF", name="x" * 41), "name: expected a string of 1 to 40"),
    (frame(type="join", code="ABCDEF", name="\x1b[2J"), "printable"),
    (frame(type="create", name="A", mode="snooker", variants={}, race_to=1,
           winner_breaks=False), "mode: expected one of"),
    (frame(type="create", name="A", mode="eight_ball", variants={"sudden_death": True},
           race_to=1, winner_breaks=False), "unknown variant 'sudden_death'"),
    (frame(type="create", name="A", mode="eight_ball", variants={}, race_to=0,
           winner_breaks=False), "race_to: expected an integer in [1, 15]"),
    (frame(type="create", name="A", mode="eight_ball", variants={}, race_to=True,
           winner_breaks=False), "race_to: expected an integer"),
    (command(seat=2), "seat: expected an integer in [0, 1]"),
    (command(token="00"), "seat token of 64 hex digits"),
    (command(token="AB" * 32), "seat token of 64 hex digits"),
    (command(seq=-1), "seq: expected an integer"),
    (command(command="shoot"), "command: expected an object"),
    (command(command={"type": "teleport"}), "command.type: expected one of"),
    (command(command={"type": "shoot", "stroke": STROKE}), "'push_out' is missing"),
    (command(command={**SHOOT, "push_out": 1}), "push_out: expected true or false"),
    (command(command={**SHOOT, "stroke": {**STROKE, "speed": 100.0}}), "stroke speed"),
    (command(command={**SHOOT, "stroke": {**STROKE, "side": 0.9, "height": 0.9}}),
     "outside the ball"),
    (command(command={**SHOOT, "stroke": {**STROKE, "spin": 1}}), "unknown field 'spin'"),
    (command(command={**SHOOT, "stroke": {**STROKE, "speed": "fast"}}), "finite number"),
    (command(command={"type": "place_cue_ball", "position": [1.0]}), "expected [x, y]"),
    (command(command={"type": "place_cue_ball", "position": ["1", 2]}), "expected [x, y]"),
    (command(command={"type": "choose_group", "group": "blue"}), "group: expected one of"),
    (command(command={"type": "concede", "player": 3}), "player: expected an integer"),
    (command(command={"type": "next_game", "winner_breaks": False}), "command.type"),
    (frame(type="chat", code="ABCDEF", seat=0, token=TOKEN, phrase="you suck"),
     "phrase: expected one of"),
    (frame(type="watch", code="ABCDEF", pad="x" * P.MAX_CLIENT_BYTES), "bytes, more than"),
])
def test_a_malformed_message_is_refused_with_its_reason(data, reason):
    with pytest.raises(P.ProtocolError) as refused:
        P.decode_client(data)
    assert reason in str(refused.value)
    assert "\n" not in str(refused.value) and "\x1b" not in str(refused.value)


def test_every_chat_phrase_has_words_for_the_view():
    from game.net.client import CHAT_WORDS
    assert sorted(CHAT_WORDS) == sorted(P.CHAT_PHRASES)
    assert all(words.strip() for words in CHAT_WORDS.values())
