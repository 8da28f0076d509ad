"""The object ball's and the cue ball's lines after the contact, on the game screen: aimed
with the robot's keys, the object ball's line as drawn ends where the same stroke, played
by the session on a twin table, has that ball meet its first cushion or drop; the word
over the pocket shows exactly when the shot pots it; no line crosses a cushion; each line
goes with its aid's switch."""
import dataclasses
import math

import pytest
from panda3d.core import GeomVertexReader

from game.rules import CUE
from game.rules.layout import Layout
from game.session import GameSession, Shoot
from game.view.match.aids import LIFT_M
from physics_ext import EventKind, contact_distance

R = 0.028575
ENDS_TOL_M = 1e-5       # the drawn end and the shot's ball there: float32 vertices
CUSHION_TOL_M = 1e-4
CORNER = (2.54, 1.27)


def _session(layout) -> GameSession:
    session = GameSession("nine_ball", ("Ann", "Bob"), seed=2)
    session.state = dataclasses.replace(session.state, is_break=False, push_out_available=False,
                                        layout=Layout(layout))
    return session


def _cut(cue, obj, towards) -> float:
    """The azimuth that sends the object ball at `obj` towards `towards` (the ghost ball
    two radii behind it on that line)."""
    d = math.atan2(towards[1] - obj[1], towards[0] - obj[0])
    ghost = (obj[0] - 2 * R * math.cos(d), obj[1] - 2 * R * math.sin(d))
    return math.atan2(ghost[1] - cue[1], ghost[0] - cue[0])


def _drawn(line, count: int) -> list:
    """The first `count` vertices (x, y, z) of a Polyline as drawn, in the table frame."""
    geom_node = line.node.find("**/+GeomNode")
    to_table = geom_node.getMat(line.node.getParent().getParent())
    reader = GeomVertexReader(geom_node.node().getGeom(0).getVertexData(), "vertex")
    points = []
    while not reader.isAtEnd() and len(points) < count:
        points.append(tuple(to_table.xformPoint(reader.getData3())))
    return points


def _first_event(result, ball: int, after: float):
    """The shot's first event of `ball` after `after` (s) that ends a leg, straight from
    the log."""
    for e in result.events:
        if e["time"] > after and ball in (e["ball"], e["other"]) and int(e["kind"]) in (
                EventKind.CUSHION, EventKind.JAW_TIP, EventKind.BALL_BALL, EventKind.POCKET):
            return e
    return None


@pytest.mark.parametrize("towards, pots", [(CORNER, True), ((2.3, 1.27), False)],
                         ids=["into the corner pocket", "into the long cushion"])
def test_the_object_balls_line_ends_where_the_shot_has_it_meet_a_cushion_or_drop(
        play_screen, towards, pots):
    cue, obj = (1.6, 0.5), (2.2, 1.0)
    screen, robot = play_screen(_session({CUE: cue, 1: obj, 9: (0.6, 0.3)}))
    robot.aim(_cut(cue, obj, towards))
    flow, aids = screen.flow, screen.aids
    assert flow.state == "Aiming"
    stroke, _ = flow.aim.stroke()
    leg = flow.aim.prediction.object_leg
    drawn = _drawn(aids.object_leg.line, len(leg.points))
    # The same stroke played by the session on a twin table.
    twin = _session(screen.session.state.layout)
    record = twin.apply(Shoot(stroke))
    index = record.ball_ids.index(1)
    event = _first_event(record.result, index, record.facts.first_contact_time)
    there = record.result.state_at(float(event["time"])).positions[index]
    assert (int(event["kind"]) == EventKind.POCKET) == pots
    assert drawn[-1] == pytest.approx((there[0], there[1], there[2] - R + LIFT_M),
                                      abs=ENDS_TOL_M)
    # The word over the pocket shows exactly when the shot pots the ball, where it drops.
    word = aids.object_leg.word
    assert word.isHidden() != pots
    if pots:
        assert math.dist(word.getPos(screen.scene.root).xy, there[:2]) < ENDS_TOL_M
        assert word.node().getText() == "Potted" and not word.hasTextureOff()   # its glyphs
        assert 1 in record.facts.pocketed_balls
    else:
        table = screen.scene.table_spec
        inset = contact_distance(table, R) - CUSHION_TOL_M
        assert all(inset <= x <= table.length - inset and inset <= y <= table.width - inset
                   for x, y, _ in drawn)
        assert there[1] == pytest.approx(table.width - contact_distance(table, R), abs=1e-3)
    # The cue ball's line runs on from the ghost ball.
    cue_leg = flow.aim.prediction.cue_leg
    assert cue_leg.points[0] == pytest.approx(flow.aim.prediction.contact)
    assert not aids.cue_leg.line.node.isHidden()
    # Each line goes with its aid's switch (keys 3 and 4).
    for key, part in (("3", aids.object_leg), ("4", aids.cue_leg)):
        robot.inp.key(key)
        assert part.line.node.isHidden() and part.word.isHidden()
