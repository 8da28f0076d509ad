"""A drill on screen: a game.drills.DrillAttempt on its real table, aimed and shot with
the match's controls (the practice screen's aiming keys, the Aimer, the power by the
clock), the shot played back, then scored.

The HUD says it in words: the drill's title on top, its goal under it, the player with
his best and trend (left) and this attempt's score and strokes (right); the last shot's
verdict at the bottom once the balls stop, never at the strike. R starts a new attempt,
Esc goes back to the drill list. Each attempt is recorded as a replay in `replay_dir`.
"""
from __future__ import annotations

import math

from direct.showbase.DirectObject import DirectObject
from panda3d.core import ClockObject

from game.drills import DrillAttempt, Verdict, texts
from game.drills.history import drill_record, recorded_attempts
from game.i18n import N_, _
from game.rules import CUE, RulesError
from game.settings import Controls
from game.tables import modes
from game.view.match.aiming import AIM_GAP_M, Aimer
from game.view.match.hud import Hud
from game.view.match.hud_text import PlayerPanel
from game.view.match.play import MAX_FRAME_S, GameScreen
from game.view.match.power import DRAW_BACK_M, cue_speed, swing_at
from game.view.practice.screen import AIMING_CONTROLS, aiming_bindings
from game.view.ui.panels import CAMERA_CONTROLS, Panels, translated
from game.view.ui.rules_screen import RulesScreen
from game.view.world.playback import ShotPlayback
from game.view.world.rig import AIM_PITCH_RAD
from game.view.world.scene import Scene
from physics_ext import CueSpec, SimulationError

DRILL_CONTROLS = [N_("R: a new attempt"), N_("Esc: the drills")]
AIM_CONTROLS = N_("Left/Right or drag the cloth: aim (Shift or , .: fine)   Up/Down: cue "
                  "elevation   W A S D, X: tip   Hold Space, release: shoot   1-4: aids   "
                  "R: new attempt   Esc: the drills")


class AttemptView:
    """The attempt under way on `screen`, seen the way GameScreen's aiming helpers, the
    Aimer and the aids' Predictor read a session (built once, they follow each new
    attempt through this): its rules state, balls, physics parameters and mode. No
    push out in a drill."""

    push_out_available = False

    def __init__(self, screen):
        self.screen = screen

    @property
    def state(self):
        return self.screen.attempt.session.state

    @property
    def ball_set(self):
        return self.screen.attempt.session.ball_set

    @property
    def params(self):
        return self.screen.attempt.session.params

    @property
    def mode(self) -> str:
        return self.screen.attempt.session.mode


class DrillScreen(GameScreen):
    """`player` tries `drill` on `base`. aids: the settings' Aids. on_leave(): back to
    the drill list. replay_dir: where attempts are recorded and read back for the best
    (default: the user's replay folder). seed: makes the ghost's racks. use_shaders and
    shadow_size: as for Scene."""

    def __init__(self, base, drill, player: str, aids, on_leave, replay_dir=None,
                 seed: int = 0, use_shaders: bool | None = None,
                 shadow_size: int | None = None):
        self.base = base
        self.drill = drill
        self.player = player
        self.aids_on = aids
        self.on_leave = on_leave
        self.replay_dir = replay_dir
        self.seed = seed
        self.use_shaders, self.shadow_size = use_shaders, shadow_size
        self.controls = Controls()          # the aiming speed the Aimer reads
        self.cue = CueSpec()
        self.hud = Hud(base, self.cue.miscue_limit)
        self.top_view = False
        self.aim_pitch = AIM_PITCH_RAD
        self.aim_zoom = 1.0
        self.flow = self                    # GameScreen's camera keys tell the flow: this
        self.state = "Aiming"
        self.input = None
        self.attempt = None
        self.mode = modes.mode(drill.mode)
        self.cue_style = self.mode.style(CUE)
        self._bind_camera_keys()
        self.panels = Panels(base, self.help_lines)
        self.rules = RulesScreen(base, lambda: drill.mode)
        self.clock = ClockObject.getGlobalClock()
        self.session = AttemptView(self)
        # The scene is made once, from an opening like the attempts' (a ghost's rack
        # differs only in where its balls lie).
        self.attempt = DrillAttempt(drill, player, seed, record=False)
        self.scene = Scene(base, drill.mode, dict(self.attempt.layout), use_shaders, shadow_size)
        self._dress_scene()
        self.aim = Aimer(self)
        self.attempt = None
        self.new_attempt()
        self._task = base.taskMgr.add(self._tick, "breakshot-drill")

    # ---- attempts ------------------------------------------------------------------
    def new_attempt(self) -> None:
        """Close the attempt under way (its replay keeps what was played) and start
        another on the drill's opening position."""
        if self.attempt is not None:
            self.attempt.close()
        self.record = self._record()
        self.number = self.record.attempts + 1
        seed = self.seed + self.record.attempts
        try:
            self.attempt = DrillAttempt(self.drill, self.player, seed, directory=self.replay_dir)
        except OSError as exc:
            self.attempt = DrillAttempt(self.drill, self.player, seed, record=False)
            self.hud.say(_("This attempt will not be recorded ({error}).").format(error=exc))
        self.show_layout(rest=True)
        self.hud.title.setText(texts.title(self.drill))
        self.hud.turn.setText(texts.goal(self.drill))
        self.hud.set_ruling("")
        self._show_score()
        self._aiming()

    def _record(self):
        """The player's record on this drill from the recorded attempts."""
        return drill_record(recorded_attempts(self.replay_dir), self.drill.id, self.player)

    def _show_score(self) -> None:
        """The player's record (left) and this attempt's score (right)."""
        record = self.record
        players = self.hud.players
        players[0].set(PlayerPanel(self.player, texts.record_line(record), True))
        players[1].set(PlayerPanel(texts.attempt_name(self.number),
                                   texts.score_line(self.drill, self.attempt.progress), False))

    # ---- states --------------------------------------------------------------------
    def _listen(self, bindings: dict, controls: str) -> None:
        if self.input is not None:
            self.input.ignoreAll()
        self.input = DirectObject()
        for event, (handler, args) in bindings.items():
            self.input.accept(event, handler, list(args))
        self.hud.set_controls(controls)

    def _aiming(self) -> None:
        """Aim and shoot, or (the attempt over) only start another or leave."""
        self.state = "Aiming"
        leave = {"r": (self.new_attempt, ()), "escape": (self.on_leave, ())}
        if self.attempt.over:
            self.scene.hide_cue()
            self.aids.hide()
            self.hud.hide_aiming()
            self._listen(leave, "   ".join(translated(DRILL_CONTROLS)))
            return
        bindings = aiming_bindings(self.aim, self._powering, self._when_aiming) | leave
        for prefix in ("", "shift-"):
            bindings[prefix + "mouse1"] = (self.aim.press, ())
            bindings[prefix + "mouse1-up"] = (self.aim.release, ())
        self._listen(bindings, _(AIM_CONTROLS))
        x, y = self.cue_ball()
        others = [p for b, p in self.attempt.layout.items() if b != CUE]
        bx, by = min(others, key=lambda p: math.hypot(p[0] - x, p[1] - y))
        self.aim.aim_at(math.atan2(by - y, bx - x), (self.aim.setup.side, self.aim.setup.height))

    def _when_aiming(self, action, *args) -> None:
        if self.state == "Aiming":
            action(*args)

    def _powering(self) -> None:
        self.state = "Powering"
        self.power, self._pressed_at = 0.0, self.clock.getFrameTime()
        self._listen({"space-up": (self._shoot, ()), "escape": (self._aiming, ())},
                     _("Release Space to shoot   Esc: cancel"))
        self.aim.refresh(AIM_GAP_M, 0.0)

    def _shoot(self) -> None:
        # The power of the time held, by the clock: the same at any frame rate.
        self.power = swing_at(self.clock.getFrameTime() - self._pressed_at)
        stroke = self.aim.stroke(cue_speed(self.power))[0]
        try:
            record = self.attempt.shoot(stroke)
        except (SimulationError, ValueError, RulesError) as exc:
            self.hud.say(_("That shot could not be simulated ({error}); try another.").format(
                error=exc))
            self._aiming()
            return
        self.state = "Playing"
        self.hud.clear_notes()
        self.scene.hide_cue()
        self.aids.hide()
        self.hud.hide_aiming()
        balls = self.scene.balls
        self.rows = balls.rows(record.ball_ids)
        self.playback = ShotPlayback(record.result, record.ball_ids,
                                     balls.orientations()[self.rows],
                                     pocket_depth=self.scene.look.pocket_depth)
        self._listen({"space": (self.playback.skip_to_end, ()),
                      "enter": (self.playback.skip_to_end, ())},
                     _("Space or Enter: skip to the end   V: view"))

    def _shot_ended(self) -> None:
        """The balls stopped: the table as the drill sets it next, the verdict and score."""
        progress = self.attempt.progress
        rest = progress.verdict in (Verdict.STAGE_PASSED, Verdict.RACK_WON, Verdict.RACK_LOST)
        self.show_layout(rest=rest)
        verdict = texts.verdict(progress)
        if progress.over:
            self.record = self._record()        # this attempt now counts in it
            verdict += "  " + texts.over_line(progress)
        self.hud.set_ruling(verdict)
        self._show_score()
        self._aiming()

    # ---- what GameScreen and the panels ask of the flow ---------------------------
    def view_changed(self) -> None:
        if self.state in ("Aiming", "Powering") and not self.attempt.over:
            self.aim.refresh()
        else:
            self.rig.set_goal(self.top_pose() if self.top_view else self.overview_pose())

    def control_lines(self) -> list:
        if self.state == "Aiming":
            return translated(DRILL_CONTROLS + ([] if self.attempt.over else AIMING_CONTROLS))
        return [c for c in self.hud.controls.getText().split("   ") if c]

    def help_lines(self) -> list:
        return ([_("Drill:"), "  " + texts.goal(self.drill)]
                + ["  " + c for c in self.control_lines()]
                + ["", _("Camera:")] + ["  " + c for c in translated(CAMERA_CONTROLS)]
                + ["", _("F1: this help (again: close)")])

    # ---- frame ---------------------------------------------------------------------
    def _tick(self, task):
        dt = min(self.clock.getDt(), MAX_FRAME_S)
        self._drag_pitch()
        if self.state == "Aiming" and not self.attempt.over:
            self.aim.follow_pointer()
        elif self.state == "Powering":
            self.power = swing_at(self.clock.getFrameTime() - self._pressed_at)
            self.aim.refresh(AIM_GAP_M + DRAW_BACK_M * self.power, self.power)
        elif self.state == "Playing":
            frame = self.playback.update(dt)
            self.scene.balls.pose(self.rows, frame.positions, frame.orientations,
                                  frame.visible)
            if self.playback.finished:
                self._shot_ended()
        self.hud.tick(dt)
        self.panels.refresh()
        self.rig.update(dt)
        return task.cont

    def destroy(self) -> None:
        """Remove everything this screen added and stop recording; safe twice."""
        if self._task is None:
            return
        self.base.taskMgr.remove(self._task)
        self._task = None
        self.attempt.close()
        if self.input is not None:
            self.input.ignoreAll()
        self.keys.ignoreAll()
        self.rules.destroy()
        self.panels.destroy()
        self.hud.destroy()
        self.aids.destroy()
        self.placement.destroy()
        self.scene.destroy()
