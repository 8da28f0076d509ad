"""Short matches played headless by the computer levels, recorded to replays and to a
statistics database at once (the game's own listeners)."""
from datetime import datetime, timedelta, timezone

import pytest

from game.ai import Opponent
from game.profiles.listener import StatsRecorder
from game.profiles.seats import Seat, computer
from game.profiles.store import open_store
from game.replay import Recorder
from game.rules import RulesError
from game.session import Concede, GameSession, NextGame

START = datetime(2026, 5, 1, 12, 0, 0, tzinfo=timezone.utc)
ANN = Seat("profile", "Ann", "2026-04-30T10:00:00+00:00")
BOB = Seat("profile", "Bob", "2026-04-30T11:00:00+00:00")


def play(conn, folder, mode, seats, levels, seed, minute, shots_per_game=6, games=1,
         race_to=1, concede_last=True):
    """A match of `games` games between `seats` played by computers of `levels`: each
    game is played for at most `shots_per_game` shots, then the player at the table
    concedes (a finished frame) unless it ended, or, for the last game when
    concede_last is False, is left unfinished."""
    session = GameSession(mode, ("A", "B"), seed=seed)
    started = START + timedelta(minutes=minute)
    recorder = Recorder(session, directory=folder, started=started, race_to=race_to,
                        seats=[s.to_plain() for s in seats])
    stats = StatsRecorder(session, conn, recorder, seats, race_to)
    players = [Opponent(level, seed=seed * 2 + k, params=session.params)
               for k, level in enumerate(levels)]
    for game in range(games):
        if game:
            session.apply(NextGame())
        shots = 0
        while not session.state.game_over and shots < shots_per_game:
            state = session.state
            who = state.option_pending if session.option_pending is not None else state.shooter
            for command in players[int(who)].decide(state).commands:
                shots += session.apply(command) is not None
        if not session.state.game_over and (concede_last or game < games - 1):
            session.apply(Concede(session.state.shooter))
    stats.detach()
    recorder.detach()
    return session, recorder


@pytest.fixture
def db(tmp_path):
    conn = open_store(tmp_path / "live.sqlite")
    yield conn
    conn.close()


__all__ = ["play", "ANN", "BOB", "computer", "RulesError"]
