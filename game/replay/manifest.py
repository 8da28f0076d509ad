"""The manifest member (replay.json) to and from plain data: the match, the commands and
each shot's inputs, ruling and digest. The format is specified in docs/replay_format.md.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from physics_ext import CueSpec, Params, Stroke, TableSpec
from game.rules import (CUE, EIGHT_BALL_SET, NINE_BALL_SET, EightBallVariants, Group,
                        NineBallVariants, Player)
from game.rules.nine_ball import OptionChoice
from game.session import (ChooseGroup, ChooseOption, Concede, NextGame, PlaceCueBall,
                          ShotRecord, Shoot)
from game.session.describe import describe_shot
from game.storage.plain import from_plain, to_plain

from . import fields as F
from .errors import CorruptReplayError
from .model import BallSpec, DrillMark, MatchInfo

MAX_SHOTS = 100_000
MAX_COMMANDS = 10 * MAX_SHOTS
VARIANTS = {"eight_ball": EightBallVariants, "nine_ball": NineBallVariants}
BALL_SETS = {"eight_ball": EIGHT_BALL_SET, "nine_ball": NINE_BALL_SET}
MAX_RADIUS_M, MAX_MASS_KG = 0.1, 2.0    # far beyond any pool or snooker ball
ZONES = ("none", "d", "d_optional", "anywhere", "behind_head_string")
PLAYERS = (int(Player.A), int(Player.B))
MANIFEST_MEMBER = "replay.json"


def shot_member_name(index: int) -> str:
    """The archive member holding shot `index`'s solver data."""
    return f"shots/{index:04d}.json"


# ---- the match ---------------------------------------------------------------------------

def encode_match(session, opening) -> dict:
    """The match section, from a GameSession and its state before the first command."""
    ball_set = opening.ball_set
    return {
        "mode": session.mode,
        "players": list(session.names),
        "seed": session.seed,
        "first_breaker": int(opening.breaker),
        "variants": to_plain(session.variants),
        "table": to_plain(session.table),
        "balls": [{"id": b, "radius": ball_set.radius(b), "mass": ball_set.mass(b)}
                  for b in ball_set.all_balls],
        "params": to_plain(session.params),
        "cue": to_plain(session.cue),
        "rack": to_plain(opening.layout),
    }


def decode_match(data, where: str = "match") -> MatchInfo:
    """The checked match section (CorruptReplayError names the bad field)."""
    data = _older_params(F.obj(data, where))
    mode = F.choice(F.get(data, "mode", where), VARIANTS, where + ".mode")
    players = F.items(F.get(data, "players", where), where + ".players", 2)
    if len(players) != 2:
        F.fail(where + ".players", "expected two names")
    balls = _balls(F.get(data, "balls", where), mode, where + ".balls")
    table = from_plain(TableSpec, F.get(data, "table", where), where + ".table",
                       error=CorruptReplayError)
    try:
        table.geometry()
    except ValueError as exc:
        F.fail(where + ".table", str(exc))
    radius = {b.id: b.radius for b in balls}
    rack = {}
    for key, position in F.obj(F.get(data, "rack", where), where + ".rack").items():
        if not re.fullmatch(r"[0-9]{1,3}", key):
            F.fail(where + ".rack", f"ball ids are numbers, got {key!r:.20}")
        if int(key) not in radius:
            F.fail(where + ".rack", f"ball {int(key)} is not one of the match's balls")
        rack[int(key)] = on_table(position, radius[int(key)], table, f"{where}.rack.{key}")
    return MatchInfo(
        mode=mode,
        players=tuple(F.text(p, f"{where}.players[{k}]", 200) for k, p in enumerate(players)),
        seed=F.integer(F.get(data, "seed", where), where + ".seed", -2 ** 63, 2 ** 64),
        first_breaker=F.integer(F.get(data, "first_breaker", where), where + ".first_breaker",
                                *PLAYERS),
        variants=from_plain(VARIANTS[mode], F.get(data, "variants", where), where + ".variants",
                       error=CorruptReplayError),
        table=table,
        balls=balls,
        params=from_plain(Params, F.get(data, "params", where), where + ".params",
                       error=CorruptReplayError),
        cue=from_plain(CueSpec, F.get(data, "cue", where), where + ".cue",
                       error=CorruptReplayError),
        rack=rack)


def _older_params(data: dict) -> dict:
    """A file older than 1.2 has no params.ball_friction: it was recorded with the constant
    ball-ball friction, so it is read as such. A file older than 1.3 has no rail widths:
    a named table takes those of the table of that name (the Params' rail coefficients
    take their defaults). A file older than 1.4 has no cushion_rise: its rail tops were at
    the nose height, a rise of 0. A file older than 1.7 has no params.cushion_model: it was
    recorded with Han 2005's cushion impulse, so it is read as such."""
    params = data.get("params")
    if isinstance(params, dict) and "ball_friction" not in params:
        data = {**data, "params": {**params, "ball_friction": "constant"}}
    params = data.get("params")
    if isinstance(params, dict) and "cushion_model" not in params:
        data = {**data, "params": {**params, "cushion_model": "han_2005"}}
    table = data.get("table")
    if (isinstance(table, dict) and "rail_width" not in table and "cushion_width" not in table
            and table.get("name") in ("nine_foot", "english_seven_foot")):
        named = TableSpec.named(table["name"])
        data = {**data, "table": {**table, "cushion_width": named.cushion_width,
                                  "rail_width": named.rail_width}}
    table = data.get("table")
    if isinstance(table, dict) and "cushion_rise" not in table:
        data = {**data, "table": {**table, "cushion_rise": 0.0}}
    return data


def _balls(data, mode: str, where: str) -> tuple:
    """The match's BallSpecs: exactly the ball ids of `mode`'s ball set (a 9-ball file
    relabelled 8-ball is refused), each with a positive radius (m) and mass (kg)."""
    balls = []
    for k, ball in enumerate(F.items(data, where, 1000)):
        at = f"{where}[{k}]"
        ball = F.obj(ball, at)
        balls.append(BallSpec(F.integer(F.get(ball, "id", at), at + ".id", 0, 999),
                              F.number(F.get(ball, "radius", at), at + ".radius"),
                              F.number(F.get(ball, "mass", at), at + ".mass")))
        if not (0 < balls[-1].radius <= MAX_RADIUS_M and 0 < balls[-1].mass <= MAX_MASS_KG):
            F.fail(at, f"a ball's radius must lie in (0, {MAX_RADIUS_M}] m and its mass in "
                       f"(0, {MAX_MASS_KG}] kg")
    ids = [b.id for b in balls]
    expected = BALL_SETS[mode].all_balls
    if sorted(ids) != sorted(expected):
        F.fail(where, f"a {mode.replace('_', '-')} match has the balls {sorted(expected)}, "
                      f"this file lists {sorted(ids)[:20]}")
    return tuple(balls)


def on_table(value, radius: float, table: TableSpec, where: str) -> tuple:
    """The point (x, y) in metres read from `value`, which must put a ball of `radius`
    on the playing surface (table frame: 0 <= x <= length, 0 <= y <= width, within the
    cushion noses)."""
    x, y = F.array(value, "f", (2,), where).tolist()
    if not (radius <= x <= table.length - radius and radius <= y <= table.width - radius):
        F.fail(where, f"({x:.4g}, {y:.4g}) m is not on the {table.length:g} x "
                      f"{table.width:g} m table")
    return x, y


# ---- the drill mark ----------------------------------------------------------------------

DRILL_ID_CHARS = 40


def encode_drill_mark(mark: DrillMark) -> dict:
    """The manifest's "drill" field of a drill attempt (format 1.5)."""
    return {"id": mark.id, "player": mark.player, "score": mark.score, "shots": mark.shots,
            "over": mark.over}


def decode_drill_mark(data, where: str = "drill") -> DrillMark | None:
    """The checked drill mark, or None when the manifest has none (a match, or a file
    older than 1.5)."""
    if data is None:
        return None
    data = F.obj(data, where)
    drill_id = F.text(F.get(data, "id", where), where + ".id", DRILL_ID_CHARS)
    if not re.fullmatch(r"[a-z0-9_]{1,40}", drill_id):
        F.fail(where + ".id", f"expected lower-case letters, digits or '_', got {drill_id!r}")
    return DrillMark(id=drill_id, player=F.text(F.get(data, "player", where),
                                                where + ".player", 200),
                     score=F.integer(F.get(data, "score", where), where + ".score", 0, MAX_SHOTS),
                     shots=F.integer(F.get(data, "shots", where), where + ".shots", 0, MAX_SHOTS),
                     over=F.boolean(F.get(data, "over", where), where + ".over"))


# ---- the online mark ---------------------------------------------------------------------

ONLINE_SERVER_CHARS = 200
ONLINE_CODE_CHARS = 20


@dataclass(frozen=True)
class OnlineMark:
    """What marks a replay as a player's own copy of a match played through a match
    server: the server's address ("ws://host:port"), the match's join code and the seat
    (0 or 1) the player who kept it played."""
    server: str
    code: str
    seat: int


def encode_online_mark(mark: OnlineMark) -> dict:
    """The manifest's "online" field of a match played online."""
    return {"server": mark.server, "code": mark.code, "seat": mark.seat}


def decode_online_mark(data, where: str = "online") -> OnlineMark | None:
    """The checked online mark, or None when the manifest has none (a match played on
    this computer, or a file written before the mark existed)."""
    if data is None:
        return None
    data = F.obj(data, where)
    return OnlineMark(server=F.text(F.get(data, "server", where), where + ".server",
                                    ONLINE_SERVER_CHARS),
                      code=F.text(F.get(data, "code", where), where + ".code",
                                  ONLINE_CODE_CHARS),
                      seat=F.integer(F.get(data, "seat", where), where + ".seat", *PLAYERS))


# ---- the commands ------------------------------------------------------------------------

def encode_command(command, shot_index: int | None) -> dict:
    """A command as plain data; a Shoot points to its shot (which holds the stroke)."""
    if isinstance(command, PlaceCueBall):
        return {"type": "place_cue_ball", "position": [float(v) for v in command.position]}
    if isinstance(command, Shoot):
        return {"type": "shoot", "shot": shot_index}
    if isinstance(command, ChooseGroup):
        return {"type": "choose_group", "group": command.group.value}
    if isinstance(command, ChooseOption):
        return {"type": "choose_option", "choice": command.choice.value}
    if isinstance(command, Concede):
        return {"type": "concede", "player": int(command.player)}
    if isinstance(command, NextGame):
        return {"type": "next_game", "winner_breaks": command.winner_breaks}
    raise TypeError(f"not a command: {command!r}")


def decode_command(data, where: str, match: MatchInfo):
    """(command, shot index or None) from plain data; a Shoot is completed by its shot.
    A cue-ball placement must lie on the match's table."""
    data = F.obj(data, where)
    kind = F.choice(F.get(data, "type", where), _COMMAND_TYPES, where + ".type")
    value = data.get(_COMMAND_TYPES[kind])
    at = f"{where}.{_COMMAND_TYPES[kind]}"
    if kind == "shoot":
        return None, F.integer(value, at, 0, MAX_SHOTS)
    if kind == "place_cue_ball":
        cue = next(b.radius for b in match.balls if b.id == CUE)
        return PlaceCueBall(on_table(value, cue, match.table, at)), None
    if kind == "choose_group":
        return ChooseGroup(Group(F.choice(value, {g.value for g in Group}, at))), None
    if kind == "choose_option":
        return ChooseOption(OptionChoice(F.choice(value, {o.value for o in OptionChoice},
                                                      at))), None
    if kind == "concede":
        return Concede(Player(F.integer(value, at, *PLAYERS))), None
    return NextGame(F.boolean(value, at)), None


# The field each command type carries besides "type".
_COMMAND_TYPES = {"place_cue_ball": "position", "shoot": "shot", "choose_group": "group",
                  "choose_option": "choice", "concede": "player", "next_game": "winner_breaks"}


# ---- the shots ---------------------------------------------------------------------------

def encode_ruling(ruling) -> dict:
    """A ruling as plain data: its type's name and its fields."""
    return {"type": type(ruling).__name__, **to_plain(ruling)}


def encode_shot(record: ShotRecord, index: int, command_index: int, game: int,
                placement, state_after, names) -> dict:
    """One shot's entry in the manifest; its solver data goes to shot_member_name(index)."""
    before = record.state_before
    ruling = encode_ruling(record.ruling)
    return {
        "command": command_index,
        "game": game,
        "rack_number": before.rack_number,
        "shooter": int(before.shooter),
        "is_break": before.is_break,
        "ball_in_hand": before.ball_in_hand.value,
        "placement": None if placement is None else [float(v) for v in placement],
        "stroke": to_plain(record.command.stroke),
        "declarations": {"push_out": record.command.push_out},
        "ball_ids": list(record.ball_ids),
        "ruling": ruling,
        "ruling_text": describe_shot(record, state_after, names, shooter_named=True),
        "data": shot_member_name(index),
    }


def decode_shot_inputs(data, where: str) -> dict:
    """The checked fields of a shot entry, as keyword arguments of ReplayShot (without
    index, digest, data and result, which the reader adds)."""
    data = F.obj(data, where)
    placement = F.get(data, "placement", where)
    if placement is not None:
        placement = tuple(F.array(placement, "f", (2,), where + ".placement").tolist())
    declarations = F.obj(F.get(data, "declarations", where), where + ".declarations")
    ball_ids = F.array(F.get(data, "ball_ids", where), "i", (None,), where + ".ball_ids", 0,
                       999)
    if ball_ids.size == 0 or ball_ids[0] != CUE or len(set(ball_ids.tolist())) != ball_ids.size:
        F.fail(where + ".ball_ids", "expected distinct ball ids, the cue ball (0) first")
    return {
        "command_index": F.integer(F.get(data, "command", where), where + ".command", 0,
                                   MAX_COMMANDS),
        "game": F.integer(F.get(data, "game", where), where + ".game", 0, MAX_SHOTS),
        "rack_number": F.integer(F.get(data, "rack_number", where), where + ".rack_number",
                                 0, MAX_SHOTS),
        "shooter": F.integer(F.get(data, "shooter", where), where + ".shooter", *PLAYERS),
        "is_break": F.boolean(F.get(data, "is_break", where), where + ".is_break"),
        "ball_in_hand": F.choice(F.get(data, "ball_in_hand", where), ZONES,
                                 where + ".ball_in_hand"),
        "placement": placement,
        "stroke": from_plain(Stroke, F.get(data, "stroke", where), where + ".stroke",
                       error=CorruptReplayError),
        "push_out": F.boolean(F.get(declarations, "push_out", where + ".declarations"),
                              where + ".declarations.push_out"),
        "ball_ids": tuple(ball_ids.tolist()),
        "ruling": _ruling(F.get(data, "ruling", where), where + ".ruling"),
        "ruling_text": F.text(F.get(data, "ruling_text", where), where + ".ruling_text"),
    }


def _ruling(data, where: str) -> dict:
    """The ruling as stored, after checking the fields the viewer reads."""
    data = F.obj(data, where)
    F.text(F.get(data, "type", where), where + ".type", 100)
    F.integer(F.get(data, "shooter", where), where + ".shooter", *PLAYERS)
    for k, foul in enumerate(F.items(F.get(data, "fouls", where), where + ".fouls", 100)):
        F.text(foul, f"{where}.fouls[{k}]", 100)
    winner = F.get(data, "winner", where)
    if winner is not None:
        F.integer(winner, where + ".winner", *PLAYERS)
    return data
