"""A game in progress: the rules state, the physics, and the record of every shot.

GameSession turns commands into new rules states. A Shoot builds the physics balls from
the layout (the cue ball first), strikes and simulates the shot with physics_ext.shoot,
reads the ShotFacts from the event log and applies the ruling. Every command and every
shot's result are kept in order, which is what replays record. No Panda3D here.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import physics_ext
from physics_ext import Ball, CueSpec, Params, ShotResult
from physics_ext.types import frozen_instance
from game.rules import (CUE, EightBallVariants, NineBallVariants, Player, RulesError,
                        ShotFacts, coin_toss, concede, eight_ball, facts_from_result,
                        nine_ball, place_cue_ball)
from game.rules.nine_ball import Declarations
from game.settings import DEFAULT_NAMES, shown_name

from .commands import ChooseGroup, ChooseOption, Command, Concede, NextGame, PlaceCueBall, Shoot

MODES = ("eight_ball", "nine_ball")
ENGINES = {"eight_ball": eight_ball, "nine_ball": nine_ball}
_AT_REST = (0.0, 0.0, 0.0)     # a resting ball's velocity (m/s) and angular velocity (rad/s)


def physics_balls(layout, ball_set, previous=None) -> tuple:
    """(balls, ids): a layout (ball id -> (x, y) m) as physics balls at rest on the cloth,
    sized by `ball_set`, the cue ball (if on the table) first, then by id. `previous`:
    the (balls, ids) of an earlier call with the same `ball_set`, whose (immutable) balls
    are taken again for the balls that have not moved."""
    ids = ball_ids(layout)
    kept = {} if previous is None else dict(zip(previous[1], previous[0]))
    balls = []
    for b in ids:
        position = layout[b]
        ball = kept.get(b)
        if ball is None or ball.position != position:
            # Ball(radius, mass, position) without the frozen dataclass __init__ (the
            # same balls)
            ball = frozen_instance(Ball, {"radius": ball_set.radius(b),
                                          "mass": ball_set.mass(b), "position": position,
                                          "velocity": _AT_REST,
                                          "angular_velocity": _AT_REST})
        balls.append(ball)
    return balls, ids


def ball_ids(layout) -> tuple:
    """The ball ids of a layout in physics order: the cue ball (if on the table) first,
    then by id."""
    ids = sorted(layout)        # the cue ball's id is the smallest of a game's
    if CUE in layout and ids[0] != CUE:
        ids.remove(CUE)
        ids.insert(0, CUE)
    return tuple(ids)


@dataclass(frozen=True)
class ShotRecord:
    """One shot: who played it from which state, the stroke and declaration, the ball ids
    in physics order (index -> id), the solver's result, the facts and the ruling."""
    state_before: object
    command: Shoot
    ball_ids: tuple
    result: ShotResult
    facts: ShotFacts
    ruling: object


class GameSession:
    """One match of a mode between two players, game after game.

    mode: "eight_ball" or "nine_ball"; names: the two players' names (Player.A first);
    variants: the rule-book section 5 switches for the mode; seed: makes the coin toss and
    every rack; params: the physics parameters; cue: the cue both players strike with.
    `listeners` are called with
    (session, command, record_or_None) after every accepted command."""

    def __init__(self, mode: str, names=DEFAULT_NAMES, variants=None, seed: int = 0,
                 params: Params = Params(), breaker: Player | None = None,
                 cue: CueSpec = CueSpec()):
        if mode not in MODES:
            raise ValueError(f"unknown mode {mode!r}; choose one of {MODES}")
        self.mode = mode
        self.names = tuple(names)
        self.engine = ENGINES[mode]
        self.variants = variants or (EightBallVariants() if mode == "eight_ball"
                                     else NineBallVariants())
        self.seed = seed
        self.params = params
        self.cue = cue
        first = coin_toss(seed) if breaker is None else breaker
        self.state = self.engine.new_game(breaker=first, seed=seed, variants=self.variants)
        self.commands: list = []
        self.shots: list = []
        self.games_won = [0, 0]
        self.listeners: list[Callable] = []
        self._balls_of = None   # (layout, ball set, balls, ids) of physics_balls

    # ---- queries ---------------------------------------------------------------------
    @property
    def table(self):
        return self.state.table

    @property
    def ball_set(self):
        return self.state.ball_set

    @property
    def shooter(self) -> Player:
        return self.state.shooter

    def name(self, player: Player) -> str:
        return self.names[int(player)]

    @property
    def shown_names(self) -> tuple:
        """The two names as the screen writes them (game.settings.shown_name): the
        default names in the language spoken now; `names` keeps them as stored."""
        return tuple(shown_name(n) for n in self.names)

    @property
    def needs_cue_ball_placement(self) -> bool:
        return CUE not in self.state.layout

    @property
    def push_out_available(self) -> bool:
        return self.mode == "nine_ball" and self.state.push_out_available

    @property
    def option_pending(self):
        return getattr(self.state, "option_pending", None)

    @property
    def group_choice_pending(self) -> bool:
        return bool(getattr(self.state, "group_choice_pending", False))

    def physics_balls(self) -> tuple:
        """(balls, ids): the layout as physics balls at rest, the cue ball first (kept for
        the layout last asked about: a stroke asks twice, for the solver and the facts)."""
        layout, ball_set, last = self.state.layout, self.ball_set, self._balls_of
        if last is None or last[0] is not layout or last[1] is not ball_set:
            # the balls that have not moved since the last layout are kept
            previous = last[2:] if last is not None and last[1] is ball_set else None
            last = self._balls_of = (layout, ball_set, *physics_balls(layout, ball_set,
                                                                        previous))
        return list(last[2]), last[3]

    # ---- commands --------------------------------------------------------------------
    def apply(self, command: Command, result: ShotResult | None = None):
        """Carry out one command; returns the ShotRecord of a Shoot, else None. Raises
        RulesError for a command the state does not allow (nothing changes then).
        `result`: for a Shoot, the solver's result obtained elsewhere (a match server's
        authoritative shot) to rule on instead of simulating the stroke here."""
        record = None
        if isinstance(command, PlaceCueBall):
            self.state = place_cue_ball(self.state, command.position)
        elif isinstance(command, Shoot):
            record = self._shoot(command, result)
        elif isinstance(command, ChooseGroup):
            self.state = eight_ball.choose_group(self._mode_state("eight_ball"),
                                                 self.state.shooter, command.group)
        elif isinstance(command, ChooseOption):
            state = self._mode_state("nine_ball")
            if state.option_pending is None:
                raise RulesError("no choice is pending: only a push out offers the table")
            self.state = nine_ball.choose_option(state, state.option_pending, command.choice)
        elif isinstance(command, Concede):
            self.state = concede(self.state, command.player)
            self._count_win()
        elif isinstance(command, NextGame):
            if not self.state.game_over:
                raise RulesError("the game is not over")
            self.state = self.engine.next_game(self.state, command.winner_breaks)
        else:
            raise TypeError(f"not a command: {command!r}")
        self.commands.append(command)
        for listener in self.listeners:
            listener(self, command, record)
        return record

    def _mode_state(self, mode: str):
        if self.mode != mode:
            raise RulesError(f"that choice does not exist in {self.mode}")
        return self.state

    def _shoot(self, command: Shoot, result: ShotResult | None = None) -> ShotRecord:
        if self.state.game_over:
            raise RulesError("the game is over")
        if self.needs_cue_ball_placement:
            raise RulesError("place the cue ball first")
        if result is None:
            balls, ids = self.physics_balls()
            result = physics_ext.shoot(self.table, balls, 0, command.stroke, self.params,
                                       self.cue)
        else:       # the ids alone: the balls were struck elsewhere
            ids = ball_ids(self.state.layout)
        facts = facts_from_result(result, ids, cue_index=0)
        before = self.state
        if self.mode == "nine_ball":
            ruling = nine_ball.rule_shot(before, facts, Declarations(push_out=command.push_out))
        else:
            ruling = eight_ball.rule_shot(before, facts)
        self.state = self.engine.apply(before, ruling)
        record = ShotRecord(state_before=before, command=command, ball_ids=ids, result=result,
                            facts=facts, ruling=ruling)
        self.shots.append(record)
        if self.state.game_over:
            self._count_win()
        return record

    def _count_win(self) -> None:
        self.games_won[int(self.state.winner)] += 1
