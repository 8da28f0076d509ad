"""Break series (game.ai.break_stats, reported by `python -m game.break_demo --breaks`):
every break is counted once, the tallies agree with one another, and the same seed plays
the same breaks on racks that differ from break to break."""
import pytest

from game.ai.break_stats import break_series
from game.break_demo import break_summary
from game.rules.racks import rack_seed
from game.session import GameSession


@pytest.mark.parametrize("mode", ["nine_ball", "eight_ball"])
def test_a_short_series_adds_up_and_repeats(mode):
    stats = break_series(mode, "beginner", 3, seed=4)
    assert stats.breaks == 3 == sum(stats.potted.values())
    assert 0 <= stats.game_ball <= stats.made_a_ball <= 3
    assert stats.scratches <= stats.fouls <= 3           # a scratch is always a foul
    again = break_series(mode, "beginner", 3, seed=4)
    assert (again.potted, again.game_ball, again.scratches, again.fouls) == \
        (stats.potted, stats.game_ball, stats.scratches, stats.fouls)
    text = break_summary(stats)
    assert "At least one ball potted" in text and "Cue ball scratched" in text


def test_every_break_of_a_series_has_its_own_rack():
    racks = {tuple(sorted(GameSession("nine_ball", seed=rack_seed(1, k)).state.layout.items()))
             for k in range(5)}
    assert len(racks) == 5
