"""Practice mode: placing balls (never overlapping, always on the playing surface), ball
in hand, shots, undo bit for bit after random shots, re-racks of either game."""
import math
import random
import struct

import pytest

from physics_ext import MotionState, Stroke, TableSpec
from game.practice import PlacementError, PracticeTable
from game.rules import CUE, EIGHT_BALL_SET, NINE_BALL_SET


def bits(position):
    """The position as raw bytes: equal only if every coordinate is the same double."""
    return (position.table, position.game,
            tuple((b, struct.pack("<2d", *xy)) for b, xy in sorted(position.layout.items())))


def random_stroke(rng):
    return Stroke(azimuth=rng.uniform(0, 2 * math.pi), elevation=rng.uniform(0, 0.5),
                  side=rng.uniform(-0.3, 0.3), height=rng.uniform(-0.3, 0.3),
                  speed=rng.uniform(0.5, 8.0))


def free_spot(practice, ball, rng):
    table = practice.position.table
    while True:
        xy = (rng.uniform(0.05, table.length - 0.05), rng.uniform(0.05, table.width - 0.05))
        if practice.placement_problem(ball, xy) is None:
            return xy


@pytest.mark.parametrize("game", ["nine_ball", "eight_ball"])
@pytest.mark.parametrize("seed", [1, 2])
def test_undo_restores_every_ball_bit_for_bit_after_random_shots(game, seed):
    rng = random.Random(seed)
    practice = PracticeTable(game, seed=seed)
    snapshots = []
    for _ in range(12):
        if CUE not in practice.position.layout:
            practice.place(CUE, free_spot(practice, CUE, rng))
        snapshots.append(bits(practice.position))
        shot = practice.shoot(random_stroke(rng))
        assert bits(shot.before) == snapshots[-1]
        assert bits(shot.after) == bits(practice.position)
    moved = sum(a != b for a, b in zip(snapshots, snapshots[1:]))
    assert moved >= 8                                    # the shots did move balls
    while snapshots:
        assert practice.undo()
        assert bits(practice.position) == snapshots.pop()
    assert not practice.undo()


def test_a_shot_leaves_the_balls_where_the_physics_stopped_them():
    practice = PracticeTable("nine_ball", seed=3)
    shot = practice.shoot(Stroke(azimuth=0.0, elevation=0.0, side=0.0, height=0.0, speed=8.0))
    final = shot.result.final
    for i, ball in enumerate(shot.ball_ids):
        if final.states[i] in (MotionState.POCKETED, MotionState.OFF_TABLE):
            assert ball not in practice.position.layout
        else:
            assert practice.position.layout[ball] == tuple(final.positions[i][:2])
    assert shot.ball_ids[0] == CUE and len(shot.ball_ids) == shot.result.n_balls


def test_balls_may_touch_but_never_overlap():
    practice = PracticeTable("nine_ball")
    x, y = practice.position.layout[5]
    r = NINE_BALL_SET.object_radius
    problem = practice.placement_problem(CUE, (x + 1.5 * r, y))
    assert problem and "overlap" in problem
    # Named as players call them: the ball most in the way.
    assert practice.placement_problem(CUE, (x, y + 0.2 * r)) == "the cue ball would overlap the 5"
    with pytest.raises(PlacementError, match="overlap"):
        practice.place(CUE, (x, y + 1.9 * r))
    practice.place(7, (0.6, 0.3))
    practice.place(CUE, (0.6 + 2 * r, 0.3))              # frozen to the 7: allowed
    assert practice.position.layout[CUE] == (0.6 + 2 * r, 0.3)
    practice.place(7, (0.6, 0.2))                        # a ball may move onto its own spot area
    practice.place(7, (0.6, 0.2 + 0.5 * r))


ON_THE_CLOTH = "^the 3 must stay on the cloth, clear of the cushions and pockets$"


@pytest.mark.parametrize("xy, words", [((0.01, 0.5), ON_THE_CLOTH),
                                       ((-1.0, 0.5), ON_THE_CLOTH),
                                       ((0.5, -0.005), ON_THE_CLOTH),
                                       ((float("nan"), 0.5), "not a point"),
                                       ((1.27, 1.31), ON_THE_CLOTH)])
def test_a_ball_stays_on_the_playing_surface(xy, words):
    practice = PracticeTable("nine_ball")
    before = bits(practice.position)
    with pytest.raises(PlacementError, match=words):
        practice.place(3, xy)
    assert bits(practice.position) == before             # a refused drag changes nothing


def test_a_ball_over_a_pocket_hole_is_refused():
    practice = PracticeTable("nine_ball")
    hole_x, hole_y, _ = practice.position.table.geometry().pockets[0]
    with pytest.raises(PlacementError, match=ON_THE_CLOTH):
        practice.place(3, (hole_x, hole_y))


def test_8_ball_balls_are_named_by_colour():
    practice = PracticeTable("eight_ball")
    layout = practice.position.layout
    expected = {8: "the black", 1: "a red", 9: "a yellow"}
    for ball, name in expected.items():
        assert colour_name(practice, ball) == name
    x, y = layout[8]
    assert practice.placement_problem(1, (x, y)) == "a red would overlap the black"


def colour_name(practice, ball):
    """The name the message gives `ball` when it is dragged off the table."""
    problem = practice.placement_problem(ball, (-1.0, 0.5))
    return problem.removesuffix(" must stay on the cloth, clear of the cushions and pockets")


def test_only_the_games_balls_may_be_placed():
    practice = PracticeTable("nine_ball")
    with pytest.raises(PlacementError, match="no ball 12 in nine-ball"):
        practice.place(12, (1.0, 0.5))


def test_cue_ball_in_hand_at_will_and_potted_balls_put_back():
    practice = PracticeTable("eight_ball")
    practice.lift()
    assert CUE not in practice.position.layout
    with pytest.raises(PlacementError, match="in hand"):
        practice.shoot(Stroke(azimuth=0.0, elevation=0.0, side=0.0, height=0.0, speed=3.0))
    practice.place(CUE, (1.2, 0.2))
    practice.lift(8)
    assert 8 not in practice.position.layout
    practice.place(8, (0.4, 0.7))
    assert practice.position.layout[8] == (0.4, 0.7)
    assert not practice.undo()                           # moves by hand are not shots


@pytest.mark.parametrize("table", [TableSpec.nine_foot(), TableSpec.english_seven_foot()])
def test_rerack_either_game_on_either_table(table):
    practice = PracticeTable("nine_ball", table=table, seed=8)
    first = bits(practice.position)
    practice.rerack("eight_ball")
    assert practice.position.ball_set is EIGHT_BALL_SET
    assert sorted(practice.position.layout) == list(range(16))
    assert practice.position.layout[CUE] == table.d_centre
    practice.rerack("nine_ball")
    assert sorted(practice.position.layout) == list(range(10))
    practice.rerack("nine_ball")
    second, third = practice.history[-1], practice.position
    assert dict(second.layout) != dict(third.layout)    # a new shuffle each time
    # The same diamond, each rack racked a little differently (game.rules.racks: gaps
    # of at most 0.2 mm, the rack at most 1 mm off the spot).
    moves = [min(math.dist(a, b) for b in second.layout.values())
             for a in third.layout.values()]
    assert max(moves) < 3e-3 and sum(m > 0.0 for m in moves) >= 9
    for _ in range(3):
        practice.undo()
    assert bits(practice.position) == first
    for ball, xy in practice.position.layout.items():   # every racked ball is placeable
        assert practice.position.placement_problem(ball, xy) is None


def test_unknown_games_are_refused():
    with pytest.raises(ValueError, match="unknown game"):
        PracticeTable("snooker")
    with pytest.raises(ValueError, match="unknown game"):
        PracticeTable().rerack("snooker")
