"""Recording a match as it is played: a GameSession listener that rewrites the replay
file atomically after every accepted command, so a crash or a closed window loses
nothing that was played.

Each shot's manifest entry and its deflated solver data are made once, when the shot is
played (its ruling text, `describe_shot`'s, needs the state right after it); a save then only
assembles the file: about 20 ms late in a 150-shot match, most of it the fsync.
"""
from __future__ import annotations

import json
import logging
import os
from datetime import datetime, timezone

from game.session import GameSession, NextGame, PlaceCueBall

from .container import write_atomic
from .library import new_replay_path, replay_directory
from .manifest import MANIFEST_MEMBER, encode_command, encode_match, encode_shot
from .shotdata import ShotData
from .version import FORMAT_NAME, format_version_text, package_version, solver_version
from .zipwrite import Member

log = logging.getLogger(__name__)
# A side whose player has no profile (game.profiles.seats.Seat().to_plain()).
GUEST_SEAT = {"kind": "guest", "name": "", "created": ""}


def json_bytes(data) -> bytes:
    """Compact UTF-8 JSON; NaN or infinity (which JSON lacks) is a ValueError, never
    written."""
    return json.dumps(data, allow_nan=False, separators=(",", ":")).encode()


class Recorder:
    """Records `session` to a replay file: attach it before the first command.

    path: the file to write; by default a new name in `directory` (default: the user's
    replay folder, see library.replay_directory). started: the match's start time (now by
    default), stored in the file and used in its name. race_to: the frames that win the
    match (1: single games), which tells a finished match from one left between frames.
    The file is written at once (an empty match, which claims the name) and after every
    command; `detach` removes it if no shot was played (there is nothing to watch). A
    save that fails with an OSError (disk full, folder removed) is logged and kept in
    `error`; the game goes on and the next save tries again. seats: who sits at each
    side as plain data (game.profiles.seats.Seat.to_plain: profile, computer level or
    guest), stored for the statistics database; None: two guests. annotate: None, or a
    function returning more manifest fields (a drill attempt's "drill" mark, which
    changes as the attempt goes on), called at every save. hold: while True, commands
    are recorded but not saved (nor is the empty match at once): a caller feeding a whole
    match's history sets it, then clears it and calls `save` once.
    """

    def __init__(self, session: GameSession, path=None, directory=None,
                 started: datetime | None = None, race_to: int = 1, seats=None,
                 annotate=None, hold: bool = False):
        if not (isinstance(race_to, int) and race_to >= 1):
            raise ValueError(f"a match is won in a whole number of frames >= 1, not {race_to!r}")
        if session.commands:
            raise ValueError("attach the recorder before the session's first command: the "
                             "opening rack is recorded from the session's current state")
        started = started or datetime.now(timezone.utc)
        if path is None:
            directory = replay_directory() if directory is None else directory
            os.makedirs(directory, exist_ok=True)
            path = new_replay_path(directory, session.mode, session.names, started)
        self.path = str(path)
        self.session = session
        self.annotate = annotate
        self.hold = hold
        self.error: OSError | None = None
        self.created = started.astimezone(timezone.utc).isoformat(timespec="seconds")
        self._header = {
            "format": FORMAT_NAME,
            "version": format_version_text(),
            "created": self.created,
            "software": {"breakshot": package_version(), "solver": solver_version()},
            "match": encode_match(session, session.state),
            "race_to": race_to,
            "seats": list(seats or (GUEST_SEAT, GUEST_SEAT)),
        }
        self._commands: list = []
        self._shots: list = []          # (manifest entry as JSON, deflated solver data)
        self._game = 0
        self._placement = None          # the last cue-ball placement since the last shot
        session.listeners.append(self)
        if not self.hold:
            self.save()

    def __call__(self, session: GameSession, command, record) -> None:
        """The session listener: record `command` (and its shot) and save."""
        shot_index = None
        if isinstance(command, PlaceCueBall):
            self._placement = command.position
        elif isinstance(command, NextGame):
            self._game += 1
            self._placement = None
        if record is not None:
            shot_index = len(self._shots)
            entry = encode_shot(record, shot_index, len(self._commands), self._game,
                                self._placement, session.state, session.names)
            data = ShotData.of(record.result)
            entry["digest"] = data.digest()
            self._shots.append((json_bytes(entry),
                                Member.deflate(entry["data"], json_bytes(data.to_plain()))))
            self._placement = None
        self._commands.append(encode_command(command, shot_index))
        if not self.hold:
            self.save()

    def _manifest_json(self) -> bytes:
        """The manifest. Shot entries never change once played, so each was serialised
        when played and is spliced in here as it is: a late save in a long match then
        costs milliseconds, not the tens a whole new dump takes."""
        extra = self.annotate() if self.annotate is not None else {}
        head = json_bytes({**self._header, **extra, "commands": self._commands,
                           "games_won": list(self.session.games_won)})
        return head[:-1] + b',"shots":[' + b",".join(e for e, _ in self._shots) + b"]}"

    def save(self) -> None:
        """Write the whole match to `path` atomically."""
        members = [Member.deflate(MANIFEST_MEMBER, self._manifest_json())]
        members += [data for _, data in self._shots]
        try:
            write_atomic(self.path, members)
        except OSError as exc:
            self.error = exc
            log.warning("could not save the replay %s: %s", self.path, exc)
        else:
            self.error = None

    def detach(self) -> None:
        """Stop recording. The file keeps everything saved so far; a file of a match
        without a shot (at most a cue ball placed, or a concession) is removed."""
        if self in self.session.listeners:
            self.session.listeners.remove(self)
        if not self._shots and self.error is None and os.path.exists(self.path):
            os.unlink(self.path)        # (a held recorder may never have saved)
