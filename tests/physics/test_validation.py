"""Bad input gets a ValueError whose message names the ball (by its index in the list) and
the problem (issue 2, API section); parameters out of their physical range are refused by
Params itself, naming the parameter."""
import dataclasses
import math

import numpy as np
import pytest

from physics_ext import Ball, Params, Pocket, SimulationError, simulate
from physics_ext.api import OVERLAP_TOL_M, contact_distance
from tests.physics.scenes import NINE_FOOT, R, M, nine_ball_break

RHO = contact_distance(NINE_FOOT, R)
# Impossible positions are this far past a limit: 100 times the API's tolerance (balls may
# overlap a little and still count as touching, e.g. positions saved by an older solver).
BEYOND_M = 100 * OVERLAP_TOL_M
GOOD = Ball.pool(0.5, 0.5)
NAN, INF = math.nan, math.inf


def refused(balls, *words, table=NINE_FOOT):
    """simulate(balls) raises ValueError mentioning every one of `words`."""
    with pytest.raises(ValueError) as info:
        simulate(table, balls)
    message = str(info.value)
    for word in words:
        assert word in message, message
    return message


@pytest.mark.parametrize("field", ["position", "velocity", "angular_velocity"])
@pytest.mark.parametrize("bad", [NAN, INF, -INF])
def test_nan_or_infinite_vector_is_refused(field, bad):
    vector = [1.0, 0.6, R] if field == "position" else [0.0, 0.0, 0.0]
    vector[1] = bad
    ball = dataclasses.replace(GOOD, **{field: tuple(vector)})
    refused([GOOD, Ball.pool(1.5, 0.6), ball], "ball 2", field, "NaN or infinity")


@pytest.mark.parametrize("field", ["radius", "mass"])
@pytest.mark.parametrize("bad, problem", [(0.0, "positive"), (-0.01, "positive"),
                                          (NAN, "NaN or infinity"),
                                          (INF, "NaN or infinity")])
def test_non_positive_or_non_finite_radius_or_mass_is_refused(field, bad, problem):
    ball = dataclasses.replace(Ball.pool(1.5, 0.6), **{field: bad})
    refused([GOOD, ball], "ball 1", field, problem)


@pytest.mark.parametrize("radius", [0.5 * NINE_FOOT.cushion_height,     # nose above the ball
                                    1.01 * NINE_FOOT.cushion_height])   # nose below centre
def test_ball_the_cushion_nose_cannot_meet_above_its_equator_is_refused(radius):
    refused([GOOD, Ball(radius, M, (1.5, 0.6))], "ball 1", "radius", "cushion")


def test_overlapping_balls_are_refused_naming_both():
    message = refused([GOOD, Ball.pool(1.5, 0.6), Ball.pool(1.5 + 2 * R - BEYOND_M, 0.6)],
                      "balls 1 and 2", "overlap")
    assert "ball 0" not in message


def test_balls_touching_within_rounding_are_accepted():
    simulate(NINE_FOOT, [Ball.pool(1.5, 0.6), Ball.pool(1.5 + 2 * R * (1 - 1e-15), 0.6)])


@pytest.mark.parametrize("x, y", [(RHO - BEYOND_M, 0.6),
                                  (NINE_FOOT.length - RHO + BEYOND_M, 0.6),
                                  (1.0, RHO - BEYOND_M),
                                  (1.0, NINE_FOOT.width - RHO + BEYOND_M),
                                  (-1.0, 0.6), (1.0, 5.0)])
def test_ball_off_the_playing_surface_is_refused(x, y):
    refused([GOOD, Ball.pool(x, y)], "ball 1", "off the playing surface")


def test_ball_frozen_to_the_cushion_is_on_the_surface():
    simulate(NINE_FOOT, [Ball.pool(RHO, 0.6), Ball.pool(1.0, NINE_FOOT.width - RHO)])


def test_ball_below_the_cloth_is_refused():
    refused([GOOD, Ball(R, M, (1.0, 0.6, R - BEYOND_M))], "ball 1", "inside the slate")


def towards_centre(x, y, distance):
    """The point `distance` metres from (x, y) towards the table's centre."""
    u = np.array([NINE_FOOT.length / 2 - x, NINE_FOOT.width / 2 - y])
    return tuple(np.array([x, y]) + distance * u / np.linalg.norm(u))


@pytest.mark.parametrize("pocket", list(Pocket), ids=lambda p: p.name)
def test_ball_over_a_pocket_hole_is_refused_naming_the_pocket(pocket):
    x, y, radius = NINE_FOOT.geometry().pockets[pocket]
    refused([GOOD, Ball.pool(*towards_centre(x, y, radius / 2))], "ball 1",
            "over a pocket hole", pocket.name)


@pytest.mark.parametrize("tip", [2, 3, 8, 9])     # the side pockets' jaw tips
def test_ball_overlapping_a_jaw_tip_is_refused(tip):
    """Into the rounded tip, in the side pocket's mouth."""
    x, y, radius = NINE_FOOT.geometry().tips[tip]
    refused([GOOD, Ball.pool(*towards_centre(x, y, radius + RHO - BEYOND_M))], "ball 1",
            "overlaps a pocket jaw")


H, TOP = NINE_FOOT.cushion_height, NINE_FOOT.rail_top_height


@pytest.mark.parametrize("z", [0.5 * (H + R),                 # below the nose edge's height
                               0.5 * (H + TOP),              # level with the rubber's face
                               TOP + 0.005])                 # above the cap's edge
def test_ball_in_the_air_inside_a_cushions_rubber_is_refused(z):
    """Issue 27: a ball in the air at the contact distance of a ball on the cloth (RHO in
    front of the right cushion's nose line) is inside the rubber at these heights: nearer
    than R to the nose edge, the face or the cap's edge, as the solver meets a flying
    ball. Refused in one sentence; the solver used to accept it and stall."""
    message = refused([GOOD, Ball(R, M, (1.0, RHO, z))], "ball 1", "in the air",
                      "inside a cushion's rubber")
    assert ". " not in message and "\n" not in message


@pytest.mark.parametrize("z", [R + 0.005, 0.5 * (H + TOP), TOP + 0.003])
def test_ball_in_the_air_touching_a_cushions_rubber_is_accepted(z):
    """R from the rubber's nearest point at each height (and no nearer the nose line than
    a ball on the cloth may be): accepted and solved."""
    rubber = H if z < H else (TOP if z > TOP else z)
    d = math.sqrt(max(R * R - (z - rubber) ** 2, 0.0)) * (1 + 1e-12)
    simulate(NINE_FOOT, [GOOD, Ball(R, M, (1.0, d, z))])


@pytest.mark.parametrize("tip", [2, 3, 8, 9])
def test_ball_in_the_air_inside_a_jaw_tip_is_refused(tip):
    """Above a side pocket's tip at the nose's height, within the contact distance of its
    rim point."""
    x, y, radius = NINE_FOOT.geometry().tips[tip]
    refused([GOOD, Ball(R, M, towards_centre(x, y, radius + RHO) + (H + 0.2 * R,))], "ball 1",
            "inside a cushion's rubber")


def test_impossible_speed_and_spin_are_refused():
    refused([GOOD, Ball.pool(1.5, 0.6, velocity=(60.0, 0, 0))], "ball 1", "speed")
    refused([GOOD, Ball.pool(1.5, 0.6, angular_velocity=(0, 0, 200.0 / R))], "ball 1",
            "angular velocity")


@pytest.mark.parametrize("field, value", [("position", (1.0,)), ("velocity", (1.0, 0.0)),
                                          ("angular_velocity", (0, 0, 0, 0))])
def test_vectors_of_the_wrong_size_are_refused(field, value):
    refused([GOOD, dataclasses.replace(GOOD, **{field: value})], "ball 1", field, "3 components")


def test_no_balls_is_refused():
    with pytest.raises(ValueError, match="no balls"):
        simulate(NINE_FOOT, [])


@pytest.mark.parametrize("name, value", [
    ("u_s", 0.0), ("u_s", 5.0), ("u_r", -0.01), ("u_r", 1.0), ("u_sp", 0.0), ("e_b", 1.2),
    ("e_b", -0.1), ("u_b", -0.1), ("e_c", 1.5), ("u_c", -1.0), ("e_t", 2.0), ("g", 0.0),
    ("g", NAN), ("e_b", INF), ("max_events", 0), ("max_events", 2.5)])
def test_parameters_out_of_their_physical_range_are_refused(name, value):
    with pytest.raises(ValueError, match=name):
        Params(**{name: value})


def test_rolling_resistance_must_stay_below_sliding_friction():
    with pytest.raises(ValueError, match="u_r"):
        Params(u_s=0.01, u_r=0.02)


def test_event_cap_stops_the_shot_with_an_error_naming_the_balls():
    """The hard cap on events per shot: an error, never a hang or a truncated result."""
    table, balls = nine_ball_break()
    with pytest.raises(SimulationError, match=r"exceeded 10 events .* balls \d+ and -?\d+"):
        simulate(table, balls, Params(max_events=10))
