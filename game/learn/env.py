"""BreakshotEnv: one game of 9-ball or red/yellow 8-ball as a Gymnasium environment.

The agent is Player.A of an ordinary game.session.GameSession; a game.ai Opponent of the
chosen level plays Player.B. The coin toss of the session's seed decides who breaks. One
step is one visit to the table by the agent: the declaration the rules wait for (play or
pass after a push out, a group after potting both colours), the cue ball's spot when in
hand, and one stroke; then the opponent plays every shot until the agent must act again
or the game is over. The observation, the action and the reward are described in
game.learn.spaces and game.learn.reward (and docs/learning.md).

An episode is one game: it terminates when the game ends. A game the opponent wins by
breaking and running out before the agent ever acts is no episode: reset racks the next
game (the agent breaks it). The same seed gives the same episode for the same actions.
"""
from __future__ import annotations

import dataclasses

import gymnasium as gym

from physics_ext import Params, SimulationError
from game.ai import Opponent
from game.ai.selfplay import MAX_FAULTS_IN_A_ROW
from game.practice.position import Position
from game.rules import BLACK, CUE, NINE, BallInHand, Group, Player, RulesError
from game.rules.nine_ball import OptionChoice
from game.session import (ChooseGroup, ChooseOption, Concede, GameSession, NextGame,
                          PlaceCueBall, Shoot)

from . import spaces as sp
from .placement import nearest_allowed_spot
from .reward import end_reward, shot_reward

AGENT = Player.A
OPPONENT = Player.B
# The ball that must stay on the table in a starting layout of each mode.
GAME_BALL = {"nine_ball": NINE, "eight_ball": BLACK}


class BreakshotEnv(gym.Env):
    """mode: "nine_ball" or "eight_ball"; opponent: the computer level playing the
    other side ("beginner", "amateur" or "pro"); params: the physics; variants: the rule
    book's section 5 switches of the mode (None: the defaults).

    reset(options={"layout": {ball id: (x, y)}}) starts the game after the break from
    that layout (metres; the cue ball included), the agent to shoot."""

    metadata = {"render_modes": []}

    def __init__(self, mode: str = "nine_ball", opponent: str = "amateur",
                 params: Params = Params(), variants=None):
        self.mode = mode
        self.level = opponent
        self.params = params
        self.variants = variants
        probe = GameSession(mode, variants=variants, params=params)
        self.table = probe.table
        self.ball_count = len(probe.ball_set.all_balls)
        self.observation_space = sp.observation_space(self.table, self.ball_count)
        self.action_space = sp.action_space(self.table)
        self.session = None
        self.opponent = None

    # ---- Gymnasium API -----------------------------------------------------------------
    def reset(self, *, seed=None, options=None):
        super().reset(seed=seed)
        game_seed, opponent_seed = (int(v) for v in self.np_random.integers(2 ** 31, size=2))
        self.session = GameSession(self.mode, names=("agent", f"computer ({self.level})"),
                                   variants=self.variants, seed=game_seed,
                                   params=self.params)
        self.opponent = Opponent(self.level, seed=opponent_seed, params=self.params)
        layout = (options or {}).get("layout")
        if layout is not None:
            self.session.state = self._start_from(layout)
        opponent_shots = self._opponent_plays()
        while self.session.state.game_over:
            self.session.apply(NextGame())
            opponent_shots += self._opponent_plays()
        return self._observation(), {"opponent_shots": opponent_shots}

    def step(self, action):
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
                record = self.session.apply(Shoot(sp.stroke_of(action["stroke"]), push_out))
            except (SimulationError, ValueError) as exc:
                if isinstance(exc, RulesError):
                    raise
                # The solver refused the stroke (R9-B10: restore and replay): the game
                # is unchanged and the agent is at the table again.
                info["refused"] = str(exc)
            else:
                reward += shot_reward(record, AGENT)
                info["fouls"] = tuple(sorted(f.value for f in record.ruling.fouls))
                info["potted"] = tuple(sorted(record.facts.pocketed_balls))
        info["opponent_shots"] = self._opponent_plays()
        state = self.session.state
        reward += end_reward(state, AGENT)
        info["winner"] = None if state.winner is None else \
            ("agent" if state.winner == AGENT else "opponent")
        info["end_reason"] = None if state.end_reason is None else state.end_reason.value
        return self._observation(), reward, state.game_over, False, info

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

    def _opponent_plays(self) -> int:
        """The opponent plays until the agent must act or the game is over; returns how
        many shots he played. A stroke the solver keeps refusing makes him concede (as in
        game.ai.selfplay)."""
        shots = faults = 0
        while not self.session.state.game_over and self._to_act() == OPPONENT:
            if faults >= MAX_FAULTS_IN_A_ROW:
                self.session.apply(Concede(OPPONENT))
                break
            decision = self.opponent.decide(self.session.state)
            try:
                for command in decision.commands:
                    self.session.apply(command)
                    shots += isinstance(command, Shoot)
            except (SimulationError, ValueError) as exc:
                if isinstance(exc, RulesError):
                    raise
                faults += 1
                continue
            faults = 0
        return shots

    # ---- observation and starting layouts ----------------------------------------------
    def _observation(self) -> dict:
        return sp.observe(self.session.state, AGENT, self.ball_count)

    def _start_from(self, layout):
        """The session's first state moved to `layout` after the break, the agent to
        shoot; ValueError (one sentence) for a layout that cannot be played."""
        position = Position(self.table, self.mode, {})
        for ball, xy in dict(layout).items():
            position = position.with_ball(int(ball), xy)
        for needed, what in ((CUE, "the cue ball"), (GAME_BALL[self.mode], "the game ball")):
            if needed not in position.layout:
                raise ValueError(f"a starting layout needs {what} (ball {needed}) on the table")
        return dataclasses.replace(self.session.state, layout=position.layout, shooter=AGENT,
                                   ball_in_hand=BallInHand.NONE, is_break=False)
