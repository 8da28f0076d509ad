"""The play flow: what the players are doing, as a `direct.fsm.FSM` over a GameScreen.

States (each binds its input on enter and releases it on exit, so a key means only what
the current state says; anything else pressed, mid-shot say, is ignored):
    Placing    the cue ball in hand follows the pointer (or the arrow keys) inside its
               zone, never onto a ball; a click or Enter puts it down
    Aiming     aim, cue elevation, tip offset, push-out declaration, camera, aids (the
               controls themselves are `aiming.Aimer`'s)
    Looking    the free camera: pan and zoom, back to the aim view as it was
    Powering   Space held: the power swings up and down with the time held; released:
               the shot. Or (mouse stroke input) the cue follows the pointer pulled
               back; pushed through, its speed sets the shot's
    Playing    the solver's shot animated in real time; skip, slow motion
    Choosing   8-ball group choice, or 9-ball play-or-pass after a push out: asked in a
               panel docked at the bottom edge, the table in sight, V and the zoom
               keys changing the view meanwhile
    Computer   a computer player's turn: it thinks on a worker thread (the HUD says so,
               the window goes on drawing), then acts through the same paths a
               person's input takes: the cue ball in hand shown and put down, the cue
               aimed with its tip offset and power for a moment, the shot played
    Confirm    a yes/no question (concede, leave for the menu)
    InstantReplay  the frame's last shot again (R in Placing, Aiming, Choosing and
               GameOver), then back to the state it was asked from, nothing changed
               (see `instant_replay`)
    GameOver   the winner, the score, rematch (the next frame in a race) or menu; the
               match summary when a race is won
Transitions use `demand`, which queues a request made while a transition runs.
"""
from __future__ import annotations

import math
from concurrent.futures import ThreadPoolExecutor

from direct.fsm.FSM import FSM
from direct.showbase.DirectObject import DirectObject
from panda3d.core import ClockObject

from game import controls as keys
from game.controls import bind, label
from game.i18n import N_, _
from game.rules import BallInHand, Group, RulesError
from game.rules.nine_ball import OptionChoice
from game.session import (ChooseGroup, ChooseOption, Concede, NextGame, PlaceCueBall, Shoot)
from game.session.describe import END_TEXT
from game.view.ui import gamepad
from game.view.ui.dialogs import Dialog
from game.view.world.marking import colour_blind
from game.view.world.playback import ShotPlayback
from physics_ext import SimulationError, Stroke

from .aim import free_spot
from .aiming import AIM_GAP_M, Aimer, aiming_bindings, aiming_hints
from .hud_text import deciding_player, group_name, match_summary
from .instant_replay import InstantReplay
from .power import DRAW_BACK_M, MouseStroke, cue_speed, power_for, swing_at

STRIKE_S = 0.06                         # the cue's push through to the ball
PLACE_STEP_M = 0.005                    # ghost move per arrow press (Shift: a fifth)
SLOW_MOTION = 0.25
CLICK_REACH_BALLS = 2.0                 # a click this many ball widths from the ghost's
                                        # spot is a miss, not a placement
COMPUTER_PLACE_S = 0.8                  # the computer's cue ball in hand shown, then put down
COMPUTER_AIM_S = 1.2                    # the computer's cue shown aimed before it shoots
STILL_S = 0.05                          # a sampled pointer unmoved this long has stopped
# A task after the frame is drawn (igLoop's sort is 50): when a state was first on screen.
SHOWN_TASK_SORT = 55

ZONE_RULE = {       # marked for the catalogs, translated where shown
    BallInHand.D: N_("inside the D"),
    BallInHand.D_OPTIONAL: N_("inside the D"),
    BallInHand.BEHIND_HEAD_STRING: N_("behind the head string"),
    BallInHand.ANYWHERE: N_("on the table"),
}


class PlayFlow(FSM):
    """The states of play over `screen` (a GameScreen); the players in
    `screen.computers` ({Player: game.ai.Opponent}) are played by the computer."""

    def __init__(self, screen):
        super().__init__("PlayFlow")
        self.screen = screen
        self.session = screen.session
        self.hud = screen.hud
        self.aim = Aimer(screen)
        self.computers = screen.computers
        # One worker thread: the window's thread only polls it. One thread also keeps
        # each Opponent (whose random generator is its state) on a single thread.
        self._worker = (ThreadPoolExecutor(1, thread_name_prefix="breakshot-computer")
                        if self.computers else None)
        self._thinking = None           # the Future of the decision being made
        self.fresh = True               # a new turn: aim afresh at the ball on
        self.input = None
        self._tick = None
        self._dialog = None
        self.instant = InstantReplay(screen, STRIKE_S,
                                     lambda speed: AIM_GAP_M + DRAW_BACK_M * power_for(speed))
        # Aiming's first frame: its number, and the real time it was on screen (None
        # until drawn). A stroke is begun only by a press made after that (_pressed_here).
        self._clock = ClockObject.getGlobalClock()
        self._aiming_frame, self._aiming_shown = None, None
        self._shown_task = screen.base.taskMgr.add(self._note_shown, "breakshot-flow-shown",
                                                   sort=SHOWN_TASK_SORT)

    # ---- shared --------------------------------------------------------------------
    def next_state(self) -> str:
        """The state the session's rules state asks for."""
        s = self.session
        if s.state.game_over:
            return "GameOver"
        if deciding_player(self.session) in self.computers:
            return "Computer"
        if s.group_choice_pending or s.option_pending is not None:
            return "Choosing"
        if s.needs_cue_ball_placement:
            return "Placing"
        return "Aiming"

    def tick(self, dt: float) -> None:
        if self._tick is not None:
            self._tick(dt)

    def view_changed(self) -> None:
        """The camera choice changed (top view, pitch): re-aim the camera (from the free
        camera too: back to the aim, in the chosen view)."""
        if self.state in ("Aiming", "Powering"):
            self.aim.refresh()
        elif self.state == "Looking":
            self.demand("Aiming")
        elif self.state in ("Placing", "Choosing"):
            self.screen.rig.set_goal(self._placing_pose())
        elif self.state == "InstantReplay":
            self.instant.view_changed()

    def control_lines(self) -> list:
        """The controls of the moment, one per line: the open dialog's keys, else the
        state's controls as the HUD shows them."""
        lines = [c.strip() for c in self.hud.controls.getText().split("   ") if c.strip()]
        if self._dialog is not None:
            return list(self._dialog.hints) + lines
        return lines

    def _listen(self, bindings: dict, controls: str) -> None:
        """Bind this state's events {event: (handler, args)} and show its controls."""
        self.input = DirectObject()
        for event, (handler, args) in bindings.items():
            self.input.accept(event, handler, list(args))
        self.hud.set_controls(controls)

    def defaultExit(self) -> None:
        if self.input is not None:
            self.input.ignoreAll()
            self.input = None
        if self._dialog is not None:
            self._dialog.destroy()
            self._dialog = None
        self._tick = None

    def exitPlacing(self) -> None:
        self.screen.placement.hide()
        self.defaultExit()

    def exitAiming(self) -> None:
        self.defaultExit()

    def _ask(self, title: str, text: str, choices, docked: bool = False,
             note: str = "") -> None:
        self._dialog = Dialog(self.screen.base, title, text, choices, docked, note)

    def _after_command(self) -> None:
        self.fresh = True
        self.demand(self.next_state())

    def _confirm(self, title: str, text: str, on_yes, back: str) -> None:
        self.demand("Confirm", title, text, on_yes, back)

    def _concede(self, back: str) -> None:
        name = self.session.shown_names[int(self.session.shooter)]
        self._confirm(_("Concede?"), _("{name}, do you give up this game?").format(name=name),
                      lambda: self._command(Concede(self.session.shooter)), back)

    def _leave(self, back: str) -> None:
        # Said as the recorder does it: a match with a shot stays in Recent matches.
        if self.session.shots:
            text = _("What was played is kept in Recent matches, marked unfinished.")
        else:
            text = _("Nothing has been shot yet: this match will not be kept.")
        self._confirm(_("Leave the match?"), text, self.screen.on_leave, back)

    def _command(self, command) -> None:
        accepted, _record = self.screen.apply(command)
        if accepted:
            self._after_command()

    # ---- Placing -------------------------------------------------------------------
    def enterPlacing(self) -> None:
        state = self.session.state
        self.zone = state.ball_in_hand
        self.radius = self.screen.cue_style.radius
        self.screen.scene.hide_cue()
        self.screen.aids.hide()
        self.hud.hide_aiming()
        start = self.screen.cue_ball() or self.screen.mode.cue_ball_spot
        if self.oldState == "InstantReplay":        # back from it: the ghost where it was
            start = self.desired
        self._last_pointer = self.screen.pointer()
        self._resolve(start)
        self.screen.rig.set_goal(self._placing_pose())
        can_cancel = not self.session.needs_cue_ball_placement
        bindings = {}
        bind(bindings, "pointer", self._place, (True,), ("", "shift-"))
        bind(bindings, "put_down", self._place, (False,))
        bind(bindings, "concede", self._concede, ("Placing",))
        for action, (dx, dy) in (("place_left", (-1, 0)), ("place_right", (1, 0)),
                                 ("place_up", (0, 1)), ("place_down", (0, -1))):
            for prefix in ("", "shift-"):
                bind(bindings, action, self._nudge, (dx, dy, bool(prefix)), (prefix,), True)
        if can_cancel:
            bind(bindings, "move_cue_ball", self.demand, ("Aiming",))
            bind(bindings, "leave", self.demand, ("Aiming",))
        else:
            bind(bindings, "leave", self._leave, ("Placing",))
        replay = self._offer_replay(bindings, "Placing")
        moves = "/".join(label(a) for a in ("place_left", "place_right", "place_up",
                                            "place_down"))
        self._listen(bindings, _("Mouse or {moves} (Shift: fine): move the cue ball   "
                                 "Click or {put}: put it down   {view}: view   "
                                 "{concede}: concede   ").format(
                                     moves=moves, put=label("put_down"),
                                     view=label("view", 1),
                                     concede=label("concede"))
                     + (_("{back} or {leave}: leave it where it was").format(
                            back=label("move_cue_ball"), leave=label("leave"))
                        if can_cancel else _("{leave}: menu").format(leave=label("leave")))
                     + replay)
        self._tick = self._tick_placing

    def _placing_pose(self):
        """The whole table for placing the cue ball or answering a choice: from above,
        where the HUD leaves the screen free; from beside it once V is pressed."""
        if self.screen.top_view:
            return self.screen.overview_pose()
        return self.screen.top_pose()

    def _resolve(self, desired) -> None:
        """Move the ghost towards `desired` (x, y): the nearest allowed spot, or red."""
        s = self.session
        self.desired = desired
        self.spot = free_spot(s.table, self.zone, desired, s.state.layout, s.ball_set)
        shown = self.spot if self.spot is not None else desired
        self.screen.placement.show(self.zone, shown, self.spot is not None)

    def _tick_placing(self, dt: float) -> None:
        # The ghost follows the mouse when the mouse moves, not when the camera does, so
        # a ghost moved with the keys stays put.
        pointer = self.screen.pointer()
        if pointer is not None and pointer != self._last_pointer:
            self._last_pointer = pointer
            target = self.screen.pointer_on_table(self.radius)
            if target is not None:
                self._resolve(target)

    def _nudge(self, dx: int, dy: int, fine: bool) -> None:
        step = PLACE_STEP_M / 5 if fine else PLACE_STEP_M
        base = self.spot if self.spot is not None else self.desired
        self._resolve((base[0] + dx * step, base[1] + dy * step))

    def _place(self, from_pointer: bool) -> None:
        if from_pointer:
            pointer = self.screen.pointer_on_table(self.radius)
            if pointer is not None:
                self._resolve(pointer)
        # A click far from where the ghost could go is a miss, not a request for the
        # nearest allowed spot.
        missed = from_pointer and math.dist(self.spot or self.desired, self.desired) > (
            CLICK_REACH_BALLS * 2 * self.radius)
        if self.spot is None or missed:
            self.hud.say(_("The cue ball cannot go there: it must be {where}, clear of the "
                           "other balls.").format(where=_(ZONE_RULE[self.zone])))
            return
        accepted, _record = self.screen.apply(PlaceCueBall(self.spot))
        if accepted:
            self.screen.show_layout()
            self.fresh = True
            self.demand("Aiming")

    # ---- Aiming --------------------------------------------------------------------
    def enterAiming(self) -> None:
        aim = self.aim
        self._aiming_frame, self._aiming_shown = self._clock.getFrameCount(), None
        if self.fresh:
            self.fresh = False
            aim.new_turn()
        bindings, controls = self._aiming_keys()
        controls += self._offer_replay(bindings, "Aiming")
        self._listen(bindings, controls)
        self._pad = gamepad.PadAim(self.screen.base)
        self._tick = self._tick_aiming
        aim.refresh(AIM_GAP_M, None)

    def _tick_aiming(self, dt: float) -> None:
        self.aim.follow_pointer()
        if self._pad.tick(self.aim):
            self.demand("Powering", True)

    def _aiming_keys(self) -> tuple:
        """(bindings, controls) of the Aiming state."""
        aim = self.aim
        bindings = {}
        bind(bindings, "push_out", aim.toggle_push_out)
        bind(bindings, "concede", self._concede, ("Aiming",))
        bind(bindings, "leave", self._leave, ("Aiming",))
        bind(bindings, "free_camera", self.demand, ("Looking",))
        bind(bindings, "free_camera_drag", self.demand, ("Looking", True))
        if self.screen.stroke_input == "mouse":
            # Ctrl tells the stroke from a drag that turns the aim.
            pointer = keys.keys("pointer")[0]
            bind(bindings, "pointer", self._begin_stroke, (pointer,), ("control-",))
            shoot = _("Ctrl + {button}, pull back, push through: shoot").format(
                button=label("pointer"))
        else:
            bind(bindings, "shoot", self._begin_stroke, (keys.keys("shoot")[0],))
            shoot = _("Hold {key}, release: shoot").format(key=label("shoot"))
        aiming_bindings(bindings, aim)
        for prefix in ("", "shift-"):
            for event in keys.events("pointer", (prefix,)):
                bindings[event] = (aim.press, ())
                bindings[event + "-up"] = (aim.release, ())
        may_move = self.session.state.ball_in_hand is not BallInHand.NONE
        if may_move:
            bind(bindings, "move_cue_ball", self.demand, ("Placing",))
        *hints, aids = aiming_hints()
        controls = hints + [shoot, _("{key}: view").format(key=label("view", 1)),
                            _("{key} or {drag}-drag: free camera").format(
                                key=label("free_camera"), drag=label("free_camera_drag")),
                            aids, _("{key}: concede").format(key=label("concede")),
                            _("{leave}: menu").format(leave=label("leave"))]
        if may_move:
            controls.append(_("{key}: move the cue ball").format(key=label("move_cue_ball")))
        if self.session.push_out_available:
            controls.append(_("{key}: push out").format(key=label("push_out")))
        controls = "   ".join(controls)
        return bindings, controls

    # ---- Looking -------------------------------------------------------------------
    def enterLooking(self, panning: bool = False) -> None:
        """The free camera: a drag (left or middle button) pans, the wheel zooms; C, Esc
        or any aiming key goes back to the aim view, the aim as it was. `panning`: a
        middle-button drag that started in Aiming goes on panning."""
        aiming, _controls = self._aiming_keys()
        back = (self.demand, ("Aiming",))
        drags = {e for a in ("pointer", "free_camera_drag")
                 for e in keys.events(a, ("", "shift-", "control-"))}
        bindings = {event: back for event in aiming if event not in drags
                    and not event.endswith("-up")}     # Esc too
        for event in drags:
            bindings[event] = (self._start_pan, ())
            bindings[event + "-up"] = (self._end_pan, ())
        self._listen(bindings, "   ".join(
            [_("Free camera: drag to pan"),
             _("{zoom_in}; {zoom_out}: zoom in; out").format(zoom_in=label("zoom_in"),
                                                    zoom_out=label("zoom_out")),
             _("{camera}, {leave} or an aiming key: back to the aim").format(
                 camera=label("free_camera"), leave=label("leave"))]))
        self._pan_from = self.screen.pointer() if panning else None
        self._tick = self._tick_looking

    def _start_pan(self) -> None:
        self._pan_from = self.screen.pointer()

    def _end_pan(self) -> None:
        self._pan_from = None

    def _tick_looking(self, dt: float) -> None:
        pointer = self.screen.pointer()
        if self._pan_from is None or pointer is None or pointer == self._pan_from:
            return
        # Window units are 2 per window height: halved into window heights.
        right = (pointer[0] - self._pan_from[0]) / 2 * self.screen.base.getAspectRatio()
        up = (pointer[1] - self._pan_from[1]) / 2
        self._pan_from = pointer
        self.screen.pan(right, up)

    def _note_shown(self, task):
        """After each frame is drawn: the time Aiming's first frame went on screen."""
        if self.state == "Aiming" and self._aiming_shown is None:
            self._aiming_shown = self._clock.getRealTime()
        return task.cont

    def _begin_stroke(self, name: str) -> None:
        """Space or the mouse stroke's button went down in Aiming: draw the stroke, if
        the press was made while Aiming was on screen (_pressed_here)."""
        if self._pressed_here(name):
            self.demand("Powering")

    def _pressed_here(self, name: str) -> bool:
        """Whether the press of `name` handled now was made while Aiming was on screen.
        A press made while the last state still showed (a Space tapped to skip the
        shot's end, say) reaches the game a frame later, when Aiming has begun: it must
        not start a stroke, at any frame rate. With the sampler's time of the press,
        that is a press before Aiming's first frame was drawn; with the frames' times
        only, any press handled before the frame after that one."""
        if self._aiming_shown is None:
            return False                # handled before Aiming was ever drawn
        pressed = self.aim.times.press_time(name)
        if pressed is not None:
            return pressed >= self._aiming_shown
        return self._clock.getFrameCount() > self._aiming_frame + 1

    # ---- Powering ------------------------------------------------------------------
    def enterPowering(self, trigger: bool = False) -> None:
        """The stroke being drawn: Space held (the power swings with the time held), a
        mouse stroke (the cue follows the pointer; its forward speed sets the power), or
        (`trigger`) the gamepad's trigger pulled (its depth is the power). Timed from the
        input's own times (`input_times`), not the frames'."""
        times = self.aim.times
        self.power = 0.0
        self._mouse = None
        if trigger:
            self._pad.pull()
            bindings = {}
            bind(bindings, "leave", self.demand, ("Aiming",))
            self._listen(bindings, "   ".join([
                _("Let go of the trigger to shoot: the power is how far it was pulled"),
                _("{leave}: cancel").format(leave=label("leave"))]))
            self._tick = self._tick_trigger
            self._tick_trigger(0.0)
            return
        if self.screen.stroke_input == "mouse":
            self._button = keys.keys("pointer")[0]
            start, pointer = times.pressed(self._button, self.screen.pointer())
            self._mouse = MouseStroke(self._pointer_height(0.0, pointer), start)
            bindings = {self._button + "-up": (self._end_mouse_stroke, ()),
                        "control-" + self._button + "-up": (self._end_mouse_stroke, ())}
            bind(bindings, "leave", self.demand, ("Aiming",))
            self._listen(bindings, "   ".join([
                _("Pull the mouse back, push it through the ball: shoot"),
                _("Let go of the button or {leave}: cancel").format(leave=label("leave"))]))
            self._tick = self._tick_powering
            self._follow_mouse(times.now())
            return
        self._key = keys.keys("shoot")[0]
        self._pressed_at = times.pressed(self._key)[0]
        bindings = {self._key + "-up": (self._shoot, ())}
        bind(bindings, "leave", self.demand, ("Aiming",))
        self._listen(bindings, "   ".join([
            _("Release {key} to shoot").format(key=label("shoot")),
            _("{leave}: cancel").format(leave=label("leave"))]))
        self._tick = self._tick_powering
        self._tick_powering(0.0)

    def _tick_trigger(self, dt: float) -> None:
        """The trigger read this frame: the meter at its depth, or (let go) the shot at
        the depth it was held at; a pad pulled out calls the stroke off."""
        read = self._pad.trigger()
        if read is None:
            self.demand("Aiming")
            return
        self.power, let_go = read
        if let_go:
            self._shoot_at(cue_speed(self.power), AIM_GAP_M + DRAW_BACK_M * self.power)
            return
        self.aim.refresh(AIM_GAP_M + DRAW_BACK_M * self.power, self.power)

    def _pointer_height(self, fallback: float, pointer=None) -> float:
        """The height (window heights, up positive) of `pointer` (window units; default
        the pointer now), or `fallback` without one."""
        pointer = pointer or self.screen.pointer()
        return fallback if pointer is None else pointer[1] / 2

    def _tick_powering(self, dt: float) -> None:
        """The meter and the cue as they stand at this frame's time: the power a release
        now would give."""
        now = self.aim.times.now()
        if self._mouse is None:
            self.power = swing_at(now - self._pressed_at)
            self.aim.refresh(AIM_GAP_M + DRAW_BACK_M * self.power, self.power)
        else:
            self._follow_mouse(now)

    def _follow_mouse(self, until: float) -> bool:
        """Move the mouse stroke along the pointer's path up to time `until` (its
        sampled moves, else where it is this frame): the cue drawn back as far, the meter
        at its forward speed (the preview while it has none); True if that brought the
        cue to the ball (the shot is played)."""
        stroke = self._mouse
        times = self.aim.times
        if not times.sampled:
            path = [(until, self._pointer_height(stroke.y))]
        else:
            path = [(t, pointer[1] / 2) for t, pointer in times.pointer_path(stroke.t, until)]
            if not path and until - stroke.t > STILL_S:
                path = [(until, stroke.y)]          # the pointer stands: no push
        for t, height in path:
            if stroke.move(height, t):
                self._shoot_at(stroke.cue_speed, AIM_GAP_M)
                return True
        self.power = stroke.power if stroke.speed > 0.0 else None
        self.aim.refresh(AIM_GAP_M + DRAW_BACK_M * stroke.draw, self.power)
        return False

    def _end_mouse_stroke(self) -> None:
        """The button let go: the pointer's moves up to the release may still reach the
        ball (a quick push ends between two frames); else the stroke is called off."""
        if not self._follow_mouse(self.aim.times.released(self._button, self._mouse.t)):
            self.demand("Aiming")

    def _shoot(self) -> None:
        """Space let go: the power of the time it was held, press to release."""
        released = self.aim.times.released(self._key, self._pressed_at)
        power = swing_at(released - self._pressed_at)
        self._shoot_at(cue_speed(power), AIM_GAP_M + DRAW_BACK_M * power)

    def _shoot_at(self, speed: float, gap: float) -> None:
        """Play the set-up at cue `speed` (m/s), the cue drawn back `gap` m before it;
        its power is the next stroke's preview."""
        stroke = self.aim.stroke(speed)[0]
        self.aim.played(speed)
        self._play_shot(Shoot(stroke, push_out=self.aim.setup.push_out), gap)

    def _play_shot(self, shot: Shoot, gap: float) -> None:
        """Apply `shot` (the cue drawn back `gap` m) and play it back; a refused or
        unplayable shot goes back to the shooter's turn."""
        stroke = shot.stroke
        self.hud.clear_notes()          # the last shot's words end at this stroke
        try:
            accepted, record = self.screen.apply(shot)
        except (SimulationError, ValueError) as exc:
            # R9-B10: a shot the engine cannot play is played again, no penalty.
            self.hud.say(_("That shot could not be simulated ({reason}); play it again.")
                         .format(reason=exc))
            self.demand(self.next_state())
            return
        if accepted:
            self.demand("Playing", record, stroke, gap)
        else:
            self.demand(self.next_state())

    # ---- Playing -------------------------------------------------------------------
    def enterPlaying(self, record, stroke: Stroke, gap: float) -> None:
        screen = self.screen
        screen.aids.hide()
        self.hud.hide_aiming()
        self.hud.power.set(power_for(stroke.speed))      # the power the stroke was played at
        self.hud.power.show()
        balls = screen.scene.balls
        self.record, self.stroke_played, self.gap = record, stroke, gap
        self.rows = balls.rows(record.ball_ids)
        self.playback = ShotPlayback.from_record(record, balls.orientations()[self.rows],
                                                 pocket_depth=screen.scene.look.pocket_depth)
        screen.sounds.start(record.result, stroke)
        self.strike_left = STRIKE_S
        bindings = {}
        bind(bindings, "skip", self._skip)
        bind(bindings, "slow_motion", self._slow_motion)
        bind(bindings, "slower", self._speed, (0.5,))
        bind(bindings, "faster", self._speed, (2.0,))
        self._listen(bindings, _("{skip}: skip to the end   {slow}: slow motion   "
                                 "{slower} {faster}: slower, faster   {view}: view").format(
                                     skip=label("skip"), slow=label("slow_motion"),
                                     slower=label("slower"), faster=label("faster"),
                                     view=label("view", 1)))
        self._tick = self._tick_playing

    def _skip(self) -> None:
        self.strike_left = 0.0
        self.playback.skip_to_end()
        self.screen.sounds.skip(self.playback.end_time)

    def _slow_motion(self) -> None:
        clock = self.playback.clock
        clock.set_speed(1.0 if clock.speed < 1.0 else SLOW_MOTION)

    def _speed(self, factor: float) -> None:
        clock = self.playback.clock
        clock.set_speed(clock.speed * factor)

    def _tick_playing(self, dt: float) -> None:
        screen = self.screen
        if self.strike_left > 0.0:
            # The cue pushes through to the ball before it moves.
            self.strike_left = max(self.strike_left - dt, 0.0)
            screen.scene.show_cue(self.stroke_played, self.gap * self.strike_left / STRIKE_S)
            return
        screen.scene.hide_cue()
        frame = self.playback.update(dt)
        screen.sounds.update(frame.time)
        screen.scene.balls.pose(self.rows, frame.positions, frame.orientations, frame.visible)
        screen.follow_shot(self.record.result, frame.time)
        if self.playback.finished:
            self._shot_over()

    def _shot_over(self) -> None:
        self.screen.show_layout()
        self.screen.tell_shot()
        self._after_command()

    # ---- Choosing ------------------------------------------------------------------
    def enterChoosing(self) -> None:
        """The question docked at the bottom edge, over the HUD's ruling, message and
        controls lines (hidden meanwhile: the question says it all, and its note the
        controls); the table seen from above, in the part of the screen the HUD leaves
        free, or from beside it after V (as when placing the cue ball)."""
        self.screen.scene.hide_cue()
        self.screen.aids.hide()
        self.hud.hide_aiming()
        self.hud.show_notes(False, controls=True)
        self.screen.rig.set_goal(self._placing_pose())
        names = self.session.shown_names
        bindings = {}
        if self.session.group_choice_pending:
            # (The instant replay is offered for play or pass only: its key may mean red.)
            self._listen(bindings, _("{key}: view").format(key=label("view", 1)))
            name = names[int(self.session.shooter)]
            red, yellow = (group_name(g, colour_blind(self.screen.base))
                           for g in (Group.RED, Group.YELLOW))
            self._ask(_("Choose your group"),
                      _("{name} potted both colours: which will you play?").format(name=name),
                      [(red[:1].upper() + red[1:], "group_red",
                        lambda: self._command(ChooseGroup(Group.RED))),
                       (yellow[:1].upper() + yellow[1:], "group_yellow",
                        lambda: self._command(ChooseGroup(Group.YELLOW)))],
                      docked=True, note=self.hud.controls.getText())
            return
        self._listen(bindings, _("{key}: view").format(key=label("view", 1))
                     + self._offer_replay(bindings, "Choosing"))
        chooser = self.session.option_pending
        pusher = names[int(chooser.other)]
        self._ask(_("Play or pass?"),
                  _("{pusher} pushed out. {chooser}: play from here, or pass the shot back "
                    "to {pusher}?").format(pusher=pusher, chooser=names[int(chooser)]),
                  [(_("Play"), "option_play", lambda: self._command(ChooseOption(OptionChoice.PLAY))),
                   (_("Pass"), "option_pass", lambda: self._command(ChooseOption(OptionChoice.PASS)))],
                  docked=True, note=self.hud.controls.getText())

    def exitChoosing(self) -> None:
        self.hud.show_notes(True, controls=True)
        self.defaultExit()

    # ---- Computer ------------------------------------------------------------------
    def enterComputer(self) -> None:
        player = deciding_player(self.session)
        self.screen.scene.hide_cue()
        self.screen.aids.hide()
        self.hud.hide_aiming()
        if self.session.needs_cue_ball_placement or self.session.group_choice_pending \
                or self.session.option_pending is not None:
            self.screen.rig.set_goal(self._placing_pose())
        bindings = {}
        bind(bindings, "leave", self._leave, ("Computer",))
        self._listen(bindings, "   ".join([_("{key}: view").format(key=label("view", 1)),
                                  _("{leave}: menu").format(leave=label("leave"))]))
        self._name = self.session.shown_names[int(player)]
        self._thought_s = 0.0
        # The state is an immutable value: the worker reads it while this thread draws.
        self._thinking = self._worker.submit(self.computers[player].decide, self.session.state)
        self._tick = self._tick_thinking

    def exitComputer(self) -> None:
        if self._thinking is not None:
            self._thinking.cancel()     # an answer that comes after leaving is dropped
            self._thinking = None
        self.hud.show_thinking(None)
        self.screen.placement.hide()
        self.defaultExit()

    def _tick_thinking(self, dt: float) -> None:
        self._thought_s += dt
        if not self._thinking.done():
            self.hud.show_thinking(self._name, self._thought_s)
            return
        future, self._thinking = self._thinking, None
        self.hud.show_thinking(None)
        try:
            decision = future.result()
        except (RulesError, SimulationError, ValueError) as exc:
            # Nothing a person could do about it: the computer gives the game up.
            self.hud.say(_("{name} could not decide ({error}) and concedes.").format(
                name=self._name, error=exc))
            self._command(Concede(deciding_player(self.session)))
            return
        self._steps = list(decision.commands)
        self._next_step()

    def _wait(self, seconds: float, then) -> None:
        """Show what is on screen for `seconds` (frame time), then call `then`."""
        left = [seconds]

        def tick(dt):
            left[0] -= dt
            if left[0] <= 0.0:
                self._tick = None
                then()
        self._tick = tick

    def _next_step(self) -> None:
        """Carry out the decision's next command the way a person's input would."""
        command = self._steps.pop(0)
        if isinstance(command, PlaceCueBall):
            self.screen.placement.show(self.session.state.ball_in_hand, command.position, True)
            self._wait(COMPUTER_PLACE_S, lambda: self._computer_places(command))
        elif isinstance(command, Shoot):
            stroke = command.stroke
            self.aim.setup.elevation = stroke.elevation
            self.aim.setup.push_out = command.push_out
            self.aim.aim_at(stroke.azimuth, (stroke.side, stroke.height))
            power = power_for(stroke.speed)
            gap = AIM_GAP_M + DRAW_BACK_M * power
            self.aim.refresh(gap, power)
            if command.push_out:
                self.hud.say(_("{name} declares a push out.").format(name=self._name))
            self._wait(COMPUTER_AIM_S, lambda: self._play_shot(command, gap))
        else:
            self._command(command)      # a group or play-or-pass choice: said by the HUD

    def _computer_places(self, command: PlaceCueBall) -> None:
        self.screen.placement.hide()
        accepted, _record = self.screen.apply(command)
        if not accepted:
            self.demand(self.next_state())      # think again from the same position
            return
        self.screen.show_layout()
        if self._steps:
            self._next_step()
        else:
            self._after_command()

    def cleanup(self) -> None:
        """Leave the current state and stop the worker (a decision still running is
        dropped when it ends; its thread is not waited for)."""
        super().cleanup()
        self.screen.base.taskMgr.remove(self._shown_task)
        self.instant.detach()
        if self._worker is not None:
            self._worker.shutdown(wait=False, cancel_futures=True)

    # ---- InstantReplay -------------------------------------------------------------
    def _offer_replay(self, bindings: dict, back: str) -> str:
        """Add R (the instant replay, then back to state `back`) to `bindings` when the
        frame has a shot to show; returns its controls ("" when there is none)."""
        if self.instant.last_shot() is None:
            return ""
        bind(bindings, "instant_replay", self.demand, ("InstantReplay", back))
        return "   " + _("{key}: instant replay").format(key=label("instant_replay"))

    def _listen_for_replay(self, back: str) -> None:
        """A dialog state's own input: R for the instant replay, when there is one."""
        bindings = {}
        self._listen(bindings, self._offer_replay(bindings, back).strip())

    def enterInstantReplay(self, back: str) -> None:
        self.screen.scene.hide_cue()
        bindings, controls = self.instant.open(lambda: self.demand(back))
        self._listen(bindings, controls)
        self._tick = self.instant.tick

    def exitInstantReplay(self) -> None:
        self.instant.close()
        self.defaultExit()

    # ---- Confirm -------------------------------------------------------------------
    def enterConfirm(self, title: str, text: str, on_yes, back: str) -> None:
        self.hud.set_controls("")
        self.hud.show_notes(False)      # an old foul line does not sit under the question

        def yes():
            self.demand(back)       # leave the dialog first: on_yes may end this screen
            on_yes()
        self._ask(title, text, [(_("Yes"), "answer_yes", yes),
                                (_("No"), "answer_no", lambda: self.demand(back))])

    def exitConfirm(self) -> None:
        self.hud.show_notes(True)
        self.defaultExit()

    # ---- GameOver ------------------------------------------------------------------
    def enterGameOver(self) -> None:
        s = self.session
        self._clear_for_game_over()
        winner, how = self._how_it_ended()
        (a, b), (wa, wb) = s.shown_names, s.games_won
        menu = (_("Menu"), "game_over_menu", self.screen.on_leave)
        race = self.screen.race
        if race is None:
            self._ask(_("{winner} wins!").format(winner=winner),
                      _("{how}.   Games: {a} {wa} : {wb} {b}").format(how=how, a=a, wa=wa,
                                                                     wb=wb, b=b),
                      [(_("Rematch"), "next_game", self._rematch), menu])
        elif race.over:
            self._ask(_("{winner} wins the match {wa} : {wb}!").format(
                          winner=s.shown_names[int(race.winner)], wa=wa, wb=wb),
                      match_summary(race.summary(), s.shown_names), [menu])
        else:
            self._ask_next_frame(winner, how, menu)

    def _clear_for_game_over(self) -> None:
        """No cue, aids or ruling left (the dialog says how the game ended), R ready for
        the instant replay, the camera over the table."""
        self.screen.scene.hide_cue()
        self.screen.aids.hide()
        self.hud.hide_aiming()
        self.hud.set_ruling("")
        self._listen_for_replay("GameOver")
        self.screen.rig.set_goal(self.screen.overview_pose())

    def _how_it_ended(self) -> tuple:
        """(the winner's name, how the game ended in a sentence starting in capitals)."""
        s = self.session
        winner = s.shown_names[int(s.state.winner)]
        how = _(END_TEXT[s.state.end_reason]).format(winner=winner)
        return winner, how[0].upper() + how[1:]

    def _ask_next_frame(self, winner: str, how: str, menu) -> None:
        """The dialog between two frames of a race: who won this one, the score, and the
        next frame (the next_game action) or `menu`."""
        s, race = self.session, self.screen.race
        (a, b), (wa, wb) = s.shown_names, s.games_won
        self._ask(_("{winner} wins frame {number}").format(winner=winner,
                                                           number=race.frame_number),
                  _("{how}.   Race to {frames}: {a} {wa} : {wb} {b}").format(
                      how=how, frames=race.frames_to_win, a=a, wa=wa, wb=wb, b=b),
                  [(_("Next frame"), "next_game", self._rematch), menu])

    def _rematch(self) -> None:
        """The next game: a rematch, or in a race its next frame (its breaker by the
        race's rule)."""
        race = self.screen.race
        command = NextGame(winner_breaks=race is not None and race.winner_breaks)
        accepted, _record = self.screen.apply(command)
        if accepted:
            self.screen.show_layout(rest=True)
            self.hud.set_ruling("")
            self._after_command()
