"""What each game mode puts on screen: its table, its balls' looks and sizes, and where the
cue ball starts. Pure data (no Panda3D).

Ball ids, sizes, masses and 8-ball colours come from `game.rules.balls`, so the view
draws exactly the balls the rules and the solver use: 0 = the cue ball; 9-ball 1..9,
numbered, the 9 striped; red/yellow 8-ball 1..7 red, 8 the black, 9..15 yellow, and a
smaller cue ball.
"""
from __future__ import annotations

from dataclasses import dataclass

from game.i18n import N_
from game.rules.balls import CUE, EIGHT_BALL_SET, NINE, NINE_BALL_SET, Colour, colour_of
from physics_ext.table import TableSpec

# Ball colours, RGB in 0..1 (the usual pool-ball palette).
WHITE = (0.95, 0.94, 0.89)
YELLOW = (0.98, 0.76, 0.05)
BLUE = (0.06, 0.20, 0.72)
RED = (0.84, 0.07, 0.05)
PURPLE = (0.36, 0.12, 0.56)
ORANGE = (0.98, 0.42, 0.04)
GREEN = (0.02, 0.42, 0.20)
MAROON = (0.48, 0.07, 0.08)
BLACK = (0.035, 0.035, 0.035)

NINE_BALL_COLOURS = (YELLOW, BLUE, RED, PURPLE, ORANGE, GREEN, MAROON, BLACK, YELLOW)


@dataclass(frozen=True)
class BallStyle:
    """How one ball looks.

    ball_id: 0 = cue ball. radius: metres. mass: kg. colour: RGB 0..1 (the band colour of
    a striped ball, whose caps are white). number: printed in two white circles, or None.
    striped: white ball with a coloured band. spots: the cue ball's small red spots,
    which show its spin.
    """
    ball_id: int
    radius: float
    mass: float
    colour: tuple
    number: int | None = None
    striped: bool = False
    spots: bool = False


@dataclass(frozen=True)
class Mode:
    """A game mode's table, balls and the cue ball's opening spot (x, y) in metres."""
    name: str
    table: TableSpec
    balls: tuple
    cue_ball_spot: tuple

    def style(self, ball_id: int) -> BallStyle:
        """The style of `ball_id`; KeyError names the known ids."""
        for style in self.balls:
            if style.ball_id == ball_id:
                return style
        raise KeyError(f"mode {self.name!r} has no ball {ball_id}; ids are "
                       f"{[s.ball_id for s in self.balls]}")


def _nine_ball() -> Mode:
    table = TableSpec.nine_foot()
    balls = NINE_BALL_SET
    styles = [BallStyle(CUE, balls.radius(CUE), balls.mass(CUE), WHITE, spots=True)]
    for n, colour in zip(balls.object_balls, NINE_BALL_COLOURS):
        styles.append(BallStyle(n, balls.radius(n), balls.mass(n), colour, number=n,
                                striped=(n == NINE)))
    # Behind the head string, centred: where players usually break from.
    return Mode("nine_ball", table, tuple(styles), (table.head_line_x / 2, table.width / 2))


_EIGHT_BALL_PALETTE = {Colour.WHITE: WHITE, Colour.RED: RED, Colour.YELLOW: YELLOW,
                       Colour.BLACK: BLACK}


def _eight_ball() -> Mode:
    table = TableSpec.english_seven_foot()
    balls = EIGHT_BALL_SET
    styles = tuple(BallStyle(b, balls.radius(b), balls.mass(b),
                             _EIGHT_BALL_PALETTE[colour_of(b)], spots=(b == CUE))
                   for b in balls.all_balls)
    return Mode("eight_ball", table, styles, table.d_centre)


_MAKERS = {"nine_ball": _nine_ball, "eight_ball": _eight_ball}
MODE_NAMES = tuple(_MAKERS)
# Each mode's title as a player reads it (translated where shown: _(MODE_TITLES[name])).
MODE_TITLES = {"nine_ball": N_("9-Ball"), "eight_ball": N_("8-Ball, red and yellow")}


def mode(name: str) -> Mode:
    """The Mode called `name` ("nine_ball" or "eight_ball")."""
    if name not in _MAKERS:
        raise ValueError(f"unknown mode {name!r}; choose one of {', '.join(MODE_NAMES)}")
    return _MAKERS[name]()
