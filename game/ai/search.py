"""Judging candidates with the real solver and the rules: a noise-free pass over all of
them (pots first corrected by aim.refine), then rounds that play ever fewer of the best
many times under the level's execution noise, every run scored by the rules' ruling and
the value of the state it leaves (value.py). Within a round every candidate meets the same
noise draws (common random numbers), which makes the comparison fair.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

from .aim import refine
from .noise import perturb
from .scene import shoot_all

# Score of a stroke the solver refuses or cannot finish: the session would raise on it.
FAILED = -1.0


@dataclass(frozen=True)
class Judged:
    """A candidate from a scene with its score: the mean value for the player (0..1) over
    its `runs` noisy runs (`total` is their sum), or of its noise-free run while it has
    none."""
    scene: object
    candidate: object
    score: float
    runs: int = 0
    total: float = 0.0


@dataclass
class Search:
    """The search of one decision. `simulations` counts solver runs."""
    level: object
    valuer: object
    player: object
    simulations: int = 0
    _corrections: dict = field(default_factory=dict)   # aim corrections (rad) per line

    def run(self, options, rounds, first_noise=None) -> list:
        """Judge `options`, a list of (scene, candidates); returns the last round's
        candidates, best first. The first pass plays every candidate noise-free (pots
        corrected by the solver first), or with the draws `first_noise` when given
        (breaks: chaos makes a single run meaningless). Each round (keep, draws) then
        plays the `keep` best so far with its draws; scores average every noisy run, so
        the last, narrowest round also corrects the luck that put a candidate first."""
        pairs = [(scene, c) for scene, candidates in options for c in candidates]
        if first_noise is None:
            ranked = self._first_pass(pairs)
        else:
            ranked = self._noisy([Judged(scene, c, 0.0) for scene, c in pairs], first_noise)
        for keep, noise in rounds:
            ranked.sort(key=lambda j: -j.score)
            ranked = self._noisy(ranked[:keep], noise)
        ranked.sort(key=lambda j: -j.score)
        return ranked

    def _first_pass(self, pairs) -> list:
        """Every (scene, candidate) judged noise-free, in order: the pots to refine one by
        one (each correction needs the last run), the rest as one batch."""
        refined = [self._refines(c) for _, c in pairs]
        batch = iter(shoot_all([(scene, c.stroke) for (scene, c), r in zip(pairs, refined)
                                if not r]))
        ranked = []
        for (scene, candidate), refine_it in zip(pairs, refined):
            if refine_it:
                ranked.append(self._noise_free(scene, candidate))
            else:
                self.simulations += 1
                ranked.append(Judged(scene, candidate,
                                     self._score(scene, next(batch), candidate)))
        return ranked

    def _refines(self, candidate) -> bool:
        return candidate.direction is not None and self.level.refine_steps > 0

    def _noise_free(self, scene, candidate) -> Judged:
        """A pot, its stroke corrected by the solver (aim.refine) first."""
        # Throw and squirt hardly change with speed: the correction found for the first
        # speed of a (ball, line, spin) is reused for the others.
        key = (id(scene), candidate.ball, candidate.direction, candidate.stroke.side,
               candidate.stroke.height)
        if key in self._corrections:
            stroke = dataclasses.replace(candidate.stroke, azimuth=candidate.stroke.azimuth
                                         + self._corrections[key])
            result, runs = scene.shoot(stroke), 1
        else:
            stroke, result, runs = refine(scene, candidate.stroke,
                                          scene.index(candidate.ball),
                                          candidate.direction, self.level.refine_steps)
            self._corrections[key] = stroke.azimuth - candidate.stroke.azimuth
        self.simulations += runs
        candidate = dataclasses.replace(candidate, stroke=stroke)
        return Judged(scene, candidate, self._score(scene, result, candidate))

    def _noisy(self, judged: list, noise) -> list:
        """Each of `judged` played once more with each draw of `noise`, all the runs as one
        batch."""
        plays = [(j.scene, perturb(j.candidate.stroke, self.level, z))
                 for j in judged for z in noise]
        results = shoot_all(plays)
        self.simulations += len(plays)
        out = []
        for k, j in enumerate(judged):
            mine = results[k * len(noise):(k + 1) * len(noise)]
            total = j.total + sum([self._score(j.scene, result, j.candidate)
                                   for result in mine])
            runs = j.runs + len(noise)
            out.append(Judged(j.scene, j.candidate, total / runs, runs, total))
        return out

    def _score(self, scene, result, candidate) -> float:
        if result is None:
            return FAILED
        outcome = scene.judge(result, candidate.push_out)
        return self.valuer.value(outcome.state, self.player)
