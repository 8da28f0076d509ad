"""Writing a match to the statistics database as it is played: the match with its first
shot (a match without a shot is no match: a kill at its start leaves no row), each shot
in its own transaction (with the frame, the ratings and the match's score when
that shot ends a frame), a conceded frame, the next game.

Both the live listener (listener.py) and the rebuild from replays (rebuild.py) drive a
MatchWriter with the same calls in the same order, so both write the same rows.
"""
from __future__ import annotations

import contextlib
import sqlite3

from game.rules import EndReason

from .ratings import rate_all_frames, rate_frame
from .seats import Seat
from .shots import ShotLine
from .totals import add_shot, remove_match


CONCEDED = EndReason.CONCEDED.value


class MatchWriter:
    """One match's rows in `conn`. replay: the replay file's name (the match's identity:
    the rebuild finds it again); created: the match's start, ISO 8601 UTC; race_to:
    frames that win the match (1: single games); seats: the two Seats, seat 0 first;
    online: a match played through a match server (the player's own copy of it).
    A match already in the database (the same replay) is an sqlite3.IntegrityError at
    its first shot, unless `replace`: then its rows go and it is written again under the
    same id, from its first shot (an online match's copy, recorded again whenever the
    game's mirror of it is rebuilt; a match caught up from its replay, rebuild.catch_up);
    while matches played after it are in the database, each frame's end rates all frames
    again in match order, as a rebuild from the replays does."""

    def __init__(self, conn: sqlite3.Connection, replay: str, mode: str, created: str,
                 race_to: int, seats: tuple, online: bool = False, replace: bool = False):
        self.conn = conn
        self.mode = mode
        self.race_to = race_to
        self.seats = tuple(s.key for s in seats)
        self.won = [0, 0]
        self.game = 0
        self.shots = 0
        self.visit = 0
        self._visit_player = None          # who is at the table (None: a new visit next)
        self._run = 0                      # balls potted in the visit so far
        self._breaker = -1                 # the seat that broke this game (-1: no break yet)
        self._game_shooters: set = set()
        self._rate_all = False             # later matches' frames: rate all in order
        self.id = None
        self._row = (replay, mode, created, race_to, *self.seats, online)
        self._profiles = [(seat.name, seat.created, mode) for seat in seats
                          if seat.kind == "profile"]
        self._replace = replace

    def _match_row(self) -> None:
        """The match's row and its players' profiles, in the transaction of its first
        shot (an earlier row of the same replay removed first when replacing)."""
        if self.id is not None:
            return
        self.conn.executemany("INSERT OR IGNORE INTO profiles VALUES (?, ?, ?)", self._profiles)
        old = self.conn.execute("SELECT id FROM matches WHERE replay=?",
                                self._row[:1]).fetchone() if self._replace else None
        if old is not None:
            _discard(self.conn, old[0])
            self._rate_all = self.conn.execute("SELECT 1 FROM matches WHERE id>?",
                                               old).fetchone() is not None
        self.id = self.conn.execute(
            "INSERT INTO matches (id, replay, mode, created, race_to, seat0, seat1, online) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?)", (old[0] if old else None, *self._row)).lastrowid

    def shot(self, line: ShotLine, winner: int | None = None, reason: str = "") -> None:
        """Write one shot; `winner`: the seat that won the frame on it (None: it goes on),
        `reason` how (the rules' EndReason value)."""
        new_visit = line.shooter != self._visit_player
        if new_visit:
            self.visit += 1
            self._run = 0
        self._run += line.potted
        self._visit_player = line.shooter if line.keeps_table else None
        if line.is_break:
            self._breaker = line.shooter
        self._game_shooters.add(line.shooter)
        with transaction(self.conn):
            self._match_row()
            self.conn.execute(
                "INSERT INTO shots VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (self.id, self.shots, self.game, self.mode, self.seats[line.shooter],
                 line.shooter, self.visit, line.is_break, line.potted, line.scratch,
                 line.key_ball, ",".join(line.fouls), line.attempt, line.made, line.cut_angle,
                 line.distance))
            add_shot(self.conn, self.id, self.seats[line.shooter], self.mode, line, new_visit,
                     self._run)
            self.shots += 1
            if winner is not None:
                self._frame_over(winner, reason)
            elif self.race_to == 1:
                self._score(finished=False)

    def concede(self, winner: int, reason: str) -> None:
        """The frame was conceded: seat `winner` wins it. Before the match's first shot
        there is no match to write it to (nor a replay: game.replay.Recorder)."""
        if self.id is None:
            return
        with transaction(self.conn):
            self._frame_over(winner, reason)

    def next_game(self) -> None:
        self.game += 1
        self._visit_player = None
        self._breaker = -1
        self._game_shooters = set()

    def discard(self) -> None:
        """Remove the match (its frames' ratings recomputed without them)."""
        if self.id is None:
            return
        with transaction(self.conn):
            _discard(self.conn, self.id)

    def _frame_over(self, winner: int, reason: str) -> None:
        # The breaker won without the opponent at the table, on the table (a concession
        # is not a run out).
        run = (self._game_shooters == {self._breaker} and winner == self._breaker
               and reason != CONCEDED)
        self.conn.execute("INSERT INTO frames VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                          (self.id, self.game, self.mode, *self.seats, winner, self._breaker,
                           run, reason))
        if self._rate_all:
            rate_all_frames(self.conn)
        else:
            rate_frame(self.conn, self.mode, self.seats, winner)
        self.won[winner] += 1
        self._score(finished=self.race_to == 1 or max(self.won) >= self.race_to)

    def _score(self, finished: bool) -> None:
        winner = None
        if finished and self.won[0] != self.won[1]:
            winner = int(self.won[1] > self.won[0])
        self.conn.execute("UPDATE matches SET won0=?, won1=?, finished=?, winner=? WHERE id=?",
                          (*self.won, finished, winner, self.id))


def _discard(conn, match_id: int) -> None:
    """Remove a match's rows, the ratings recomputed without its frames."""
    rated = conn.execute("SELECT COUNT(*) FROM frames WHERE match=?", (match_id,)).fetchone()[0]
    _delete_match(conn, match_id)
    if rated:
        rate_all_frames(conn)


def _delete_match(conn, match_id: int) -> None:
    remove_match(conn, match_id)
    for table, column in (("shots", "match"), ("side_totals", "match"), ("frames", "match"),
                          ("matches", "id")):
        conn.execute(f"DELETE FROM {table} WHERE {column}=?", (match_id,))


@contextlib.contextmanager
def transaction(conn):
    """One transaction for the block, committed at its end (rolled back on an error);
    inside a transaction the caller opened (a rebuild writes a whole match at once),
    just part of that one."""
    if conn.in_transaction:
        yield
        return
    with conn:
        yield
