"""What the scene does with the room model: the lamp over the table hides from a camera
above it (a top-down or spectator's view looks down through it), drawn for every other.

Table frame, metres. The test runs in Panda3D's cull traversal, per camera and per
frame, so it holds for every view without a task.
"""
from __future__ import annotations

from panda3d.core import CallbackNode, NodePath, PythonCallbackObject


def hide_from_above(part: NodePath) -> NodePath:
    """Draw `part` only for cameras below its lowest point, heights measured in the frame
    of its scene graph's top (`render`, the table frame). Returns the node now holding it
    (an empty `part` is left alone)."""
    if part.isEmpty():
        return part
    low, _ = part.getTightBounds(part.getTop())
    holder = part.getParent().attachNewNode(CallbackNode(f"{part.getName()}_below_camera"))
    part.reparentTo(holder)
    floor_z = low.z

    def cull(data) -> None:
        # The camera's transform relative to the top of the graph being drawn.
        if data.getTrav().getCameraTransform().getPos().z < floor_z:
            data.upcall()

    holder.node().setCullCallback(PythonCallbackObject(cull))
    return holder
