"""Gamepads through Panda3D's input devices (`base.devices`): the pads there at the
start, and any plugged in or pulled out later ("connect-device", "disconnect-device"),
with no restart.

Buttons: each frame every pad is polled and its button events since the last frame are
read (none is lost at one frame a second). A button press is sent as the event
"pad-<button>" ("pad-face_a", "pad-dpad_up"...), which the bindings table gives to
actions (`game.controls.PAD_BUTTONS`: A selects or puts down, B goes back, Y the view,
X the free camera, Back the help, Start the instant replay, the d-pad fine aim and cue
elevation). Where buttons of the 2D interface are on screen (a menu, a page, a dialog),
the d-pad moves a highlight over them and A clicks the one highlighted.

Sticks and the trigger are read by the screen that uses them (`state`), each frame:
    left stick x        aim (AIM_RATE_RAD_S at full deflection; FINE_AIM_RATE_RAD_S with
                        the left shoulder held)
    right stick         the tip's offset (x side, y height), TIP_RATE radii per second;
                        with the right shoulder held, y raises or lowers the cue
    right trigger       the stroke (`TriggerStroke`): pulled, its depth is the power
                        shown; let go, the shot is played at the depth it was held at
`PadAim` is that reading for every screen that aims (the match, practice, the drills).
Rates are per second of the game clock, so a stick held two seconds turns the aim as far
at one frame a second as at 144. The trigger's power is a depth, not a time: the depth it
was held at before it was let go, whatever the frame rate.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from direct.showbase.DirectObject import DirectObject
from direct.showbase.MessengerGlobal import messenger
from panda3d.core import ButtonEvent, GamepadButton, InputDevice, MouseButton

from game.controls import PAD_EVENT
from . import input_times
from .input_times import per_window

DEAD_ZONE = 0.2                     # a stick deflected less than this is at rest
AIM_RATE_RAD_S = math.radians(45.0)         # full deflection
FINE_AIM_RATE_RAD_S = math.radians(3.0)     # full deflection, left shoulder held
ELEVATION_RATE_RAD_S = math.radians(30.0)   # full deflection, right shoulder held
TIP_RATE = 1.0                      # tip offset (radii) per second at full deflection
PULL_START = 0.15                   # a trigger pulled this deep begins a stroke
LET_GO = 0.05                       # and shallower than this it has been let go
STEADY = 0.02                       # a depth this much below the last one is falling
NAVIGATION = {"dpad_up": -1, "dpad_left": -1, "dpad_down": 1, "dpad_right": 1}
FOCUS_SCALE = (1.4, 1.3, 0.6, 1.0)  # the highlighted button's colour scale
PAD_CLASSES = (InputDevice.DeviceClass.gamepad, InputDevice.DeviceClass.flight_stick)


def deflection(value: float) -> float:
    """A stick axis value (-1..1) with the dead zone taken out, still -1..1."""
    if abs(value) < DEAD_ZONE:
        return 0.0
    return math.copysign((abs(value) - DEAD_ZONE) / (1.0 - DEAD_ZONE), value)


@dataclass(frozen=True)
class PadState:
    """The sticks (dead zone taken out, -1..1, up positive), the right trigger's depth
    (0..1) and the shoulders held, read from the pads this frame."""
    left_x: float = 0.0
    right_x: float = 0.0
    right_y: float = 0.0
    trigger: float = 0.0
    fine: bool = False
    raise_cue: bool = False


class TriggerStroke:
    """A stroke made with the trigger, fed the trigger's depth once a frame (`feed`).
    The power is the depth the trigger was held at: the last depth reached while it was
    not falling (a fall is a drop of more than STEADY from one reading to the next). Let
    go (shallower than LET_GO), `feed` returns that power. The same at any frame rate
    for a depth held at least a frame: a slow reading sees the held depth, then the
    trigger let go."""

    def __init__(self, depth: float):
        self.depth = depth
        self.held = depth

    def feed(self, depth: float) -> float | None:
        """The trigger reads `depth` (0..1) now; the power if that lets the stroke go."""
        if depth >= self.depth - STEADY:
            self.held = depth
        self.depth = depth
        if depth < LET_GO:
            return self.power
        return None

    @property
    def power(self) -> float:
        """The power 0..1 of the stroke as it stands."""
        return min(max(self.held, 0.0), 1.0)


def _axis(device, axis) -> float:
    state = device.findAxis(axis)
    return 0.0 if state is None else float(state.value)


def _held(device, button) -> bool:
    state = device.findButton(button)
    return state is not None and bool(state.pressed)


class Gamepads:
    """The gamepads of `base` and their buttons, as `game.controls` events."""

    def __init__(self, base):
        self.base = base
        self.pads = []
        manager = getattr(base, "devices", None)
        if manager is not None:
            for device_class in PAD_CLASSES:
                for device in manager.getDevices(device_class):
                    self.connect(device)
        self.events = DirectObject()
        self.events.accept("connect-device", self.connect)
        self.events.accept("disconnect-device", self.disconnect)
        self.focus = None               # the highlighted 2D button's NodePath
        self._task = base.taskMgr.add(self._poll, "breakshot-gamepads", sort=-40)

    def connect(self, device) -> None:
        """A device was plugged in (or was there at the start): a pad is used."""
        if device.device_class in PAD_CLASSES and device not in self.pads:
            self.pads.append(device)

    def disconnect(self, device) -> None:
        if device in self.pads:
            self.pads.remove(device)

    # ---- buttons ---------------------------------------------------------------------
    def _poll(self, task):
        """Each frame, before the event manager: every pad's button presses since the
        last frame, in order."""
        for device in list(self.pads):
            device.poll()
            for event in device.getButtonEvents().events:
                if event.type == ButtonEvent.T_down:
                    self.pressed(event.button.getName())
        return task.cont

    def pressed(self, name: str) -> None:
        """Pad button `name` went down: the d-pad and A work the 2D buttons on screen
        when there are some; otherwise the button's event is sent for the bindings."""
        buttons = self._buttons()
        if name in NAVIGATION and buttons:
            self._move_focus(buttons, NAVIGATION[name])
            return
        if name == "face_a" and self.focus is not None and self.focus in buttons:
            focus = self.focus
            self._set_focus(None)
            messenger.send(focus.node().getClickEvent(MouseButton.one()), [None])
            return
        messenger.send(PAD_EVENT + name)

    def _buttons(self) -> list:
        """The 2D buttons a click could reach now, top to bottom, left to right."""
        found = []
        for np_ in self.base.aspect2d.findAllMatches("**/+PGButton"):
            if np_.isHidden() or not np_.node().getActive():
                continue
            pos = np_.getPos(self.base.aspect2d)
            found.append((-round(pos.z, 2), pos.x, np_))
        return [np_ for _z, _x, np_ in sorted(found, key=lambda f: f[:2])]

    def _move_focus(self, buttons: list, step: int) -> None:
        if self.focus in buttons:
            index = (buttons.index(self.focus) + step) % len(buttons)
        else:
            index = 0 if step > 0 else len(buttons) - 1
        self._set_focus(buttons[index])

    def _set_focus(self, np_) -> None:
        if self.focus is not None and not self.focus.isEmpty():
            self.focus.clearColorScale()
        self.focus = np_
        if np_ is not None:
            np_.setColorScale(*FOCUS_SCALE)

    # ---- sticks and trigger ----------------------------------------------------------
    def state(self) -> PadState | None:
        """The sticks, trigger and shoulders of the pads now (each the largest of any
        pad), or None without a pad."""
        if not self.pads:
            return None
        Axis = InputDevice.Axis

        def most(axis) -> float:
            return max((_axis(d, axis) for d in self.pads), key=abs)
        return PadState(
            left_x=deflection(most(Axis.left_x)),
            right_x=deflection(most(Axis.right_x)), right_y=deflection(most(Axis.right_y)),
            trigger=max(0.0, most(Axis.right_trigger)),
            fine=any(_held(d, GamepadButton.lshoulder()) for d in self.pads),
            raise_cue=any(_held(d, GamepadButton.rshoulder()) for d in self.pads))

    def destroy(self) -> None:
        self._set_focus(None)
        self.events.ignoreAll()
        self.base.taskMgr.remove(self._task)


def of(base) -> Gamepads:
    """The Gamepads of `base`, made at the first call (one per window)."""
    return per_window(base, "breakshot_gamepads", Gamepads)


def aim_by(aim, pad: PadState, seconds: float) -> None:
    """Move Aimer `aim`'s set-up as the sticks held for `seconds` ask: the aim (finely
    with the left shoulder), the tip, the cue's elevation (right shoulder)."""
    if seconds <= 0.0:
        return
    setup = aim.setup
    changed = False
    if pad.left_x:
        rate = FINE_AIM_RATE_RAD_S if pad.fine else AIM_RATE_RAD_S
        setup.azimuth = (setup.azimuth - pad.left_x * rate * seconds) % (2 * math.pi)
        changed = True
    if pad.raise_cue and pad.right_y:
        aim.raise_cue_by(pad.right_y * ELEVATION_RATE_RAD_S * seconds)
        return
    if pad.right_x or pad.right_y:
        aim.set_tip(setup.side + pad.right_x * TIP_RATE * seconds,
                    setup.height + pad.right_y * TIP_RATE * seconds)
        return
    if changed:
        aim.refresh()


class PadAim:
    """The sticks and the trigger of a screen that aims (a match, practice, a drill),
    read once a frame. While aiming, `tick` turns the aim and the tip as the sticks were
    held since the last reading, in seconds of the input clock (input_times), and says
    when the trigger is pulled: a trigger still held from the last stroke must be let go
    first (`restart` at each new state). While the stroke is drawn (`pull`, then
    `trigger` each frame) the power is the depth the trigger was held at."""

    def __init__(self, base):
        self.base = base
        self.stroke = None
        self.restart()

    def restart(self) -> None:
        """A new state: its time counts from now; the trigger is not yet seen let go."""
        self.time = input_times.of(self.base).now()
        self.armed = False

    def tick(self, aim) -> bool:
        """Move Aimer `aim` as the sticks held since the last reading ask (`aim_by`);
        True, without moving it, when the trigger is pulled to begin a stroke."""
        now = input_times.of(self.base).now()
        seconds, self.time = now - self.time, now
        pad = of(self.base).state()
        if pad is None:
            return False
        if pad.trigger < PULL_START:
            self.armed = True
        elif self.armed:
            return True
        aim_by(aim, pad, seconds)
        return False

    def pull(self) -> None:
        """The trigger pulled: a stroke begins at its depth now."""
        self.stroke = TriggerStroke(of(self.base).state().trigger)

    def trigger(self) -> tuple | None:
        """(power 0..1, let go) of the stroke as the trigger reads this frame; None when
        the pad has been pulled out (the stroke is called off)."""
        pad = of(self.base).state()
        if pad is None:
            return None
        let_go = self.stroke.feed(pad.trigger) is not None
        return self.stroke.power, let_go
