"""What a match's shots add up to, with shots written by hand: visits, runs, break-and-
runs (not by a concession), the break's outcome, fouls, frames, the score and whether
the match is finished, and the ratings after each frame."""
import pytest

from game.profiles.glicko2 import Rating, update
from game.profiles.ratings import computer_rating
from game.profiles.seats import Seat, computer
from game.profiles.shots import ShotLine
from game.profiles.stats import seat_stats
from game.profiles.writer import MatchWriter

ANN = Seat("profile", "Ann", "2026-04-30T10:00:00+00:00")


def shot(shooter, potted=0, is_break=False, keeps=None, fouls=(), key_ball=False, made=None):
    attempt = not is_break
    return ShotLine(game=0, shooter=shooter, is_break=is_break, potted=potted,
                    scratch="cue_ball_potted" in fouls, key_ball=key_ball, fouls=fouls,
                    attempt=attempt, made=attempt and (potted > 0 if made is None else made),
                    cut_angle=0.5 if attempt else None, distance=1.2 if attempt else None,
                    keeps_table=potted > 0 and not fouls if keeps is None else keeps)


def test_a_race_to_two_adds_up(db):
    writer = MatchWriter(db, "m.bsreplay", "nine_ball", "2026-05-01T12:00:00+00:00", 2,
                         (ANN, computer("pro")))
    # Frame 1: Ann breaks two in and runs the other seven (a break-and-run).
    writer.shot(shot(0, potted=2, is_break=True))
    for k in range(6):
        writer.shot(shot(0, potted=1))
    writer.shot(shot(0, potted=1, key_ball=True), winner=0, reason="nine_potted")
    writer.next_game()
    # Frame 2: the pro breaks dry, Ann scratches, the pro pots one, misses; Ann concedes.
    writer.shot(shot(1, is_break=True, keeps=False))
    writer.shot(shot(0, fouls=("cue_ball_potted",)))
    writer.shot(shot(1, potted=1))
    writer.shot(shot(1, keeps=False))
    writer.concede(1, "conceded")
    ann = seat_stats(db, "profile:Ann", "nine_ball")
    assert (ann.frames_won, ann.frames_lost, ann.unfinished) == (1, 1, 1)
    assert (ann.visits, ann.potted, ann.best_run, ann.break_and_runs) == (2, 9, 9, 1)
    assert (ann.attempts, ann.made, ann.breaks, ann.break_balls) == (8, 7, 1, (0, 0, 1, 0, 0))
    assert ann.fouls == (("cue_ball_potted", 1),)
    assert ann.opponents == (("computer:pro", 1, 1),)
    pro = seat_stats(db, "computer:pro", "nine_ball")
    assert (pro.visits, pro.potted, pro.break_and_runs, pro.breaks) == (2, 1, 0, 1)
    # Frame 3 decides the race: the pro breaks and Ann concedes at once (no run out).
    writer.next_game()
    writer.shot(shot(1, potted=1, is_break=True))
    writer.concede(1, "conceded")
    ann = seat_stats(db, "profile:Ann", "nine_ball")
    assert (ann.matches_won, ann.matches_lost, ann.unfinished) == (0, 1, 0)
    assert seat_stats(db, "computer:pro", "nine_ball").break_and_runs == 0
    # Three frames against the pro's fixed rating: a win then two losses, one by one.
    pro_rating = computer_rating("nine_ball", "pro")
    expected = Rating()
    for score in (1.0, 0.0, 0.0):
        expected = update(expected, [(pro_rating, score)])
    assert ann.rating == (expected.rating, expected.deviation, 3)
    assert pro_rating.rating == pytest.approx(1691.7, abs=0.1)


def test_a_guest_frame_is_not_rated_and_a_match_without_a_shot_goes(db):
    writer = MatchWriter(db, "g.bsreplay", "eight_ball", "2026-05-01T12:00:00+00:00", 1,
                         (ANN, Seat()))
    writer.shot(shot(0, is_break=True, keeps=False))
    writer.concede(0, "conceded")
    assert seat_stats(db, "profile:Ann", "eight_ball").rating is None
    empty = MatchWriter(db, "e.bsreplay", "eight_ball", "2026-05-01T12:01:00+00:00", 1,
                        (ANN, computer("beginner")))
    empty.concede(1, "conceded")         # before a first shot: no match, no frame to rate
    assert seat_stats(db, "profile:Ann", "eight_ball").rating is None
    empty.discard()
    assert seat_stats(db, "profile:Ann", "eight_ball").rating is None
    assert db.execute("SELECT COUNT(*) FROM matches").fetchone() == (1,)
