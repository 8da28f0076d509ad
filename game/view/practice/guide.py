"""The first-run guide: a few short steps on a practice table, each a sentence or two
about one set of controls (aiming, spin, elevation, power, the camera) to try at once.
Enter goes on to the next step, Esc skips the rest; either way the guide ends with
`on_done()`. The table is a live PracticeScreen, so every key the text names works.
"""
from __future__ import annotations

from direct.gui.DirectGui import DirectFrame
from direct.gui.OnscreenText import OnscreenText
from direct.showbase.DirectObject import DirectObject
from panda3d.core import TextNode

from game.controls import accept, label
from game.i18n import N_, _
from game.view.ui.palette import DIM, GOLD, PANEL, TEXT

from .screen import PracticeScreen

# (title, words), marked for the catalogs and translated when shown.
STEPS = (
    (N_("Welcome"), N_("This is a practice table: no rules, just the balls. Each step shows a "
                "few keys; try them, then press Enter. Esc skips the guide.")),
    (N_("Aiming"), N_("Left/Right turn the cue (Shift, or , and ., turn it finely); dragging "
               "the cloth with the mouse turns it too. The aim line shows the cue ball's "
               "way and the ghost ball where it meets the first ball.")),
    (N_("Spin"), N_("W A S D move the tip on the cue ball (the circle bottom right): low draws "
             "the ball back, high follows through, left and right give side spin. "
             "X puts it back in the centre.")),
    (N_("Elevation"), N_("Up/Down raise and lower the cue. A raised cue with side spin swerves "
                  "the ball; a steep, hard, low stroke makes it jump.")),
    (N_("Power"), N_("Hold Space: the power bar swings up and down. Release it to shoot. "
              "Space or Enter skips the rest of a shot; U undoes it.")),
    (N_("Camera"), N_("V or Tab: the top view and back. Mouse wheel or + and -: zoom. Drag with "
               "the right button: camera height. F1 lists every control, at any time.")),
    (N_("That's it"), N_("In practice you can drag any ball, take the cue ball in hand with B, "
                  "re-rack with R and save positions with F5. Enter: to the menu.")),
)


class Guide:
    """The guide on `base` over a nine-ball practice table; aids: the settings' Aids;
    on_done(): called when the last step is passed or the guide is skipped. save_dir:
    the practice slots' folder (F5 works here too). use_shaders and shadow_size: as for
    Scene."""

    def __init__(self, base, aids, on_done, save_dir=None, use_shaders: bool | None = None,
                 shadow_size: int | None = None):
        self.on_done = on_done
        self.practice = PracticeScreen(base, "nine_ball", aids, self.finish, save_dir,
                                       use_shaders=use_shaders, shadow_size=shadow_size)
        self.frame = DirectFrame(parent=base.a2dTopCenter, frameColor=PANEL,
                                 frameSize=(-1.0, 1.0, -0.56, -0.26))
        self.title = OnscreenText(parent=self.frame, text="", pos=(0, -0.34), scale=0.06,
                                  fg=GOLD, mayChange=True)
        self.text = OnscreenText(parent=self.frame, text="", pos=(0, -0.41), scale=0.043,
                                 fg=TEXT, wordwrap=44, align=TextNode.ACenter,
                                 mayChange=True)
        hint = _("{next}: next   {leave}: skip the guide").format(
            next=label("menu_select", 1), leave=label("leave", 1))
        self.hint = OnscreenText(parent=self.frame, text=hint,
                                 pos=(0.95, -0.54), scale=0.035, fg=DIM,
                                 align=TextNode.ARight)
        self.step = 0
        self.keys = DirectObject()
        accept(self.keys, "menu_select", self.next)
        self._show()

    def _show(self) -> None:
        title, words = STEPS[self.step]
        self.title.setText(f"{self.step + 1}/{len(STEPS)}  {_(title)}")
        self.text.setText(_(words))

    def next(self) -> None:
        """On to the next step; past the last, the guide is done."""
        if self.step + 1 >= len(STEPS):
            self.finish()
            return
        self.step += 1
        self._show()

    def finish(self) -> None:
        """End the guide (Esc comes here through the practice table's leave)."""
        self.on_done()

    def destroy(self) -> None:
        """Remove the guide and its table; safe twice."""
        self.keys.ignoreAll()
        if self.practice is not None:
            self.practice.destroy()
            self.practice = None
            self.frame.destroy()
