"""The greedy opponent's pot search (game.ai.shots.direct_shots, through
game.ai.geometry.pocket_windows and path_blocked) computes its lengths, dot products and
clips with geometry.norms, geometry.dot2 and geometry.clip01 instead of np.linalg.norm,
np.einsum and np.clip, for speed: over many seeded layouts every number it returns, and
the greedy player's every decision, must be the same bit for bit as with numpy's own
functions."""
import math

import numpy as np
import pytest

from game.ai import geometry, shots
from game.ai.geometry import path_blocked, pocket_windows
from game.ai.shots import direct_shots
from game.learn.opponents import GREEDY_SIGMA, GreedyPlayer
from game.rules import CUE, NINE_BALL_SET, BallInHand, nine_ball
from game.rules.layout import Layout

LAYOUTS = 1500


def reference_numpy(monkeypatch) -> None:
    """Route the helpers back to numpy's own functions."""
    norm = lambda v: np.linalg.norm(v, axis=-1)     # noqa: E731
    monkeypatch.setattr(geometry, "norms", norm)
    monkeypatch.setattr(shots, "norms", norm)
    monkeypatch.setattr(geometry, "dot2", lambda a, b: np.einsum("...k,...k->...", a, b))
    monkeypatch.setattr(geometry, "clip01", lambda v: np.clip(v, 0.0, 1.0))


def layouts(table, seed: int, count: int):
    """`count` seeded layouts of 1 to 9 object balls and the cue ball, none overlapping,
    a fifth of them with balls touching (a rack's, a frozen ball's) or in the jaws."""
    rng = np.random.default_rng(seed)
    r = NINE_BALL_SET.object_radius
    for _ in range(count):
        placed = {}
        for ball in [CUE] + sorted(rng.choice(np.arange(1, 10), rng.integers(1, 10),
                                              replace=False).tolist()):
            for _ in range(200):
                if placed and rng.random() < 0.2:      # touching a ball already placed
                    other = list(placed.values())[rng.integers(len(placed))]
                    angle = rng.uniform(-math.pi, math.pi)
                    xy = (other[0] + 2.0 * r * math.cos(angle) * (1.0 + 1e-12),
                          other[1] + 2.0 * r * math.sin(angle) * (1.0 + 1e-12))
                else:
                    xy = (rng.uniform(r - 0.02, table.length - r + 0.02),
                          rng.uniform(r - 0.02, table.width - r + 0.02))
                if all(math.dist(xy, p) >= 2.0 * r for p in placed.values()):
                    placed[ball] = xy
                    break
        yield placed


def pot_search(table, layout) -> list:
    """Every number direct_shots, pocket_windows and path_blocked give on `layout`, as
    bytes, and the pots found."""
    ids = (CUE,) + tuple(sorted(b for b in layout if b != CUE))
    positions = np.array([layout[b] for b in ids], dtype=float)
    radii = np.array([NINE_BALL_SET.radius(b) for b in ids])
    cue = positions[0]
    out = [a.tobytes() for a in pocket_windows(table, positions, radii)]
    out.append(path_blocked(np.repeat(cue[None, :], len(ids), axis=0), positions,
                            float(radii[0]), positions, radii).tobytes())
    for targets in (ids[1:2], ids[1:]):
        for shot in direct_shots(table, cue, float(radii[0]), positions, radii, ids,
                                 targets, GREEDY_SIGMA):
            out.append((shot.ball, shot.pocket, shot.ghost.tobytes(),
                        np.array([shot.direction, shot.half, shot.cut, shot.cue_distance,
                                  shot.ball_distance, shot.quality]).tobytes()))
    return out


def greedy_decisions(table, layout) -> list:
    """The greedy player's commands on `layout`, the cue ball in play and in hand."""
    state = nine_ball.new_game(seed=1)
    state = state.__class__(**{**state.__dict__, "layout": Layout(layout),
                               "is_break": False, "ball_in_hand": BallInHand.NONE})
    decisions = [GreedyPlayer().commands(state)]
    in_hand = state.__class__(**{**state.__dict__, "layout": Layout(layout).without([CUE]),
                                 "ball_in_hand": BallInHand.ANYWHERE})
    decisions.append(GreedyPlayer().commands(in_hand))
    return decisions


@pytest.mark.parametrize("seed", [1, 2])
def test_the_pot_search_gives_numpys_numbers_bit_for_bit(seed, monkeypatch):
    table = nine_ball.new_game(seed=1).table
    sets = list(layouts(table, seed, LAYOUTS))
    fast = [pot_search(table, layout) for layout in sets]
    reference_numpy(monkeypatch)
    slow = [pot_search(table, layout) for layout in sets]
    assert fast == slow
    assert sum(len(f) > 4 for f in fast) > LAYOUTS // 4      # pots were found


def test_the_greedy_player_decides_as_with_numpys_functions(monkeypatch):
    table = nine_ball.new_game(seed=1).table
    sets = [layout for layout in layouts(table, 3, 400) if len(layout) > 1]
    fast = [greedy_decisions(table, layout) for layout in sets]
    reference_numpy(monkeypatch)
    assert fast == [greedy_decisions(table, layout) for layout in sets]
