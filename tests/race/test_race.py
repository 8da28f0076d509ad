"""Races to N frames on a GameSession: the frame score, who breaks (alternating, or the
winner), the end of the match, and the summary, checked against a tally kept live by a
session listener while synthetic players (random strokes, a shot cap, then a concession)
play whole matches."""
import math
import random
from collections import Counter

import pytest

from physics_ext import Stroke
from game.race import Race
from game.rules import CUE, EndReason, Group, Player, RulesError
from game.rules.nine_ball import OptionChoice
from game.session import (ChooseGroup, ChooseOption, Concede, GameSession, PlaceCueBall,
                          Shoot)
from tests.session_helpers import random_spot

A, B = Player.A, Player.B
SHOT_CAP = 40          # shots per frame before the player at the table concedes


def concede_match(race, losers):
    """Frames decided by concessions only: `losers[k]` concedes frame k+1."""
    breakers = []
    for loser in losers:
        if race.session.state.game_over:
            race.next_frame()
        breakers.append(race.breaker)
        race.session.apply(Concede(loser))
    return breakers


def test_a_race_to_3_with_alternating_breaks():
    race = Race(GameSession("nine_ball", names=("Ana", "Ben"), seed=1, breaker=A), 3)
    assert (race.score, race.frame_number, race.breaker, race.over) == ((0, 0), 1, A, False)
    breakers = concede_match(race, [B, A, B, B])
    assert breakers == [A, B, A, B]
    assert race.score == (3, 1) and race.over and race.winner is A
    with pytest.raises(RulesError, match="match is over"):
        race.next_frame()
    summary = race.summary()
    assert summary.score == (3, 1) and summary.winner is A and summary.frames_to_win == 3
    assert [(f.number, f.breaker, f.winner, f.end_reason) for f in summary.frames] == [
        (1, A, A, EndReason.CONCEDED), (2, B, B, EndReason.CONCEDED),
        (3, A, A, EndReason.CONCEDED), (4, B, A, EndReason.CONCEDED)]
    assert [p.frames_won for p in summary.players] == [3, 1]
    assert all(p.shots == 0 and p.balls_potted == 0 for p in summary.players)


@pytest.mark.parametrize("mode", ["nine_ball", "eight_ball"])
def test_winner_breaks(mode):
    race = Race(GameSession(mode, seed=2, breaker=B), 3, winner_breaks=True)
    breakers = concede_match(race, [B, B, A, A, A])
    # B broke first; from then on whoever won the last frame breaks
    assert breakers == [B, A, A, B, B]
    assert race.score == (2, 3) and race.winner is B
    assert [f.breaker for f in race.frames()] == breakers


def test_the_next_frame_waits_for_this_one_to_end():
    race = Race(GameSession("nine_ball", seed=3), 2)
    with pytest.raises(RulesError, match="not over"):
        race.next_frame()
    assert race.frame_number == 1 and race.frames()[0].winner is None


def test_a_race_needs_a_whole_number_of_frames_and_a_fresh_session():
    for bad in (0, -1, 2.5, "3"):
        with pytest.raises(ValueError, match="whole number"):
            Race(GameSession("nine_ball"), bad)
    used = GameSession("nine_ball")
    used.apply(Concede(A))
    with pytest.raises(ValueError, match="nothing has been played"):
        Race(used, 3)


# ---- whole matches by synthetic players ----------------------------------------------

class Tally:
    """What a scorer at the table writes down, shot by shot, from the session listener."""

    def __init__(self):
        self.shots = Counter()
        self.fouls = [Counter(), Counter()]
        self.potted = Counter()
        self.runs = Counter()
        self.longest = Counter()
        self.frame_shots = 0

    def __call__(self, session, command, record):
        if record is None:
            if not isinstance(command, (PlaceCueBall, ChooseGroup, ChooseOption)):
                self.runs.clear()                       # a concession or a new frame
                self.frame_shots = 0
            return
        player = record.ruling.shooter
        self.frame_shots += 1
        self.shots[player] += 1
        self.fouls[player].update(record.ruling.fouls)
        down = set(record.facts.pocketed) - {CUE} - set(record.ruling.layout)
        pots = 0 if record.ruling.fouls else len(down)
        self.potted[player] += pots
        self.runs[player.other] = 0
        self.runs[player] += pots
        self.longest[player] = max(self.longest[player], self.runs[player])
        if record.ruling.next_player != player or record.ruling.winner is not None:
            self.runs[player] = 0


def pending_decision(session, rng):
    """What the player at the table must decide before he may shoot, at random; None
    when he may shoot."""
    if session.needs_cue_ball_placement:
        return PlaceCueBall(random_spot(session, rng))
    if session.option_pending is not None:
        return ChooseOption(rng.choice(list(OptionChoice)))
    if session.group_choice_pending:
        return ChooseGroup(rng.choice(list(Group)))
    return None


def play_frame(session, rng, tally):
    """Random but purposeful strokes (aimed at a ball that may be hit first) until the frame
    ends or SHOT_CAP, when the player at the table concedes."""
    while not session.state.game_over:
        if tally.frame_shots >= SHOT_CAP:
            session.apply(Concede(session.shooter))
            return
        while (decision := pending_decision(session, rng)) is not None:
            session.apply(decision)
        layout = session.state.layout
        cx, cy = layout[CUE]
        targets = sorted(set(layout) - {CUE})
        # 9-ball: the lowest ball first (R9-19); 8-ball: any ball may be the right one
        tx, ty = layout[targets[0] if session.mode == "nine_ball" else rng.choice(targets)]
        aim = math.atan2(ty - cy, tx - cx) + rng.gauss(0, 0.03)
        session.apply(Shoot(Stroke(azimuth=aim, elevation=math.radians(5), side=0.0,
                                   height=rng.uniform(-0.3, 0.3),
                                   speed=rng.uniform(1.5, 7.0))))


@pytest.mark.parametrize("mode, seed, winner_breaks", [("nine_ball", 11, False),
                                                       ("eight_ball", 12, False),
                                                       ("nine_ball", 13, True)])
def test_a_race_to_3_played_by_synthetic_players(mode, seed, winner_breaks):
    rng = random.Random(seed)
    session = GameSession(mode, names=("Ana", "Ben"), seed=seed)
    race = Race(session, 3, winner_breaks=winner_breaks)
    tally = Tally()
    session.listeners.append(tally)
    winners, breakers = [], []
    while True:
        breakers.append(race.breaker)
        play_frame(session, rng, tally)
        winners.append(session.state.winner)
        assert race.frames()[-1].winner == winners[-1]
        if race.over:
            break
        race.next_frame()
    won = Counter(winners)
    assert race.score == (won[A], won[B]) and max(race.score) == 3 and min(race.score) < 3
    assert race.winner == (A if won[A] == 3 else B)
    for previous, (winner, breaker) in zip(breakers, zip(winners, breakers[1:])):
        assert breaker == (winner if winner_breaks else previous.other)

    summary = race.summary()
    assert summary.score == race.score and summary.winner == race.winner
    assert [f.winner for f in summary.frames] == winners
    assert [f.breaker for f in summary.frames] == breakers
    assert sum(len(f.shots) for f in summary.frames) == len(session.shots)
    for player in Player:
        stats = summary.players[player]
        assert stats.frames_won == won[player]
        assert stats.shots == tally.shots[player]
        assert stats.fouls == dict(tally.fouls[player])
        assert stats.balls_potted == tally.potted[player]
        assert stats.longest_run == tally.longest[player]
    assert sum(p.shots for p in summary.players) == len(session.shots)
    assert sum(p.balls_potted for p in summary.players) > 0      # somebody potted something
    # the current frame's shot log, in words
    log = race.shot_log()
    assert len(log) == len(summary.frames[-1].shots)
    assert all(line.startswith(f"{k}. ") for k, line in enumerate(log, start=1))
    assert all(line.split(". ", 1)[1].split(":")[0] in ("Ana", "Ben") for line in log)
