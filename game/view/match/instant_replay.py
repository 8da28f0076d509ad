"""The instant replay in a match: the frame's last shot again, from the cue's strike, as
often as the players like until the next stroke. It changes nothing in the game.

The shot starts from the layout it was played from (the record's solver result holds
it), each ball turned as it was at the strike (heard from the session when the shot was
played), and the cue pushes through to the cue ball first, as in play; the shot's sounds
play as the replay's clock passes them. Space pauses and plays; , and . step to the
previous or next impact, drop or landing (and pause); [ and ] change the speed along
SPEEDS; the arrows or a left-drag orbit the camera (the screen's wheel and + - keys zoom
it); Home starts again from the strike; R or Esc go back. On leaving, the balls, their
orientations, the camera and its settings are put back exactly as they were, and the
play flow enters the state it came from again (a ghost cue ball in hand where it was).

Table frame, metres, radians; times are shot times (s from the strike) unless said.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np
from direct.gui.OnscreenText import OnscreenText
from panda3d.core import TextNode

from game.controls import bind, events, label
from game.i18n import _, number
from game.view.ui.palette import GOLD, SHADOW, TEXT
from game.view.world.camera import OrbitCamera
from game.view.world.orbit import KEY_STEP_RAD, ORBIT_KEYS, DragOrbit
from game.view.world.playback import ShotPlayback, next_speed
from game.view.world.rig import Pose

from .hud_text import frame_shots

SPEEDS = (0.25, 0.5, 1.0, 2.0)          # shot seconds per real second, [ and ] step along


@dataclass(frozen=True)
class _SavedView:
    """What the replay moves and puts back: the rig's pose now and its goal, the
    screen's aiming pitch (rad), distance (m) and top-view choice, and every ball's
    orientation (N, 4) in the scene's ball order."""
    rig_now: Pose
    rig_goal: Pose
    aim_pitch: float
    aim_zoom: float
    top_view: bool
    orientations: np.ndarray


class InstantReplay:
    """The instant replay on `screen` (a GameScreen). strike_s: how long (real s at 1x)
    the cue's push through to the ball takes; gap_for(speed): how far (m) the cue was
    drawn back for a stroke of cue speed `speed` (m/s). Listens to the session from
    construction to `detach`, to know how the balls were turned at each strike."""

    def __init__(self, screen, strike_s: float, gap_for):
        self.screen = screen
        self.session = screen.session
        self.strike_s = strike_s
        self.gap_for = gap_for
        self._turned = None         # (ShotRecord, (N, 4) orientations at its strike)
        self.playback = None        # the ShotPlayback while the replay is open
        self.session.listeners.append(self._heard)

    def detach(self) -> None:
        """Stop listening to the session (the screen is going)."""
        if self._heard in self.session.listeners:
            self.session.listeners.remove(self._heard)

    def _heard(self, session, command, record) -> None:
        # Called as the session accepts a shot, before the shot is drawn: the balls on
        # screen are still turned as at the strike.
        if record is not None:
            balls = self.screen.scene.balls
            self._turned = (record, balls.orientations()[balls.rows(record.ball_ids)])

    def last_shot(self) -> tuple | None:
        """(ShotRecord, its number in the frame from 1) of the frame's last shot, or
        None before the frame's first shot."""
        shots = frame_shots(self.session)
        return (shots[-1], len(shots)) if shots else None

    # ---- open and close ------------------------------------------------------------
    def open(self, on_back) -> tuple:
        """Start the replay of the frame's last shot; on_back() is what R and Esc do.
        Returns (bindings {event: (handler, args)}, the controls line) for the flow."""
        screen, scene = self.screen, self.screen.scene
        record, self.number = self.last_shot()
        rig = screen.rig
        self._saved = _SavedView(rig.now, rig.goal, screen.aim_pitch, screen.aim_zoom,
                                 screen.top_view, scene.balls.orientations())
        turned = self._turned[1] if self._turned and self._turned[0] is record else None
        self.rows = scene.balls.rows(record.ball_ids)
        self.playback = ShotPlayback.from_record(record, turned,
                                                 pocket_depth=scene.look.pocket_depth)
        self.record, self.stroke = record, record.command.stroke
        self.gap = self.gap_for(self.stroke.speed)
        for ball_id in scene.balls.ids:         # balls already off the table then
            if ball_id not in record.ball_ids:
                scene.set_ball_visible(ball_id, False)
        screen.aids.hide()
        screen.placement.hide()
        screen.hud.hide_aiming()
        self._top_view = screen.top_view
        rig.set_goal(self._start_pose())
        self.drag = DragOrbit(screen.pointer)
        self.title = self._line(-0.24, 0.06, GOLD)
        self.status = self._line(-0.31, 0.045, TEXT)
        self.title.setText(_("Instant replay \N{EM DASH} shot {number}").format(
            number=self.number))
        self.restart()
        return self._bindings(on_back), self._controls()

    def _line(self, z: float, scale: float, colour) -> OnscreenText:
        """A line of the replay's words at the top of the screen, `z` below its edge."""
        return OnscreenText(parent=self.screen.base.a2dTopCenter, pos=(0, z), scale=scale,
                            fg=colour, shadow=SHADOW, align=TextNode.ACenter, mayChange=True)

    def _bindings(self, on_back) -> dict:
        """The replay's keys and mouse: {event: (handler, args)}."""
        bindings = {}
        for action, handler, args in (
                ("replay_play", self.toggle_play, ()),
                ("replay_step_previous", self.step_previous, ()),
                ("replay_step_next", self.step_next, ()),
                ("replay_slower", self.change_speed, (-1,)),
                ("replay_faster", self.change_speed, (1,)),
                ("replay_restart", self.restart, ()), ("instant_replay", on_back, ()),
                ("leave", on_back, ())):
            bind(bindings, action, handler, args)
        for action, dh, dp in ORBIT_KEYS:
            bind(bindings, action, self.orbit, (dh * KEY_STEP_RAD, dp * KEY_STEP_RAD),
                 repeat=True)
        for event in events("replay_orbit_drag", ("", "shift-")):
            bindings[event] = (self.drag.start, ())
            bindings[event + "-up"] = (self.drag.end, ())
        return bindings

    @staticmethod
    def _controls() -> str:
        """The controls line (the wheel's zoom is the screen's, listed with the camera)."""
        orbit = "/".join(label(a) for a in ("replay_orbit_left", "replay_orbit_right",
                                            "replay_orbit_up", "replay_orbit_down"))
        return "   ".join((
            _("{key}: pause, play").format(key=label("replay_play")),
            _("{back} {forward}: previous, next event").format(
                back=label("replay_step_previous"), forward=label("replay_step_next")),
            _("{slower} {faster}: slower, faster ({low:g}x to {high:g}x)").format(
                slower=label("replay_slower"), faster=label("replay_faster"),
                low=SPEEDS[0], high=SPEEDS[-1]),
            _("{keys} or {drag}-drag: turn the camera").format(
                keys=orbit, drag=label("replay_orbit_drag")),
            _("{key}: again from the strike").format(key=label("replay_restart")),
            _("{replay} or {leave}: back to the game").format(
                replay=label("instant_replay"), leave=label("leave"))))

    def close(self) -> None:
        """Put the balls, the camera and its settings back as they were before `open`."""
        screen, saved = self.screen, self._saved
        self.drag.end()
        self.title.destroy()
        self.status.destroy()
        screen.scene.hide_cue()
        screen.rig.set_goal(saved.rig_now, snap=True)
        screen.rig.set_goal(saved.rig_goal)
        screen.aim_pitch, screen.aim_zoom = saved.aim_pitch, saved.aim_zoom
        screen.top_view = saved.top_view
        screen.show_layout()
        screen.scene.balls.set_orientations(saved.orientations)
        self.playback = None

    # ---- time ----------------------------------------------------------------------
    @property
    def clock(self):
        return self.playback.clock

    @property
    def time(self) -> float:
        """Shot time shown (s); negative while the cue is still on its way to the ball."""
        return self.clock.time - self.strike_left

    def restart(self) -> None:
        """Back to the cue drawn back before the strike (playing or paused as before)."""
        self.strike_left = self.strike_s
        self.clock.seek(0.0)
        self.screen.sounds.start(self.record.result, self.stroke)
        self._draw()

    def toggle_play(self) -> None:
        """Pause, or play on (from the strike again once the shot is over)."""
        if self.clock.finished:
            self.clock.paused = False
            self.restart()
            return
        self.clock.paused = not self.clock.paused
        self._draw()

    def step_next(self) -> None:
        """Pause at the next impact, drop or landing."""
        self.strike_left = 0.0
        self.playback.step_next()
        self.screen.sounds.skip(self.clock.time)
        self._draw()

    def step_previous(self) -> None:
        """Pause at the last impact, drop or landing before now (or at the strike)."""
        self.strike_left = 0.0
        self.playback.step_previous()
        self.screen.sounds.skip(self.clock.time)      # back in time: silent
        self._draw()

    def change_speed(self, step: int) -> None:
        """One step along SPEEDS: faster for step > 0, else slower."""
        self.clock.set_speed(next_speed(self.clock.speed, SPEEDS, step))
        self._draw()

    def tick(self, dt: float) -> None:
        """One frame of `dt` real seconds: the camera drag, the strike or the shot."""
        orbit = self.drag.delta()
        if orbit is not None:
            self.orbit(*orbit)
        if self.strike_left > 0.0 and not self.clock.paused:
            self.strike_left = max(self.strike_left - dt * self.clock.speed, 0.0)
        elif self.strike_left <= 0.0:
            self.screen.sounds.update(self.clock.advance(dt))
        self._draw()

    def _draw(self) -> None:
        """Balls, cue and status line for the time shown."""
        scene = self.screen.scene
        frame = self.playback.frame(self.clock.time)
        scene.balls.pose(self.rows, frame.positions, frame.orientations, frame.visible)
        if self.strike_left > 0.0:
            scene.show_cue(self.stroke, self.gap * self.strike_left / self.strike_s)
        else:
            scene.hide_cue()
        if self.clock.finished:
            state = _("over (Space: again)")
        elif self.clock.paused:
            state = _("paused")
        else:
            state = _("playing")
        self.status.setText(_("{state}   speed {speed}x   t = {time} s").format(
            state=state, speed=number(self.clock.speed),
            time=number(max(self.time, 0.0), 2)))

    # ---- camera --------------------------------------------------------------------
    def _start_pose(self) -> Pose:
        """The top view if chosen, else the spectator's view of the whole table."""
        screen = self.screen
        return screen.top_pose() if screen.top_view else screen.overview_pose()

    def orbit(self, d_heading: float, d_pitch: float) -> None:
        """Turn the camera round what it looks at (rad), its pitch kept within the orbit
        camera's limits."""
        goal = self.screen.rig.goal
        pitch = min(max(goal.pitch + d_pitch, OrbitCamera.MIN_PITCH), OrbitCamera.MAX_PITCH)
        self.screen.rig.set_goal(replace(goal, heading=goal.heading + d_heading, pitch=pitch))

    def view_changed(self) -> None:
        """The screen's view keys were used: V or Tab switch between the top view and
        the spectator's; a pitch drag (which only moves the aiming camera) is ignored."""
        if self.screen.top_view != self._top_view:
            self._top_view = self.screen.top_view
            self.screen.rig.set_goal(self._start_pose())
