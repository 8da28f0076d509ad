"""Whole games with the real solver: random strokes from a fixed seed, played to the end,
with the invariants checked after every shot.

A random stroke gives the cue ball a velocity of up to 6 m/s in a random direction and a
random spin; a cue ball in hand goes to a random legal spot of its zone; declarations
(push out, play or pass, group choice) are random too. BREAKSHOT_WHOLE_GAMES sets the
number of games per mode (default: a CI-sized run).

Every stroke must simulate: a shot the solver cannot finish (SimulationError), or one that
leaves a ball where the solver then refuses to start (ValueError from simulate), fails the
test. (1,333 games of each mode, about 98,000 strokes, ran without one.)
"""
import dataclasses
import math
import os
import random
from dataclasses import dataclass

import pytest

from game.rules import eight_ball, nine_ball
from game.rules.balls import BLACK, CUE, NINE, Group
from game.rules.facts import facts_from_result
from game.rules.layout import clearance, on_table
from game.rules.match import place_cue_ball
from game.rules.outcome import EndReason, Player
from game.rules.variants import EightBallVariants, NineBallVariants
from game.rules.zones import BallInHand, placement_allowed
from physics_ext import Ball, simulate

GAMES = int(os.environ.get("BREAKSHOT_WHOLE_GAMES", "100"))
MAX_ATTEMPTS = 3000        # safety cap on strokes per game: never hang
MAX_SPEED = 6.0            # m/s
SEED = 20260415
AIMED = 0.7                # share of strokes aimed at a ball on


def random_spot(rng, state):
    """A uniformly random legal spot of the state's ball-in-hand zone."""
    table, radius = state.table, state.ball_set.radius(CUE)
    if state.ball_in_hand in (BallInHand.D, BallInHand.D_OPTIONAL):
        cx, cy = table.d_centre
        box = (cx - table.d_radius, cx, cy - table.d_radius, cy + table.d_radius)
    elif state.ball_in_hand is BallInHand.BEHIND_HEAD_STRING:
        box = (radius, table.head_line_x, radius, table.width - radius)
    else:
        box = (radius, table.length - radius, radius, table.width - radius)
    for _ in range(10_000):
        spot = (rng.uniform(box[0], box[1]), rng.uniform(box[2], box[3]))
        if placement_allowed(table, state.ball_in_hand, spot, state.layout, state.ball_set):
            return spot
    raise AssertionError(f"no free spot in zone {state.ball_in_hand}")


def ball_on(rng, state):
    """A ball the shooter may legally hit first (so that games also reach their legal
    endings): the lowest ball in 9-ball; in 8-ball an own ball, the black when on it, or
    any colour on an open table."""
    if isinstance(state, nine_ball.NineBallState):
        return state.lowest_ball
    group = state.group_of(state.shooter)
    if state.on_the_black(state.shooter):
        return BLACK
    colours = sorted(b for b in state.object_balls_on_table
                     if b != BLACK and (group is None or b in group.balls))
    return rng.choice(colours)


def play_stroke(rng, state):
    """Simulate a random stroke from `state`: aimed roughly at a ball on with probability
    AIMED, in any direction otherwise. Returns (ShotResult, ball ids in solver order)."""
    ids = sorted(state.layout)
    speed = rng.uniform(0.2, MAX_SPEED)
    top = speed / state.ball_set.radius(CUE)          # spin of natural roll, rad/s
    if rng.random() < AIMED:
        # Follow or draw along the line and side spin only, so the ball runs true.
        (cx, cy), (tx, ty) = state.layout[CUE], state.layout[ball_on(rng, state)]
        angle = math.atan2(ty - cy, tx - cx) + rng.gauss(0.0, 0.02)
        roll = rng.uniform(-1.0, 1.0) * top
        spin = (-math.sin(angle) * roll, math.cos(angle) * roll, rng.uniform(-1.0, 1.0) * top)
    else:
        angle = rng.uniform(0.0, 2.0 * math.pi)
        spin = tuple(rng.uniform(-1.0, 1.0) * top for _ in range(3))
    velocity = (speed * math.cos(angle), speed * math.sin(angle), 0.0)
    still = (0.0, 0.0, 0.0)
    balls = [Ball(state.ball_set.radius(b), state.ball_set.mass(b), state.layout[b],
                  velocity=velocity if b == CUE else still,
                  angular_velocity=spin if b == CUE else still)
             for b in ids]
    return simulate(state.table, balls), ids


@dataclass(frozen=True)
class Ledger:
    """Where every object ball is: on the table, pocketed or off the table."""
    balls: frozenset
    pocketed: frozenset = frozenset()
    off: frozenset = frozenset()

    def after(self, facts, ruling) -> "Ledger":
        if getattr(ruling, "rerack", False) or getattr(ruling, "void_break", False):
            return Ledger(self.balls)
        respotted = {b for b, _ in ruling.respots}
        return Ledger(self.balls,
                      (self.pocketed | (facts.pocketed_balls - {CUE})) - respotted,
                      (self.off | (facts.off_table - {CUE})) - respotted)

    def check(self, state):
        on_table = frozenset(state.layout) - {CUE}
        assert not (on_table & self.pocketed) and not (on_table & self.off)
        assert not (self.pocketed & self.off)
        assert on_table | self.pocketed | self.off == self.balls


def check_state(state, ruling):
    """Invariants of any state between shots. Resting positions are the solver's to get
    right (a ball may rest in a pocket mouth); the positions the rules make, respots, must
    be on the playing surface and touch no ball."""
    balls = state.ball_set
    for ball, position in ruling.respots:
        assert on_table(state.table, position, balls.radius(ball)), (ball, position)
        assert clearance(position, balls.radius(ball), state.layout, balls,
                         ignore=[ball]) > 0.0, (ball, position)
    if state.game_over:
        assert state.winner in (Player.A, Player.B) and state.end_reason is not None
        return
    assert state.end_reason is None
    assert (CUE in state.layout) == (not state.ball_in_hand.lifts_cue_ball)


def check_eight(state, ruling):
    check_state(state, ruling)
    assert state.visits_remaining in (1, 2)
    assert not (state.group_choice_pending and state.red_player is not None)
    groups = {state.group_of(Player.A), state.group_of(Player.B)}
    assert groups in ({None}, {Group.RED, Group.YELLOW})
    if not state.game_over:
        assert BLACK in state.layout
    elif state.end_reason is EndReason.BLACK_POTTED:
        assert not state.group_of(state.winner).balls & set(state.layout)


def check_nine(state, ruling):
    check_state(state, ruling)
    assert all(0 <= n <= 2 for n in state.consecutive_fouls)
    assert all(n == 2 for n, w in zip(state.consecutive_fouls, state.warned) if w)
    if not state.game_over:
        assert NINE in state.layout
        assert not (state.push_out_available and state.option_pending is not None)


def declare(rng, engine, state):
    """The declarations a player makes before a stroke, at random."""
    if engine is eight_ball and state.group_choice_pending:
        state = eight_ball.choose_group(state, state.shooter, rng.choice(list(Group)))
    if engine is nine_ball and state.option_pending is not None:
        state = nine_ball.choose_option(state, state.option_pending,
                                        rng.choice(list(nine_ball.OptionChoice)))
    if CUE not in state.layout:
        state = place_cue_ball(state, random_spot(rng, state))
    return state


def rule(rng, engine, state, facts):
    if engine is nine_ball:
        push = state.push_out_available and rng.random() < 0.5
        return nine_ball.rule_shot(state, facts, nine_ball.Declarations(push_out=push))
    return eight_ball.rule_shot(state, facts)


def play_game(rng, engine, state, check):
    """Play one game to the end; returns (final state, shots)."""
    ledger = Ledger(frozenset(state.ball_set.object_balls))
    shots = 0
    while not state.game_over:
        if shots >= MAX_ATTEMPTS:
            pytest.fail(f"game still running after {MAX_ATTEMPTS} strokes")
        state = declare(rng, engine, state)
        result, ids = play_stroke(rng, state)
        facts = facts_from_result(result, ids, cue_index=ids.index(CUE))
        ruling = rule(rng, engine, state, facts)
        state = engine.apply(state, ruling)
        ledger = ledger.after(facts, ruling)
        ledger.check(state)
        check(state, ruling)
        shots += 1
    return state, shots


ALL_ON_8 = EightBallVariants(*[True] * len(dataclasses.fields(EightBallVariants)))
ALL_ON_9 = NineBallVariants(*[True] * len(dataclasses.fields(NineBallVariants)))


@pytest.mark.parametrize("engine, check, variants, games", [
    (eight_ball, check_eight, EightBallVariants(), GAMES),
    (nine_ball, check_nine, NineBallVariants(), GAMES),
    (eight_ball, check_eight, ALL_ON_8, GAMES // 3),
    (nine_ball, check_nine, ALL_ON_9, GAMES // 3),
], ids=["eight_ball", "nine_ball", "eight_ball_all_variants", "nine_ball_all_variants"])
def test_whole_games(engine, check, variants, games):
    rng = random.Random(SEED)
    state = engine.new_game(seed=SEED, variants=variants)
    reasons, shots = {}, 0
    for _ in range(games):
        state, n = play_game(rng, engine, state, check)
        reasons[state.end_reason.value] = reasons.get(state.end_reason.value, 0) + 1
        shots += n
        state = engine.next_game(state)
    print(f"\n{engine.__name__}: {games} games, {shots} shots, end reasons {reasons}")
