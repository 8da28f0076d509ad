"""One match on screen: the scene, HUD, aiming aids and camera for a GameSession, kept in
step with the session's rules state. The play flow (`flow.PlayFlow`) turns input into
the session's commands; this class gives it the pieces it works with and runs the frame.

Table frame, metres, radians throughout (see `game.view`).
"""
from __future__ import annotations

import math
import os
import time

from direct.showbase.DirectObject import DirectObject
from panda3d.core import ClockObject, KeyboardButton, Point2, Point3

from game import controls as key_bindings
from game.audio import AudioSettings
from game.i18n import _, number
from game.rules import CUE, RulesError
from game.settings import Controls
from game.tables import modes
from game.view.app import overview_camera
from game.view.ui import scale as ui_scale
from game.view.ui.layout import table_region
from game.view.ui.panels import Panels, camera_controls, panel_controls
from game.view.ui.rules_screen import RulesScreen
from game.view.world.cue import CUE_LENGTH, radius_at
from game.view.world.marking import colour_blind
from game.view.world.orbit import ZOOM_STEP
from game.view.world.orientation import REST_ORIENTATION
from game.view.world.rig import (AIM_PITCH_RAD, CameraRig, Pose, aim_pose, moving_points,
                                 panned, shot_pose, top_pose)
from game.view.world.scene import Scene
from physics_ext import CueSpec, Stroke

from .aids import AimAids, PlacementGhost
from .aim import CueShape, Predictor, RailShape, clearing_elevation, first_contact, table_point
from .flow import PlayFlow
from .hud import Hud
from .hud_text import shot_log
from .sound import ShotSounds

MAX_FRAME_S = 0.1          # a longer frame (a stall, a dragged window) counts as this
# Every frame of a match lasts at least this many seconds (unset: no floor): a machine
# that draws one frame a second, for the real-window tests of the controls.
FRAME_FLOOR_ENV = "BREAKSHOT_FRAME_FLOOR_S"
MAX_FRAME_FLOOR_S = 5.0
PITCH_DRAG_RAD = math.radians(60.0)   # camera pitch per window height of right-drag
MIN_AIM_PITCH = math.radians(4.0)
MAX_AIM_PITCH = math.radians(80.0)
OVER_CUE_RAD = math.radians(9.0)      # the aiming camera stays this far above the cue
AIM_ZOOM_RANGE = (0.3, 4.0)           # the aim view's zoom, times its framed distance


def frame_floor() -> float:
    """The frame floor (s) that BREAKSHOT_FRAME_FLOOR_S asks for, 0.0 when unset;
    ValueError if it is not a number of seconds from 0 to MAX_FRAME_FLOOR_S."""
    words = os.environ.get(FRAME_FLOOR_ENV, "").strip()
    try:
        floor = float(words or 0.0)
    except ValueError:
        floor = -1.0
    if not 0.0 <= floor <= MAX_FRAME_FLOOR_S:
        raise ValueError(_("{name} must be a number of seconds from 0 to {most}, not {words}")
                         .format(name=FRAME_FLOOR_ENV, most=number(MAX_FRAME_FLOOR_S, 0),
                                 words=repr(words)))
    return floor


class GameScreen:
    """The match of `session` on `base`. aids: the settings' Aids (which aiming aids to
    draw). on_leave(): called when the players leave for the menu. use_shaders and
    shadow_size: as for Scene. computers: {Player: game.ai.Opponent} for the players the
    computer plays (none by default). audio: game.audio.AudioSettings for the sound
    effects (None: silent); sound_root: where their files are made (default: the user's
    cache). race: the game.race.Race played on `session`, or None for game after game.
    stroke_input: how a person sets the power, "space" or "mouse" (see `power`).
    controls: game.settings.Controls (aim sensitivities, invert Y; None: the defaults).
    A subclass may play with another flow (`flow_class`: the online match's)."""

    flow_class = PlayFlow

    def __init__(self, base, session, aids, on_leave, use_shaders: bool | None = None,
                 shadow_size: int | None = None, computers=None, audio=None, sound_root=None,
                 race=None, stroke_input: str = "space", controls=None):
        self.base = base
        self.stroke_input = stroke_input
        self.controls = controls or Controls()
        self.session = session
        self.race = race
        self.computers = dict(computers or {})
        self.aids_on = aids
        self.on_leave = on_leave
        self.mode = modes.mode(session.mode)
        self.cue_style = self.mode.style(CUE)
        self.cue = CueSpec()
        self.scene = Scene(base, session.mode, dict(session.state.layout), use_shaders,
                           shadow_size)
        self._dress_scene()
        self.sounds = ShotSounds(base, self.scene.root, audio or AudioSettings(muted=True),
                                 sound_root)
        self.hud = Hud(base, self.cue.miscue_limit)
        self.top_view = False
        self.aim_pitch = AIM_PITCH_RAD
        self.aim_zoom = 1.0
        self._bind_camera_keys()
        self.clock = ClockObject.getGlobalClock()
        self.floor = frame_floor()
        self.untold = None      # the ShotRecord being played back: not on the HUD yet
        self.update_hud()
        self.flow = self.flow_class(self)
        self.panels = Panels(base, self.help_lines,
                             lambda: shot_log(session, race, int(self.untold is not None),
                                              colour_blind(base)))
        self.rules = RulesScreen(base, lambda: session.mode)
        self._task = base.taskMgr.add(self._tick, "breakshot-play")
        self.flow.demand(self.flow.next_state())

    def _dress_scene(self) -> None:
        """The aids, the ghost of a ball in hand and the camera for `self.scene`."""
        spec, look = self.scene.table_spec, self.scene.look
        self.rail = RailShape(spec.cushion_height, self.scene.rail_height, look.bevel)
        self.cue_shape = CueShape(radius_at, self.cue.tip_radius, CUE_LENGTH)
        self.predictor = Predictor(self.session, spec, self.cue)
        patterned = colour_blind(self.base)
        self.aids = AimAids(self.scene.root, patterned)
        self.placement = PlacementGhost(self.scene.root, spec, self.scene.balls.shape(0),
                                        self.cue_style.radius, patterned)
        # Kept clear of the HUD strips, as the top view is: a question docked in the
        # bottom strip then covers none of the table.
        spectator = overview_camera(self.base, self.scene, self.free_region())
        self._overview = Pose(tuple(spectator.target), spectator.heading, spectator.pitch,
                              spectator.distance)
        self.rig = CameraRig(self.base, self.top_pose())

    def _bind_camera_keys(self) -> None:
        """The camera's keys (view, zoom, pitch drag), bound on `self.keys` for the
        screen's whole life."""
        self.keys = DirectObject()
        key_bindings.accept(self.keys, "view", self.toggle_view)
        for action, factor in (("zoom_in", 1 / ZOOM_STEP), ("zoom_out", ZOOM_STEP)):
            key_bindings.accept(self.keys, action, self.zoom, [factor], ("", "shift-"))
        self._pitch_drag = None
        for event in key_bindings.events("camera_height", ("", "shift-")):
            self.keys.accept(event, self._start_pitch_drag)
            self.keys.accept(event + "-up", self._end_pitch_drag)

    # ---- the session ---------------------------------------------------------------
    def apply(self, command) -> tuple:
        """(accepted, ShotRecord or None): carry out a command; a refusal (RulesError) is
        said on the HUD. The HUD follows the new state at once, except after a Shoot:
        its outcome is told by `tell_shot` when its playback ends. Solver errors of a
        Shoot propagate (the state is unchanged)."""
        try:
            record = self.session.apply(command)
        except RulesError as exc:
            self.hud.say(_("Not allowed: {reason}.").format(reason=exc))
            return False, None
        if record is None:
            self.update_hud()
        else:
            self.untold = record
        return True, record

    def tell_shot(self) -> None:
        """The shot being played back has ended (or was skipped to its end): the HUD
        shows its ruling and the state it left."""
        record, self.untold = self.untold, None
        self.hud.tell(record)
        self.update_hud()

    def update_hud(self) -> None:
        """The HUD from the session's state; while a shot is played back it goes on
        showing the state before the stroke, so nothing tells the outcome early."""
        if self.untold is None:
            self.hud.update(self.session, self.race)

    def show_layout(self, rest: bool = False) -> None:
        """Show the balls where the rules state has them (respots included, a cue ball in
        hand hidden); `rest` also turns them to their resting orientation (a new rack)."""
        layout = self.session.state.layout
        for ball_id in self.scene.balls.ids:
            self.scene.set_ball_visible(ball_id, ball_id in layout)
        self.scene.set_ball_positions(dict(layout))
        if rest:
            for ball_id in self.scene.balls.ids:
                self.scene.set_ball_orientation(ball_id, REST_ORIENTATION)

    def cue_ball(self) -> tuple | None:
        return self.session.state.layout.get(CUE)

    def others(self) -> dict:
        """{ball_id: ((x, y), radius)} of the object balls on the table."""
        balls = self.session.ball_set
        return {b: (p, balls.radius(b)) for b, p in self.session.state.layout.items() if b != CUE}

    # ---- strokes -------------------------------------------------------------------
    def clearing(self, stroke: Stroke) -> float:
        """The lowest cue elevation (rad) that clears the rail and balls behind the cue ball
        for `stroke`'s aim and tip offset."""
        return clearing_elevation(self.cue_ball(), stroke, self.cue_style.radius, self.others(),
                                  self.scene.table_spec, self.rail, self.cue_shape)

    def show_aim(self, stroke: Stroke, gap: float):
        """Pose the cue for `stroke`, drawn back `gap` m, and draw the aids for it;
        returns their Prediction (None: the solver cannot play the stroke)."""
        self.scene.show_cue(stroke, gap)
        prediction = self.predictor(stroke)
        self.aids.show(self.cue_style.radius, prediction, self.others(), self.aids_on)
        return prediction

    def help_lines(self) -> list:
        """The help overlay's lines: the controls of the moment, then the keys that work
        throughout a match."""
        return ([_("Now:")] + ["  " + c for c in self.flow.control_lines()]
                + ["", _("Camera:")] + ["  " + c for c in camera_controls()]
                + ["", _("Panels:")] + ["  " + c for c in panel_controls()])

    # ---- pointer -------------------------------------------------------------------
    def pointer(self) -> tuple | None:
        """The mouse in window units (-1..1 both ways), or None (no pointer)."""
        watcher = self.base.mouseWatcherNode
        if watcher is None or not watcher.hasMouse():
            return None
        m = watcher.getMouse()
        return (m.x, m.y)

    def pointer_on_table(self, z: float, pointer=None) -> tuple | None:
        """(x, y) m where the ray through `pointer` (window units; default: the pointer
        now) meets the plane at height z, or None."""
        pointer = pointer or self.pointer()
        if pointer is None:
            return None
        near, far = Point3(), Point3()
        if not self.base.camLens.extrude(Point2(*pointer), near, far):
            return None
        origin = self.base.render.getRelativePoint(self.base.cam, near)
        end = self.base.render.getRelativePoint(self.base.cam, far)
        return table_point(origin, end - origin, z)

    def button_down(self, button) -> bool:
        watcher = self.base.mouseWatcherNode
        return watcher is not None and watcher.isButtonDown(button)

    def fine(self) -> bool:
        """Shift held: fine aiming and placement."""
        return self.button_down(KeyboardButton.shift())

    # ---- camera --------------------------------------------------------------------
    def top_pose(self) -> Pose:
        """Straight down on the table: its cloth and pocket openings fill the screen's part
        the HUD leaves free (the rails' outer parts run under the HUD's strips)."""
        return top_pose(self.base.camLens, self.scene.play_bounds, self.scene.rail_height,
                        self.free_region())

    def free_region(self) -> tuple:
        """The film region the HUD's strips leave free at the UI scale drawn now."""
        return table_region(ui_scale.current(self.base))

    def overview_pose(self) -> Pose:
        """A spectator's view of the whole table from beside it."""
        return self._overview

    def aim_camera(self, azimuth: float, elevation: float = 0.0) -> None:
        """Behind the cue ball along the aim (unless the top view is chosen), looking
        over a cue raised to `elevation` (rad) rather than along it, framed to show
        the cue ball and where it first meets a ball or a cushion (see rig.aim_pose)."""
        if self.top_view:
            self.rig.set_goal(self.top_pose())
            return
        x, y = self.cue_ball()
        radius = self.cue_style.radius
        reach, _ = first_contact((x, y), azimuth, radius, self.others(), self.scene.table_spec)
        pitch = min(max(self.aim_pitch, elevation + OVER_CUE_RAD), MAX_AIM_PITCH)
        fov_y = math.radians(self.base.camLens.getFov()[1])
        self.rig.set_goal(aim_pose((x, y, radius), azimuth, reach, fov_y, pitch, self.aim_zoom))

    def follow_shot(self, result, time: float) -> None:
        """The camera while `result` (a ShotResult) is played back at shot time `time`
        (s): the top view if chosen; else, from the side the player looked from, every
        ball that moves soon (rig.moving_points) inside the part of the screen the HUD
        leaves free. Once nothing moves any more the view stays."""
        if self.top_view:
            self.rig.set_goal(self.top_pose())
            return
        points = moving_points(result, time)
        if points is not None:
            self.rig.set_goal(shot_pose(self.base.camLens, points, self.rig.goal.heading,
                                        self.scene.bounds, self.free_region()))

    def toggle_view(self) -> None:
        self.top_view = not self.top_view
        self.flow.view_changed()

    def zoom(self, factor: float) -> None:
        """Closer (factor < 1) or further: the aim view's zoom, or the view of the moment."""
        if self.top_view or self.flow.state not in ("Aiming", "Powering"):
            self.rig.zoom_goal(factor)
            return
        low, high = AIM_ZOOM_RANGE
        self.aim_zoom = min(max(self.aim_zoom * factor, low), high)
        self.flow.view_changed()

    def pan(self, right: float, up: float) -> None:
        """Drag the view `right` and `up` window heights (the free camera)."""
        self.rig.set_goal(panned(self.rig.goal, right, up, self.scene.bounds))

    def _start_pitch_drag(self) -> None:
        self._pitch_drag = self.pointer()

    def _end_pitch_drag(self) -> None:
        self._pitch_drag = None

    def _drag_pitch(self) -> None:
        pointer = self.pointer()
        if self._pitch_drag is None or pointer is None or self.top_view:
            return
        dy = pointer[1] - self._pitch_drag[1]
        self._pitch_drag = pointer
        if dy:
            if self.controls.invert_y:
                dy = -dy
            self.aim_pitch = min(max(self.aim_pitch - dy / 2 * PITCH_DRAG_RAD, MIN_AIM_PITCH),
                                 MAX_AIM_PITCH)
            self.flow.view_changed()

    # ---- frame ---------------------------------------------------------------------
    def _tick(self, task):
        dt = min(self.clock.getDt(), MAX_FRAME_S)
        self._drag_pitch()
        self.flow.tick(dt)
        self.hud.tick(dt)
        self.panels.refresh()
        self.rig.update(dt)
        if self.floor:
            # The rest of the floor slept out (the input sampler goes on meanwhile).
            time.sleep(max(self.floor - (self.clock.getRealTime() - self.clock.getFrameTime()),
                           0.0))
        return task.cont

    def destroy(self) -> None:
        """Remove everything this screen added; safe mid-shot (the shot is dropped) and
        safe to call twice (the window's close and the app's clean-up may both do)."""
        if self._task is None:
            return
        self.base.taskMgr.remove(self._task)
        self._task = None
        self.flow.cleanup()
        self.sounds.destroy()
        self.keys.ignoreAll()
        self.rules.destroy()
        self.panels.destroy()
        self.hud.destroy()
        self.aids.destroy()
        self.placement.destroy()
        self.scene.destroy()

