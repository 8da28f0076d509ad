"""Glicko-2 against the worked example of Glickman's "Example of the Glicko-2 system"."""
import pytest

from game.profiles.glicko2 import Rating, expected_score, update


def test_the_papers_worked_example():
    player = Rating(1500.0, 200.0, 0.06)
    games = [(Rating(1400.0, 30.0), 1.0), (Rating(1550.0, 100.0), 0.0),
             (Rating(1700.0, 300.0), 0.0)]
    after = update(player, games, tau=0.5)
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.deviation == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=1e-5)


def test_a_win_raises_and_a_loss_lowers_the_rating():
    me, other = Rating(1500.0, 200.0), Rating(1600.0, 80.0)
    assert update(me, [(other, 1.0)]).rating > 1500.0 > update(me, [(other, 0.0)]).rating


def test_no_games_only_widens_the_deviation_up_to_a_newcomers():
    assert update(Rating(1600.0, 100.0, 0.06), []).deviation > 100.0
    assert update(Rating(1600.0, 349.99, 0.06), []).deviation == 350.0


def test_expected_score_is_symmetric_at_equal_ratings():
    assert expected_score(Rating(1500, 50), Rating(1500, 50)) == pytest.approx(0.5)
    assert expected_score(Rating(1700, 50), Rating(1500, 50)) > 0.7
