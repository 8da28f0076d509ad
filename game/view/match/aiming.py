"""The stroke being prepared and its controls: aim (coarse and fine, by keys, mouse drag or
pointing in the top view), cue elevation, the tip's offset on the spin selector, the
push-out declaration and the aiming aids. Each change re-poses the cue, the aids, the
instruments and the camera.

The cue is raised by itself only as far as it must be to clear the rail and balls behind
the cue ball (`aim.clearing_elevation`). One power is shown and used: the power meter's.
While the stroke is drawn (Space held, a mouse stroke pushed) it is the power of the
moment; before, the preview, the power of the last stroke played (DEFAULT_POWER at
first), marked as such on the meter. The cue's lift, the aids and the warning of a cue
ball that leaves the cloth are all the stroke at that power.

Clicks count by their own press and release: a press in the top view aims at the point
pressed, a press on the spin selector sets the tip there, even when the release comes in
the same frame (a slow machine); the position is the pointer's at the press
(`game.view.ui.input_times`).

Angles in radians (azimuth from +x towards +y, the way the cue ball is sent), tip offsets
as fractions of the ball radius (the physics Stroke's side and height).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, replace

from panda3d.core import ButtonRegistry

from game.controls import bind, keys, label
from game.i18n import _
from game.session.describe import ball_name
from game.view.ui import input_times
from game.view.world.marking import colour_blind
from physics_ext import Stroke

from .gauges import MAX_OFFSET
from .power import cue_speed, power_for

AIM_STEP_RAD = math.radians(0.5)        # per arrow press or auto-repeat
FINE_AIM_STEP_RAD = math.radians(0.1)   # with Shift, or , and .: the aim angle's last
                                        # shown digit
DRAG_AIM_RAD = math.radians(60.0)       # per window width of mouse drag
FINE_DRAG = 0.08                        # drag factor with Shift held
ELEVATION_STEP_RAD = math.radians(1.0)
MAX_ELEVATION_RAD = math.radians(80.0)
# A cue always rises a little over the rail; only a lift beyond this is pointed out.
RAISE_NOTED_RAD = math.radians(4.0)
TIP_STEP = 0.05                         # fraction of the radius per key press
AIM_GAP_M = 0.03                        # tip to ball while aiming
DEFAULT_POWER = 0.35                    # the preview power until a stroke is played
AID_ACTIONS = ("aid_aim_line", "aid_ghost_ball", "aid_object_path", "aid_cue_path")


@dataclass
class Setup:
    """The stroke being prepared: azimuth and the player's own elevation (rad), the tip's
    contact offset (fractions of R) and a declared push out."""
    azimuth: float = 0.0
    elevation: float = 0.0
    side: float = 0.0
    height: float = 0.0
    push_out: bool = False


def balls_on(session) -> list:
    """The balls the shooter may hit first: the lowest in 9-ball; in 8-ball his group's
    (any colour on an open table), or the black when he is on it."""
    state = session.state
    on_table = state.object_balls_on_table
    if session.mode == "nine_ball":
        return [state.lowest_ball] if on_table else []
    group = state.group_of(state.shooter)
    if group is not None and state.on_the_black(state.shooter):
        return [b for b in on_table if b == 8]
    if group is None:
        return [b for b in on_table if b != 8]
    return sorted(group.balls & on_table)


def jump_warning(prediction, mode: str, rings: bool = False) -> str | None:
    """The HUD's warning for an aim.Prediction whose cue ball leaves the cloth (None:
    it stays on it, or nothing is predicted). mode: the session's, for ball names;
    `rings`: colour-blind play's names for them ("a ringed yellow")."""
    if prediction is None or not prediction.jumps:
        return None
    if prediction.leaves_table:
        return _("At this power the cue ball flies off the table.")
    cleared = [ball_name(mode, b, rings) for f in prediction.flights for b in f.cleared]
    if cleared:
        return _("At this power the cue ball jumps over {balls}.").format(
            balls=", ".join(cleared))
    return _("At this power the cue ball jumps off the cloth.")


class Aimer:
    """The set-up of the next stroke on `screen` (a GameScreen) and its controls."""

    def __init__(self, screen):
        self.screen = screen
        self.session = screen.session
        self.hud = screen.hud
        self.setup = Setup()
        self.times = input_times.of(screen.base)
        self.drag = None          # (kind, last pointer) while mouse button 1 is held
        # The cue's draw-back (m) and the power of the stroke being drawn (None: none is).
        self.gap, self.power = AIM_GAP_M, None
        self.preview = DEFAULT_POWER    # the power shown before a stroke is drawn
        self.prediction = None          # the aids' aim.Prediction of the stroke shown

    def new_turn(self) -> None:
        """Fresh set-up, aimed at the nearest ball the shooter may hit first."""
        x, y = self.screen.cue_ball()
        layout = self.session.state.layout
        candidates = [layout[b] for b in balls_on(self.session)]
        azimuth = self.setup.azimuth
        if candidates:
            bx, by = min(candidates, key=lambda p: math.hypot(p[0] - x, p[1] - y))
            azimuth = math.atan2(by - y, bx - x)
        self.setup = Setup(azimuth=azimuth)
        self.drag = None

    @property
    def shown_power(self) -> float:
        """The power 0..1 the meter shows and the aids use: the stroke's being drawn,
        else the preview."""
        return self.preview if self.power is None else self.power

    def played(self, speed: float) -> None:
        """A stroke at cue `speed` m/s was played: its power is the next preview."""
        self.preview = power_for(speed)

    def stroke(self, speed: float | None = None) -> tuple:
        """(Stroke, raised): the set-up as a stroke at cue `speed` m/s (default: that of
        the power shown), the cue raised to clear what is behind the cue ball (raised:
        that lifted it noticeably)."""
        s = self.setup
        if speed is None:
            speed = cue_speed(self.shown_power)
        need = self.screen.clearing(Stroke(s.azimuth, 0.0, s.side, s.height, speed))
        raised = need > max(s.elevation, RAISE_NOTED_RAD)
        return Stroke(s.azimuth, max(s.elevation, need), s.side, s.height, speed), raised

    def refresh(self, gap: float | None = None, power: float | None = None) -> None:
        """Pose the cue (drawn back `gap` m), the aids, the instruments (with `power`
        0..1 while the stroke is drawn, else None: the preview) and the camera for the
        set-up, and warn of a cue ball that leaves the cloth at the power shown."""
        if gap is not None:
            self.gap, self.power = gap, power
        stroke, raised = self.stroke()
        self.prediction = self.screen.show_aim(stroke, self.gap)
        self.hud.show_aiming(self.setup.side, self.setup.height,
                             math.degrees(stroke.elevation), raised, self.shown_power,
                             math.degrees(self.setup.azimuth), preview=self.power is None)
        self.hud.warn(jump_warning(self.prediction, self.session.mode,
                                   colour_blind(self.screen.base)))
        self.screen.aim_camera(self.setup.azimuth, stroke.elevation)

    def aim_at(self, azimuth: float, tip: tuple = (0.0, 0.0)) -> None:
        """Set the aim (rad) and the tip offset (side, height) directly, as a script or a
        computer player would, and show them."""
        self.setup.azimuth = azimuth % (2 * math.pi)
        self.set_tip(*tip)

    def _sensitivity(self, fine: bool) -> float:
        """The player's factor on the aiming speed (game.settings.Controls)."""
        controls = self.screen.controls
        return controls.fine_aim_sensitivity if fine else controls.aim_sensitivity

    def turn(self, sign: int, fine: bool) -> None:
        step = (FINE_AIM_STEP_RAD if fine else AIM_STEP_RAD) * self._sensitivity(fine)
        self.setup.azimuth = (self.setup.azimuth + sign * step) % (2 * math.pi)
        self.refresh()

    def raise_cue(self, sign: int) -> None:
        self.raise_cue_by(sign * ELEVATION_STEP_RAD)

    def raise_cue_by(self, angle: float) -> None:
        """Raise the cue `angle` rad (negative: lower it), within 0..MAX_ELEVATION_RAD."""
        e = self.setup.elevation + angle
        self.setup.elevation = min(max(e, 0.0), MAX_ELEVATION_RAD)
        self.refresh()

    def move_tip(self, ds: int, dh: int) -> None:
        self.set_tip(self.setup.side + ds * TIP_STEP, self.setup.height + dh * TIP_STEP)

    def set_tip(self, side: float, height: float) -> None:
        r = math.hypot(side, height)
        if r > MAX_OFFSET:
            side, height = side * MAX_OFFSET / r, height * MAX_OFFSET / r
        self.setup.side, self.setup.height = side, height
        self.refresh()

    def toggle_push_out(self) -> None:
        if not self.session.push_out_available:
            self.hud.say(_("A push out may only be declared on the shot right after the break."))
            return
        self.setup.push_out = not self.setup.push_out
        self.hud.say(_("Push out declared: P again to take it back.") if self.setup.push_out
                     else _("Push out taken back."))

    def toggle_aid(self, name: str) -> None:
        aids = self.screen.aids_on
        self.screen.aids_on = replace(aids, **{name: not getattr(aids, name)})
        self.refresh()

    def press(self) -> None:
        """Mouse button 1 pressed: set the tip on the spin selector, aim at the pointer
        (top view), or start a drag that turns the aim; where the pointer was at the
        press, and at once (the release may be handled in the same frame)."""
        _when, pointer = self.times.pressed(keys("pointer")[0], self.screen.pointer())
        if pointer is None:
            return
        if self.hud.spin.offset_at(pointer) is not None:
            self.drag = ("tip", pointer)
        elif self.screen.top_view:
            self.drag = ("point", pointer)
        else:
            self.drag = ("turn", pointer)
        self._apply_drag(pointer)

    def release(self) -> None:
        self.drag = None

    def follow_pointer(self) -> None:
        """Per frame while mouse button 1 is held: apply the drag. (A press let go in
        the frame it is handled in was applied by `press` and ended by `release`.)"""
        if self.drag is None:
            return
        pointer = self.screen.pointer()
        button = ButtonRegistry.ptr().findButton(keys("pointer")[0])
        if pointer is None or not self.screen.button_down(button):
            self.drag = None
            return
        self._apply_drag(pointer)

    def _apply_drag(self, pointer) -> None:
        """The drag with the pointer at `pointer` (window units)."""
        kind, last = self.drag
        if kind == "tip":
            offset = self.hud.spin.offset_at(pointer)
            if offset is not None:
                self.set_tip(*offset)
        elif kind == "point":
            target = self.screen.pointer_on_table(self.screen.cue_style.radius, pointer)
            x, y = self.screen.cue_ball()
            if target is not None and math.hypot(target[0] - x, target[1] - y) > 1e-3:
                self.setup.azimuth = math.atan2(target[1] - y, target[0] - x)
                self.refresh()
        elif pointer[0] != last[0]:
            fine = self.screen.fine()
            factor = (FINE_DRAG if fine else 1.0) * self._sensitivity(fine)
            self.setup.azimuth -= (pointer[0] - last[0]) / 2 * DRAG_AIM_RAD * factor
            self.refresh()
        self.drag = (kind, pointer)


def aiming_bindings(bindings: dict, aim: Aimer, through=None) -> None:
    """Add the aiming keys (game.controls) for Aimer `aim` to `bindings` ({event:
    (handler, args)}): aim (Shift: finely), fine aim, cue elevation, the tip, the aids.
    through(action, *args): if given, each goes through it (it acts only when aiming is
    possible)."""
    def add(action, handler, args=(), prefixes=("",), repeat=True):
        if through is None:
            bind(bindings, action, handler, args, prefixes, repeat)
        else:
            bind(bindings, action, through, (handler,) + tuple(args), prefixes, repeat)
    for action, sign in (("aim_left", 1), ("aim_right", -1)):
        add(action, aim.turn, (sign, False))
        add(action, aim.turn, (sign, True), ("shift-",))
    for action, sign in (("fine_aim_left", 1), ("fine_aim_right", -1)):
        add(action, aim.turn, (sign, True), ("", "shift-"))
    for action, sign in (("cue_up", 1), ("cue_down", -1)):
        add(action, aim.raise_cue, (sign,), ("", "shift-"))
    for action, (ds, dh) in (("tip_up", (0, 1)), ("tip_down", (0, -1)),
                             ("tip_left", (-1, 0)), ("tip_right", (1, 0))):
        add(action, aim.move_tip, (ds, dh))
    add("tip_centre", aim.set_tip, (0.0, 0.0), repeat=False)
    for action, aid in zip(AID_ACTIONS, ("aim_line", "ghost_ball", "object_path",
                                         "cue_path")):
        add(action, aim.toggle_aid, (aid,), repeat=False)


def aiming_hints() -> list:
    """The aiming keys of `aiming_bindings` in force, as the HUD's hints."""
    tip = " ".join(label(a) for a in ("tip_up", "tip_left", "tip_down", "tip_right"))
    aid_keys = [label(a) for a in AID_ACTIONS]
    digits = "".join(aid_keys)
    # Four digits in a row (the defaults) as a range: "1-4".
    aids = (f"{digits[0]}-{digits[-1]}" if digits.isdigit() and len(digits) == 4
            and digits in "0123456789" else " ".join(aid_keys))
    return [_("Drag or {left}/{right}: aim (Shift or {fine_left} {fine_right}: fine)").format(
                left=label("aim_left"), right=label("aim_right"),
                fine_left=label("fine_aim_left"), fine_right=label("fine_aim_right")),
            _("{up}/{down}: cue elevation").format(up=label("cue_up"), down=label("cue_down")),
            _("{tip}, {centre} or click the ball: tip").format(tip=tip,
                                                               centre=label("tip_centre")),
            _("{aids}: aids").format(aids=aids)]
