"""The match protocol: JSON messages over WebSocket text frames, each checked field by
field before anything acts on it.

Every message is one JSON object with "v" (the protocol version, VERSION) and "type".
What a client may send (CLIENT_MESSAGES) and every field of it is listed below; a
message with a missing, unknown or ill-typed field, a frame over MAX_CLIENT_BYTES, text
that is not UTF-8 JSON, JSON nested deeper than MAX_DEPTH, or another version is refused
with a ProtocolError whose message is the reason (one line, printable): the server sends
it back in a "refused" message and logs it, nothing else happens.

Positions are table-frame metres (x along the table from the head cushion, y across); a
stroke is physics_ext.Stroke's fields (radians, fractions of the ball radius, m/s).
"""
from __future__ import annotations

import dataclasses
import json
import re

from physics_ext import Stroke
from game.i18n import _, ngettext
from game.rules import Group, Player
from game.rules.nine_ball import OptionChoice
from game.session import (MODES, ChooseGroup, ChooseOption, Concede, PlaceCueBall, Shoot)
from game.storage import FileRefused, parse_json, printable
from game.storage.plain import from_plain, is_number, to_plain
from game.replay import fields as F
from game.replay import manifest
from game.replay.errors import CorruptReplayError
from game.replay.manifest import VARIANTS

PROTOCOL = "breakshot-match"
VERSION = 1
MAX_CLIENT_BYTES = 4096          # a client's frame: the largest real one is ~400 bytes
MAX_SERVER_BYTES = 8 * 2 ** 20   # a server's frame (a resync carries a shot's solver data)
MAX_DEPTH = 8
MAX_NAME_CHARS = 40
MAX_RACE_TO = 15
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"   # no 0/O, 1/I
CODE_LENGTH = 6
TOKEN_HEX = 64                    # secrets.token_hex(32)
MAX_SEQ = 2 ** 53
# Canned chat phrases: an id on the wire, the words through gettext in the view.
# In the order of their keys (F5 first), as the README lists them.
CHAT_PHRASES = ("hello", "good_shot", "unlucky", "nice_safety", "thinking", "good_game")

_CODE = re.compile(f"[{CODE_ALPHABET}]{{{CODE_LENGTH}}}")
_TOKEN = re.compile(f"[0-9a-f]{{{TOKEN_HEX}}}")


class ProtocolError(FileRefused):
    """A message refused; str() is the reason (one printable line)."""


# ---- field checks ------------------------------------------------------------------------

def _fail(where: str, problem: str):
    raise ProtocolError(f"{where}: {problem}")


def _text(value, where: str, max_chars: int = MAX_NAME_CHARS) -> str:
    if not (isinstance(value, str) and 0 < len(value) <= max_chars):
        _fail(where, ngettext("expected a string of 1 to {max_chars} character, got "
                              "{value!r:.40}", "expected a string of 1 to {max_chars} "
                              "characters, got {value!r:.40}", max_chars).format(
                                  max_chars=max_chars, value=value))
    text = printable(value).strip()
    if not text:
        _fail(where, _("expected a name with a printable character"))
    return text


def _as_protocol_error(check):
    """The replay reader's typed read `check`, refusing with a ProtocolError."""
    def read(*args):
        try:
            return check(*args)
        except CorruptReplayError as exc:
            raise ProtocolError(str(exc)) from None
    return read


_integer = _as_protocol_error(F.integer)        # (value, where, lo, hi)
_boolean = _as_protocol_error(F.boolean)        # (value, where)
_choice = _as_protocol_error(F.choice)          # (value, options, where)


def _pattern(value, pattern, what: str, where: str) -> str:
    if not (isinstance(value, str) and pattern.fullmatch(value)):
        _fail(where, _("expected {what}").format(what=what))
    return value


def _code(value, where: str) -> str:
    return _pattern(value, _CODE, ngettext(
        "a join code of {count} letter or digit", "a join code of {count} letters and digits",
        CODE_LENGTH).format(count=CODE_LENGTH), where)


def _token(value, where: str) -> str:
    return _pattern(value, _TOKEN, ngettext(
        "a seat token of {count} hex digit", "a seat token of {count} hex digits",
        TOKEN_HEX).format(count=TOKEN_HEX), where)


def _seat(value, where: str) -> int:
    return _integer(value, where, 0, 1)


def _point(value, where: str) -> tuple:
    if not (isinstance(value, list) and len(value) == 2 and all(is_number(v) for v in value)):
        _fail(where, _("expected [x, y] in metres, got {value!r:.40}").format(value=value))
    return float(value[0]), float(value[1])


def _object(value, where: str, fields: set, optional: frozenset = frozenset()) -> dict:
    """`value`, an object with every one of `fields`, any of `optional`, nothing else."""
    if not isinstance(value, dict):
        _fail(where, _("expected an object, got {type_name}").format(
                         type_name=type(value).__name__))
    unknown = sorted(set(value) - fields - optional)
    if unknown:
        _fail(where, _("unknown field {unknown!r:.40}").format(unknown=unknown[0]))
    missing = sorted(fields - set(value))
    if missing:
        _fail(where, _("the field {missing!r} is missing").format(missing=missing[0]))
    return value


def _stroke(value, where: str) -> Stroke:
    """A Stroke: its fields without a default are required, those with one optional."""
    return from_plain(Stroke, _object(value, where, *_STROKE_FIELDS), where,
                      error=ProtocolError)


_STROKE_FIELDS = (
    {f.name for f in dataclasses.fields(Stroke) if f.default is dataclasses.MISSING},
    frozenset(f.name for f in dataclasses.fields(Stroke) if f.default is not dataclasses.MISSING))


def _variants(value, mode: str, where: str):
    cls = VARIANTS[mode]
    if not isinstance(value, dict):
        _fail(where, _("expected an object, got {type_name}").format(
                         type_name=type(value).__name__))
    known = set(to_plain(cls()))
    unknown = sorted(set(value) - known)
    if unknown:
        _fail(where, _("unknown variant {unknown!r:.40}").format(unknown=unknown[0]))
    return from_plain(cls, value, where, error=ProtocolError)


# ---- commands ----------------------------------------------------------------------------

_COMMAND_FIELDS = {"place_cue_ball": {"position"}, "shoot": {"stroke", "push_out"},
                   "choose_group": {"group"}, "choose_option": {"choice"},
                   "concede": {"player"}}


def decode_command(value, where: str = "command"):
    """A game.session command from its wire form (NextGame is the server's own)."""
    if not isinstance(value, dict):
        _fail(where, _("expected an object, got {type_name}").format(
                         type_name=type(value).__name__))
    kind = _choice(value.get("type"), _COMMAND_FIELDS, where + ".type")
    data = _object(value, where, _COMMAND_FIELDS[kind] | {"type"})
    if kind == "place_cue_ball":
        return PlaceCueBall(_point(data["position"], where + ".position"))
    if kind == "shoot":
        return Shoot(_stroke(data["stroke"], where + ".stroke"),
                     _boolean(data["push_out"], where + ".push_out"))
    if kind == "choose_group":
        return ChooseGroup(Group(_choice(data["group"], {g.value for g in Group},
                                         where + ".group")))
    if kind == "choose_option":
        return ChooseOption(OptionChoice(_choice(data["choice"],
                                                 {o.value for o in OptionChoice},
                                                 where + ".choice")))
    return Concede(Player(_seat(data["player"], where + ".player")))


def encode_command(command) -> dict:
    """The wire form of a command (NextGame included, which only the server sends): a
    replay manifest's form, except that a Shoot carries its stroke and declaration."""
    if isinstance(command, Shoot):
        return {"type": "shoot", "stroke": to_plain(command.stroke),
                "push_out": command.push_out}
    return manifest.encode_command(command, None)


def decode_any_command(value, where: str = "command"):
    """A command from the server (NextGame allowed)."""
    from game.session import NextGame
    if isinstance(value, dict) and value.get("type") == "next_game":
        data = _object(value, where, {"type", "winner_breaks"})
        return NextGame(_boolean(data["winner_breaks"], where + ".winner_breaks"))
    return decode_command(value, where)


# ---- client messages ---------------------------------------------------------------------

def _create(m):
    mode = _choice(m["mode"], MODES, "mode")
    return {"name": _text(m["name"], "name"), "mode": mode,
            "variants": _variants(m["variants"], mode, "variants"),
            "race_to": _integer(m["race_to"], "race_to", 1, MAX_RACE_TO),
            "winner_breaks": _boolean(m["winner_breaks"], "winner_breaks")}


def _seated(m):
    return {"code": _code(m["code"], "code"), "seat": _seat(m["seat"], "seat"),
            "token": _token(m["token"], "token")}


CLIENT_MESSAGES = {
    # type: (fields besides v and type, reader of the checked values)
    "create": ({"name", "mode", "variants", "race_to", "winner_breaks"}, _create),
    "join": ({"code", "name"}, lambda m: {"code": _code(m["code"], "code"),
                                         "name": _text(m["name"], "name")}),
    "watch": ({"code"}, lambda m: {"code": _code(m["code"], "code")}),
    "resume": ({"code", "seat", "token"}, _seated),
    "claim": ({"code", "seat", "token"}, _seated),
    "command": ({"code", "seat", "token", "seq", "command"},
                lambda m: {**_seated(m), "seq": _integer(m["seq"], "seq", 0, MAX_SEQ),
                           "command": decode_command(m["command"])}),
    "aim": ({"code", "seat", "token", "stroke"},
            lambda m: {**_seated(m), "stroke": _stroke(m["stroke"], "stroke")}),
    "chat": ({"code", "seat", "token", "phrase"},
             lambda m: {**_seated(m), "phrase": _choice(m["phrase"], CHAT_PHRASES, "phrase")}),
    "shot_data": ({"code", "shot"}, lambda m: {"code": _code(m["code"], "code"),
                                                "shot": _integer(m["shot"], "shot", 0, 10 ** 6)}),
}


def parse_message(data, max_bytes: int) -> dict:
    """The JSON object of one frame (str or bytes), its size and nesting bounded, with
    the right version and a "type"; else ProtocolError."""
    raw = data.encode("utf-8", "surrogatepass") if isinstance(data, str) else bytes(data)
    if len(raw) > max_bytes:
        raise ProtocolError(ngettext("message of {count} byte, more than the {max_bytes} "
                                     "allowed", "message of {count} bytes, more than the "
                                     "{max_bytes} allowed", len(raw)).format(
                                         count=len(raw), max_bytes=max_bytes))
    message = parse_json(raw, _("the message"), max_depth=MAX_DEPTH, error=ProtocolError)
    if not isinstance(message, dict):
        raise ProtocolError(_("the message is not a JSON object"))
    if message.get("v") != VERSION:
        raise ProtocolError(_("protocol version {sent!r:.20} is not {version}").format(
                                sent=message.get("v"), version=VERSION))
    if not isinstance(message.get("type"), str):
        raise ProtocolError(_("the message has no type"))
    return message


def decode_client(data) -> tuple:
    """(type, checked values) of a client's frame; ProtocolError says what is wrong."""
    message = parse_message(data, MAX_CLIENT_BYTES)
    kind = _choice(message["type"], CLIENT_MESSAGES, "type")
    fields, read = CLIENT_MESSAGES[kind]
    _object(message, "message", fields | {"v", "type"})
    return kind, read(message)


def encode(kind: str, **fields) -> str:
    """One message as compact JSON text (NaN refused)."""
    return json.dumps({"v": VERSION, "type": kind, **fields}, allow_nan=False,
                      separators=(",", ":"))
