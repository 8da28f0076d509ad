"""A test harness that plays whole matches through GameSession: random legal
placements and declarations, strokes aimed roughly at a ball on, a shot cap after which
the shooter concedes. Deterministic for a given seed. `record_match` records one."""
import math
import random
from datetime import datetime, timezone

from physics_ext import SimulationError, Stroke
from game.rules import BLACK, CUE, Group, clamp_to_zone, placement_allowed
from game.rules.nine_ball import OptionChoice
from game.rules.zones import BallInHand
from game.replay import Recorder
from game.session import (ChooseGroup, ChooseOption, Concede, GameSession, NextGame,
                          PlaceCueBall, Shoot)

MAX_STROKE_TRIES = 50     # strokes the solver refuses before the harness gives up
STARTED = datetime(2026, 4, 15, 14, 3, 22, tzinfo=timezone.utc)    # every test match's start


def free_spot(rng, session):
    """A random legal spot for the cue ball in hand: a random point of the table, moved
    into the zone, tried until it touches no ball."""
    state = session.state
    table, radius = state.table, state.ball_set.radius(CUE)
    for _ in range(10_000):
        wish = (rng.uniform(radius, table.length - radius),
                rng.uniform(radius, table.width - radius))
        spot = clamp_to_zone(table, state.ball_in_hand, wish, radius)
        if placement_allowed(table, state.ball_in_hand, spot, state.layout, state.ball_set):
            return spot
    raise AssertionError(f"no free spot in zone {state.ball_in_hand}")


def target(rng, state):
    """A ball the shooter may hit first: the lowest in 9-ball; in 8-ball an own colour,
    the black when on it, any colour on an open table."""
    if hasattr(state, "lowest_ball"):
        return state.lowest_ball
    if state.on_the_black(state.shooter):
        return BLACK
    group = state.group_of(state.shooter)
    return rng.choice(sorted(b for b in state.object_balls_on_table
                             if b != BLACK and (group is None or b in group.balls)))


def stroke(rng, state):
    """A level stroke roughly at a ball on, with some follow or draw and side."""
    (cx, cy), (tx, ty) = state.layout[CUE], state.layout[target(rng, state)]
    return Stroke(azimuth=math.atan2(ty - cy, tx - cx) + rng.gauss(0.0, 0.03), elevation=0.0,
                  side=rng.uniform(-0.3, 0.3), height=rng.uniform(-0.3, 0.4),
                  speed=rng.uniform(1.0, 7.0))


def play_turn(rng, session):
    """The commands of one turn: choices, placement, then a shot (retried while the
    solver refuses it). Returns the ShotRecord."""
    if session.group_choice_pending:
        session.apply(ChooseGroup(rng.choice(list(Group))))
    if session.option_pending is not None:
        session.apply(ChooseOption(rng.choice(list(OptionChoice))))
    if session.needs_cue_ball_placement or (session.state.ball_in_hand is BallInHand.D_OPTIONAL
                                            and rng.random() < 0.5):
        session.apply(PlaceCueBall(free_spot(rng, session)))
    for _ in range(MAX_STROKE_TRIES):
        push = session.push_out_available and rng.random() < 0.3
        try:
            return session.apply(Shoot(stroke(rng, session.state), push_out=push))
        except (SimulationError, ValueError):
            continue            # an engine fault: the position stands, play another stroke
    raise AssertionError("the solver refused every stroke")


def play_match(session: GameSession, seed: int, games: int = 1, shot_cap: int = 30):
    """Play `games` games on `session`; a game still running after `shot_cap` shots is
    conceded by the shooter. Returns the session."""
    rng = random.Random(seed)
    for game in range(games):
        if game:
            session.apply(NextGame(winner_breaks=rng.random() < 0.5))
        shots = 0
        while not session.state.game_over:
            if shots == shot_cap:
                session.apply(Concede(session.shooter))
                break
            play_turn(rng, session)
            shots += 1
    return session


def record_match(folder, mode: str, seed: int, games: int, shot_cap: int):
    """Play a match with the harness, recorded into `folder`: (session, recorder)."""
    session = GameSession(mode, ("Ann", "Bob"), seed=seed)
    recorder = Recorder(session, directory=folder, started=STARTED)
    play_match(session, seed=seed, games=games, shot_cap=shot_cap)
    return session, recorder
