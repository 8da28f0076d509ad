"""The balls as Panda3D nodes: the generated ball models (`game.modelgen`), posed per frame.

Needs only `panda3d.core` (no ShowBase, no window), so the per-frame update can be
benchmarked on its own. Positions are ball centres in the table frame (m); orientations
are (w, x, y, z) quaternions from the ball frame to the table frame (see `orientation`):
the models' numbers and stripes are in that ball frame, so they turn as the solver says.
"""
from __future__ import annotations

import numpy as np
from panda3d.core import NodePath, Quat

from . import orientation
from .orientation import REST_ORIENTATION


class BallSet:
    """Nodes for a set of balls under `parent`, in the order of `styles`.

    models: the loaded ball-set model, with a node "ball<id>" per ball in its own frame
    at its true radius (`world.models.model(mode, "balls")`). Each ball is a node named
    "ball<id>" holding an instance of its model, at rest orientation, at the origin until
    positioned.
    """

    def __init__(self, parent: NodePath, styles, models: NodePath):
        self.root = parent.attachNewNode("balls")
        self._models = models
        self.ids = tuple(style.ball_id for style in styles)
        self.radii = {style.ball_id: style.radius for style in styles}
        self._index = {ball_id: i for i, ball_id in enumerate(self.ids)}
        self._nodes = []
        for style in styles:
            node = self.root.attachNewNode(f"ball{style.ball_id}")
            self.shape(style.ball_id).instanceTo(node)
            node.setPythonTag("ball_id", style.ball_id)
            self._nodes.append(node)
        self.set_orientations(np.tile(REST_ORIENTATION, (len(self.ids), 1)))

    def shape(self, ball_id: int) -> NodePath:
        """The model of ball `ball_id` in its own frame (m), to instance, not to change."""
        found = self._models.find(f"**/ball{ball_id}")
        if found.isEmpty():
            raise KeyError(f"the ball models have no ball {ball_id}")
        return found

    def node(self, ball_id: int) -> NodePath:
        """The NodePath of ball `ball_id` (KeyError if the set has no such ball)."""
        return self._nodes[self._index_of(ball_id)]

    def _index_of(self, ball_id: int) -> int:
        try:
            return self._index[ball_id]
        except KeyError:
            raise KeyError(f"no ball {ball_id}; ids are {list(self.ids)}") from None

    def set_positions(self, positions: dict) -> None:
        """Move balls: {ball_id: (x, y, z)} centres in the table frame (m); a 2-tuple
        (x, y) puts the ball on the cloth (z = its radius)."""
        for ball_id, pos in positions.items():
            node = self.node(ball_id)
            if len(pos) == 2:
                pos = (pos[0], pos[1], self.radii[ball_id])
            node.setPos(float(pos[0]), float(pos[1]), float(pos[2]))

    def set_orientation(self, ball_id: int, quat) -> None:
        """Turn one ball: quat is (w, x, y, z), ball frame to table frame."""
        i = self._index_of(ball_id)
        self._quats[i] = orientation.normalize(quat)
        self._nodes[i].setQuat(Quat(*self._quats[i].tolist()))

    def set_orientations(self, quats: np.ndarray) -> None:
        """Turn every ball: quats (N, 4) in the order of `ids`."""
        self._quats = orientation.normalize(quats)
        for node, q in zip(self._nodes, self._quats.tolist()):
            node.setQuat(Quat(*q))

    def orientations(self) -> np.ndarray:
        """Current orientations (N, 4), in `ids` order (a copy)."""
        return self._quats.copy()

    def advance(self, positions: np.ndarray, omegas: np.ndarray, dt: float) -> None:
        """The per-frame update: move the balls to positions (N, 3) m and turn them by
        angular velocities omegas (N, 3) rad/s held for dt s, all in `ids` order."""
        self._quats = orientation.integrate(self._quats, omegas, dt)
        for node, pos, q in zip(self._nodes, np.asarray(positions, dtype=np.float64).tolist(),
                                self._quats.tolist()):
            node.setPosQuat(tuple(pos), Quat(*q))

    def rows(self, ball_ids) -> np.ndarray:
        """The row of each of `ball_ids` in this set (the order of `ids`), for `pose`."""
        return np.array([self._index_of(b) for b in ball_ids], dtype=np.intp)

    def pose(self, rows, positions: np.ndarray, quats: np.ndarray, visible: np.ndarray) -> None:
        """The per-frame update from a playback Frame: ball rows[k] (see `rows`) goes to
        positions[k] (m), turned by the unit quaternion quats[k], shown if visible[k]."""
        self._quats[rows] = quats
        for k, (pos, q) in enumerate(zip(positions.tolist(), quats.tolist())):
            node = self._nodes[rows[k]]
            node.setPosQuat(tuple(pos), Quat(*q))
            if bool(visible[k]) == node.isHidden():
                if visible[k]:
                    node.show()
                else:
                    node.hide()

    def mark(self, ball_ids, texture) -> None:
        """Paint `texture`, a (TextureStage, Texture), over the colours of the balls
        `ball_ids` (the colour-blind marking, `marking.marking_texture`), or take it off
        them (None)."""
        for ball_id in ball_ids:
            node = self.node(ball_id)
            if texture is None:
                node.clearTexture()
            else:
                node.setTexture(*texture, 1)

    def set_visible(self, ball_id: int, visible: bool) -> None:
        """Show or hide a ball (hidden: pocketed or off the table)."""
        node = self.node(ball_id)
        if visible:
            node.show()
        else:
            node.hide()

    def is_visible(self, ball_id: int) -> bool:
        return not self.node(ball_id).isHidden()

    def destroy(self) -> None:
        self.root.removeNode()
