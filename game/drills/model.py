"""A drill as plain, immutable data: the balls, what counts, how it is scored, its limits.

Three kinds of drill cover the classic ones (docs/drills.md):
    run     one position played on, shot after shot, from where the balls stop: every shot
            must pot (any ball, or the next of a fixed order); optionally no ball left on
            the table may touch a cushion, and a zone the cue ball should stop in after
            each pot earns a bonus point (the line-up drill, a position-play route)
    stages  a ladder of set positions, each with a target ball to pot (into a given
            pocket) and maybe where the cue ball must stop; a few tries per stage (the
            progressive stop shots, the cut-angle ladder)
    ghost   9-ball by its rules against the ghost: break and run out to win the rack,
            anything less gives it to the ghost, race to N

Positions are table-frame metres (physics_ext.table: x along the table from the head
cushion, y across from the right cushion). Ball ids as in the game: 0 the cue ball.
"""
from __future__ import annotations

from dataclasses import dataclass

from physics_ext.table import Pocket
from game.rules import Layout

KINDS = ("run", "stages", "ghost")


@dataclass(frozen=True)
class Zone:
    """A circle on the cloth: centre (x, y) m, radius m."""
    centre: tuple
    radius: float

    def holds(self, point) -> bool:
        dx, dy = point[0] - self.centre[0], point[1] - self.centre[1]
        return dx * dx + dy * dy <= self.radius * self.radius


@dataclass(frozen=True)
class Stage:
    """One rung of a ladder: the balls (`layout`), the ball to pot (`target`), the pocket
    it must drop in (None: any), and the zone the cue ball must rest in (None: anywhere
    on the table)."""
    layout: Layout
    target: int
    pocket: Pocket | None = None
    stop: Zone | None = None


@dataclass(frozen=True)
class Drill:
    """id: a short name (letters, digits, "_") that marks its attempts' replays. title:
    in English (shipped drills' titles are translated: game.drills.texts). mode:
    "nine_ball" or "eight_ball", whose balls and table are used. kind: one of KINDS.

    run: layout, order (ball ids to pot in turn; empty: any order), no_cushion, zones
    (ball id -> Zone the cue ball should rest in after potting that ball), max_shots.
    stages: stages, tries (per stage).
    ghost: race_to (racks), break_from (where the cue ball is put for each break, m)."""
    id: str
    title: str
    mode: str
    kind: str
    layout: Layout = Layout()
    order: tuple = ()
    no_cushion: bool = False
    zones: tuple = ()            # (ball id, Zone) pairs, by ball id
    max_shots: int = 0
    stages: tuple = ()
    tries: int = 0
    race_to: int = 0
    break_from: tuple = ()

    def zone_after(self, ball: int) -> Zone | None:
        return dict(self.zones).get(ball)

    @property
    def opening(self) -> Layout:
        """The balls at the start of an attempt (a ghost drill's come from the rules'
        rack)."""
        return self.stages[0].layout if self.kind == "stages" else self.layout
