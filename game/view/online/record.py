"""Each player's own copy of a match played online: his game records the client's
mirror session to a replay in his replay folder, marked online (the server, the join
code, his seat), and writes it to his statistics as a local match is written, marked
online too. A spectator records nothing.

The client rebuilds its mirror from the match's first command after a reconnect or a
resync (game.net.client); the copy follows it. A new session of the match's opening (the
replica) is given the mirror's commands, each shot with the mirror's result (nothing is
simulated again), while the replay Recorder and the statistics listener listen to it;
then they listen to the mirror itself. So the file holds exactly the commands the server
applied, each shot with the result the mirror plays (the server's, once resynchronised),
and the statistics are those a rebuild from the file gives.

A game closed mid-match and started again takes the seat back (Resume match) and goes on
in the same file: the replay in the folder with the same online mark and opening.
"""
from __future__ import annotations

import contextlib
import os
from datetime import datetime, timezone

from game.i18n import _
from game.profiles.seats import Seat
from game.replay import Recorder
from game.replay.library import new_replay_path, online_replay, replay_directory
from game.replay.manifest import OnlineMark, encode_match, encode_online_mark
from game.session import Shoot


class OnlineRecord:
    """Records the match of the seated `client` (a started MatchClient) to a replay in
    `directory` (default: the user's replay folder) and, through `statistics` (a
    game.profiles.keeper.StatisticsKeeper, or None), to the statistics: the player's
    seat is his profile when one is named as he played, else a guest; the opponent, who
    plays elsewhere, a guest. Call `follow` after every poll of the client, `close` when
    the match is left. notice: why the match is not recorded, or None."""

    def __init__(self, client, statistics=None, directory=None):
        self.client = client
        self.statistics = statistics
        self.directory = directory
        self.mark = OnlineMark(client.url, client.code, client.seat)
        self.mirror = None              # the client's session the copy follows
        self.recorder: Recorder | None = None
        self.path = None
        self.started: datetime | None = None
        self.seats: tuple | None = None
        self.notice: str | None = None
        self.follow()

    def _annotate(self) -> dict:
        return {"online": encode_online_mark(self.mark)}

    def follow(self) -> None:
        """Record the client's mirror; when it is a new session (the first, or rebuilt),
        record it again from the match's opening into the same file."""
        mirror = self.client.session
        if mirror is None or mirror is self.mirror or self.notice is not None:
            return
        self.mirror = mirror
        replica = self.client.new_session()
        race_to = self.client.info["race_to"]
        if self.path is None:
            try:
                self._place(replica)
            except OSError as exc:
                self.notice = _("This match will not be recorded ({error}).").format(error=exc)
                return
            self.seats = self._seats(replica.names)
        if self.recorder is not None and self.recorder in self.recorder.session.listeners:
            self.recorder.session.listeners.remove(self.recorder)
        recorder = Recorder(replica, path=self.path, started=self.started, race_to=race_to,
                            seats=[seat.to_plain() for seat in self.seats],
                            annotate=self._annotate, hold=True)
        conn = self.statistics.connection() if self.statistics is not None else None
        # The match's rows written again in one transaction (one sync, not one a shot).
        with conn if conn is not None else contextlib.nullcontext():
            if conn is not None:
                conn.execute("BEGIN")
            if self.statistics is not None:
                self.statistics.start(replica, recorder, self.seats, race_to, online=True,
                                      replace=True)
            results = iter([record.result for record in mirror.shots])
            for command in mirror.commands:
                replica.apply(command, next(results) if isinstance(command, Shoot) else None)
        # From now on the listeners hear the mirror's commands as they come.
        for listener in replica.listeners:
            listener.session = mirror
            mirror.listeners.append(listener)
        replica.listeners.clear()
        recorder.hold = False
        recorder.save()
        self.recorder = recorder

    def _place(self, replica) -> None:
        """The file and start time: those of the copy a game closed mid-match recorded,
        else a new name (ending in the join code) and now."""
        found = online_replay(self.directory, self.mark,
                              encode_match(replica, replica.state))
        if found is not None:
            self.path, self.started = found
            return
        directory = replay_directory() if self.directory is None else self.directory
        os.makedirs(directory, exist_ok=True)
        self.started = datetime.now(timezone.utc)
        self.path = new_replay_path(directory, replica.mode, replica.names, self.started,
                                    self.mark.code)

    def _seats(self, names) -> tuple:
        seats = [Seat(), Seat()]
        if self.statistics is not None:
            seats[self.mark.seat] = self.statistics.seats(names, ("human", "human"))[
                self.mark.seat]
        return tuple(seats)

    def close(self) -> None:
        """Stop recording (a match without a shot leaves no file and no statistics)."""
        if self.statistics is not None:
            self.statistics.stop()
        if self.recorder is not None:
            self.recorder.detach()
            self.recorder = None
