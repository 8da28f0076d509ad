"""A drill on screen: a game.drills.DrillAttempt on its real table, aimed and shot with
the match's controls (the practice screen's aiming keys, the Aimer, the power by the
clock), the shot played back, then scored. Rings on the cloth mark where the cue ball
should stop and the pocket that counts (`marks`).

The HUD says it in words: the drill's title on top, its goal under it, the player with
his best and trend (left) and this attempt's score and strokes (right); the last shot's
verdict at the bottom once the balls stop, never at the strike. R starts a new attempt,
Esc goes back to the drill list (the player's keys: game.controls). Each attempt is recorded as a replay in `replay_dir`.
"""
from __future__ import annotations


from game.drills import DrillAttempt, Verdict, texts
from game.drills.history import drill_record, recorded_attempts
from game.controls import bind, events, label
from game.i18n import _
from game.rules import CUE, RulesError
from game.tables import modes
from game.view.match.aiming import Aimer
from game.view.match.hud_text import PlayerPanel
from game.view.practice.screen import StrokeScreen, aiming_bindings, aiming_controls
from game.view.ui.panels import Panels, camera_controls
from game.view.ui.rules_screen import RulesScreen
from game.view.world.marking import colour_blind
from game.view.world.scene import Scene
from game.settings import shown_name

from .marks import DrillMarks
from physics_ext import SimulationError


def drill_controls() -> list:
    """The drill's own keys in force, as the HUD and the help say them."""
    return [_("{key}: a new attempt").format(key=label("drill_again")),
            _("{key}: the drills").format(key=label("drill_leave"))]


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


class DrillScreen(StrokeScreen):
    """`player` tries `drill` on `base`. aids: the settings' Aids. on_leave(): back to
    the drill list. replay_dir: where attempts are recorded and read back for the best
    (default: the user's replay folder). seed: makes the ghost's racks. use_shaders and
    shadow_size: as for Scene."""

    def __init__(self, base, drill, player: str, aids, on_leave, replay_dir=None,
                 seed: int = 0, use_shaders: bool | None = None,
                 shadow_size: int | None = None):
        super().__init__(base, aids, on_leave, use_shaders, shadow_size)
        self.drill = drill
        self.player = player
        self.replay_dir = replay_dir
        self.seed = seed
        self.mode = modes.mode(drill.mode)
        self.cue_style = self.mode.style(CUE)
        self.panels = Panels(base, self.help_lines)
        self.rules = RulesScreen(base, lambda: drill.mode)
        self.session = AttemptView(self)
        # The scene is made once, from an opening like the attempts' (a ghost's rack
        # differs only in where its balls lie).
        self.attempt = DrillAttempt(drill, player, seed, record=False)
        self.scene = Scene(base, drill.mode, dict(self.attempt.layout), use_shaders, shadow_size)
        self._dress_scene()
        self.marks = DrillMarks(self.scene.root, self.scene.table_spec.geometry(),
                                colour_blind(base))
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
        self.hud.turn.setText(texts.goal(self.drill, colour_blind(self.base)))
        self.hud.set_ruling("")
        self._show_score()
        self.marks.show(self.drill, self.attempt.progress)
        self._aiming()

    def _record(self):
        """The player's record on this drill from the recorded attempts."""
        return drill_record(recorded_attempts(self.replay_dir), self.drill.id, self.player)

    def _show_score(self) -> None:
        """The player's record (left) and this attempt's score (right)."""
        record = self.record
        players = self.hud.players
        players[0].set(PlayerPanel(shown_name(self.player), texts.record_line(record), True))
        players[1].set(PlayerPanel(texts.attempt_name(self.number),
                                   texts.score_line(self.drill, self.attempt.progress), False))

    # ---- states --------------------------------------------------------------------
    def _aiming(self) -> None:
        """Aim and shoot, or (the attempt over) only start another or leave."""
        self.state = "Aiming"
        leave = {}
        bind(leave, "drill_again", self.new_attempt)
        bind(leave, "drill_leave", self.on_leave)
        if self.attempt.over:
            self.scene.hide_cue()
            self.aids.hide()
            self.hud.hide_aiming()
            self._listen(leave, "   ".join(drill_controls()))
            return
        bindings = aiming_bindings(self.aim, self._powering, self._when_aiming) | leave
        for event in events("pointer", ("", "shift-")):
            bindings[event] = (self.aim.press, ())
            bindings[event + "-up"] = (self.aim.release, ())
        self._listen(bindings, "   ".join(aiming_controls() + drill_controls()))
        self._aim_afresh()

    def _when_aiming(self, action, *args) -> None:
        if self.state == "Aiming":
            action(*args)

    def _shoot(self) -> None:
        try:
            record = self.attempt.shoot(self._stroke())
        except (SimulationError, ValueError, RulesError) as exc:
            self._refused(exc)
            return
        self.hud.clear_notes()
        self._play_back(record.result, record.ball_ids)

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
        self.marks.show(self.drill, progress)
        self._aiming()

    # ---- what GameScreen and the panels ask of the flow ---------------------------
    def view_changed(self) -> None:
        if self.state in ("Aiming", "Powering") and not self.attempt.over:
            self.aim.refresh()
        else:
            self.rig.set_goal(self.top_pose() if self.top_view else self.overview_pose())

    def control_lines(self) -> list:
        if self.state == "Aiming":
            return drill_controls() + ([] if self.attempt.over else aiming_controls())
        return [c for c in self.hud.controls.getText().split("   ") if c]

    def help_lines(self) -> list:
        return ([_("Drill:"), "  " + texts.goal(self.drill, colour_blind(self.base))]
                + ["  " + c for c in self.control_lines()]
                + ["", _("Camera:")] + ["  " + c for c in camera_controls()]
                + ["", _("F1: this help (again: close)")])

    # ---- frame ---------------------------------------------------------------------
    def _aiming_frame(self) -> None:
        if not self.attempt.over:
            self.aim.follow_pointer()
            self._pad_frame()

    def destroy(self) -> None:
        """Remove everything this screen added and stop recording; safe twice."""
        if self._task is not None:
            self.attempt.close()
            self.marks.destroy()
        super().destroy()
