"""The computer opponent: everything a player decides, one Decision at a time.

`Opponent(level, seed).decide(state)` reads a rules state (GameSession.state) and returns
the commands to apply in order: ChooseOption after a push out, ChooseGroup when both
colours dropped, else an optional PlaceCueBall and a Shoot (with its push-out
declaration). All randomness (the noise the search samples and the mishit of the stroke
actually played) comes from numpy Generators seeded from `seed`: the same seed and the same
states give the same decisions.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from physics_ext import Params, Stroke
from game.rules import CUE, BallInHand, Group, RulesError, nine_ball
from game.rules.nine_ball import OptionChoice
from game.session import ChooseGroup, ChooseOption, PlaceCueBall, Shoot

from . import candidates as cands
from .breaks import break_spots, break_strokes
from .legal import balls_on, jumps_allowed
from .levels import Level, level_named
from .noise import draws, perturb
from .placement import spots
from .scene import Scene
from .search import Search
from .value import Valuer, with_group

# Pots are rated for the value of a position with at least this aim error (rad): even a
# player who never misses prefers short, straight shots, which forgive the unexpected.
VALUE_SIGMA_FLOOR = 0.001
# With the cue ball in hand, every stroke family is judged from this many of the best
# rated spots; the others get their pot only.
FULL_SCENES = 2
# Choosing play or pass: play when the best stroke from the position is worth this much.
PLAY_THRESHOLD = 0.5


@dataclass(frozen=True)
class Decision:
    """What the computer does now. commands: to apply in order; kind: 'break', 'pot',
    'bank', 'kick', 'jump', 'safety', 'push_out', 'option' or 'group'; score: its
    expected value for the player (0..1, his estimated chance to win); simulations:
    solver runs spent on it."""
    commands: tuple
    kind: str
    score: float
    simulations: int


class Opponent:
    """A computer player of `level` (a Level or its name). `seed`: an int or a sequence of
    ints (numpy SeedSequence entropy). `params`: the physics the session plays with
    (GameSession.params)."""

    def __init__(self, level: Level | str, seed=0, params: Params = Params()):
        self.level = level_named(level) if isinstance(level, str) else level
        self.params = params
        self.rng = np.random.default_rng(seed)
        self.valuer = Valuer(params, max(self.level.sigma_azimuth, VALUE_SIGMA_FLOOR),
                             self.level.lookahead)

    def decide(self, state) -> Decision:
        """The next decision of the player to act in `state`."""
        if state.game_over:
            raise RulesError("the game is over")
        if getattr(state, "option_pending", None) is not None:
            return self._option(state)
        if getattr(state, "group_choice_pending", False):
            return self._group(state)
        return self._stroke(state)

    # ---- declarations ------------------------------------------------------------------
    def _option(self, state) -> Decision:
        """R9-14: play when the best stroke from the position is worth it, else pass."""
        player = state.option_pending
        playing = nine_ball.choose_option(state, player, OptionChoice.PLAY)
        shot = self._stroke(playing)
        choice = OptionChoice.PLAY if shot.score >= PLAY_THRESHOLD else OptionChoice.PASS
        score = shot.score if choice is OptionChoice.PLAY else 1.0 - shot.score
        return Decision((ChooseOption(choice),), "option", score, shot.simulations)

    def _group(self, state) -> Decision:
        """R8-11: the group whose balls the shooter is better placed to pot."""
        shooter = state.shooter
        scored = [(self.valuer.at_table(with_group(state, shooter, g), shooter), g)
                  for g in Group]
        score, group = max(scored, key=lambda sg: sg[0])
        return Decision((ChooseGroup(group),), "group", score, 0)

    # ---- strokes -----------------------------------------------------------------------
    def _stroke(self, state) -> Decision:
        best, in_hand, simulations = self.plan(state)
        commands = []
        spot = tuple(float(v) for v in best.scene.cue)
        if in_hand and (CUE not in state.layout or state.layout[CUE] != spot):
            commands.append(PlaceCueBall(spot))
        stroke = perturb(best.candidate.stroke, self.level, draws(self.rng, 1)[0])
        commands.append(Shoot(stroke, push_out=best.candidate.push_out))
        return Decision(tuple(commands), best.candidate.kind, best.score, simulations)

    def plan(self, state) -> tuple:
        """The stroke the player means to play from `state` (a stroke to decide, not a
        declaration), before his execution noise: (the best Judged candidate, whose scene
        holds the cue ball where he puts it; whether he has the cue ball in hand; solver
        runs spent)."""
        level = self.level
        search = Search(level, self.valuer, state.shooter)
        in_hand = state.ball_in_hand is not BallInHand.NONE
        if state.is_break:
            places = break_spots(state) if in_hand else [None]
            options = [(scene, break_strokes(scene)) for scene in self._scenes(state, places)]
            first, keep, samples = level.break_search
            judged = search.run(options, [(keep, draws(self.rng, samples))],
                                first_noise=draws(self.rng, first))
        else:
            places = spots(state, self.params, level.placements, self.valuer.sigma) \
                if in_hand else [None]
            scenes = self._scenes(state, places)
            options = [(scene, self.candidates(state, scene, first=k < FULL_SCENES,
                                               in_hand=in_hand))
                       for k, scene in enumerate(scenes)]
            judged = search.run(options, [(keep, draws(self.rng, samples))
                                          for keep, samples in level.rounds])
        return judged[0], in_hand, search.simulations

    def _scenes(self, state, places) -> list:
        return [Scene.of(state, self.params, cue=place) for place in places]

    def candidates(self, state, scene, first: bool = True, in_hand: bool = False) -> list:
        """Every family of strokes worth judging from `scene` (the position of `state`,
        the cue ball where the scene puts it). A cue ball in hand (`in_hand`) is put where
        one pot is good: such a scene gets that pot only (the placement's purpose) unless
        `first` (one of the best rated spots), which also gets the other families."""
        level, sigma = self.level, self.valuer.sigma
        targets = balls_on(state)
        if in_hand:
            out = cands.pots(scene, level, targets, sigma, max_pots=1, sides=(0.0,))
        else:
            out = cands.pots(scene, level, targets, sigma)
        if not first:
            return out
        best = max((c.prior for c in out), default=0.0)
        out += cands.safeties(scene, targets)
        reachable = any(c.kind == "safety" for c in out)
        if level.banks_and_kicks:
            if best < cands.BANK_WHEN_BEST_BELOW:
                out += cands.banks(scene, targets)
            if not reachable:
                out += cands.kicks(scene, targets)
        if level.jumps and jumps_allowed(state) and not reachable:
            out += cands.jumps(scene, targets)
        if getattr(state, "push_out_available", False):
            out += cands.push_outs(scene)
        if not out:
            out = cands.kicks(scene, targets) or _straight_at(scene, targets)
        return out


def _straight_at(scene, targets) -> list:
    """The last resort: a medium stroke straight at the first ball on."""
    target = scene.positions[scene.index(targets[0])]
    azimuth = float(np.arctan2(target[1] - scene.cue[1], target[0] - scene.cue[0]))
    return [cands.Candidate("safety", Stroke(azimuth=azimuth % (2 * np.pi), elevation=0.0,
                                             side=0.0, height=0.0, speed=2.5),
                            ball=targets[0])]
