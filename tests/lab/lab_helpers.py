"""Small runs the lab's tests share: a straight pot on the 9-ft table, a shot map of it
and a two-level tournament, all quick enough to run in a test."""
import math

from physics_ext import TableSpec
from game.ai.levels import BEGINNER
from game.lab.opponents import Contestant
from game.lab.shotmap import Grid, ShotMap
from game.lab.tournament import Tournament
from game.practice import Position
from game.rules import CUE, Layout

# The 9 on the line from the foot-right corner pocket (2.54, 0) at 45 degrees, the cue
# ball further out on the same line: aim offset 0 is a straight-in pot.
BALL = (2.2, 0.34)
CUE_BALL = (1.8, 0.74)


def straight_pot() -> Position:
    return Position(TableSpec.nine_foot(), "nine_ball", Layout({CUE: CUE_BALL, 9: BALL}))


def small_map(chunk_cells: int = 4, seed: int = 1, samples: int = 3, noise: str = "amateur",
              aim_deg=(-3.0, -1.0, 0.0, 1.0, 3.0), speed=(1.5, 3.0)) -> ShotMap:
    grid = Grid(aim=tuple(math.radians(a) for a in aim_deg), speed=speed,
                height=(-0.4, -0.2), elevation=(math.radians(5.0),))
    return ShotMap(position=straight_pot(), target=9, grid=grid, noise=noise,
                   samples=samples, seed=seed, chunk_cells=chunk_cells)


def small_tournament(games: int = 2, chunk_games: int = 1, seed: int = 3) -> Tournament:
    return Tournament(mode="nine_ball", players=(Contestant("beginner", BEGINNER),
                                                 Contestant("also beginner", BEGINNER)),
                      games=games, seed=seed, chunk_games=chunk_games)
