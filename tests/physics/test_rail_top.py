"""Rail tops (issue 16, point 5): a ball in flight lands on the top of a rail (the cushion's
top and the rail cap, at the cap's height, from the nose line to the rail's outer edge),
bounces there with the rail's restitution and friction, moves on it with the rail's
friction, falls back towards the cloth when its centre passes the nose line, and is off the
table past the outer edge or when it comes to rest on the rail top.

Closed forms: a drop bounces to e_rail^2 of its height at the times of free fall; a ball
rolling on a rail top stops after v^2 / (2 u_r_rail g) at v / (u_r_rail g); a ball rolling
off the outer edge leaves at the time its centre reaches the edge.
"""
import math

import numpy as np
import pytest

from game.rules.facts import cue_ball_off_table, facts_from_result, off_table
from physics_ext import (Ball, EventKind, MotionState, Params, Pocket, Rail, Stroke, TableSpec,
                         shoot, simulate)
from physics_ext.constants import CUSHION_RISE
from tests.physics import probes
from tests.physics.invariants import check_all

TABLE = TableSpec.nine_foot()
GEO = TABLE.geometry()
R = 0.05715 / 2
Z_RAIL = TABLE.rail_top_height + R          # centre height of a ball on a rail top
G = Params().g
# over the top of the right rail, head half (y = 0 is its nose line, y < 0 its top)
X_RAIL, Y_RAIL = 0.6, -0.06


def kinds(result, kind):
    return result.events[result.events["kind"] == kind]


def test_rail_top_geometry_from_the_table_spec():
    """The rail top runs from each rail nose out to cushion_width + rail_width (WPA: 4-7.5 in
    including the cushion) at the cap's height, the rubber's rise above the nose; the outer
    edges bound the table."""
    width = TABLE.cushion_width + TABLE.rail_width
    assert 4 * 0.0254 <= width <= 7.5 * 0.0254
    assert GEO.rail_top_width == pytest.approx(width)
    assert GEO.rail_top_height == TABLE.cushion_height + TABLE.cushion_rise
    assert TABLE.cushion_rise == CUSHION_RISE > 0
    assert TableSpec.english_seven_foot().rail_top_height == pytest.approx(
        TableSpec.english_seven_foot().cushion_height + CUSHION_RISE, abs=1e-15)
    assert GEO.outer.tolist() == pytest.approx([-width, TABLE.length + width, -width,
                                                TABLE.width + width])
    top = GEO.rail_tops[Rail.RIGHT_HEAD]
    assert top[:, 1].min() == pytest.approx(-width) and top[:, 1].max() == 0.0
    assert top[:, 0].tolist() == pytest.approx(GEO.segments[Rail.RIGHT_HEAD][[0, 1, 1, 0], 0])


@pytest.mark.parametrize("table", [TABLE, TableSpec.english_seven_foot()],
                         ids=lambda t: t.name)
@pytest.mark.parametrize("e_rail", [0.6, 0.8])
@pytest.mark.parametrize("height", [0.02, 0.1])
def test_a_drop_on_the_rail_top_bounces_to_e_squared_of_its_height(height, e_rail, table):
    params = Params(e_rail=e_rail)
    z_rail = table.rail_top_height + R
    ball = Ball(R, 0.163, (X_RAIL, Y_RAIL, z_rail + height))
    result = simulate(table, [ball], params)
    landings = kinds(result, EventKind.RAIL_TOP)
    assert len(landings) >= 2
    t1 = math.sqrt(2 * height / G)
    v1 = G * t1
    assert landings["time"][0] == pytest.approx(t1, rel=1e-12)
    assert landings["speed"][0] == pytest.approx(v1, rel=1e-12)
    assert landings["rail"][0] == Rail.RIGHT_HEAD
    # the second landing after a free flight up at e v1 and down again
    assert landings["time"][1] == pytest.approx(t1 + 2 * e_rail * v1 / G, rel=1e-12)
    apex = result.state_at(t1 + e_rail * v1 / G)
    assert apex.positions[0, 2] - z_rail == pytest.approx(e_rail ** 2 * height, rel=1e-9)
    assert apex.states[0] == MotionState.AIRBORNE
    # it comes to rest on the rail top: off the table (BCA 3.28, WEPF U), where it lay
    assert result.final.states[0] == MotionState.OFF_TABLE
    off = kinds(result, EventKind.OFF_TABLE)
    assert len(off) == 1 and off["rail"][0] == Rail.RIGHT_HEAD
    assert result.final.positions[0].tolist() == pytest.approx([X_RAIL, Y_RAIL, z_rail])
    assert off_table(result.events) == {0}
    check_all(result)


def test_a_ball_landing_towards_the_table_comes_back_onto_the_cloth():
    ball = Ball(R, 0.163, (X_RAIL, -0.05, Z_RAIL + 0.02), velocity=(0.0, 0.5, 0.0))
    result = simulate(TABLE, [ball])
    land = kinds(result, EventKind.RAIL_TOP)
    assert len(land) >= 1 and land["rail"][0] == Rail.RIGHT_HEAD
    # it lands where its parabola meets the rail top
    t1 = math.sqrt(2 * 0.02 / G)
    assert land["time"][0] == pytest.approx(t1, rel=1e-12)
    assert result.state_at(t1).positions[0, 1] == pytest.approx(-0.05 + 0.5 * t1, rel=1e-9)
    assert len(kinds(result, EventKind.OFF_TABLE)) == 0
    assert result.final.states[0] == MotionState.STATIONARY
    x, y, z = result.final.positions[0]
    assert z == R and 0.0 < y < TABLE.width
    assert off_table(result.events) == frozenset()
    check_all(result)


def test_a_fast_ball_bounces_off_the_rail_top_beyond_the_outer_edge():
    ball = Ball(R, 0.163, (X_RAIL, -0.02, Z_RAIL + 0.005), velocity=(0.0, -3.0, 0.0))
    result = simulate(TABLE, [ball])
    land = kinds(result, EventKind.RAIL_TOP)
    off = kinds(result, EventKind.OFF_TABLE)
    assert len(land) == 1 and len(off) == 1
    assert land["time"][0] < off["time"][0]
    assert off["rail"][0] == Rail.RIGHT_HEAD
    # it left over the outer edge, bottom above the rail top
    at = result.state_at(off["time"][0])
    assert at.positions[0, 1] == pytest.approx(-GEO.rail_top_width, abs=1e-12)
    assert at.positions[0, 2] >= Z_RAIL
    assert result.final.states[0] == MotionState.OFF_TABLE
    assert off_table(result.events) == {0}
    check_all(result)


def test_a_jumped_ball_from_the_cloth_lands_on_the_rail_top():
    """A ball hopping from the cloth over the nose lands on the rail top (it used to leave
    the table as soon as it crossed the nose line)."""
    ball = Ball(R, 0.163, (X_RAIL, 0.3), velocity=(0.0, -1.0, 2.0))
    result = simulate(TABLE, [ball])
    land = kinds(result, EventKind.RAIL_TOP)
    assert len(land) >= 1
    # the first landing: z(t) = Z_RAIL on the way down
    e0 = R - Z_RAIL
    t1 = (2.0 + math.sqrt(4.0 + 2 * G * e0)) / G
    assert land["time"][0] == pytest.approx(t1, rel=1e-12)
    check_all(result)


def test_a_jump_stroke_at_the_rail_lands_on_its_top_and_fouls_off_the_table():
    """A cue ball jumped (28 degrees, 3 m/s, struck at centre) at the right rail from 0.25 m
    clears the cushion, lands on the rail top and leaves over its outer edge: its flight
    ends at the landing, and the rules see the cue ball off the table."""
    shot = shoot(TABLE, [Ball.pool(X_RAIL, 0.25)], 0,
                 Stroke(azimuth=-math.pi / 2, elevation=math.radians(28), side=0.0,
                        height=0.0, speed=3.0))
    land = kinds(shot, EventKind.RAIL_TOP)
    off = kinds(shot, EventKind.OFF_TABLE)
    assert len(land) == 1 and len(off) == 1 and land["time"][0] < off["time"][0]
    assert land["rail"][0] == off["rail"][0] == Rail.RIGHT_HEAD
    (flight, cls), = shot.cue_flights()
    assert flight.end == land["time"][0] and cls == "legal_jump"
    assert cue_ball_off_table(facts_from_result(shot, [0]))


def test_the_rules_see_a_ball_back_from_the_rail_top_on_the_table():
    ball = Ball(R, 0.163, (X_RAIL, -0.05, Z_RAIL + 0.02), velocity=(0.0, 0.5, 0.0))
    facts = facts_from_result(simulate(TABLE, [ball]), [0])
    assert not cue_ball_off_table(facts)
    assert 0 in facts.final_positions


def rolling_on_rail(x, y, vx, vy):
    return Ball(R, 0.163, (x, y, Z_RAIL), velocity=(vx, vy, 0.0),
                angular_velocity=(-vy / R, vx / R, 0.0))


def test_a_ball_rolling_along_the_rail_top_stops_at_the_rails_rolling_resistance():
    v = 0.3
    params = Params()
    result = simulate(TABLE, [rolling_on_rail(0.2, Y_RAIL, v, 0.0)], params)
    decel = params.u_r_rail * G
    off = kinds(result, EventKind.OFF_TABLE)
    assert len(off) == 1 and off["rail"][0] == Rail.RIGHT_HEAD
    assert off["time"][0] == pytest.approx(v / decel, rel=1e-12)
    assert result.final.positions[0].tolist() == pytest.approx(
        [0.2 + v * v / (2 * decel), Y_RAIL, Z_RAIL], rel=1e-12)
    # on the rail, not the cloth: the cloth's resistance would stop it twice as soon
    assert params.u_r_rail != params.u_r
    check_all(result)


def test_a_ball_sliding_on_the_rail_top_feels_the_rails_friction():
    params = Params(u_rail=0.3)
    ball = Ball(R, 0.163, (0.3, Y_RAIL, Z_RAIL), velocity=(0.5, 0.0, 0.0))
    result = simulate(TABLE, [ball], params)
    # a stun ball slides for 2 v / (7 u g), then rolls at 5/7 v
    t_roll = 2 * 0.5 / (7 * 0.3 * G)
    tr = kinds(result, EventKind.TRANSITION)
    assert tr["time"][0] == pytest.approx(t_roll, rel=1e-12)
    assert tr["state"][0] == MotionState.ROLLING
    assert result.state_at(t_roll).velocities[0, 0] == pytest.approx(5 / 7 * 0.5, rel=1e-12)


def test_a_ball_rolling_off_the_rail_top_inwards_falls_back_onto_the_cloth():
    result = simulate(TABLE, [rolling_on_rail(X_RAIL, -0.03, 0.0, 0.5)])
    leave = kinds(result, EventKind.TRANSITION)
    leave = leave[leave["state"] == MotionState.AIRBORNE]
    assert len(leave) >= 1 and leave["rail"][0] == Rail.RIGHT_HEAD
    at = result.state_at(leave["time"][0])
    assert at.positions[0, 1] == pytest.approx(0.0, abs=1e-12)
    assert result.final.states[0] == MotionState.STATIONARY
    assert 0.0 < result.final.positions[0, 1] < TABLE.width
    assert result.final.positions[0, 2] == R
    check_all(result)


def test_a_ball_rolling_off_the_outer_edge_is_off_the_table_there():
    v, params = 0.4, Params()
    result = simulate(TABLE, [rolling_on_rail(X_RAIL, -0.03, 0.0, -v)], params)
    off = kinds(result, EventKind.OFF_TABLE)
    assert len(off) == 1 and off["rail"][0] == Rail.RIGHT_HEAD
    # y(t) = -0.03 - v t + u_r g t^2 / 2 reaches the outer edge
    a, d = params.u_r_rail * G, GEO.rail_top_width - 0.03
    t = (v - math.sqrt(v * v - 2 * a * d)) / a
    assert off["time"][0] == pytest.approx(t, rel=1e-12)
    assert off_table(result.events) == {0}


def test_a_ball_rolling_past_the_end_of_a_rail_top_drops_into_the_pocket_there():
    """The rail top ends with its nose, at the jaw tip: past it the ball falls over the
    pocket (the rail round the pocket is not modelled) and drops in."""
    result = simulate(TABLE, [rolling_on_rail(0.3, -0.1, -0.5, 0.0)])
    leave = kinds(result, EventKind.TRANSITION)
    assert leave["state"][0] == MotionState.AIRBORNE and leave["rail"][0] == Rail.RIGHT_HEAD
    assert result.state_at(leave["time"][0]).positions[0, 0] == pytest.approx(
        GEO.segments[Rail.RIGHT_HEAD][0, 0], abs=1e-12)
    pocket = kinds(result, EventKind.POCKET)
    assert len(pocket) == 1 and pocket["feature"][0] == Pocket.HEAD_RIGHT
    check_all(result)


def test_a_low_flight_out_over_a_corner_pocket_drops_into_it():
    """A ball hopping out over the head-right corner pocket with its bottom below the rail
    top when its centre passes the outer edges' line is caught by the pocket (its back and
    liner), not carried on beyond the table."""
    ball = Ball.pool(0.06, 0.054, velocity=(-2.36, -2.74, 0.7))
    result = simulate(TABLE, [ball])
    pocket = kinds(result, EventKind.POCKET)
    assert len(pocket) == 1 and pocket["feature"][0] == Pocket.HEAD_RIGHT
    x, y, z = result.state_at(pocket["time"][0]).positions[0]
    assert y == pytest.approx(-GEO.rail_top_width, abs=1e-12)
    assert z - R < TABLE.rail_top_height
    assert len(kinds(result, EventKind.OFF_TABLE)) == 0
    check_all(result)


def test_a_ball_given_inside_a_rail_is_refused():
    with pytest.raises(ValueError, match="inside the rail"):
        simulate(TABLE, [Ball(R, 0.163, (X_RAIL, Y_RAIL, Z_RAIL - 0.01))])


def test_rail_top_shots_are_deterministic():
    def run():
        balls = [Ball(R, 0.163, (X_RAIL, 0.3), velocity=(0.3, -1.0, 2.0)),
                 Ball.pool(1.0, 0.5, velocity=(0.0, -2.0, 1.5), angular_velocity=(5, 0, 3)),
                 rolling_on_rail(0.2, Y_RAIL, 0.3, 0.05)]
        return probes.digest(simulate(TABLE, balls))
    assert run() == run()


@pytest.mark.parametrize("seed", range(40))
def test_random_lofted_balls_over_the_rails_keep_every_invariant(seed):
    """Balls launched from the cloth towards any rail at random speeds and lofts: landings
    on the rail tops, bounces, rolls back and flights off keep every invariant."""
    rng = np.random.default_rng(seed)
    balls = []
    for k in range(3):
        angle = rng.uniform(0, 2 * np.pi)
        speed = rng.uniform(0.5, 4.0)
        balls.append(Ball.pool(0.4 + 0.8 * k, rng.uniform(0.2, 1.0),
                               velocity=(speed * np.cos(angle), speed * np.sin(angle),
                                         rng.uniform(0.5, 2.5)),
                               angular_velocity=tuple(rng.uniform(-30, 30, 3))))
    check_all(simulate(TABLE, balls))


# The rubber between the nose and the cap: a vertical face at the nose line (y = 0 for the
# right rail) from the nose height up to the rail top, then the cap's edge.
H_NOSE, H_TOP = TABLE.cushion_height, TABLE.rail_top_height


def test_a_ball_in_flight_level_with_the_rubber_meets_its_face_at_the_nose_line():
    """A ball flying at the rail with its centre between the nose and the cap touches the
    rubber's face when its centre is R in front of the nose line, at t = (y0 - R) / v (it
    met the bare nose edge only later, closer in, before the rise was modelled)."""
    v, y0 = 2.0, 0.1
    t = (y0 - R) / v
    z_at = (H_NOSE + H_TOP) / 2
    ball = Ball(R, 0.163, (X_RAIL, y0, z_at + G * t * t / 2), velocity=(0.0, -v, 0.0))
    result = simulate(TABLE, [ball])
    hit = result.events[0]
    assert hit["kind"] == EventKind.CUSHION and hit["rail"] == Rail.RIGHT_HEAD
    assert hit["time"] == pytest.approx(t, rel=1e-12)
    x, y, z = result.state_at(hit["time"]).positions[0]
    assert y == pytest.approx(R, abs=1e-12) and z == pytest.approx(z_at, abs=1e-12)
    # the normal is horizontal: the ball comes straight back off the face
    assert result.state_at(hit["time"] + 1e-6).velocities[0, 1] > 0.0
    check_all(result)


def test_a_ball_flying_in_over_the_cap_edge_touches_it_at_distance_r():
    """A ball coming down at the rail with its centre above the rail top and its bottom
    below it touches the cap's edge first: at the event its centre is R from the edge
    (y = 0, z = rail top) to 1e-12 and farther from it at every earlier moment, and more
    than R from the nose edge below; the edge's normal, below the centre, lifts it."""
    ball = Ball(R, 0.163, (X_RAIL, 0.1, H_TOP + R + 0.02), velocity=(0.0, -1.0, 0.0))
    result = simulate(TABLE, [ball])
    hit = result.events[0]
    assert hit["kind"] == EventKind.CUSHION and hit["rail"] == Rail.RIGHT_HEAD

    def gap(times, height):
        p = result.sample(np.asarray(times)).positions[:, 0]
        return np.hypot(p[:, 1], p[:, 2] - height) - R

    t = hit["time"]
    assert gap([t], H_TOP)[0] == pytest.approx(0.0, abs=1e-12)
    assert np.all(gap(np.linspace(0.0, t, 200)[:-1], H_TOP) > 0.0)
    assert gap([t], H_NOSE)[0] > 0.0
    z = result.state_at(t).positions[0, 2]
    assert H_TOP < z < H_TOP + R
    after = result.state_at(t + 1e-6).velocities[0]
    assert after[2] > 0.0
    check_all(result)


def test_a_ball_on_the_cap_leaving_inwards_rolls_over_the_cap_edge():
    """A slow ball rolling off the rail top towards the table leaves it at the nose line
    touching the cap's edge (not the nose, 9 mm lower) and comes back to the cloth."""
    result = simulate(TABLE, [rolling_on_rail(X_RAIL, -0.03, 0.0, 0.2)])
    leave = kinds(result, EventKind.TRANSITION)
    leave = leave[leave["state"] == MotionState.AIRBORNE]
    at = result.state_at(leave["time"][0]).positions[0]
    assert at[1] == pytest.approx(0.0, abs=1e-12) and at[2] == pytest.approx(Z_RAIL, abs=1e-12)
    first = kinds(result, EventKind.CUSHION)[0]
    z = result.state_at(first["time"]).positions[0, 2]
    assert z > H_TOP        # on the cap's edge, above the face
    assert result.final.states[0] == MotionState.STATIONARY and result.final.positions[0, 2] == R
    check_all(result)
