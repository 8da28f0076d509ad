"""Aiming: the squirt the closed form corrects is the solver's, the solver loop brings the
object ball onto its line (throw and squirt together), pocket windows open only in
front of a pocket."""
import dataclasses
import math

import numpy as np

from game.ai.aim import departure, pot_stroke, refine, squirt
from game.ai.geometry import pocket_windows, wrap
from game.ai.scene import Scene
from game.rules import CUE
from physics_ext import Params, Pocket, Stroke, strike
from physics_ext.constants import POOL_BALL_MASS, POOL_BALL_RADIUS

from .ai_helpers import NINE_TABLE, nine_state


def test_squirt_is_the_strike_models_deflection():
    for side in (-0.4, -0.2, 0.2, 0.4):
        stroke = Stroke(azimuth=0.3, elevation=0.0, side=side, height=0.0, speed=3.0)
        velocity = strike(stroke, POOL_BALL_RADIUS, POOL_BALL_MASS).velocity
        travel = math.atan2(velocity[1], velocity[0])
        assert abs(travel - 0.3 - squirt(side, POOL_BALL_MASS)) < 1e-12


def test_solver_loop_puts_a_spun_cut_on_its_line():
    state = nine_state({CUE: (0.8, 0.4), 1: (1.5, 0.7), 9: (2.2, 1.0)})
    scene = Scene.of(state, Params())
    row = scene.index(1)
    contact = 2 * POOL_BALL_RADIUS
    # Half-ball-ish cut with side and follow: throw and squirt both matter.
    direction = math.atan2(0.9 - 0.7, 2.3 - 1.5)
    stroke = pot_stroke(scene.cue, scene.positions[row], contact, direction, side=0.3,
                        height=0.3, elevation=0.0, speed=2.5, cue_mass=POOL_BALL_MASS,
                        params=Params())
    closed_form = abs(wrap(direction - departure(scene.shoot(stroke), row)))
    refined, result, runs = refine(scene, stroke, row, direction, steps=2)
    error = abs(wrap(direction - departure(result, row)))
    assert runs <= 3
    assert error < 5e-4 and error <= closed_form


def test_pocket_windows_open_only_in_front_of_the_mouth():
    L, W = NINE_TABLE.length, NINE_TABLE.width
    balls = np.array([(0.3, 0.3), (L / 2, 0.3), (L / 2, 0.035)])
    aim, half, _ = pocket_windows(NINE_TABLE, balls, POOL_BALL_RADIUS)
    assert half[0, Pocket.HEAD_RIGHT] > 0.0
    assert abs(wrap(aim[0, Pocket.HEAD_RIGHT] + 3 * math.pi / 4)) < 0.05
    assert half[1, Pocket.SIDE_RIGHT] > 0.0
    # Almost on the side rail's nose line, far along the rail from the corner: the
    # corner's jaw hides its hole.
    assert half[2, Pocket.HEAD_RIGHT] <= 0.0


def test_cue_is_raised_over_what_lies_behind_and_never_past_vertical():
    from game.ai.cueing import STEEPEST, elevation_needed
    r = POOL_BALL_RADIUS
    radii = np.array([r, r])
    open_table = np.array([(1.8, 0.6), (2.3, 0.6)])     # the rail beyond the cue's reach
    assert elevation_needed(NINE_TABLE, open_table, radii, 0.0, 0.0) == 0.0
    near_rail = np.array([(0.05, 0.6), (2.0, 0.6)])
    over_rail = elevation_needed(NINE_TABLE, near_rail, radii, 0.0, 0.0)
    assert 0.0 < over_rail < math.radians(35)
    # The cue passes over the rail top at its real height: a lower rail top needs less.
    lower_top = dataclasses.replace(NINE_TABLE, cushion_rise=NINE_TABLE.cushion_rise / 2)
    assert 0.0 < elevation_needed(lower_top, near_rail, radii, 0.0, 0.0) < over_rail
    # A ball frozen right behind the cue ball, the stroke struck low: as steep as allowed.
    frozen = np.array([(1.2, 0.6), (1.2 - 2 * r, 0.6)])
    for height in (-0.45, 0.0, 0.45):
        steep = elevation_needed(NINE_TABLE, frozen, radii, 0.0, height)
        assert math.radians(20) < steep <= STEEPEST
        Stroke(azimuth=0.0, elevation=steep, side=0.0, height=height, speed=2.0)
