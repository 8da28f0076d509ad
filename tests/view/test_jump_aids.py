"""A ball or the rail behind the cue ball, played through the game screen with the robot's
keys: the cue is raised just enough to clear it, and a 60 % stroke at that elevation
either stays on the cloth (no flight drawn, no warning) or, when the solver has the cue
ball leave the cloth, the aids draw the flight and where it lands and the HUD warns
while Space is held, before the shot."""
import dataclasses
import math

import numpy as np
import pytest

from game.rules import CUE
from game.rules.layout import Layout
from game.session import GameSession, Shoot
from game.view.match.aids import LIFT_M
from game.view.match.aim import CLEARANCE_MARGIN_M, JUMP_LIFT_M, clearing_elevation
from game.view.world.cue import cue_pose, radius_at
from game.view.match.power import POWER_RISE_S, cue_speed
from physics_ext import EventKind, Stroke
from robot import FPS

R = 0.028575
POWER = 0.6
# (name, cue ball, the ball behind it or None for the head rail, whether a 60 % stroke
# at the raised cue leaves the cloth, as the solver has it)
CASES = [("ball far behind", (1.2, 0.635), (0.8, 0.64), False),
         ("ball just behind", (1.2, 0.635), (1.2 - 2 * R - 0.03, 0.64), True),
         ("head rail behind", (0.06, 0.635), None, True)]


@pytest.fixture
def screen_with(play_screen):
    def make(cue, behind):
        balls = {CUE: cue, 1: (1.9, 0.635), 9: (2.2, 0.3)}
        if behind is not None:
            balls[3] = behind
        session = GameSession("nine_ball", ("Ann", "Bob"), seed=2)
        session.state = dataclasses.replace(session.state, is_break=False,
                                            push_out_available=False, layout=Layout(balls))
        return play_screen(session)
    return make


def _lift(record) -> float:
    """Highest the cue ball's bottom rises above the cloth (m) before its first contact."""
    result, contact = record.result, record.facts.first_contact_time
    end = result.duration if contact is None else contact
    flights = [f for f, _ in result.cue_flights() if end > f.start and f.end > f.start]
    if not flights:
        return 0.0
    times = np.concatenate([np.linspace(f.start, min(f.end, end), 200) for f in flights])
    return float(result.sample(times).positions[:, 0, 2].max()) - R


@pytest.mark.parametrize("name, cue, behind, leaves", CASES, ids=[c[0] for c in CASES])
def test_the_cue_rises_just_enough_and_a_jump_is_shown_and_warned_before_the_shot(
        screen_with, name, cue, behind, leaves):
    screen, robot = screen_with(cue, behind)
    flow, hud = screen.flow, screen.hud
    robot.aim(0.0)
    assert flow.state == "Aiming"
    # The elevation the game chose is the computed least that clears, well under 35 deg.
    need = clearing_elevation(cue, Stroke(flow.aim.setup.azimuth, 0.0, 0.0, 0.0, 1.0), R,
                              screen.others(), screen.scene.table_spec, screen.rail,
                              screen.cue_shape)
    robot.inp.hold("space")
    robot.inp.step(int(round(POWER * POWER_RISE_S * FPS)))
    assert flow.state == "Powering" and flow.power == pytest.approx(POWER, abs=0.02)
    stroke, raised = flow.aim.stroke(cue_speed(flow.power))
    assert raised and stroke.elevation == pytest.approx(need, abs=1e-9)
    assert math.radians(4.0) < need < math.radians(30.0)
    if behind is not None:     # the cue as drawn passes over the ball by the margin
        dome, axis = cue_pose((*cue, R), R, screen.cue_style.mass, stroke)
        q = np.array([*behind, R]) - dome
        along = -float(q @ axis)
        gap = float(np.linalg.norm(q + along * axis)) - R - radius_at(along)
        assert gap == pytest.approx(CLEARANCE_MARGIN_M, abs=2e-4)
    # What the screen shows while Space is held, at the power of the moment.
    warning = hud.message.getText()
    aim_top = screen.aids.aim_line.node.getTightBounds()[1].z
    rings = screen.aids.landings.node
    ring_bounds = None if rings.isHidden() else rings.getTightBounds()
    # The shot as shown, played on a twin of the table (the real one takes the power
    # at the release, a frame later).
    twin = GameSession("nine_ball", ("Ann", "Bob"), seed=2)
    twin.state = screen.session.state
    record = twin.apply(Shoot(stroke))
    robot.inp.release("space")
    played = screen.session.shots[-1].command.stroke
    assert dataclasses.replace(played, speed=stroke.speed) == stroke
    assert played.speed == pytest.approx(stroke.speed, rel=0.05)
    lift = _lift(record)
    assert (lift >= JUMP_LIFT_M) == leaves, f"{name}: the solver lifts it {lift * 1000:.1f} mm"
    if leaves:
        assert "cue ball" in warning and ("jumps" in warning or "flies" in warning)
        assert aim_top == pytest.approx(LIFT_M + lift, abs=2e-3)
        result = record.result
        first = next(f for f, _ in result.cue_flights() if f.end > f.start)
        off = result.events[(result.events["kind"] == EventKind.OFF_TABLE)
                            & (result.events["ball"] == 0)]["time"]
        if np.any((off >= first.start) & (off <= first.end)):
            assert "off the table" in warning and ring_bounds is None
        else:
            landed = result.state_at(first.end).positions[0]
            low, high = ring_bounds             # a ring of radius R round each landing
            assert low.x - 1e-3 <= landed[0] - R and landed[0] + R <= high.x + 1e-3
            assert low.y - 1e-3 <= landed[1] - R and landed[1] + R <= high.y + 1e-3
    else:
        assert warning == "" and ring_bounds is None
        assert aim_top == pytest.approx(LIFT_M, abs=JUMP_LIFT_M)
