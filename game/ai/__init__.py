"""The computer opponent (no Panda3D): candidates from the table geometry, judged with the
real solver under execution noise and ruled by the rules engines.

    from game.ai import Opponent
    decision = Opponent("pro", seed=1).decide(session.state)
    for command in decision.commands:
        session.apply(command)

Modules, one job each: levels (strengths), noise (mishits), geometry (pocket windows,
paths, rails), shots (direct pots and their chances), legal (balls on), scene (a position
through solver and rules), aim (throw, squirt, solver refinement), cueing (cue elevation),
candidates (stroke families), placement (ball in hand), breaks, value (position value),
search (noise-free pass and noisy shortlist), opponent (decisions), selfplay (matches).
"""
from .levels import LEVELS, Level, level_named
from .opponent import Decision, Opponent

__all__ = ["Opponent", "Decision", "Level", "LEVELS", "level_named"]
