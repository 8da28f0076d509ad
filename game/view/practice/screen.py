"""Practice mode on screen: a `game.practice.PracticeTable` with no rules.

Drag any ball with the mouse (it stops where it would overlap a ball or leave the table,
and the HUD says why), take the cue ball in hand at will (B: it follows the pointer until
a click puts it down), aim and shoot with the match's controls, undo the last shot
exactly (U), re-rack (R), switch to the other game and its table (G), and save or load
positions in numbered slots (F6: next slot, F5: save, F9: load), kept as files in the
user's data folder.

The screen reuses GameScreen's camera, pointer and aiming helpers; they read the table
through `PracticeView`, which shows a practice position the way they read a session.
"""
from __future__ import annotations

import math
from pathlib import Path

import platformdirs

from direct.showbase.DirectObject import DirectObject
from panda3d.core import ClockObject

from game.controls import bind, events, keys, label
from game.i18n import N_, _
from game.practice import PlacementError, PracticeTable
from game.rules import CUE
from game.settings import Controls
from game.storage import FileRefused
from game.tables import modes
from game.tables.modes import MODE_TITLES
from game.view.match.aiming import AIM_GAP_M, Aimer, aiming_hints
from game.view.match.aiming import aiming_bindings as match_aiming_bindings
from game.view.match.hud import Hud
from game.view.match.play import MAX_FRAME_S, GameScreen
from game.view.match.power import DRAW_BACK_M, cue_speed, swing_at
from game.view.ui import gamepad
from game.view.ui.panels import Panels, camera_controls, help_line, panel_controls
from game.view.ui.rules_screen import RulesScreen
from game.view.world.marking import colour_blind
from game.view.world.playback import ShotPlayback
from game.view.world.rig import AIM_PITCH_RAD
from game.view.world.scene import Scene
from physics_ext import CueSpec, SimulationError

SLOTS = 5
PICK_REACH = 1.5            # a press this many radii from a ball's centre picks it up
OTHER_GAME = {"nine_ball": "eight_ball", "eight_ball": "nine_ball"}
# Marked for the catalogs, translated where shown.
# The practice's own actions (game.controls) and what each is called in the help.
PRACTICE_KEYS = (("take_in_hand", N_("{key}: cue ball in hand (click to put it down)")),
                 ("undo", N_("{key}: undo the last shot, re-rack or load")),
                 ("rerack", N_("{key}: re-rack this game")),
                 ("other_game", N_("{key}: the other game and its table")),
                 ("next_slot", N_("{key}: next save slot")), ("save_slot", N_("{key}: save in it")),
                 ("load_slot", N_("{key}: load from it")), ("leave", N_("{key}: menu")))


def practice_controls() -> list:
    """The practice's own keys in force, as the help shows them."""
    return ([_("Drag a ball: move it (never onto another ball or off the table)")]
            + [_(words).format(key=label(action)) for action, words in PRACTICE_KEYS])


def aiming_controls() -> list:
    """The aiming keys in force and the stroke's, as the help shows them."""
    return aiming_hints() + [_("Hold {key}, release: shoot").format(key=label("shoot"))]


def aiming_bindings(aim, powering, when_aiming) -> dict:
    """The match's aiming keys for an Aimer `aim`, as {event: (handler, args)}: the
    stroke's key calls powering(); the others go through when_aiming(action, *args),
    which acts only when aiming is possible."""
    bindings = {}
    bind(bindings, "shoot", powering)
    match_aiming_bindings(bindings, aim, when_aiming)
    return bindings


def default_dir() -> Path:
    """Where practice positions are saved: <user data dir>/practice."""
    return Path(platformdirs.user_data_dir("breakshot")) / "practice"


class StrokeScreen(GameScreen):
    """A table one person aims and shoots at without a match's play flow (practice, the
    drills): the states Aiming, Powering and Playing, the power by the clock, the shot
    played back. A subclass makes the scene, the HUD, the Aimer and the task, and gives
    `_aiming()` (bind the keys of its Aiming state), `_aiming_frame()` (per frame while
    aiming) and `_shot_ended()` (the balls stopped)."""

    def __init__(self, base, aids, on_leave, use_shaders: bool | None = None,
                 shadow_size: int | None = None):
        """What every such screen starts with: its HUD, the camera's keys, the clock,
        the aiming state; `aids`, `on_leave`, `use_shaders` and `shadow_size` as for its
        subclasses."""
        self.base = base
        self.aids_on = aids
        self.on_leave = on_leave
        self.use_shaders, self.shadow_size = use_shaders, shadow_size
        self.controls = Controls()         # the aiming speed the Aimer reads
        self.cue = CueSpec()
        self.hud = Hud(base, self.cue.miscue_limit)
        self.top_view = False
        self.aim_pitch = AIM_PITCH_RAD
        self.aim_zoom = 1.0
        self.flow = self                # GameScreen's camera keys tell the flow: this
        self.state = "Aiming"
        self.input = None
        self.scene = None
        self._bind_camera_keys()
        self.clock = ClockObject.getGlobalClock()
        self.pad = gamepad.PadAim(base)     # the sticks and the trigger

    def _listen(self, bindings: dict, controls: str) -> None:
        """Bind a new state's events {event: (handler, args)} and show its controls; the
        gamepad's reading starts afresh with it."""
        if self.input is not None:
            self.input.ignoreAll()
        self.input = DirectObject()
        for event, (handler, args) in bindings.items():
            self.input.accept(event, handler, list(args))
        self.hud.set_controls(controls)
        self.pad.restart()

    def _pad_frame(self) -> None:
        """Aiming, each frame: the sticks move the aim; the trigger pulled draws a stroke."""
        if self.pad.tick(self.aim):
            self._powering(trigger=True)

    def _aim_afresh(self) -> None:
        """Aim at the nearest object ball (if any) and show the cue."""
        layout = self.session.state.layout
        x, y = layout[CUE]
        others = [p for b, p in layout.items() if b != CUE]
        azimuth = self.aim.setup.azimuth
        if others:
            bx, by = min(others, key=lambda p: math.hypot(p[0] - x, p[1] - y))
            azimuth = math.atan2(by - y, bx - x)
        self.aim.aim_at(azimuth, (self.aim.setup.side, self.aim.setup.height))

    def _powering(self, trigger: bool = False) -> None:
        """The stroke's key held: the power grows with the time held, from the press's
        own time; or (`trigger`) the gamepad's trigger pulled: its depth is the power."""
        self.state = "Powering"
        bindings = {}
        if trigger:
            self._key = None
            self.pad.pull()
            words = _("Let go of the trigger to shoot: the power is how far it was pulled")
        else:
            self._key = keys("shoot")[0]
            self._pressed_at = self.aim.times.pressed(self._key)[0]
            bindings[self._key + "-up"] = (self._shoot, ())
            words = _("Release {key} to shoot").format(key=label("shoot"))
        bind(bindings, "leave", self._cancel)
        self._listen(bindings, "   ".join([words, _("{leave}: cancel").format(
            leave=label("leave"))]))
        self._show_power()

    def _show_power(self) -> None:
        """The meter and the cue at the power a release at this frame's time gives; with
        the trigger, at its depth, and the shot played once it is let go (a pad pulled
        out calls the stroke off)."""
        if self._key is None:
            read = self.pad.trigger()
            if read is None:
                self._cancel()
                return
            self.power, let_go = read
            if let_go:
                self._shoot()
                return
        else:
            self.power = swing_at(self.aim.times.now() - self._pressed_at)
        self.aim.refresh(AIM_GAP_M + DRAW_BACK_M * self.power, self.power)

    def _cancel(self) -> None:
        """Esc while Space is held: no stroke, the meter back to the preview."""
        self.aim.refresh(AIM_GAP_M, None)
        self._aiming()

    def _stroke(self):
        """The stroke aimed, at the power of the time the key was held, press to release
        by their own times (the same at any frame rate), or of the trigger's depth. Its
        power is the next preview."""
        if self._key is not None:
            released = self.aim.times.released(self._key, self._pressed_at)
            self.power = swing_at(released - self._pressed_at)
        self.aim.played(cue_speed(self.power))
        self.aim.gap, self.aim.power = AIM_GAP_M, None
        return self.aim.stroke(cue_speed(self.power))[0]

    def _refused(self, exc) -> None:
        self.hud.say(_("That shot could not be simulated ({error}); try another.").format(
            error=exc))
        self._aiming()

    def _play_back(self, result, ball_ids) -> None:
        """Play the shot of `result` (ball_ids: its rows' ball ids) on the table."""
        self.state = "Playing"
        self.scene.hide_cue()
        self.aids.hide()
        self.hud.hide_aiming()
        balls = self.scene.balls
        self.rows = balls.rows(ball_ids)
        self.playback = ShotPlayback(result, ball_ids, balls.orientations()[self.rows],
                                     pocket_depth=self.scene.look.pocket_depth)
        bindings = {}
        bind(bindings, "skip", self.playback.skip_to_end)
        self._listen(bindings, "   ".join([
            _("{skip}: skip to the end").format(skip=label("skip")),
            _("{key}: view").format(key=label("view", 1))]))

    def _tick(self, task):
        dt = min(self.clock.getDt(), MAX_FRAME_S)
        self._drag_pitch()
        if self.state == "Aiming":
            self._aiming_frame()
        elif self.state == "Powering":
            self._show_power()
        elif self.state == "Playing":
            frame = self.playback.update(dt)
            self.scene.balls.pose(self.rows, frame.positions, frame.orientations,
                                  frame.visible)
            self.follow_shot(self.playback.result, frame.time)
            if self.playback.finished:
                self._shot_ended()
        self.hud.tick(dt)
        self.panels.refresh()
        self.rig.update(dt)
        return task.cont

    def _drop_scene(self) -> None:
        self.aids.destroy()
        self.placement.destroy()
        self.scene.destroy()

    def destroy(self) -> None:
        """Remove everything this screen added; safe twice."""
        if self._task is None:
            return
        self.base.taskMgr.remove(self._task)
        self._task = None
        if self.input is not None:
            self.input.ignoreAll()
        self.keys.ignoreAll()
        self.rules.destroy()
        self.panels.destroy()
        self.hud.destroy()
        self._drop_scene()


class PracticeView:
    """A practice table seen the way GameScreen's aiming helpers and the Aimer read a
    session: its layout as `state.layout`, its balls, physics parameters and mode; no
    push out in practice."""

    push_out_available = False

    def __init__(self, table: PracticeTable):
        self.table = table

    @property
    def state(self):
        return self.table.position

    @property
    def ball_set(self):
        return self.table.position.ball_set

    @property
    def params(self):
        return self.table.params

    @property
    def mode(self) -> str:
        return self.table.position.game


class PracticeScreen(StrokeScreen):
    """Practice of `game` ("nine_ball" or "eight_ball") on its own table on `base`.
    aids: the settings' Aids. on_leave(): back to the menu. save_dir: where the slots'
    files go (default: `default_dir()`). seed: makes the racks. use_shaders and
    shadow_size: as for Scene."""

    def __init__(self, base, game: str, aids, on_leave, save_dir=None, seed: int = 0,
                 use_shaders: bool | None = None, shadow_size: int | None = None):
        super().__init__(base, aids, on_leave, use_shaders, shadow_size)
        self.save_dir = Path(save_dir) if save_dir is not None else default_dir()
        self.seed = seed
        self.slot = 1
        self._set_table(PracticeTable(game, seed=seed))
        self.panels = Panels(base, self.help_lines)
        self.rules = RulesScreen(base, lambda: self.session.mode)
        self._task = base.taskMgr.add(self._tick, "breakshot-practice")
        self._aiming()

    # ---- the table -----------------------------------------------------------------
    def _set_table(self, table: PracticeTable) -> None:
        """Show `table` (a new PracticeTable): its scene, aids and camera."""
        if self.scene is not None:
            self._drop_scene()
        self.table = table
        self.session = PracticeView(table)
        game = table.position.game
        self.mode = modes.mode(game)
        self.cue_style = self.mode.style(CUE)
        self.scene = Scene(self.base, game, dict(table.position.layout), self.use_shaders,
                           self.shadow_size)
        self._dress_scene()
        self.aim = Aimer(self)
        self._show_title()
        self.show_layout()

    def _show_title(self) -> None:
        game = _(MODE_TITLES[self.table.position.game])
        self.hud.title.setText(_("Practice  -  {game}  -  slot {slot}").format(
            game=game, slot=self.slot))

    def slot_path(self) -> Path:
        """The current slot's file (one set of slots per game: each has its own table)."""
        return self.save_dir / f"{self.table.position.game}-slot-{self.slot}.json"

    # ---- states --------------------------------------------------------------------
    def _aiming(self) -> None:
        """Arrange and aim: the state between shots."""
        self.state = "Aiming"
        self.carrying, self.sticky, self.grab = None, False, (0.0, 0.0)
        bindings = aiming_bindings(self.aim, self._powering, self._when_aiming)
        for action, handler, args in (("take_in_hand", self.take_in_hand, ()),
                                      ("undo", self.undo, ()), ("rerack", self.rerack, (False,)),
                                      ("other_game", self.rerack, (True,)),
                                      ("save_slot", self.save, ()), ("load_slot", self.load, ()),
                                      ("next_slot", self.next_slot, ()),
                                      ("leave", self.on_leave, ())):
            bind(bindings, action, handler, args)
        for event in events("pointer", ("", "shift-")):
            bindings[event] = (self._press, ())
            bindings[event + "-up"] = (self._release, ())
        self._listen(bindings, "   ".join(aiming_controls() + [
            _("{key}: ball in hand").format(key=label("take_in_hand")),
            _("{key}: undo").format(key=label("undo")),
            _("{key}: re-rack").format(key=label("rerack")),
            _("{key}: other game").format(key=label("other_game")),
            _("{save}/{load}: save/load slot").format(save=label("save_slot"),
                                                      load=label("load_slot")),
            _("{key}: next slot").format(key=label("next_slot")),
            _("{key}: menu").format(key=label("leave"))]))
        if CUE in self.table.position.layout:
            self._aim_afresh()
        else:
            self.take_in_hand()

    def _when_aiming(self, action, *args) -> None:
        """An aiming key: only while the cue ball is on the table and nothing is carried."""
        if self.carrying is None and CUE in self.table.position.layout:
            action(*args)

    def _press(self) -> None:
        """Mouse button 1: put a cue ball in hand down, pick up the ball under the
        pointer, or aim (Aimer's press)."""
        if self.sticky:
            if CUE in self.table.position.layout:
                self.carrying, self.sticky = None, False
                self._aim_afresh()
            else:
                self.hud.say(_("Click on the cloth, clear of the balls, to put the cue ball down."))
            return
        target = self.pointer_on_table(self.cue_style.radius)
        if target is not None:
            layout = self.table.position.layout
            near = [b for b, p in layout.items()
                    if math.dist(p, target) < PICK_REACH * self.session.ball_set.radius(b)]
            if near:
                self.carrying = min(near, key=lambda b: math.dist(layout[b], target))
                # Held where it was grabbed: a press without a move leaves it be.
                x, y = layout[self.carrying]
                self.grab = (x - target[0], y - target[1])
                self.scene.hide_cue()
                self.aids.hide()
                return
        if CUE in self.table.position.layout:
            self.aim.press()

    def _release(self) -> None:
        if self.carrying is not None and not self.sticky:
            self.carrying = None
            self._aim_afresh()
        else:
            self.aim.release()

    def _carry(self) -> None:
        """Per frame while a ball is carried: it goes where the pointer is, if it may."""
        target = self.pointer_on_table(self.session.ball_set.radius(self.carrying))
        if target is None:
            return
        spot = (target[0] + self.grab[0], target[1] + self.grab[1])
        if spot == self.table.position.layout.get(self.carrying):
            return
        try:
            self.table.place(self.carrying, spot)
        except PlacementError:
            why = self.table.placement_problem(self.carrying, spot, colour_blind(self.base))
            self.hud.say(_("It cannot go there: {why}.").format(why=why))
            return
        self.show_layout()

    def take_in_hand(self) -> None:
        """The cue ball off the table, following the pointer until a click puts it down."""
        self.table.lift()
        self.show_layout()
        self.scene.hide_cue()
        self.aids.hide()
        self.hud.hide_aiming()
        self.carrying, self.sticky, self.grab = CUE, True, (0.0, 0.0)
        self.hud.say(_("Cue ball in hand: click on the cloth to put it down."))

    def _powering(self, trigger: bool = False) -> None:
        if self.carrying is not None or CUE not in self.table.position.layout:
            self.hud.say(_("Put the cue ball down first."))
            return
        super()._powering(trigger)

    def _shoot(self) -> None:
        try:
            shot = self.table.shoot(self._stroke())
        except (SimulationError, ValueError) as exc:
            self._refused(exc)
            return
        self._play_back(shot.result, shot.ball_ids)

    # ---- whole positions -----------------------------------------------------------
    def undo(self) -> None:
        if self.table.undo():
            self.hud.say(_("Undone: the table is as it was."))
            self.show_layout()
            self._aiming()
        else:
            self.hud.say(_("Nothing to undo."))

    def rerack(self, other_game: bool) -> None:
        """A fresh rack of this game, or (other_game) of the other game on its table."""
        game = self.table.position.game
        if other_game:
            self._set_table(PracticeTable(OTHER_GAME[game], seed=self.seed))
        else:
            self.table.rerack(game)
            self.show_layout()
        self._aiming()

    def next_slot(self) -> None:
        self.slot = self.slot % SLOTS + 1
        self._show_title()
        self.hud.say((_("Slot {slot} (saved position)") if self.slot_path().exists()
                      else _("Slot {slot} (empty)")).format(slot=self.slot))

    def save(self) -> None:
        try:
            self.slot_path().parent.mkdir(parents=True, exist_ok=True)
            self.table.save(self.slot_path())
        except OSError as exc:
            self.hud.say(_("The position could not be saved ({error}).").format(error=exc))
            return
        self.hud.say(_("Position saved in slot {slot}.").format(slot=self.slot))

    def load(self) -> None:
        if not self.slot_path().exists():
            self.hud.say(_("Slot {slot} is empty: F5 saves the table there.").format(
                slot=self.slot))
            return
        try:
            self.table.load(self.slot_path())
        except FileRefused as exc:
            self.hud.say(_("The position could not be loaded: {problem}").format(problem=exc))
            return
        self.show_layout()
        self.hud.say(_("Position loaded from slot {slot} (U: back).").format(slot=self.slot))
        self._aiming()

    # ---- what GameScreen and the panels ask of the flow ---------------------------
    def view_changed(self) -> None:
        if self.state in ("Aiming", "Powering") and self.carrying is None \
                and CUE in self.table.position.layout:
            self.aim.refresh()
        else:
            self.rig.set_goal(self.top_pose() if self.top_view else self.overview_pose())

    def control_lines(self) -> list:
        if self.state == "Aiming":
            return practice_controls() + aiming_controls()
        return [c for c in self.hud.controls.getText().split("   ") if c]

    def help_lines(self) -> list:
        return ([_("Practice:")] + ["  " + c for c in self.control_lines()]
                + ["", _("Camera:")] + ["  " + c for c in camera_controls()]
                + ["", help_line(), panel_controls()[2]])

    # ---- frame ---------------------------------------------------------------------
    def _aiming_frame(self) -> None:
        if self.carrying is not None:
            self._carry()
        else:
            self.aim.follow_pointer()
            self._pad_frame()

    def _shot_ended(self) -> None:
        self.show_layout()
        self._aiming()
