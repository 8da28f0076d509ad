"""Loading a replay file: the format checks, the manifest, every shot's data and digest.

Whatever the bytes, load_replay either returns a Replay or raises a ReplayError whose
message starts with the file's path and says what is wrong; it never writes anything.
"""
from __future__ import annotations

import re
import warnings

import numpy as np

from game.i18n import _
from game.rules import CUE
from game.session import Shoot
from game.storage import parse_json

from . import fields as F
from .container import Archive
from .errors import (CorruptReplayError, NewerReplayError, NotAReplayError, ReplayError,
                     ReplayWarning)
from .manifest import (MANIFEST_MEMBER, MAX_COMMANDS, MAX_SHOTS, decode_command,
                       decode_drill_mark, decode_match, decode_shot_inputs, on_table)
from .model import Replay, ReplayShot
from .shotdata import ShotData
from .version import FORMAT_NAME, FORMAT_VERSION, format_version_text

TOP = MANIFEST_MEMBER       # the "where" of the manifest's own fields in messages
# The names a replay's members may have (shot_member_name's, and the manifest).
_MEMBER_NAME = re.compile(re.escape(MANIFEST_MEMBER) + r"|shots/[0-9]{4,6}\.json")


def read_manifest(path: str) -> tuple:
    """(archive, manifest, version, warnings) after the format checks: a foreign file
    raises NotAReplayError, a newer major version NewerReplayError; a newer minor version
    adds a warning."""
    archive = Archive(path)
    if MANIFEST_MEMBER not in archive.names():
        raise NotAReplayError(_("{path}: a zip archive without {member}: not a "
                                "Breakshot replay").format(
                                  path=path, member=MANIFEST_MEMBER))
    strangers = [n for n in archive.names() if not _MEMBER_NAME.fullmatch(n)]
    if strangers:
        raise CorruptReplayError(_("{path}: the member {member!r:.80} is not part of a "
                                   "replay").format(path=path, member=strangers[0]))
    try:
        manifest = parse_json(archive.read(MANIFEST_MEMBER), MANIFEST_MEMBER,
                              error=CorruptReplayError)
    except CorruptReplayError as exc:
        raise CorruptReplayError(f"{path}: {exc}") from None
    if not isinstance(manifest, dict) or manifest.get("format") != FORMAT_NAME:
        raise NotAReplayError(_("{path}: {member} does not declare the format "
                                "{format!r}: not a Breakshot replay").format(
                                  path=path, member=MANIFEST_MEMBER,
                                  format=FORMAT_NAME))
    version = _version(manifest.get("version"), path)
    notes = []
    if version[0] > FORMAT_VERSION[0]:
        raise NewerReplayError(
            _("{path}: replay format {version} comes from a newer Breakshot; this version "
              "reads format {major}.x: update Breakshot to open it").format(
                path=path, version=format_version_text(version),
                major=FORMAT_VERSION[0]))
    if version[0] < FORMAT_VERSION[0]:
        raise ReplayError(_("{path}: replay format {version} is older than any this "
                            "Breakshot reads ({major}.x)").format(
                              path=path, version=format_version_text(version),
                              major=FORMAT_VERSION[0]))
    if version[1] > FORMAT_VERSION[1]:
        notes.append(f"replay format {format_version_text(version)} is newer than this "
                     f"Breakshot's {format_version_text()}: what it adds is ignored")
    return archive, manifest, version, tuple(notes)


def _version(value, path: str) -> tuple:
    match = isinstance(value, str) and re.fullmatch(r"([0-9]{1,6})\.([0-9]{1,6})", value)
    if not match:
        raise CorruptReplayError(_("{path}: the format version {value!r:.40} is not "
                                   "'major.minor'").format(path=path, value=value))
    return int(match.group(1)), int(match.group(2))


def load_replay(path) -> Replay:
    """Read and check the replay file at `path` (see docs/replay_format.md)."""
    path = str(path)
    archive, manifest, version, notes = read_manifest(path)
    for note in notes:
        warnings.warn(f"{path}: {note}", ReplayWarning, stacklevel=2)
    try:
        return _replay(path, archive, manifest, version, notes)
    except CorruptReplayError as exc:
        raise CorruptReplayError(f"{path}: {exc}") from None


def _replay(path, archive, manifest, version, notes) -> Replay:
    match = decode_match(F.get(manifest, "match", TOP), "match")
    shots, members = [], {MANIFEST_MEMBER}
    for k, entry in enumerate(F.items(F.get(manifest, "shots", TOP), "shots", MAX_SHOTS)):
        shots.append(_shot(archive, match, entry, k, members))
        if k and shots[k].game < shots[k - 1].game:
            F.fail(f"shots[{k}].game", "game numbers must never decrease")
    unknown = sorted(set(archive.names()) - members)
    if unknown:
        F.fail("the archive", f"the member {unknown[0]!r:.80} is not part of a replay")
    commands = []
    shoots = 0
    for k, entry in enumerate(F.items(F.get(manifest, "commands", TOP), "commands",
                                      MAX_COMMANDS)):
        command, shot = decode_command(entry, f"commands[{k}]", match)
        if shot is not None:
            if shot != shoots or shot >= len(shots) or shots[shot].command_index != k:
                F.fail(f"commands[{k}]", f"shoot points to shot {shot}, which is not the "
                       f"match's shot {shoots} played by this command")
            command = Shoot(shots[shot].stroke, shots[shot].push_out)
            shoots += 1
        commands.append(command)
    if shoots != len(shots):
        F.fail("commands", f"{shoots} shoot commands for {len(shots)} shots")
    games_won = F.array(F.get(manifest, "games_won", TOP), "i", (2,), "games_won", 0,
                        MAX_SHOTS)
    software = F.obj(F.get(manifest, "software", TOP), "software")
    return Replay(path=path, version=version,
                  created=F.text(F.get(manifest, "created", TOP), "created", 100),
                  software={k: F.text(v, f"software.{k}", 200) for k, v in software.items()},
                  match=match, commands=tuple(commands), shots=tuple(shots),
                  games_won=tuple(games_won.tolist()), warnings=notes,
                  drill=decode_drill_mark(manifest.get("drill")))


def _shot(archive, match, entry, index: int, members: set) -> ReplayShot:
    """Shot `index` from its manifest entry and its member (added to `members`, which
    no other shot may share)."""
    where = f"shots[{index}]"
    inputs = decode_shot_inputs(entry, where)
    digest = F.text(F.get(entry, "digest", where), where + ".digest", 100)
    member = F.text(F.get(entry, "data", where), where + ".data", 100)
    if member in members:
        F.fail(where + ".data", f"the member {member!r} belongs to another shot")
    members.add(member)
    balls = {b.id: b for b in match.balls}
    strangers = [b for b in inputs["ball_ids"] if b not in balls]
    if strangers:
        F.fail(where + ".ball_ids", f"ball {strangers[0]} is not one of the match's balls")
    if inputs["placement"] is not None:
        on_table(list(inputs["placement"]), balls[CUE].radius, match.table, where + ".placement")
    data = ShotData.from_plain(parse_json(archive.read(member), member,
                                               error=CorruptReplayError), member)
    if data.digest() != digest:
        F.fail(where, f"its solver data ({member}) does not match its digest: the file was "
               f"altered or damaged")
    if data.rows.shape[0] != len(inputs["ball_ids"]) or data.cue_index != 0:
        F.fail(where, f"its ball ids do not match the {data.rows.shape[0]} balls of "
               f"{member}, or the cue ball is not the first")
    sizes = [(balls[b].radius, balls[b].mass) for b in inputs["ball_ids"]]
    if not np.allclose(data.rows[:, :2], sizes, rtol=1e-9, atol=0.0):
        F.fail(where, f"the balls of {member} differ in size or mass from the match's")
    return ReplayShot(index=index, digest=digest, data=data,
                      result=data.result(match.table, match.params, inputs["stroke"],
                                         match.cue), **inputs)
