"""What a drill marks on the cloth for the shot to play: the ring the cue ball should
stop in (a stop shot's, or a route's bonus zone for the ball on) and a ring round the
pocket a ladder's ball must drop in. Rings are lines on the cloth like the aiming aids'."""
from __future__ import annotations

from game.drills import Drill, Progress
from game.view.match.aids import Polyline, ring

ZONE_COLOUR = (0.45, 1.0, 0.55, 0.85)       # where the cue ball should stop
POCKET_COLOUR = (1.0, 0.85, 0.25, 0.9)      # the pocket that counts


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


class DrillMarks:
    """The rings on `parent` (the scene's root) for the table `geometry`
    (physics_ext TableGeometry)."""

    def __init__(self, parent, geometry):
        self.pockets = geometry.pockets
        self.zones = Polyline(parent, "drill_zones", ZONE_COLOUR)
        self.pocket = Polyline(parent, "drill_pocket", POCKET_COLOUR)

    def show(self, drill: Drill, progress: Progress) -> None:
        zones, pockets = rings_for(drill, progress, self.pockets)
        self.zones.show([ring(c, r) for c, r in zones])
        self.pocket.show([ring(c, r) for c, r in pockets])

    def destroy(self) -> None:
        self.zones.node.removeNode()
        self.pocket.node.removeNode()
