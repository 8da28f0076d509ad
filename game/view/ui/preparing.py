"""Waiting for the table's models on the first start, in words.

The generated models (`world.models`) come with the package (its build makes them); when
they are out of date they are made in the background while the menu shows, which takes a
few seconds the first time. A player who presses Play (or Practice, a
drill, a replay...) before they exist is told what the game is doing, on a panel under
the menu's buttons (where its notices go), and the chosen screen opens from the first frame after they are made:
no frozen window, no second press needed.
"""
from __future__ import annotations

from direct.gui.DirectGui import DGG, DirectFrame
from direct.gui.OnscreenText import OnscreenText
from panda3d.core import TextNode

from game.i18n import _
from game.view.world import models

from .palette import NOTICE, PANEL


class ModelsGate:
    """Runs an action now when the models exist, else after they are made (one action
    waits at a time: the first choice stands until it runs or `cancel()`)."""

    def __init__(self, base):
        self.base = base
        self.waiting = None         # (action, args) that waits for the models
        self.panel = None
        self._task = None

    def run(self, action, *args) -> None:
        """action(*args) once the models are ready (now, if they are)."""
        models.prepare()
        if models.ready():
            action(*args)
            return
        if self.waiting is not None:
            return
        self.waiting = (action, args)
        self.panel = DirectFrame(parent=self.base.aspect2d, frameColor=(*PANEL[:3], 1.0),
                                 frameSize=(-1.0, 1.0, -0.07, 0.08), pos=(0, 0, -0.85),
                                 state=DGG.NORMAL, sortOrder=100)
        OnscreenText(parent=self.panel, text=_(
            "Making the table and balls for the first start (a few seconds)..."),
            pos=(0, -0.015), scale=0.05, fg=NOTICE, align=TextNode.ACenter, wordwrap=34)
        self._task = self.base.taskMgr.add(self._watch, "breakshot-models-gate")

    def then(self, action):
        """`action` as a callback that goes through the gate."""
        return lambda *args: self.run(action, *args)

    def _watch(self, task):
        if not models.ready():
            return task.cont
        self._task = None           # done: cancel() must not remove the running task
        action, args = self.waiting
        self.cancel()
        action(*args)
        return task.done

    def cancel(self) -> None:
        """Forget the waiting action (the screen it was chosen on is going)."""
        if self._task is not None:
            self.base.taskMgr.remove(self._task)
            self._task = None
        if self.panel is not None:
            self.panel.destroy()
            self.panel = None
        self.waiting = None
