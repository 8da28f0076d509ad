"""The statistics of a match written as it is played: a GameSession listener beside the
replay Recorder, each shot in its own transaction.

A database error (disk full, the file removed under the game) is logged and kept in
`error`; the game goes on, and the replay, which holds everything, rebuilds the
database later (python -m game.profiles rebuild).
"""
from __future__ import annotations

import logging
import os
import sqlite3

from game.session import Concede, GameSession, NextGame
from game.replay.manifest import encode_ruling

from .shots import shot_line
from .writer import MatchWriter

log = logging.getLogger(__name__)


class StatsRecorder:
    """Writes `session` to the statistics database `conn` as it is played. recorder: the
    session's replay Recorder (the match is known by its file's name and start time);
    seats: the two Seats, player 0 first; online, replace: as for MatchWriter. Attach
    before the first command."""

    def __init__(self, session: GameSession, conn: sqlite3.Connection, recorder,
                 seats: tuple, race_to: int = 1, online: bool = False,
                 replace: bool = False):
        if session.commands:
            raise ValueError("attach the statistics before the session's first command")
        self.session = session
        self.error: sqlite3.Error | None = None
        self.writer = None
        try:
            self.writer = MatchWriter(conn, os.path.basename(recorder.path), session.mode,
                                      recorder.created, race_to, seats, online, replace)
        except sqlite3.Error as exc:
            self._failed(exc)
        session.listeners.append(self)

    def __call__(self, session: GameSession, command, record) -> None:
        if self.writer is None:
            return
        try:
            if record is not None:
                before = record.state_before
                ruling = encode_ruling(record.ruling)     # as the replay stores it
                line = shot_line(session.mode, session.table, self.writer.game,
                                 int(before.shooter), before.is_break, record.command.push_out,
                                 record.ball_ids, ruling, record.result)
                self.writer.shot(line, ruling["winner"], ruling["end_reason"] or "")
            elif isinstance(command, Concede):
                state = session.state
                self.writer.concede(int(state.winner), state.end_reason.value)
            elif isinstance(command, NextGame):
                self.writer.next_game()
        except sqlite3.Error as exc:
            self._failed(exc)

    def _failed(self, exc: sqlite3.Error) -> None:
        self.error = exc
        log.warning("could not write the statistics: %s", exc)

    def detach(self) -> None:
        """Stop writing. What was written stays, but a match without a shot goes, as its
        replay does (game.replay.Recorder.detach), so the database keeps only what the
        replays can rebuild."""
        if self in self.session.listeners:
            self.session.listeners.remove(self)
        if self.writer is not None and self.writer.shots == 0:
            try:
                self.writer.discard()
            except sqlite3.Error as exc:
                self._failed(exc)
