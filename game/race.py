"""Matches: a race to N frames, played on a GameSession.

A frame is one game of the session; re-racks inside a game (a void 9-ball break, an
8-ball re-rack) stay in the same frame. The race gives the HUD the frame score and who
breaks, starts each next frame with the right breaker (breaks alternate, the rule book's
default; or the frame's winner breaks, its variant: R8-X18, R9-X18), says when the match
is over, and sums the match up. Everything is read back from the session's command log
and shot records, so a race rebuilt on a replayed session says the same.

Summary figures, per player:
* shots: the shots he played; fouls: how many of his shots had each foul (game.rules
  Foul; one shot with two fouls counts once under each);
* balls potted: object balls that went down on his shots without a foul and stayed down
  (a ball respotted or re-racked does not count);
* longest run: the most balls potted, counted as above, in one visit: his shots in a
  row while each ruling left him at the table.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace

from game.rules import CUE, EndReason, Player, RulesError
from game.session import Concede, GameSession, NextGame, Shoot
from game.session.describe import shot_lines


@dataclass(frozen=True)
class FrameResult:
    """Frame `number` (from 1): who broke, who won and why (None while it is played),
    and the shot records of its shots in order."""
    number: int
    breaker: Player
    winner: Player | None
    end_reason: EndReason | None
    shots: tuple


@dataclass(frozen=True)
class PlayerStats:
    """One player's match: frames won, shots played, fouls (Foul -> shots with that
    foul), balls potted and longest run (see the module docstring)."""
    frames_won: int
    shots: int
    fouls: dict
    balls_potted: int
    longest_run: int


@dataclass(frozen=True)
class MatchSummary:
    """A race's result: frames_to_win, score (frames won by Player.A, Player.B), the
    winner (None while the match goes on), every frame, and per-player stats."""
    frames_to_win: int
    score: tuple
    winner: Player | None
    frames: tuple
    players: tuple


class Race:
    """A race to `frames_to_win` frames on a fresh `session`; `winner_breaks`: the
    winner of each frame breaks the next instead of the breaks alternating."""

    def __init__(self, session: GameSession, frames_to_win: int, winner_breaks: bool = False):
        if not (isinstance(frames_to_win, int) and frames_to_win >= 1):
            raise ValueError(f"a race is to a whole number of frames >= 1, "
                             f"not {frames_to_win!r}")
        if session.commands:
            raise ValueError("a race starts on a session in which nothing has been played")
        self.session = session
        self.frames_to_win = frames_to_win
        self.winner_breaks = winner_breaks
        self.first_breaker = session.state.breaker

    @classmethod
    def resumed(cls, session: GameSession, frames_to_win: int, winner_breaks: bool,
                first_breaker: Player) -> "Race":
        """The race on a session already under way (a networked match's mirror, rebuilt
        from the server's commands), whose first frame `first_breaker` broke."""
        race = cls.__new__(cls)
        race.session, race.frames_to_win = session, frames_to_win
        race.winner_breaks, race.first_breaker = winner_breaks, Player(first_breaker)
        return race

    # ---- what the HUD shows ----------------------------------------------------------
    @property
    def score(self) -> tuple:
        """Frames won by (Player.A, Player.B)."""
        return tuple(self.session.games_won)

    @property
    def winner(self) -> Player | None:
        for player in Player:
            if self.score[player] >= self.frames_to_win:
                return player
        return None

    @property
    def over(self) -> bool:
        return self.winner is not None

    @property
    def breaker(self) -> Player:
        """Who broke (or breaks) the current frame."""
        return self.session.state.breaker

    @property
    def frame_number(self) -> int:
        """The current frame, from 1."""
        return 1 + sum(isinstance(c, NextGame) for c in self.session.commands)

    # ---- playing -----------------------------------------------------------------------
    def next_frame(self) -> None:
        """Rack the next frame, its breaker by the race's rule. RulesError if the current
        frame is not over or the match is."""
        if self.over:
            raise RulesError("the match is over")
        self.session.apply(NextGame(winner_breaks=self.winner_breaks))

    # ---- reading back ------------------------------------------------------------------
    def frames(self) -> list:
        """Every frame so far as a FrameResult, the current one last."""
        shots = iter(self.session.shots)
        frames = [FrameResult(1, self.first_breaker, None, None, ())]
        for command in self.session.commands:
            frame = frames[-1]
            if isinstance(command, Shoot):
                record = next(shots)
                frames[-1] = replace(frame, winner=record.ruling.winner,
                                     end_reason=record.ruling.end_reason,
                                     shots=frame.shots + (record,))
            elif isinstance(command, Concede):
                frames[-1] = replace(frame, winner=Player(command.player).other,
                                     end_reason=EndReason.CONCEDED)
            elif isinstance(command, NextGame):
                breaker = frame.winner if command.winner_breaks else frame.breaker.other
                frames.append(FrameResult(frame.number + 1, breaker, None, None, ()))
        return frames

    def shot_log(self, number: int | None = None, rings: bool = False) -> list:
        """Frame `number`'s shots (default: the current frame) in words, one line each:
        "3. Ana: Foul: no ball hit. Ben to play, ball in hand." `rings`: colour-blind
        play's words for the 8-ball groups and balls (game.session.describe)."""
        frame = self.frames()[(number or self.frame_number) - 1]
        session = self.session
        return shot_lines(frame.shots, session.engine, session.shown_names, session.commands,
                          rings)

    def summary(self) -> MatchSummary:
        frames = tuple(self.frames())
        players = tuple(_player_stats(frames, player) for player in Player)
        return MatchSummary(self.frames_to_win, self.score, self.winner, frames, players)


def _potted(record) -> int:
    """Object balls potted on a shot without a foul that stayed down."""
    ruling = record.ruling
    if ruling.fouls:
        return 0
    return sum(1 for b in record.facts.pocketed_balls if b != CUE and b not in ruling.layout)


def _player_stats(frames: tuple, player: Player) -> PlayerStats:
    shots, potted, longest = 0, 0, 0
    fouls = Counter()
    for frame in frames:
        run = 0
        for record in frame.shots:
            ruling = record.ruling
            if ruling.shooter != player:
                continue
            shots += 1
            fouls.update(ruling.fouls)
            pots = _potted(record)
            potted += pots
            run += pots
            longest = max(longest, run)
            if ruling.next_player != player:
                run = 0
    won = sum(1 for frame in frames if frame.winner == player)
    return PlayerStats(won, shots, dict(fouls), potted, longest)
