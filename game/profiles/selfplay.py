"""Matches played headless by the computer levels, recorded to a replay and to the
statistics at once by the game's own listeners: the property tests' matches and the
statistics screen's documentation picture."""
from __future__ import annotations

from datetime import datetime

from game.ai import Opponent
from game.replay import Recorder
from game.session import Concede, GameSession, NextGame

from .listener import StatsRecorder


def play_recorded(conn, folder, mode: str, seats, levels, seed: int, started: datetime,
                  shots_per_game: int = 6, games: int = 1, race_to: int = 1,
                  concede_last: bool = True):
    """A match of `games` games between `seats` (Seats, player 0 first) played by
    computers of `levels`, recorded into the replay folder `folder` and the database
    `conn`: each game runs for at most `shots_per_game` shots, then the player at the
    table concedes it unless it ended, or, in the last game when concede_last is False,
    it is left unfinished. Returns (session, recorder)."""
    session = GameSession(mode, tuple(s.name or "Guest" for s in seats), seed=seed)
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
