"""Synthetic input for the play tests: a VirtualMouse (with its keyboard) on the test
ShowBase, a fixed 60 Hz clock, and a robot player that picks shots the way a decent
player would (straight pots with ball in hand, the easiest cut otherwise) and plays them
through the same keys and mouse moves a person uses.
"""
import math

from panda3d.core import (ButtonThrower, ClockObject, KeyboardButton, ModifierButtons,
                          MouseButton, MouseWatcher, VirtualMouse)

from game.rules import BallInHand, CUE
from game.rules.zones import placement_allowed
from game.view.match.aim import first_contact
from game.view.match.aiming import AIM_STEP_RAD, DRAG_AIM_RAD, FINE_AIM_STEP_RAD, balls_on
from game.view.match.power import POWER_RISE_S, power_for
from view_helpers import world_to_pixel

FPS = 60
KEYS = {"space": KeyboardButton.space(), "enter": KeyboardButton.enter(),
        "escape": KeyboardButton.escape(), "shift": KeyboardButton.shift(),
        "control": KeyboardButton.control(),
        "arrow_left": KeyboardButton.left(), "arrow_right": KeyboardButton.right(),
        "arrow_up": KeyboardButton.up(), "arrow_down": KeyboardButton.down(),
        "f1": KeyboardButton.f1(), "f5": KeyboardButton.f5(), "f6": KeyboardButton.f6(),
        "f2": KeyboardButton.f2(), "f9": KeyboardButton.f9(),
        "page_up": KeyboardButton.pageUp(), "page_down": KeyboardButton.pageDown(),
        "home": KeyboardButton.home(),
        "wheel_up": MouseButton.wheelUp(), "wheel_down": MouseButton.wheelDown()}


def button(name: str):
    return KEYS.get(name) or KeyboardButton.asciiKey(name)


class Input:
    """Keys and mouse through the data graph, as a window delivers them."""

    def __init__(self, base):
        self.base = base
        w, h = base.win.getXSize(), base.win.getYSize()
        self.mouse = VirtualMouse("robot-mouse")
        self.mouse.setWindowSize(w, h)
        self.mouse_np = base.dataRoot.attachNewNode(self.mouse)
        watcher = MouseWatcher("robot-watcher")
        watcher_np = self.mouse_np.attachNewNode(watcher)
        thrower = ButtonThrower("robot-buttons")
        mods = ModifierButtons()
        for b in (KeyboardButton.shift(), KeyboardButton.control(), KeyboardButton.alt()):
            mods.addButton(b)
        thrower.setModifierButtons(mods)
        watcher_np.attachNewNode(thrower)
        self.saved = base.mouseWatcherNode
        base.mouseWatcherNode = watcher
        base.aspect2d.node().setMouseWatcher(watcher)
        self.mouse.setMouseOn(True)
        self.mouse.setMousePos(w // 2, h // 2)
        self.clock = ClockObject.getGlobalClock()
        self.clock.setMode(ClockObject.MNonRealTime)
        self.clock.setFrameRate(FPS)

    def step(self, frames: int = 1) -> None:
        for _ in range(frames):
            self.base.taskMgr.step()

    def key(self, name: str) -> None:
        self.hold(name)
        self.release(name)

    def hold(self, name: str) -> None:
        # A person presses a key after seeing the frame that asks for it. Without the
        # input's own times (offscreen) the play flow cannot tell a press made just
        # after that frame was drawn from one made while it was drawing, and ignores
        # both as possibly meant for the last state (PlayFlow._pressed_here): two frames
        # are drawn first.
        self.step(2)
        self.mouse.pressButton(button(name))
        self.step()

    def release(self, name: str) -> None:
        self.mouse.releaseButton(button(name))
        self.step()

    def point(self, pixel) -> None:
        self.mouse.setMousePos(int(pixel[0]), int(pixel[1]))
        self.step()

    def click(self, pixel) -> None:
        self.point(pixel)
        self.mouse.pressButton(MouseButton.one())
        self.step()
        self.mouse.releaseButton(MouseButton.one())
        self.step()

    def drag(self, start, end) -> None:
        self.point(start)
        self.mouse.pressButton(MouseButton.one())
        self.step()
        self.point(end)
        self.mouse.releaseButton(MouseButton.one())
        self.step()

    def close(self) -> None:
        self.mouse_np.removeNode()
        self.base.mouseWatcherNode = self.saved
        self.base.aspect2d.node().setMouseWatcher(self.saved) if self.saved else None
        self.clock.setMode(ClockObject.MNormal)


def _wrap(a: float) -> float:
    return (a + math.pi) % (2 * math.pi) - math.pi


class Robot:
    """Plays the screen's session through `inputs` (an Input)."""

    def __init__(self, screen, inputs: Input):
        self.screen = screen
        self.session = screen.session
        self.inp = inputs
        self.shots = 0
        self.pushed_out = False

    # ---- what to do ----------------------------------------------------------------
    def _others(self, skip=()):
        s = self.session
        return {b: (p, s.ball_set.radius(b)) for b, p in s.state.layout.items()
                if b != CUE and b not in skip}

    def pot_plan(self, cue):
        """(azimuth, cue speed) of the easiest clear pot from `cue`, or None."""
        s = self.session
        table, rc = s.table, s.ball_set.radius(CUE)
        best = None
        for b in balls_on(s):
            obj = s.state.layout[b]
            rb = s.ball_set.radius(b)
            for px, py, _ in table.geometry().pockets:
                to_pocket = (px - obj[0], py - obj[1])
                dist_p = math.hypot(*to_pocket)
                u = (to_pocket[0] / dist_p, to_pocket[1] / dist_p)
                ghost = (obj[0] - u[0] * (rc + rb), obj[1] - u[1] * (rc + rb))
                azimuth = math.atan2(ghost[1] - cue[1], ghost[0] - cue[0])
                d = math.hypot(ghost[0] - cue[0], ghost[1] - cue[1])
                cut = abs(_wrap(math.atan2(u[1], u[0]) - azimuth))
                if cut > math.radians(60) or d < 1e-3:
                    continue
                _, hit = first_contact(cue, azimuth, rc, self._others(), table)
                travel, blocker = first_contact(obj, math.atan2(u[1], u[0]), rb,
                                                self._others(skip=(b,)), table)
                if hit != b or (blocker is not None and travel < dist_p - 0.06):
                    continue
                score = cut + 0.25 * (d + dist_p)
                if best is None or score < best[0]:
                    speed = (1.4 + 1.1 * (d + dist_p)) / max(math.cos(cut), 0.5)
                    best = (score, azimuth, speed)
        return None if best is None else best[1:]

    def placement_spot(self):
        """Where to put a cue ball in hand: straight behind a ball on, lined up with a
        pocket, if the zone allows; else the ghost's own spot (None)."""
        s = self.session
        zone = s.state.ball_in_hand
        if zone is not BallInHand.ANYWHERE:
            return None
        for b in balls_on(s):
            obj = s.state.layout[b]
            for px, py, _ in s.table.geometry().pockets:
                dx, dy = obj[0] - px, obj[1] - py
                n = math.hypot(dx, dy)
                spot = (obj[0] + dx / n * 0.3, obj[1] + dy / n * 0.3)
                if (placement_allowed(s.table, zone, spot, s.state.layout, s.ball_set)
                        and self.pot_plan(spot) is not None):
                    return spot
        return None

    # ---- doing it ------------------------------------------------------------------
    def play_turn(self) -> str:
        """Act once in the current state; returns the state acted in."""
        state = self.screen.flow.state
        if state == "Placing":
            for _ in range(3 * FPS):         # look before clicking: let the camera arrive
                if self.screen.rig.settled:
                    break
                self.inp.step()
            spot = self.placement_spot()
            if spot is None:
                self.inp.key("enter")            # the ghost's spot, by keyboard
            else:
                self.inp.click(world_to_pixel(self.inp.base, (spot[0], spot[1], 0.03)))
        elif state == "Aiming":
            self.shoot()
        elif state == "Choosing":
            if self.session.group_choice_pending:
                self.inp.key("y")
            else:
                self.inp.key("x")
        elif state == "Playing":
            self.inp.step(3)
            self.inp.key("enter")
        else:
            self.inp.step()
        return state

    def shoot(self) -> None:
        s = self.session
        cue = s.state.layout[CUE]
        plan = None if s.state.is_break else self.pot_plan(cue)
        push = s.push_out_available and not self.pushed_out
        if s.state.is_break:
            azimuth, speed = self._azimuth_to(min(s.state.object_balls_on_table,
                                                  key=lambda b: math.dist(cue, s.state.layout[b]))), 8.5
        elif plan is None or push:
            azimuth, speed = self._azimuth_to(balls_on(s)[0]), 1.2
        else:
            azimuth, speed = plan
        if push:
            self.pushed_out = True
            self.inp.key("p")
        self.aim(azimuth)
        self.power(power_for(speed))
        self.shots += 1

    def _azimuth_to(self, ball):
        cue, p = self.session.state.layout[CUE], self.session.state.layout[ball]
        return math.atan2(p[1] - cue[1], p[0] - cue[0])

    def aim(self, azimuth: float) -> None:
        """Coarse with a mouse drag, then fine with the keys, as a player would."""
        flow = self.screen.flow
        delta = _wrap(azimuth - flow.aim.setup.azimuth)
        w = self.inp.base.win.getXSize()
        pixels = round(-delta / DRAG_AIM_RAD * w)
        if pixels:
            centre = (w // 2, self.inp.base.win.getYSize() // 2)
            reach = max(-(w // 2 - 1), min(w // 2 - 1, pixels))
            self.inp.drag(centre, (centre[0] + reach, centre[1]))
        for step, keys in ((AIM_STEP_RAD, ("arrow_left", "arrow_right")),
                           (FINE_AIM_STEP_RAD, (",", "."))):
            delta = _wrap(azimuth - flow.aim.setup.azimuth)
            for _ in range(int(round(abs(delta) / step))):
                self.inp.key(keys[0] if delta > 0 else keys[1])

    def power(self, power: float) -> None:
        """Hold Space until the power reaches `power`, then release."""
        self.inp.hold("space")
        frames = max(int(round(power * POWER_RISE_S * FPS)) - 1, 0)
        self.inp.step(frames)
        self.inp.release("space")
