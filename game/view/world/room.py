"""What the scene does with the room model: the lamp over the table hides from a camera
above it (a top-down or spectator's view looks down through it), and what hangs on the
walls (pictures, the cue rack) from a camera outside the walls (a spectator's view from
beyond a wall sees through it, the wall facing inwards only, and would see their backs).

Table frame, metres. The tests run in Panda3D's cull traversal, per camera and per
frame, so they hold for every view without a task.
"""
from __future__ import annotations

from panda3d.core import CallbackNode, NodePath, PythonCallbackObject


def _drawn_if(part: NodePath, visible, name: str) -> NodePath:
    """Hold `part` under a node that draws it only while visible(camera position) is
    true, the position in the frame of the graph's top (`render`)."""
    holder = part.getParent().attachNewNode(CallbackNode(f"{part.getName()}_{name}"))
    part.reparentTo(holder)

    def cull(data) -> None:
        if visible(data.getTrav().getCameraTransform().getPos()):
            data.upcall()

    holder.node().setCullCallback(PythonCallbackObject(cull))
    return holder


def hide_from_outside(part: NodePath, walls: NodePath) -> NodePath:
    """Draw `part` only for cameras inside the rectangle of `walls` seen from above."""
    if part.isEmpty() or walls.isEmpty():
        return part
    low, high = walls.getTightBounds(walls.getTop())
    return _drawn_if(part, lambda p: low.x < p.x < high.x and low.y < p.y < high.y,
                     "inside_walls")


def hide_from_above(part: NodePath) -> NodePath:
    """Draw `part` only for cameras below its lowest point, heights measured in the frame
    of its scene graph's top (`render`, the table frame). Returns the node now holding it
    (an empty `part` is left alone)."""
    if part.isEmpty():
        return part
    low, _ = part.getTightBounds(part.getTop())
    return _drawn_if(part, lambda p: p.z < low.z, "below_camera")
