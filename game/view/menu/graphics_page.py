"""The menu's Graphics & input page: quality preset, multisampling, shadows, vertical
sync or a frame-rate cap, the frame-rate readout, window or full screen, window size, the
interface's size (Auto from the window, or a percentage: `game.view.ui.scale`); aim
and fine-aim sensitivity, invert Y; master and music volume (the effects volume is on the
menu). Any graphics change here marks the graphics as the player's (`fitted`): the first
start's check no longer changes them.

It edits the `settings.Settings` it is given and calls on_change(Settings) after every
change, so the app applies it at once where Panda3D can (`app.apply_graphics`); Back (or
Escape) calls on_back().
"""
from __future__ import annotations

import dataclasses

from direct.gui.DirectGui import DGG, DirectButton, DirectFrame, DirectSlider
from direct.gui.OnscreenText import OnscreenText
from panda3d.core import TextNode

from game.i18n import N_, _, ngettext
from game.settings import (FPS_CAPS, MSAA_SAMPLES, QUALITY_PRESETS, RESOLUTIONS,
                           SENSITIVITY_RANGE, UI_SCALES, Settings)
from game.view.ui import scale as ui_scale
from game.view.ui.palette import GOLD, NOTICE, PANEL, TEXT

from .toggle import Toggle, back_button, relabel

PRESET_LABELS = {"low": N_("Low"), "medium": N_("Medium"), "high": N_("High")}
COLUMN = (-1.05, 0.1)             # left edge of the labels, of the controls


def _cycled(choices, value):
    """The choice after `value` in `choices`, round to the first."""
    return choices[(choices.index(value) + 1) % len(choices)]


class GraphicsPage:
    """The page over `base`'s 2D layer, showing `settings`."""

    def __init__(self, base, settings: Settings, on_change, on_back):
        self.base = base
        self.settings = settings
        self.on_change = on_change
        self.on_back = on_back
        g, c = settings.graphics, settings.controls
        self.frame = DirectFrame(parent=base.aspect2d, frameColor=PANEL,
                                 frameSize=(-1.2, 1.2, -0.93, 0.93), state=DGG.NORMAL,
                                 sortOrder=10)
        OnscreenText(parent=self.frame, text=_("Graphics and input"), pos=(0, 0.76),
                     scale=0.08, fg=GOLD)
        self.labels = []                # the rows' names, left of their controls
        rows = iter(0.6 - 0.085 * k for k in range(20))
        self.preset_button = self._cycle(_("Quality"), next(rows), self.next_preset)
        self.msaa_button = self._cycle(_("Antialiasing"), next(rows), self.next_msaa)
        self.shadows_toggle = Toggle(self.frame, _("Shadows"), g.shadows,
                                     (COLUMN[1], next(rows)), self._flag("graphics", "shadows"))
        self.vsync_toggle = Toggle(self.frame, _("Vertical sync"), g.vsync,
                                   (COLUMN[1], next(rows)), self._flag("graphics", "vsync"))
        self.fps_button = self._cycle(_("Frame rate cap"), next(rows), self.next_fps_cap)
        self.show_fps_toggle = Toggle(self.frame, _("Show the frame rate"), g.show_fps,
                                      (COLUMN[1], next(rows)),
                                      self._flag("graphics", "show_fps"))
        self.fullscreen_toggle = Toggle(self.frame, _("Full screen"), g.fullscreen,
                                        (COLUMN[1], next(rows)),
                                        self._flag("graphics", "fullscreen"))
        self.resolution_button = self._cycle(_("Resolution"), next(rows), self.next_resolution)
        self.ui_scale_button = self._cycle(_("Interface size"), next(rows), self.next_ui_scale)
        self.aim_slider = self._slider(_("Aim sensitivity"), next(rows), SENSITIVITY_RANGE,
                                       c.aim_sensitivity)
        self.fine_aim_slider = self._slider(_("Fine-aim sensitivity"), next(rows),
                                            SENSITIVITY_RANGE, c.fine_aim_sensitivity)
        self.invert_toggle = Toggle(self.frame, _("Invert Y (camera pitch drag)"),
                                    c.invert_y, (COLUMN[1], next(rows)),
                                    self._flag("controls", "invert_y"))
        next(rows)
        self.master_slider = self._slider(_("Master volume"), next(rows), (0.0, 1.0),
                                          settings.master_volume)
        self.music_slider = self._slider(_("Music volume"), next(rows), (0.0, 1.0),
                                         settings.music_volume)
        self.note = OnscreenText(parent=self.frame, pos=(0, -0.74), scale=0.04, fg=NOTICE,
                                 wordwrap=50, text=_("Every change takes effect at once; "
                                                     "antialiasing and vertical sync open "
                                                     "the window again."))
        self.back_button, self.keys = back_button(self.frame, self.back)
        # Auto's size in the row follows the window's.
        self.keys.accept("window-event", lambda _window: self._show())
        self._show()

    # ---- widgets ---------------------------------------------------------------------
    def _label(self, text: str, z: float) -> None:
        self.labels.append(OnscreenText(parent=self.frame, text=text, pos=(COLUMN[0], z),
                                        scale=0.045, fg=TEXT, align=TextNode.ALeft))

    def _cycle(self, label: str, z: float, command) -> DirectButton:
        self._label(label, z)
        return DirectButton(parent=self.frame, pos=(COLUMN[1], 0, z), relief=None,
                            scale=0.045, text="", text_align=TextNode.ALeft, text_fg=TEXT,
                            command=command)

    def _slider(self, label: str, z: float, span, value: float) -> DirectSlider:
        self._label(label, z)
        return DirectSlider(parent=self.frame, range=span, value=value,
                            pageSize=(span[1] - span[0]) / 20, pos=(COLUMN[1] + 0.35, 0, z + 0.015),
                            scale=0.33, command=self._slid)

    def _flag(self, group: str, name: str):
        def changed(value: bool) -> None:
            self._replace(group, **{name: value})
        return changed

    # ---- changes ---------------------------------------------------------------------
    def _replace(self, group: str, **values) -> None:
        part = dataclasses.replace(getattr(self.settings, group), **values)
        self._set(dataclasses.replace(self.settings, **{group: part}))

    def _set(self, settings: Settings) -> None:
        if settings.graphics != self.settings.graphics:
            settings = dataclasses.replace(
                settings, graphics=dataclasses.replace(settings.graphics, fitted=True))
        if settings != self.settings:
            self.settings = settings
            self._show()
            self.on_change(settings)

    def next_preset(self) -> None:
        """Cycle the quality preset; it brings its antialiasing and shadows."""
        g = self.settings.graphics
        self._set(dataclasses.replace(
            self.settings, graphics=g.with_preset(_cycled(QUALITY_PRESETS, g.preset))))

    def next_msaa(self) -> None:
        self._replace("graphics", msaa=_cycled(MSAA_SAMPLES, self.settings.graphics.msaa))

    def next_fps_cap(self) -> None:
        self._replace("graphics", fps_cap=_cycled(FPS_CAPS, self.settings.graphics.fps_cap))

    def next_resolution(self) -> None:
        self._replace("graphics",
                      resolution=_cycled(RESOLUTIONS, self.settings.graphics.resolution))

    # ---- the interface's size ------------------------------------------------------------
    def next_ui_scale(self) -> None:
        self._replace("graphics", ui_scale=_cycled(UI_SCALES, self.settings.graphics.ui_scale))

    def ui_scale_text(self) -> str:
        """The interface size chosen, and the one drawn in this window where they differ."""
        choice, win = self.settings.graphics.ui_scale, self.base.win
        drawn = round(100 * ui_scale.effective(choice, win.getXSize(), win.getYSize(),
                                               ui_scale.zoom_of(self.base)))
        if choice == ui_scale.AUTO:
            return _("Auto ({percent}%)").format(percent=drawn)
        if drawn != choice:
            return _("{percent}% (this window holds {fits}%)").format(percent=choice, fits=drawn)
        return _("{percent}%").format(percent=choice)

    def _slid(self) -> None:
        """A slider moved: read them all (DirectSlider's command takes no argument)."""
        controls = dataclasses.replace(
            self.settings.controls,
            aim_sensitivity=round(float(self.aim_slider["value"]), 2),
            fine_aim_sensitivity=round(float(self.fine_aim_slider["value"]), 2))
        self._set(dataclasses.replace(
            self.settings, controls=controls,
            master_volume=round(float(self.master_slider["value"]), 2),
            music_volume=round(float(self.music_slider["value"]), 2)))

    def _show(self) -> None:
        g = self.settings.graphics
        relabel(self.preset_button, "> " + _(PRESET_LABELS[g.preset]), TEXT)
        relabel(self.msaa_button, "> " + (_("{samples}x multisampling").format(samples=g.msaa)
                                          if g.msaa else _("Off")), TEXT)
        self.shadows_toggle.set(g.shadows)
        self.show_fps_toggle.set(g.show_fps)
        relabel(self.fps_button, "> " + (ngettext("{fps} frame per second", "{fps} frames per second",
                                                   g.fps_cap).format(fps=g.fps_cap)
                                         if g.fps_cap else _("None")), TEXT)
        relabel(self.resolution_button, "> " + _("{width} x {height}").format(
            width=g.resolution[0], height=g.resolution[1]), TEXT)
        relabel(self.ui_scale_button, "> " + self.ui_scale_text(), TEXT)

    def back(self) -> None:
        self.on_back()

    def destroy(self) -> None:
        self.keys.ignoreAll()
        self.frame.destroy()
