"""What the player sees while aiming and placing: the aim line (the cue ball's path, off the
cloth too when it jumps), the ghost ball at the first contact, the object ball's way from
there to the first cushion, ball or pocket it meets and the cue ball's (with its spin) to
the next thing it meets or where it stops, each ending in a ring where the ball gets to
and a word where it drops into a pocket; where a jumping cue ball lands and what it
clears; the ghost of a cue ball in hand and the zone it may go in.

With colour-blind play (`patterned`, game.view.world.marking) every aid told apart by
colour is told apart by shape too: the object ball's path and its ring are dashed (the
cue ball's solid), a jump's landing ring is crossed, a cleared ball's ring doubled, and
a cue ball in hand that may not go where it is held is crossed out, not only tinted.

Overlays on the table frame (m): lines just above the cloth, drawn unlit and translucent,
and nothing here casts a shadow.
"""
from __future__ import annotations

import functools
import math

import numpy as np
from panda3d.core import LineSegs, NodePath, Quat, TextNode, TransparencyAttrib

from game.i18n import _
from game.rules import BallInHand
from game.settings import Aids
from game.tables.outline import arc
from game.view.world.lighting import cast_no_shadow
from game.view.world.orientation import REST_ORIENTATION
from game.view.world.mesh import MeshBuilder

from .aim import Leg, Prediction

LIFT_M = 0.0008               # above the chalk lines (markings lift 0.3 mm)
LINE_PIXELS = 2.0             # lines keep their width on screen: far ends stay visible
DROP_LABEL_M = 0.045          # height of the word over a ball that drops (m)
DROP_LABEL_RISE_M = 0.06      # the word's baseline above the cloth (m)
DROP_SHADOW_OFFSET = (0.06, 0.06)   # the word's dark shadow, in its own heights
AIM_COLOUR = (1.0, 1.0, 1.0, 0.55)
OBJECT_COLOUR = (1.0, 0.85, 0.25, 0.8)
CUE_COLOUR = (0.55, 0.85, 1.0, 0.8)
GHOST_COLOUR = (1.0, 1.0, 1.0, 0.35)
FLIGHT_COLOUR = (1.0, 0.42, 0.30, 0.9)   # a jump: where it lands, what it clears
CLEARED_RING = 1.25                      # ring round a cleared ball, in its radii
ZONE_COLOUR = (1.0, 1.0, 1.0, 0.10)
# The head string, drawn only while the cue ball is in hand behind it: dashed and faint,
# unlike the aim lines.
ZONE_EDGE_COLOUR = (1.0, 1.0, 1.0, 0.35)
ZONE_EDGE_DASH_M = 0.04       # each dash and each gap (m)
REFUSED_TINT = (1.0, 0.25, 0.2, 0.55)    # colour scale of a ghost cue ball that cannot go there
PLACED_TINT = (1.0, 1.0, 1.0, 0.75)
# Colour-blind play's shapes: the object ball's dashes (each dash and each gap, m), the
# landing's cross (half its arms' span, in the ball's radii), the cleared ball's second
# ring (in its radii), and the refused cue ball's cross (half its span, in radii).
OBJECT_DASH_M = 0.02
LANDING_CROSS = 0.7
CLEARED_RING_2 = 1.45
REFUSED_CROSS = 1.3


GHOST_SLICES, GHOST_STACKS = 32, 16     # the ghost ball's sphere


@functools.lru_cache(maxsize=None)
def unit_sphere() -> NodePath:
    """A sphere of radius 1 m (the ghost ball, scaled to the cue ball's radius)."""
    theta = np.linspace(0.0, math.pi, GHOST_STACKS + 1)      # from the -z pole up
    profile = np.column_stack([np.sin(theta), -np.cos(theta)])
    mesh = MeshBuilder()
    mesh.add_revolution(profile, GHOST_SLICES, normals=profile)
    return NodePath(mesh.node("unit_sphere"))


def _overlay(node: NodePath, colour) -> NodePath:
    """Flat colour, no lighting or shader, blended, drawn after the opaque scene."""
    node.setLightOff(1)
    node.setShaderOff(1)
    node.setTextureOff(1)
    # Priority 1: LineSegs geometry carries its own (white) vertex colour state.
    node.setColor(*colour, 1)
    node.setTransparency(TransparencyAttrib.MAlpha)
    node.setDepthWrite(False)
    node.setBin("fixed", 10)
    return node


class Polyline:
    """Lines of LINE_PIXELS through points of the table frame, rebuilt on each show;
    `node` is hidden while nothing is drawn."""

    def __init__(self, parent: NodePath, name: str, colour):
        self.node = parent.attachNewNode(name)
        self.name, self.colour = name, colour
        self._geom = None

    def show(self, strokes, visible: bool = True) -> None:
        """Draw each of `strokes` (sequences of (x, y, z) m) as one line; hide unless
        `visible` and there is something to draw."""
        if self._geom is not None:
            self._geom.removeNode()
            self._geom = None
        strokes = [s for s in strokes if len(s) > 1]
        if not visible or not strokes:
            self.node.hide()
            return
        segs = LineSegs(self.name)
        segs.setThickness(LINE_PIXELS)
        for points in strokes:
            segs.moveTo(*points[0])
            for point in points[1:]:
                segs.drawTo(*point)
        self._geom = _overlay(self.node.attachNewNode(segs.create()), self.colour)
        self.node.show()

    def hide(self) -> None:
        self.show(())


def ring(centre, radius: float) -> list:
    """A closed circle of `radius` (m) round `centre` (x, y) just above the cloth."""
    points = arc(centre, radius, 0.0, 2 * math.pi)
    return [(float(x), float(y), LIFT_M) for x, y in points]


def cross(centre, half: float, z: float = LIFT_M) -> list:
    """Two strokes, an X of arms `half` (m) each way from `centre` (x, y), at height z."""
    x, y = centre
    d = half / math.sqrt(2.0)
    return [[(x - d, y - d, z), (x + d, y + d, z)], [(x - d, y + d, z), (x + d, y - d, z)]]


def dashes(points, dash: float) -> list:
    """The polyline `points` ((x, y, z) m) cut into strokes `dash` m long with gaps as
    long between them, measured along it from its start."""
    p = np.asarray(points, dtype=np.float64)
    along = np.concatenate([[0.0], np.cumsum(np.linalg.norm(np.diff(p, axis=0), axis=1))])
    strokes = []
    for start in np.arange(0.0, along[-1], 2 * dash):
        end = min(start + dash, along[-1])
        inside = (along > start) & (along < end)
        cut = [np.array([np.interp(t, along, p[:, k]) for k in range(3)]) for t in (start, end)]
        strokes.append([tuple(cut[0])] + [tuple(q) for q in p[inside]] + [tuple(cut[1])])
    return strokes


class LegMark:
    """A ball's Leg after the first contact in `colour`: its line (at the ball's lowest
    point), a ring of the ball's size where the leg ends, and the word "Potted" over it
    when the ball drops there."""

    def __init__(self, parent: NodePath, name: str, colour):
        self.line = Polyline(parent, name, colour)
        self.label = TextNode(f"{name}_drop")
        self.label.setText(_("Potted"))
        self.label.setAlign(TextNode.ACenter)
        self.label.setTextColor(*colour[:3], 1.0)
        self.label.setShadow(DROP_SHADOW_OFFSET)
        self.label.setShadowColor(0.0, 0.0, 0.0, 0.8)
        # Unlit and unshaded like the lines, but with its glyphs' texture; over the rail
        # that hides a pocket from low down.
        self.word = parent.attachNewNode(self.label)
        self.word.setLightOff(1)
        self.word.setShaderOff(1)
        self.word.setTransparency(TransparencyAttrib.MAlpha)
        self.word.setDepthWrite(False)
        self.word.setDepthTest(False)
        self.word.setBin("fixed", 12)
        self.word.setScale(DROP_LABEL_M)
        self.word.setBillboardPointEye()
        self.word.hide()

    def show(self, leg: Leg | None, radius: float, visible: bool,
             dash: float | None = None) -> None:
        """Draw `leg` of a ball of `radius` (m), its line and ring dashed `dash` m if
        given; hide unless `visible` and there is one."""
        if leg is None or not visible:
            self.hide()
            return
        end = leg.points[-1]
        strokes = [[(x, y, z - radius + LIFT_M) for x, y, z in leg.points],
                   ring(end[:2], radius)]
        if dash is not None:
            strokes = [d for stroke in strokes for d in dashes(stroke, dash)]
        self.line.show(strokes)
        if leg.drops:
            self.word.setPos(end[0], end[1], DROP_LABEL_RISE_M)
            self.word.show()
        else:
            self.word.hide()

    def hide(self) -> None:
        self.line.hide()
        self.word.hide()


class AimAids:
    """The aim line, ghost ball and the two balls' legs after the contact under
    `parent`; for a cue ball that leaves the cloth, its flight drawn as it rises, a ring
    where it lands and rings round the balls it clears. patterned: colour-blind play's
    shapes (see the module docstring), from the next `show` on when changed."""

    def __init__(self, parent: NodePath, patterned: bool = False):
        self.patterned = patterned
        self.root = parent.attachNewNode("aim_aids")
        cast_no_shadow(self.root)
        self.aim_line = Polyline(self.root, "aim_line", AIM_COLOUR)
        self.object_leg = LegMark(self.root, "object_path", OBJECT_COLOUR)
        self.cue_leg = LegMark(self.root, "cue_path", CUE_COLOUR)
        self.ghost = _overlay(self.root.attachNewNode("ghost_ball"), GHOST_COLOUR)
        unit_sphere().instanceTo(self.ghost)
        self.landings = Polyline(self.root, "landings", FLIGHT_COLOUR)
        self.cleared = Polyline(self.root, "cleared", FLIGHT_COLOUR)
        self.root.hide()

    def show(self, radius: float, prediction: Prediction | None, others: dict,
             aids: Aids) -> None:
        """Draw the aids of `prediction` (None: a stroke the solver cannot play, nothing
        drawn) for a cue ball of `radius` (m); `others` are {ball_id: ((x, y), radius)},
        for the object ball's size and the rings round cleared balls."""
        self.root.show()
        if prediction is None:
            for part in (self.aim_line, self.object_leg, self.cue_leg, self.landings,
                         self.cleared):
                part.hide()
            self.ghost.hide()
            return
        # The line follows the ball's lowest point: on the cloth, and up in a flight.
        self.aim_line.show([[(x, y, z - radius + LIFT_M) for x, y, z in prediction.path]],
                           aids.aim_line)
        hit = prediction.target is not None
        if aids.ghost_ball and hit:
            self.ghost.setPos(*prediction.contact)
            self.ghost.setScale(radius)
            self.ghost.show()
        else:
            self.ghost.hide()
        self.object_leg.show(prediction.object_leg,
                             others[prediction.target][1] if hit else radius, aids.object_path,
                             OBJECT_DASH_M if self.patterned else None)
        self.cue_leg.show(prediction.cue_leg, radius, aids.cue_path)
        jumps = [f for f in prediction.flights if f.seen]
        landings = [f.landing for f in jumps if f.landing is not None]
        cleared = [others[b] for f in jumps for b in f.cleared]
        self.landings.show([ring(p, radius) for p in landings]
                           + ([s for p in landings for s in cross(p, radius * LANDING_CROSS)]
                              if self.patterned else []))
        self.cleared.show([ring(c, r * k) for c, r in cleared
                           for k in ((CLEARED_RING, CLEARED_RING_2) if self.patterned
                                     else (CLEARED_RING,))])

    def hide(self) -> None:
        self.root.hide()

    def destroy(self) -> None:
        self.root.removeNode()


class PlacementGhost:
    """The cue ball in hand following the pointer, and its zone shaded on the cloth.

    shape: the cue ball's model in its own frame (`BallSet.shape(0)`), radius its radius
    (m). patterned: colour-blind play, a refused place crossed out as well as tinted."""

    def __init__(self, parent: NodePath, table, shape: NodePath, radius: float,
                 patterned: bool = False):
        self.patterned = patterned
        self.table = table
        self.radius = radius
        self.root = parent.attachNewNode("placement")
        cast_no_shadow(self.root)
        self.ball = self.root.attachNewNode("ghost_cue_ball")
        shape.instanceTo(self.ball)
        # Turned as a ball at rest, the way the cue ball it stands for is first drawn.
        self.ball.setQuat(Quat(*REST_ORIENTATION.tolist()))
        self.ball.setLightOff(1)
        self.ball.setShaderOff(1)
        self.ball.setTransparency(TransparencyAttrib.MAlpha)
        self.ball.setBin("fixed", 11)
        # Over the ghost, seen from above: an X of the refused tint's colour.
        self.refused = Polyline(self.root, "refused", REFUSED_TINT)
        self.refused.show(cross((0.0, 0.0), radius * REFUSED_CROSS, 2 * radius + LIFT_M))
        self.refused.node.setDepthTest(False)
        self.refused.node.setBin("fixed", 12, 1)       # over the ghost (bin 11)
        self._zones = {}
        self.root.hide()

    def _zone(self, zone: BallInHand) -> NodePath | None:
        """The shaded area of `zone` (None for anywhere: the whole cloth); behind the head
        string, with the string itself dashed along its edge."""
        if zone not in self._zones:
            t = self.table
            if zone in (BallInHand.D, BallInHand.D_OPTIONAL):
                outline = arc(t.d_centre, t.d_radius, math.pi / 2, math.pi)
            elif zone is BallInHand.BEHIND_HEAD_STRING:
                outline = np.array([(0.0, 0.0), (t.head_line_x, 0.0), (t.head_line_x, t.width),
                                    (0.0, t.width)])
            else:
                self._zones[zone] = None
                return None
            node = self.root.attachNewNode(f"zone_{zone.value}")
            mesh = MeshBuilder()
            mesh.add_flat(outline, LIFT_M)
            _overlay(node.attachNewNode(mesh.node("shade")), ZONE_COLOUR)
            if zone is BallInHand.BEHIND_HEAD_STRING:
                edge = Polyline(node, "head_string", ZONE_EDGE_COLOUR)
                edge.show(dashes([(t.head_line_x, 0.0, LIFT_M),
                                  (t.head_line_x, t.width, LIFT_M)], ZONE_EDGE_DASH_M))
            self._zones[zone] = node
        return self._zones[zone]

    def show(self, zone: BallInHand, position, allowed: bool) -> None:
        """The ghost at `position` (x, y) m, tinted red unless `allowed`; the zone shaded."""
        self.root.show()
        for key, node in self._zones.items():
            if node is not None and key is not zone:
                node.hide()
        shade = self._zone(zone)
        if shade is not None:
            shade.show()
        self.ball.setPos(position[0], position[1], self.radius)
        self.ball.setColorScale(*(PLACED_TINT if allowed else REFUSED_TINT))
        self.refused.node.setPos(position[0], position[1], 0.0)
        if self.patterned and not allowed:
            self.refused.node.show()
        else:
            self.refused.node.hide()

    def hide(self) -> None:
        self.root.hide()

    def destroy(self) -> None:
        self.root.removeNode()
