"""Property: any short sequence of matches played headless by the computer levels gives
statistics (and ratings) equal to those recomputed from their replays alone."""
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.profiles.rebuild import rebuild
from game.profiles.store import open_store

from profile_helpers import ANN, BOB, computer, every_stat, play

SEATS = [ANN, BOB, computer("beginner"), computer("pro")]
LEVEL_OF = {"profile:Ann": "amateur", "profile:Bob": "beginner", "computer:beginner": "beginner",
            "computer:pro": "pro"}

a_match = st.fixed_dictionaries({
    "mode": st.sampled_from(["nine_ball", "eight_ball"]),
    "sides": st.permutations(range(len(SEATS))).map(lambda p: p[:2]),
    "seed": st.integers(0, 10_000),
    "games": st.integers(1, 2),
    "shots": st.integers(1, 4),
    "concede_last": st.booleans(),
})


@settings(max_examples=3, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(matches=st.lists(a_match, min_size=1, max_size=3))
def test_statistics_equal_their_recomputation_from_the_replays(tmp_path_factory, matches):
    folder = tmp_path_factory.mktemp("property")
    conn = open_store(folder / "live.sqlite")
    for minute, m in enumerate(matches):
        seats = tuple(SEATS[k] for k in m["sides"])
        play(conn, folder / "replays", m["mode"], seats, [LEVEL_OF[s.key] for s in seats],
             m["seed"], minute, shots_per_game=m["shots"], games=m["games"],
             race_to=m["games"], concede_last=m["concede_last"])
    rebuild(folder / "rebuilt.sqlite", folder / "replays")
    assert every_stat(open_store(folder / "rebuilt.sqlite")) == every_stat(conn)
