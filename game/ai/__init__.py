"""The computer opponent (no Panda3D): candidates from the table geometry, judged with the
real solver under execution noise and ruled by the rules engines.

    from game.ai import Opponent
    opponent = Opponent("pro", seed=1, params=session.params)
    decision = opponent.decide(session.state)    # reads the state, changes no game
    for command in decision.commands:
        session.apply(command)

`decide` takes from a fraction of a second (beginner) to about one second (pro) and
touches no session, so a window can run it on a worker thread and apply the commands on
its own thread afterwards (one Opponent per thread: its random generator is its state).

Modules, one job each: levels (strengths), noise (mishits), geometry (pocket windows,
paths, rails), shots (direct pots and their chances), legal (balls on), scene (a position
through solver and rules), aim (throw, squirt, solver refinement), cueing (cue elevation),
candidates (stroke families), placement (ball in hand), breaks, value (position value),
search (noise-free pass, then noisy rounds), opponent (decisions), selfplay (matches).
"""
from .levels import LEVELS, Level, level_named
from .opponent import Decision, Opponent

__all__ = ["Opponent", "Decision", "Level", "LEVELS", "level_named"]
