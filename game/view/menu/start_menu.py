"""The start menu over a slowly turning table: game mode, player names, the rule book's
variants for the chosen mode, the match (single games or a race to N frames, who
breaks), aiming aids, how the power is set (holding Space or a mouse stroke), sound
(effects volume, mute); Play (or Enter), Practice, Recent matches, Rules (or F2: the
chosen game's rules) and Quit; F1 shows the menu's controls; Graphics opens the
graphics and input page (`graphics_page`); Statistics the profiles and statistics screen
(game/view/stats, through on_stats). Under each player's kind, "> Profile: ..." cycles
that seat through the profiles (alphabetical) and back to a guest.

It edits a `settings.Settings` and hands the result to `on_play`; saving is the app's job.
"""
from __future__ import annotations

import dataclasses

from direct.gui.DirectGui import DGG, DirectButton, DirectEntry, DirectFrame, DirectSlider
from direct.gui.OnscreenText import OnscreenText
from direct.showbase.DirectObject import DirectObject
from panda3d.core import ClockObject, TextNode

from game import controls as key_bindings
from game.i18n import LANGUAGES, N_, _, current_language, ngettext
from game.profiles.seats import matching_profile
from game.settings import (DEFAULT_NAMES, NAME_MAX_CHARS, PLAYER_KINDS, RACE_LENGTHS,
                       STROKE_INPUTS, Aids, Settings, shown_name, typed_name)
from game.tables.modes import MODE_TITLES
from game.view.app import opening_positions, overview_camera
from game.view.ui.palette import BUTTON, DIM, GOLD, NOTICE, ON, PANEL, TEXT
from game.view.ui.panels import Panels, menu_controls
from game.view.ui.rules_screen import RulesScreen
from game.view.world import models
from game.view.world.scene import Scene

from .accessibility_page import AccessibilityPage
from .controls_page import ControlsPage
from .graphics_page import GraphicsPage
from .toggle import Toggle, relabel

# The rule book's section 5 switches in words (on = the variant, off = the default).
VARIANT_LABELS = {
    "two_visits_after_foul": N_("Two visits after every foul"),
    "ball_in_hand_baulk_after_any_foul": N_("After a foul, cue ball may go into the D"),
    "free_ball_after_foul": N_("Free ball after a foul"),
    "failed_break_rerack": N_("Failed break: re-rack, opponent breaks"),
    "break_four_object_balls": N_("Break: pot, or 4 object balls to a cushion"),
    "cushion_after_contact": N_("Pot or cushion after contact required"),
    "nine_with_cue_never_loses": N_("9 with a cue-ball foul is spotted, never loses"),
    "nine_off_table_spotted": N_("9 off the table: foul, 9 spotted"),
    "object_ball_off_table_is_foul": N_("Any ball off the table is a foul"),
    "break_pot_exempts_four_rail": N_("A pot makes the break legal"),
    "push_out_after_foul_break": N_("No push out after a foul break"),
    "push_out_respots_only_nine": N_("After a push out, respot only the 9"),
}
KIND_LABELS = {"human": N_("Human"), "beginner": N_("Computer: beginner"),
               "amateur": N_("Computer: amateur"), "pro": N_("Computer: pro")}
AID_LABELS = {"aim_line": N_("Aim line"), "ghost_ball": N_("Ghost ball"),
              "object_path": N_("Object ball's path"), "cue_path": N_("Cue ball's path")}
STROKE_POS = (0.62, -0.37)         # beside the aiming aids
# The right column of pages, top to bottom (Graphics, Play online, Drills, Statistics,
# Accessibility, Controls): buttons COLUMN_FRAME_Z high, COLUMN_STEP apart, the last one
# clear of the rules' first row (z 0.04), whose right half runs under the column in Spanish.
COLUMN_X, COLUMN_TOP, COLUMN_STEP = 1.0, 0.77, 0.125
COLUMN_FRAME_Z = (-0.035, 0.07)
GRAPHICS_POS, ONLINE_POS, DRILLS_POS, STATS_POS, ACCESSIBILITY_POS, CONTROLS_POS = (
    (COLUMN_X, COLUMN_TOP - COLUMN_STEP * k) for k in range(6))
PROFILE_Z = 0.195                  # each seat's profile choice, under its kind

ORBIT_RAD_S = 0.06                 # the background table's slow turn


def stroke_label(stroke_input: str) -> str:
    """The menu's words for a settings.STROKE_INPUTS choice."""
    return {"space": _("Shoot: hold Space"), "mouse": _("Shoot: mouse stroke")}[stroke_input]


class Menu:
    """The menu on `base`, showing `settings`; notice: a sentence to show (a settings file
    that could not be read, say). on_play(Settings), on_quit(), on_recent() (the
    recent matches), on_practice(Settings) (practice on the chosen game's table) and
    on_online(Settings) (play online; no button for these if None) are called from the
    buttons (or Enter for Play).
    on_graphics(Settings): after each change on the graphics page, to apply it.
    on_drills(Settings): the Drills page (no button if None). on_stats(): the statistics
    button (none if None). on_sound(Settings): after the mute is switched, to be heard at
    once. profile_names(): the profiles' names, alphabetical, for each seat's profile
    choice (none if None). on_accessibility(Settings): after each change on the
    Accessibility page (no button if None)."""

    def __init__(self, base, settings: Settings, on_play, on_quit, notice: str | None = None,
                 use_shaders: bool | None = None, on_recent=None, on_practice=None,
                 on_graphics=None, on_language=None, on_drills=None, on_stats=None,
                 on_online=None, on_sound=None, profile_names=None, on_accessibility=None):
        self.base = base
        self.on_play = on_play
        self.on_graphics = on_graphics
        self.on_sound = on_sound
        self.graphics_page = None
        self.use_shaders = use_shaders
        self.shown = settings           # what the menu does not edit is kept from it
        self.variants = {"eight_ball": settings.eight_ball, "nine_ball": settings.nine_ball}
        self.mode = settings.mode
        self.scene = None
        self.camera = None
        self.frame = DirectFrame(parent=base.aspect2d, frameColor=PANEL,
                                 frameSize=(-1.25, 1.25, -0.93, 0.93), state=DGG.NORMAL)
        OnscreenText(parent=self.frame, text="BREAKSHOT", pos=(0, 0.76), scale=0.12, fg=GOLD)
        # Names the language the menu speaks now; a click switches to the next and,
        # through on_language(Settings), redraws every screen in it from here on.
        self.on_language = on_language
        self.language_button = None
        if on_language is not None:
            # Opposite the Graphics button: the top left corner.
            self.language_button = self._button(LANGUAGES[current_language()], (-1.0, 0.76),
                                                self.next_language, half_width=0.2)
        OnscreenText(parent=self.frame, text=_("3D pool for two players, or against the computer"),
                     pos=(0, 0.67), scale=0.045, fg=DIM)
        self.section_labels = []            # the gold names of the menu's rows
        self._label(_("Game"), 0.53)
        self.mode_toggles = {
            name: Toggle(self.frame, _(MODE_TITLES[name]), name == self.mode, (x, 0.53),
                         lambda _v, n=name: self.choose_mode(n))
            for name, x in (("nine_ball", -0.7), ("eight_ball", 0.05))}
        self._label(_("Players"), 0.39)
        self.names = [DirectEntry(parent=self.frame, initialText=shown_name(n),
                                  pos=(x, 0, 0.39), scale=0.05, width=NAME_MAX_CHARS * 0.62,
                                  numLines=1, frameColor=(0.12, 0.14, 0.13, 1), text_fg=TEXT)
                      for n, x in zip(settings.names, (-0.7, 0.1))]
        # Who plays each side: a person or the computer at a level; a click cycles.
        self.opponent_slot = self.frame.attachNewNode("opponent_slot")
        self.opponent_slot.setPos(-1.15, 0, 0.26)
        self.player_kinds = list(settings.players)
        self.kind_buttons = [
            DirectButton(parent=self.opponent_slot, pos=(x + 1.15, 0, 0), relief=None,
                         scale=0.045, text="", text_align=TextNode.ALeft, text_fg=TEXT,
                         command=self.next_kind, extraArgs=[k])
            for k, x in enumerate((-0.7, 0.1))]
        # Under it, the seat's profile: a click puts the next profile's name in the
        # seat (a person), after the last a guest. A typed name counts as well.
        self.profile_names = profile_names
        self.profile_buttons = []
        if profile_names is not None:
            self.profile_buttons = [
                DirectButton(parent=self.frame, pos=(x, 0, PROFILE_Z), relief=None,
                             scale=0.04, text="", text_align=TextNode.ALeft, text_fg=TEXT,
                             command=self.next_profile, extraArgs=[k])
                for k, x in enumerate((-0.7, 0.1))]
        for k in range(2):
            self._show_kind(k)
        self._label(_("Rules"), 0.13)
        self.rules_frame = None
        self.rule_toggles = {}
        self._build_rules()
        self._label(_("Match"), -0.26)
        self.race_to = settings.race_to
        self.race_button = DirectButton(parent=self.frame, pos=(-0.7, 0, -0.26), relief=None,
                                        scale=0.045, text="", text_align=TextNode.ALeft,
                                        text_fg=TEXT, command=self.next_race)
        self._show_race()
        self.winner_breaks_toggle = Toggle(self.frame, _("Winner breaks (else alternate)"),
                                           settings.winner_breaks, (0.05, -0.26))
        self._label(_("Aiming aids"), -0.37)
        self.aid_toggles = {
            name: Toggle(self.frame, _(AID_LABELS[name]), getattr(settings.aids, name),
                         (-0.7 + 0.75 * (k % 2), -0.37 - 0.08 * (k // 2)))
            for k, name in enumerate(AID_LABELS)}
        # Built with its text, so its click area is the text's from the start.
        self.stroke_input = settings.stroke_input
        self.stroke_button = DirectButton(parent=self.frame,
                                          pos=(STROKE_POS[0], 0, STROKE_POS[1]), relief=None,
                                          scale=0.045, text=self._stroke_text(),
                                          text_align=TextNode.ALeft, text_fg=TEXT,
                                          command=self.next_stroke_input)
        self._label(_("Sound"), -0.57)
        self.volume_label = OnscreenText(parent=self.frame, text=_("Effects volume"),
                                         pos=(-0.7, -0.57), scale=0.045, fg=TEXT,
                                         align=TextNode.ALeft)
        self.volume = DirectSlider(parent=self.frame, range=(0.0, 1.0),
                                   value=settings.effects_volume, pageSize=0.1,
                                   pos=(-0.05, 0, -0.555), scale=0.3)
        self.mute_toggle = Toggle(self.frame, _("Mute"), settings.muted, (0.35, -0.57),
                                  on_change=self._sound_changed)
        self.play_button = self._button(_("Play  [Enter]"), (-0.93, -0.72), self.play)
        self.practice_button = None
        if on_practice is not None:
            self.practice_button = self._button(_("Practice"), (-0.37, -0.72),
                                                lambda: on_practice(self.settings()))
        self.recent_button = None
        if on_recent is not None:
            self.recent_button = self._button(_("Recent matches"), (0.19, -0.72), on_recent)
        self.rules = RulesScreen(base, lambda: self.mode)
        self.rules_button = self._button(_("Rules  [F2]"), (0.68, -0.72), self.rules.open,
                                         half_width=0.2)
        self.quit_button = self._button(_("Quit"), (1.06, -0.72), on_quit, half_width=0.15)
        self.graphics_button = self._button(_("Graphics"), GRAPHICS_POS, self.open_graphics,
                                            half_width=0.2, frame_z=COLUMN_FRAME_Z)
        self.online_button = None
        if on_online is not None:       # under Graphics: host or join a networked match
            self.online_button = self._button(_("Play online"), ONLINE_POS,
                                              lambda: on_online(self.settings()),
                                              half_width=0.2, frame_z=COLUMN_FRAME_Z)
        self.drills_button = None
        if on_drills is not None:
            # Under Play online: the training drills, for the name of the first player.
            self.drills_button = self._button(_("Drills"), DRILLS_POS,
                                              lambda: on_drills(self.settings()),
                                              half_width=0.2, frame_z=COLUMN_FRAME_Z)
        # Under Drills: the profiles, their statistics, and picking one for a seat.
        self.stats_button = None
        if on_stats is not None:
            self.stats_button = self._button(_("Statistics"), STATS_POS, on_stats,
                                             half_width=0.2, frame_z=COLUMN_FRAME_Z)
        # ---- the accessibility page: under Statistics ----
        self.on_accessibility = on_accessibility
        self.accessibility_page = None
        self.accessibility_button = None
        if on_accessibility is not None:
            self.accessibility_button = self._button(_("Accessibility"), ACCESSIBILITY_POS,
                                                     self.open_accessibility, half_width=0.2,
                                                     frame_z=COLUMN_FRAME_Z)
        # The Controls page (game.view.menu.controls_page): its changes go the Graphics
        # page's way (on_graphics), so they are saved and in force at once.
        self.controls_button = self._button(_("Controls"), CONTROLS_POS, self.open_graphics,
                                            half_width=0.2, frame_z=COLUMN_FRAME_Z)
        self.controls_button["extraArgs"] = [ControlsPage]
        self.notice = OnscreenText(parent=self.frame, text=notice or "", pos=(0, -0.85),
                                   scale=0.04, fg=NOTICE, wordwrap=55, mayChange=True)
        self.keys = DirectObject()
        self._select_keys(True)
        for entry in self.names if self.profile_buttons else ():
            # As a name is typed or erased: a profile's name shows as that profile at once.
            for event in (entry.guiItem.getTypeEvent(), entry.guiItem.getEraseEvent()):
                self.keys.accept(event, lambda *_key: self._show_profiles())
        self.panels = Panels(base, menu_controls)
        # The table behind the menu comes from the fourth frame on: the menu is up first,
        # without waiting for the models' loading and first upload (about a second).
        models.prepare()
        self.clock = ClockObject.getGlobalClock()
        self._task = base.taskMgr.add(self._turn_table, "breakshot-menu")

    def _select_keys(self, on: bool) -> None:
        """The menus' select key (game.controls) plays, or (on False) no longer does."""
        if on:
            key_bindings.accept(self.keys, "menu_select", self.play)
        else:
            for event in key_bindings.events("menu_select"):
                self.keys.ignore(event)

    def _label(self, text: str, z: float) -> None:
        self.section_labels.append(OnscreenText(parent=self.frame, text=text, pos=(-1.15, z),
                                                scale=0.05, fg=GOLD, align=TextNode.ALeft))

    def _button(self, text: str, pos, command, half_width: float = 0.27,
                frame_z: tuple = (-0.045, 0.085)) -> DirectButton:
        return DirectButton(parent=self.frame, text=text, text_scale=0.055, text_fg=TEXT,
                            frameColor=BUTTON,
                            frameSize=(-half_width, half_width, *frame_z),
                            relief=DGG.FLAT, pos=(pos[0], 0, pos[1]), command=command)

    def _build_rules(self) -> None:
        """The chosen mode's variant switches, two columns."""
        if self.rules_frame is not None:
            self.rules_frame.removeNode()
        self.rules_frame = self.frame.attachNewNode("rules")
        variants = self.variants[self.mode]
        names = [f.name for f in dataclasses.fields(variants)]
        self.rule_toggles = {
            name: Toggle(self.rules_frame, _(VARIANT_LABELS[name]), getattr(variants, name),
                         (-1.1 + 1.15 * (k % 2), 0.04 - 0.08 * (k // 2)),
                         lambda value, n=name: self._set_variant(n, value))
            for k, name in enumerate(names)}

    def next_kind(self, player: int) -> None:
        """Cycle player `player` (0 or 1) through human and the computer's levels."""
        kinds = PLAYER_KINDS
        self.player_kinds[player] = kinds[(kinds.index(self.player_kinds[player]) + 1)
                                          % len(kinds)]
        self._show_kind(player)

    def _show_kind(self, player: int) -> None:
        kind = self.player_kinds[player]
        relabel(self.kind_buttons[player], "> " + _(KIND_LABELS[kind]),
                TEXT if kind == "human" else ON)
        self._show_profiles()

    def next_profile(self, player: int) -> None:
        """Seat `player` (0 or 1) to the next profile by name as a person (from a guest
        or the computer, the first), or after the last one a guest with the seat's
        default name."""
        names = self.profile_names()
        if not names:
            self.notice.setText(_("No profiles yet: make one under Statistics."))
            return
        current = self._profile_of(player, names)
        following = names[names.index(current) + 1:] if current else names
        chosen = following[0] if following else None
        self.names[player].enterText(chosen or shown_name(DEFAULT_NAMES[player]))
        self.player_kinds[player] = "human"
        self._show_kind(player)
        self.notice.setText(
            _("{name} plays seat {seat}.").format(name=chosen, seat=player + 1) if chosen
            else _("A guest plays seat {seat}.").format(seat=player + 1))

    def _profile_of(self, player: int, names) -> str | None:
        """The profile seat `player` plays as now (a person whose name is a profile's)."""
        if self.player_kinds[player] != "human":
            return None
        return matching_profile(names, self.names[player].get())

    def _show_profiles(self) -> None:
        """Say each seat's profile ("> Profile: none" for a guest or the computer)."""
        if not self.profile_buttons:
            return
        names = self.profile_names()
        for k, button in enumerate(self.profile_buttons):
            profile = self._profile_of(k, names)
            relabel(button, "> " + (_("Profile: {name}").format(name=profile) if profile
                                    else _("Profile: none")), ON if profile else TEXT)

    def next_race(self) -> None:
        """Cycle the match through single games and the races."""
        self.race_to = RACE_LENGTHS[(RACE_LENGTHS.index(self.race_to) + 1) % len(RACE_LENGTHS)]
        self._show_race()

    def _show_race(self) -> None:
        relabel(self.race_button, "> " + (_("Single games") if self.race_to == 1
                                          else ngettext("Race to {frames} frame", "Race to {frames} frames",
                                                        self.race_to).format(
                                              frames=self.race_to)), TEXT)

    def next_stroke_input(self) -> None:
        """Cycle how the power is set: holding Space, a mouse stroke."""
        k = STROKE_INPUTS.index(self.stroke_input)
        self.stroke_input = STROKE_INPUTS[(k + 1) % len(STROKE_INPUTS)]
        relabel(self.stroke_button, self._stroke_text(), TEXT)

    def _stroke_text(self) -> str:
        return "> " + stroke_label(self.stroke_input)

    def _set_variant(self, name: str, value: bool) -> None:
        self.variants[self.mode] = dataclasses.replace(self.variants[self.mode], **{name: value})

    def choose_mode(self, mode: str) -> None:
        """Select a mode (the toggles act as radio buttons); its rules are shown."""
        self.mode = mode
        for name, toggle in self.mode_toggles.items():
            toggle.set(name == mode)
        self._build_rules()
        self._show_table()

    def settings(self) -> Settings:
        """The settings as the menu shows them now."""
        aids = Aids(**{n: t.value for n, t in self.aid_toggles.items()})
        return dataclasses.replace(
            self.shown, mode=self.mode,
            names=tuple(typed_name(e.get(), k) for k, e in enumerate(self.names)),
            players=tuple(self.player_kinds),
            eight_ball=self.variants["eight_ball"], nine_ball=self.variants["nine_ball"],
            aids=aids, effects_volume=round(float(self.volume["value"]), 2),
            muted=self.mute_toggle.value, race_to=self.race_to,
            winner_breaks=self.winner_breaks_toggle.value, stroke_input=self.stroke_input)

    def next_language(self) -> None:
        """Switch to the next of game.i18n.LANGUAGES (each named in its own language)."""
        codes = list(LANGUAGES)
        chosen = codes[(codes.index(current_language()) + 1) % len(codes)]
        self.on_language(dataclasses.replace(self.settings(), language=chosen))

    def play(self) -> None:
        if self.graphics_page is None and self.accessibility_page is None:
            self.on_play(self.settings())

    # ---- the settings pages over the menu -------------------------------------------
    def _over_menu(self, page, on_change, on_back):
        """A settings `page` (its class) made over the menu, which is hidden and lets its
        select key go; returns the page."""
        self._select_keys(False)
        self.frame.hide()
        return page(self.base, self.settings(), on_change, on_back)

    def _back_to_menu(self, page) -> None:
        """`page` removed; the menu and its select key back."""
        page.destroy()
        self.frame.show()
        self._select_keys(True)

    # ---- the accessibility page ----------------------------------------------------
    def open_accessibility(self) -> None:
        """Show the Accessibility page over the menu."""
        if self.accessibility_page is None:
            self.accessibility_page = self._over_menu(
                AccessibilityPage, self._accessibility_changed, self.close_accessibility)

    def _accessibility_changed(self, chosen: Settings) -> None:
        self.shown = dataclasses.replace(self.shown, accessibility=chosen.accessibility)
        self.on_accessibility(self.settings())

    def close_accessibility(self) -> None:
        if self.accessibility_page is not None:
            page, self.accessibility_page = self.accessibility_page, None
            self._back_to_menu(page)

    # ---- the graphics and input page -------------------------------------------------
    def open_graphics(self, page=GraphicsPage) -> None:
        """Show the graphics and input page (or another settings `page`: the Controls
        page) over the menu."""
        if self.graphics_page is None:
            self.graphics_page = self._over_menu(page, self._graphics_changed,
                                                 self.close_graphics)

    def change_graphics(self, graphics) -> None:
        """Take `graphics` (the first start's check chose them) as if from the graphics
        page: kept, applied and the table redrawn in them."""
        self._graphics_changed(dataclasses.replace(self.settings(), graphics=graphics))

    def _graphics_changed(self, chosen: Settings) -> None:
        preset = self.shown.graphics.preset, self.shown.graphics.shadows
        self.shown = dataclasses.replace(self.shown, graphics=chosen.graphics,
                                         controls=chosen.controls,
                                         master_volume=chosen.master_volume,
                                         music_volume=chosen.music_volume)
        if self.on_graphics is not None:
            self.on_graphics(self.settings())
        if (chosen.graphics.preset, chosen.graphics.shadows) != preset:
            self._show_table()      # the table behind the menu in the new quality

    def _sound_changed(self, _value=None) -> None:
        if self.on_sound is not None:
            self.on_sound(self.settings())

    def close_graphics(self) -> None:
        if self.graphics_page is not None:
            page, self.graphics_page = self.graphics_page, None
            self._back_to_menu(page)

    # ---- the table behind the menu -------------------------------------------------
    def _show_table(self) -> None:
        """Draw the chosen game's table behind the menu: now if its models exist, else
        from the first frame after they do (on the first start they are made meanwhile;
        the menu works all along)."""
        if self.scene is not None:
            self.scene.destroy()
            self.scene = None
        models.prepare()
        if models.ready():
            self.scene = Scene(self.base, self.mode, opening_positions(self.mode),
                               self.use_shaders)
            self.camera = overview_camera(self.base, self.scene)

    def _turn_table(self, task):
        if self.scene is None:
            # From the fourth frame: the menu is on the screen by then, so the table's
            # loading (seconds on a software renderer) never keeps a black window. A
            # frame is shown as the next one starts drawing, and a new window's first
            # one can be lost: from the third frame, a window under Xvfb stayed black
            # until the table was loaded (6-8 s), from the fourth it showed the menu
            # after 1-2 s (tests/window/test_window_startup.py).
            if task.frame > 2:
                self._show_table()
        else:
            self.camera.orbit(ORBIT_RAD_S * min(self.clock.getDt(), 0.1), 0.0)
        return task.cont

    def destroy(self) -> None:
        self.close_graphics()
        self.close_accessibility()
        self.base.taskMgr.remove(self._task)
        self.keys.ignoreAll()
        self.rules.destroy()
        self.panels.destroy()
        self.frame.destroy()
        if self.scene is not None:
            self.scene.destroy()

