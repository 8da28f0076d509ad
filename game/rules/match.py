"""What both games share: the common part of the match state, and the declarations that
work the same way in both (placing the cue ball in hand, conceding, the shot clock, the
coin toss, who breaks the next game).
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import ClassVar

from physics_ext.table import TableSpec

from .balls import CUE, BallSet
from .facts import ShotFacts
from .frozen import evolve
from .layout import Layout
from .outcome import EndReason, Player, RulesError
from .zones import BallInHand, placement_allowed


@dataclass(frozen=True)
class MatchState:
    """The part of a game's state both games have.

    table: the physics_ext TableSpec played on.
    layout: the balls on the table; the cue ball is absent while it is in hand and not
        yet placed.
    breaker: who broke this game (coin toss or alternation); re-racks keep it.
    shooter: the player at the table.
    ball_in_hand: where the shooter may place the cue ball (BallInHand.NONE: as it lies).
        It stays set after placement so the player can move the ball until he shoots.
    is_break: the next shot is a break.
    seed, rack_number: make every rack of the match from racks.rack_seed.
    winner, end_reason: set when the game is over.
    clock_warned: players already warned for slow play in this game (R9-B08, R8-B10).
    """
    table: TableSpec
    layout: Layout
    breaker: Player
    shooter: Player
    ball_in_hand: BallInHand
    is_break: bool = True
    seed: int = 0
    rack_number: int = 0
    winner: Player | None = None
    end_reason: EndReason | None = None
    clock_warned: frozenset = frozenset()

    ball_set: ClassVar[BallSet]

    @property
    def game_over(self) -> bool:
        return self.winner is not None

    @property
    def object_balls_on_table(self) -> frozenset:
        return frozenset(self.layout) - {CUE}


@dataclass(frozen=True)
class Ruling:
    """The part of a shot's ruling both games have.

    shooter: who played the shot. fouls: every foul on it (Foul values; several are
    penalised once). next_player: who is at the table next. ball_in_hand: his zone.
    layout: the table after the ruling (respots made, the cue ball lifted when in hand,
    a fresh rack after a re-rack). respots: ((ball, (x, y)), ...) in placement order.
    winner, end_reason: set when the shot ended the game.
    """
    shooter: Player
    fouls: frozenset
    next_player: Player
    ball_in_hand: BallInHand
    layout: Layout
    respots: tuple = ()
    winner: Player | None = None
    end_reason: EndReason | None = None

    @property
    def foul(self) -> bool:
        return bool(self.fouls)


def check_can_shoot(state: MatchState, facts: ShotFacts) -> None:
    """Refuse a shot the session should never have played, and facts that do not fit the
    table (a pocketed ball that was not on it, for instance)."""
    if state.game_over:
        raise RulesError("the game is over")
    if CUE not in state.layout:
        raise RulesError("the cue ball is in hand and has not been placed")
    named = facts.pocketed_balls | facts.off_table | facts.cushion_balls
    if facts.first_contact is not None:
        named = named | {facts.first_contact}
    strangers = named.difference(state.layout.keys())
    if strangers:
        raise RulesError(f"the shot facts name balls not on the table: {sorted(strangers)}")
    if facts.first_contact == CUE:
        raise RulesError("the cue ball cannot be its own first contact")


def settle_layout(state: MatchState, facts: ShotFacts) -> Layout:
    """The balls on the table after the shot, before any respot or ball in hand."""
    gone = facts.pocketed_balls | facts.off_table
    moved = facts.final_positions or {}
    if not gone.isdisjoint(moved):
        raise RulesError("final positions include a ball that was pocketed or sent off")
    # final_positions is a Layout (ShotFacts makes it one): its balls need no normalising
    return Layout._of({b: p for b, p in state.layout.items() if b not in gone}
                      | dict(moved.items()))


def place_cue_ball(state: MatchState, position) -> MatchState:
    """Put the cue ball in hand at `position` (R8-B09, R9-B05): only inside the zone, on
    the table and overlapping no ball; it may be moved again until the shot."""
    if state.game_over:
        raise RulesError("the game is over")
    if state.ball_in_hand is BallInHand.NONE:
        raise RulesError("the cue ball is not in hand")
    if not placement_allowed(state.table, state.ball_in_hand, position, state.layout,
                             state.ball_set):
        raise RulesError(f"the cue ball may not be placed at {tuple(position)} "
                         f"({state.ball_in_hand.value})")
    return evolve(state, layout=state.layout.with_ball(CUE, position))


def concede(state: MatchState, player: Player) -> MatchState:
    """R8-B11, R9-B09 (S2 7.1.g): the conceding player loses at once, no warning needed."""
    if state.game_over:
        raise RulesError("the game is over")
    return evolve(state, winner=Player(player).other, end_reason=EndReason.CONCEDED)


def shot_clock_overrun(state: MatchState) -> MatchState:
    """R9-B08, R8-B10: the shooter's first overrun in a game is a warning, a later one
    loses the game. Only called when the optional shot clock is on."""
    if state.game_over:
        raise RulesError("the game is over")
    if state.shooter in state.clock_warned:
        return evolve(state, winner=state.shooter.other, end_reason=EndReason.SLOW_PLAY)
    return evolve(state, clock_warned=state.clock_warned | {state.shooter})


def coin_toss(seed: int) -> Player:
    """R8-03, R8-B08: who breaks the first game, decided by the game from a seed."""
    return Player(random.Random(seed).randrange(2))


def next_breaker(state: MatchState, winner_breaks: bool = False) -> Player:
    """R8-X18, R9-X18: breaks alternate; the UI option `winner_breaks` lets the winner
    break instead."""
    if not state.game_over:
        raise RulesError("the game is not over")
    return state.winner if winner_breaks else state.breaker.other
