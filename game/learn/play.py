"""One table of an environment: the agent's game against an opponent, played as plans that
ask for strokes, so that many tables can have their strokes simulated together.

`AgentTable` holds a GameSession (the agent is Player.A) and the opponent (Player.B). Its
`reset_plan` and `step_plan` are generators: each yields the Shoot commands the game needs
simulated, one at a time, is sent back the solver's ShotResult (or the exception the
solver raised), applies it through the session and the rules, and finally returns what
the environment reports. `run_plans` drives any number of plans, simulating the strokes
they ask for together with physics_ext.shoot_batch (one call per ball count; a stroke or
two, or any number on one thread, alone with physics_ext.shoot, whose results are the
same bit for bit), so a table
gives the same game, bit for bit, alone or among others and whatever the thread count.
"""
from __future__ import annotations

import dataclasses
import re

import numpy as np

import physics_ext
from physics_ext import Params, SimulationError
from game.ai.selfplay import MAX_FAULTS_IN_A_ROW
from game.practice.position import Position
from game.rules import BLACK, CUE, NINE, BallInHand, Group, Player
from game.rules.nine_ball import OptionChoice
from game.session import (ChooseGroup, ChooseOption, Concede, GameSession, NextGame,
                          PlaceCueBall, Shoot)
from game.session.game import ball_ids

from . import spaces as sp
from .opponents import make_opponent
from .placement import nearest_allowed_spot
from .reward import end_reward, shot_reward

AGENT = Player.A
OPPONENT = Player.B
# The ball that must stay on the table in a starting layout of each mode.
GAME_BALL = {"nine_ball": NINE, "eight_ball": BLACK}
# shoot_batch names the shot in its failure sentences; a refusal reports the sentence alone.
_SHOT_PREFIX = re.compile(r"^shot \d+: ")
# Fewer strokes than this go to physics_ext.shoot one by one (the same results bit for
# bit), and so do all of them on one thread: the batch's set-up and each stroke's
# ShotResult built from its rows cost more processor time a stroke than shoot alone
# (80-100 us a stroke in groups of 64 on one thread against 55-58 us; on two threads 91
# against 64 us in groups of 16-31, 111 against 101 in groups of 48-64: docs/learning.md,
# "Speed"). Only a round of about every table, the agents' strokes, goes to the batch:
# its loss is smallest there, and free cores may gain on the clock.
BATCH_FROM = 48


class AgentTable:
    """One game of `mode` ("nine_ball" or "eight_ball") between the agent and the
    opponent called `opponent` (game.learn.opponents), with the physics `params` and the
    rule book's `variants`. The session and the opponent are made by reset_plan."""

    def __init__(self, mode: str, opponent: str, params: Params, variants=None):
        self.mode = mode
        self.level = opponent
        self.params = params
        self.variants = variants
        make_opponent(opponent, 0, params)      # refuses an unknown name now
        probe = GameSession(mode, variants=variants, params=params)
        self.table = probe.table
        self.ball_set = probe.ball_set
        self.ball_count = len(probe.ball_set.all_balls)
        # (radius m, mass kg) of each ball id, for rows()
        self._sizes = {b: (probe.ball_set.radius(b), probe.ball_set.mass(b))
                       for b in probe.ball_set.all_balls}
        self.session = None
        self.opponent = None

    # ---- plans -------------------------------------------------------------------------
    def reset_plan(self, rng: np.random.Generator, layout=None):
        """A new game seeded from `rng` (the game's seed, then the opponent's), from
        `layout` after the break when given (ValueError for one that cannot be played);
        the opponent plays until the agent must act. Returns {"opponent_shots": n}. A
        reset that raises leaves the table without a game: step_plan then refuses."""
        self.session = self.opponent = None     # a reset that raises leaves no game
        game_seed, opponent_seed = (int(v) for v in rng.integers(2 ** 31, size=2))
        session = GameSession(self.mode, names=("agent", f"computer ({self.level})"),
                              variants=self.variants, seed=game_seed, params=self.params)
        if layout is not None:
            session.state = self._start_from(session.state, layout)
        self.session = session
        self.opponent = make_opponent(self.level, opponent_seed, self.params)
        shots = yield from self._opponent_plays()
        while self.session.state.game_over:
            self.session.apply(NextGame())
            shots += yield from self._opponent_plays()
        return {"opponent_shots": shots}

    def step_plan(self, action):
        """The agent's visit with `action` (game.learn.spaces), then the opponent's until
        the agent must act again or the game is over. Returns (reward, terminated, info)."""
        if self.session is None or self.session.state.game_over:
            raise RuntimeError("the game is over or has not begun: call reset() first")
        reward, info = 0.0, {"fouls": (), "potted": (), "placed": None, "refused": None}
        self._declare(action)
        state = self.session.state
        if not state.game_over and self._to_act() == AGENT:
            if sp.cue_ball_in_hand(state):
                spot = nearest_allowed_spot(state, action["cue_ball"])
                self.session.apply(PlaceCueBall(spot))
                info["placed"] = spot
            push_out = bool(action["push_out"]) and self.session.push_out_available
            try:
                command = Shoot(sp.stroke_of(action["stroke"]), push_out)
            except ValueError as exc:
                outcome = exc
            else:
                outcome = yield command
            if isinstance(outcome, Exception):
                # The solver refused the stroke (R9-B10: restore and replay): the game
                # is unchanged and the agent is at the table again.
                info["refused"] = _SHOT_PREFIX.sub("", str(outcome))
            else:
                record = self.session.apply(command, outcome)
                reward += shot_reward(record, AGENT)
                info["fouls"] = tuple(sorted(f.value for f in record.ruling.fouls))
                info["potted"] = tuple(sorted(record.facts.pocketed_balls))
        info["opponent_shots"] = yield from self._opponent_plays()
        state = self.session.state
        reward += end_reward(state, AGENT)
        info["winner"] = None if state.winner is None else \
            ("agent" if state.winner == AGENT else "opponent")
        info["end_reason"] = None if state.end_reason is None else state.end_reason.value
        return reward, state.game_over, info

    # ---- the agent's side --------------------------------------------------------------
    def _declare(self, action) -> None:
        """The declaration the rules wait for from the agent, if any, from "choice"."""
        state = self.session.state
        second = bool(action["choice"])
        if getattr(state, "option_pending", None) == AGENT:
            self.session.apply(ChooseOption(OptionChoice.PASS if second else OptionChoice.PLAY))
        elif getattr(state, "group_choice_pending", False) and state.shooter == AGENT:
            self.session.apply(ChooseGroup(Group.YELLOW if second else Group.RED))

    # ---- the opponent's side -----------------------------------------------------------
    def _to_act(self) -> Player:
        state = self.session.state
        option = getattr(state, "option_pending", None)
        return state.shooter if option is None else option

    def _opponent_plays(self):
        """The opponent plays until the agent must act or the game is over; returns how
        many shots he played. A stroke the solver keeps refusing makes him concede (as in
        game.ai.selfplay)."""
        shots = faults = 0
        while not self.session.state.game_over and self._to_act() == OPPONENT:
            if faults >= MAX_FAULTS_IN_A_ROW:
                self.session.apply(Concede(OPPONENT))
                break
            refused = False
            for command in self.opponent.commands(self.session.state):
                if not isinstance(command, Shoot):
                    self.session.apply(command)
                    continue
                outcome = yield command
                if isinstance(outcome, Exception):
                    refused = True
                    break
                self.session.apply(command, outcome)
                shots += 1
            faults = faults + 1 if refused else 0
        return shots

    # ---- observation and starting layouts ----------------------------------------------
    def observe_into(self, out: dict, k: int) -> None:
        """Write the agent's observation into row k of the batched arrays `out`."""
        sp.observe_into(out, k, self.session.state, AGENT)

    def _start_from(self, state, layout):
        """The first state `state` moved to `layout` after the break, the agent to
        shoot; ValueError (one sentence) for a layout that cannot be played."""
        position = Position(self.table, self.mode, {})
        for ball, xy in dict(layout).items():
            position = position.with_ball(int(ball), xy)
        for needed, what in ((CUE, "the cue ball"), (GAME_BALL[self.mode], "the game ball")):
            if needed not in position.layout:
                raise ValueError(f"a starting layout needs {what} (ball {needed}) on the table")
        return dataclasses.replace(state, layout=position.layout, shooter=AGENT,
                                   ball_in_hand=BallInHand.NONE, is_break=False)

    def rows(self) -> list:
        """The session's layout as the solver's ball rows (physics_ext.BALL_COLUMNS, lists
        of floats), in GameSession.physics_balls order (the cue ball first), at rest on the
        cloth."""
        layout, sizes = self.session.state.layout, self._sizes
        rows = []
        for b in ball_ids(layout):
            (radius, mass), (x, y) = sizes[b], layout[b]
            rows.append([radius, mass, x, y, radius] + _AT_REST)
        return rows


# The velocity and angular velocity columns of a ball at rest.
_AT_REST = [0.0] * 6


def run_plans(tables, plans, threads: int = 1) -> list:
    """Drive the generator `plans` of `tables` (AgentTable, one plan each) to their ends;
    the strokes they ask for at one time are simulated together, one shoot_batch call per
    ball count (BATCH_FROM strokes or more, `threads` > 1; else one physics_ext.shoot call
    each), on `threads` threads (the results do not depend on it). Returns what each plan
    returned."""
    results = [None] * len(plans)
    asks = {}
    for k, plan in enumerate(plans):
        _advance(plans, k, None, asks, results)
    while asks:
        by_count = {}
        for k, command in asks.items():
            by_count.setdefault(len(tables[k].session.state.layout), []).append((k, command))
        asks = {}
        for group in by_count.values():
            for k, outcome in zip((k for k, _ in group), _outcomes(tables, group, threads)):
                _advance(plans, k, outcome, asks, results)
    return results


def _outcomes(tables, group, threads: int) -> list:
    """The ShotResult of each (table index, Shoot) of `group` (one ball count), or the
    exception the solver raised for it."""
    first = tables[group[0][0]]
    if len(group) < BATCH_FROM or threads == 1:
        out = []
        for k, command in group:
            session = tables[k].session
            try:
                out.append(physics_ext.shoot(session.table, session.physics_balls()[0], 0,
                                             command.stroke, session.params, session.cue))
            except (SimulationError, ValueError) as exc:
                out.append(exc)
        return out
    batch = physics_ext.shoot_batch(
        first.table, np.array([tables[k].rows() for k, _ in group]),
        [command.stroke for _, command in group], first.params,
        first.session.cue, threads=threads, logs=True, invalid="skip")
    out = []
    for j in range(len(group)):
        try:
            out.append(batch.shot_result(j))
        except (SimulationError, ValueError) as exc:
            out.append(exc)
    return out


def _advance(plans, k: int, outcome, asks: dict, results: list) -> None:
    """Send plan k its outcome and note the stroke it asks for next, or what it returned."""
    try:
        asks[k] = plans[k].send(outcome)
    except StopIteration as stop:
        results[k] = stop.value
