"""The shipped drills can be done on the real table: every rung of both ladders has a
stroke that passes it, and the first shot of each run has one that scores. A small grid
of strokes round the ghost-ball aim is played through the solver and scored by the
engine, as the game would."""
import dataclasses
import itertools
import math

import pytest

import physics_ext
from physics_ext import Params, Stroke
from physics_ext.table import Pocket
from game.drills import Verdict, score_shot, shipped_drills, start
from game.rules import CUE, NINE_BALL_SET, facts_from_result
from game.session.game import physics_balls

DRILLS = {d.id: d for d in shipped_drills()}
TABLE = physics_ext.TableSpec.nine_foot()
POCKETS = TABLE.geometry().pockets
SPEEDS = (1.0, 1.5, 2.0, 2.5)               # m/s of the cue
HEIGHTS = (0.0, -0.2, -0.3)                 # the tip at centre or below: stun and draw
R = NINE_BALL_SET.radius(1)


def ghost_aim(layout, ball: int, pocket: Pocket) -> float:
    """The azimuth (rad) from the cue ball to where it must meet `ball` to send it at
    the centre of `pocket`'s hole."""
    px, py, _ = POCKETS[int(pocket)]
    bx, by = layout[ball]
    d = math.hypot(px - bx, py - by)
    gx, gy = bx - 2 * R * (px - bx) / d, by - 2 * R * (py - by) / d
    return math.atan2(gy - layout[CUE][1], gx - layout[CUE][0])


def a_stroke_that(drill, progress, layout, ball, pocket, verdicts, offsets_deg=(0.0,)):
    """The first stroke of the grid that leaves `progress` with one of `verdicts`."""
    balls, ids = physics_balls(layout, NINE_BALL_SET)
    aim = ghost_aim(layout, ball, pocket)
    for offset, speed, height in itertools.product(offsets_deg, SPEEDS, HEIGHTS):
        stroke = Stroke(aim + math.radians(offset), 0.0, 0.0, height, speed)
        facts = facts_from_result(physics_ext.shoot(TABLE, balls, 0, stroke, Params()), ids)
        if score_shot(drill, progress, facts).verdict in verdicts:
            return stroke
    return None


@pytest.mark.parametrize("drill_id", ["stop_shots", "cut_ladder"])
def test_every_rung_of_the_ladders_can_be_passed(drill_id):
    drill = DRILLS[drill_id]
    for k, stage in enumerate(drill.stages):
        progress = dataclasses.replace(start(drill), stage=k)
        assert a_stroke_that(drill, progress, stage.layout, stage.target, stage.pocket,
                             (Verdict.STAGE_PASSED, Verdict.LADDER_DONE)), (drill_id, k)


def test_the_route_opens_with_a_pot_of_the_one_in_the_foot_corner():
    drill = DRILLS["position_route"]
    assert a_stroke_that(drill, start(drill), drill.layout, 1, Pocket.FOOT_RIGHT,
                         (Verdict.POTTED, Verdict.POTTED_IN_ZONE))


def test_the_line_up_opens_with_a_pot_that_touches_no_cushion():
    drill = DRILLS["line_up"]
    offsets = [k / 10 for k in range(-20, 21)]
    assert a_stroke_that(drill, start(drill), drill.layout, 2, Pocket.HEAD_RIGHT,
                         (Verdict.POTTED,), offsets)
