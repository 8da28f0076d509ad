"""Helpers shared by the session and race tests (plain functions, no fixtures)."""
from game.rules import placement_allowed


def random_spot(session, rng):
    """A random (x, y) (m) where the rules let `session`'s cue ball in hand go now."""
    table = session.table
    for _ in range(10_000):
        p = (rng.uniform(0.03, table.length - 0.03), rng.uniform(0.03, table.width - 0.03))
        if placement_allowed(table, session.state.ball_in_hand, p, session.state.layout,
                             session.ball_set):
            return p
    raise AssertionError("no legal spot for the cue ball")
