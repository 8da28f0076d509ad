"""What a drill marks on the cloth for the shot to play: the ring the cue ball should
stop in (a stop shot's, or a route's bonus zone for the ball on) and a ring round the
pocket a ladder's ball must drop in. Rings are lines on the cloth like the aiming aids'.

With colour-blind play (`patterned`, game.view.world.marking) the two are told apart by
shape as well as by colour, as the aiming aids are (game.view.match.aids): the zone's
ring is dashed with a cross at its centre, where the cue ball should stop, and the
pocket's ring is solid and doubled."""
from __future__ import annotations

from game.drills import Drill, Progress
from game.view.match.aids import OBJECT_DASH_M, Polyline, cross, dashes, ring

ZONE_COLOUR = (0.45, 1.0, 0.55, 0.85)       # where the cue ball should stop
POCKET_COLOUR = (1.0, 0.85, 0.25, 0.9)      # the pocket that counts
# Colour-blind play's shapes: the zone ring's dashes (each dash and each gap, m), its
# centre's cross (half its arms' span, in the zone's radii) and the pocket's second
# ring (in the pocket's radii).
ZONE_DASH_M = OBJECT_DASH_M
ZONE_CROSS = 0.25
POCKET_RING_2 = 1.3


def rings_for(drill: Drill, progress: Progress, pockets) -> tuple:
    """(zone rings, pocket rings) for the next shot of `drill` at `progress`: each a list
    of (centre (x, y) m, radius m). pockets: the table geometry's pocket circles, rows
    (x, y, radius) m, indexed by physics_ext.table.Pocket."""
    if progress.over:
        return [], []
    if drill.kind == "stages":
        stage = drill.stages[progress.stage]
        zones = [] if stage.stop is None else [(stage.stop.centre, stage.stop.radius)]
        if stage.pocket is None:
            return zones, []
        x, y, radius = pockets[int(stage.pocket)]
        return zones, [((x, y), radius)]
    if drill.kind == "run":
        zone = drill.zone_after(progress.next_ball(drill))
        return ([] if zone is None else [(zone.centre, zone.radius)]), []
    return [], []


def strokes_for(zones, pockets, patterned: bool) -> tuple:
    """(zone strokes, pocket strokes): the lines drawn for `zones` and `pockets` (lists
    of (centre (x, y) m, radius m), as `rings_for` gives them), each stroke a list of
    (x, y, z) m points; `patterned`: colour-blind play's shapes (the module docstring)."""
    if not patterned:
        return [ring(c, r) for c, r in zones], [ring(c, r) for c, r in pockets]
    zone_strokes = [s for c, r in zones
                    for s in dashes(ring(c, r), ZONE_DASH_M) + cross(c, r * ZONE_CROSS)]
    return zone_strokes, [ring(c, r * k) for c, r in pockets for k in (1.0, POCKET_RING_2)]


class DrillMarks:
    """The rings on `parent` (the scene's root) for the table `geometry`
    (physics_ext TableGeometry); `patterned`: colour-blind play's shapes."""

    def __init__(self, parent, geometry, patterned: bool = False):
        self.pockets = geometry.pockets
        self.patterned = patterned
        self.zones = Polyline(parent, "drill_zones", ZONE_COLOUR)
        self.pocket = Polyline(parent, "drill_pocket", POCKET_COLOUR)

    def show(self, drill: Drill, progress: Progress) -> None:
        zones, pockets = strokes_for(*rings_for(drill, progress, self.pockets),
                                     self.patterned)
        self.zones.show(zones)
        self.pocket.show(pockets)

    def destroy(self) -> None:
        self.zones.node.removeNode()
        self.pocket.node.removeNode()
