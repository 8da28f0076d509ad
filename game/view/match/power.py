"""The stroke's power: power 0..1 and the cue speed it gives, the Space swing and the
mouse stroke. Plain Python, no Panda3D: times are the input's own times on the game
clock (s; see game.view.ui.input_times), pointer heights are in window heights (a
window's full height is 1, up positive), so every result follows the clock, not the
number of frames drawn.

Two ways to set the power, chosen in the settings (`stroke_input`):
    space  hold Space: the power rises to full in POWER_RISE_S, falls back, again and
           again (`swing_at`); releasing shoots with the power of that moment
    mouse  a `MouseStroke`: pull the pointer back (down the screen) to draw the cue
           back, push it forward through where it started: the pointer's forward speed
           (over the last SPEED_SPAN_S) as it passes there sets the cue speed
           (`pointer_cue_speed`)
"""
from __future__ import annotations

from collections import deque

POWER_RISE_S = 1.5                      # empty to full while Space is held
MIN_CUE_SPEED = 0.3                     # m/s at zero power
MAX_CUE_SPEED = 9.0                     # m/s at full power: a hard break
POWER_CURVE = 1.6                       # fine control at the soft end
DRAW_BACK_M = 0.22                      # extra draw-back at full power (and full pull)
FULL_PUSH_S = 0.15                      # a push of one window height in this time: full
                                        # speed (a brisk flick of the wrist)
FULL_PULL_HEIGHTS = 0.4                 # the pointer pulled back this far (window
                                        # heights): the cue drawn back DRAW_BACK_M
MIN_PULL_HEIGHTS = 0.02                 # a pull shorter than this is no stroke yet: a
                                        # shaky press does not shoot
SPEED_SPAN_S = 0.05                     # the pointer's speed is its travel over this long
                                        # (a sampled pointer's few ms of timing jitter
                                        # averages out)


def cue_speed(power: float) -> float:
    """Cue speed (m/s) for power 0..1."""
    return MIN_CUE_SPEED + (MAX_CUE_SPEED - MIN_CUE_SPEED) * power ** POWER_CURVE


def power_for(speed: float) -> float:
    """The power 0..1 that gives cue speed `speed` (m/s): cue_speed's inverse, clipped."""
    x = (min(max(speed, MIN_CUE_SPEED), MAX_CUE_SPEED) - MIN_CUE_SPEED) / (
        MAX_CUE_SPEED - MIN_CUE_SPEED)
    return x ** (1 / POWER_CURVE)


def swing_at(held_s: float) -> float:
    """The power 0..1 after Space has been held `held_s` seconds: up to full in
    POWER_RISE_S, back down to empty in as long, again and again."""
    phase = (max(held_s, 0.0) / POWER_RISE_S) % 2.0
    return phase if phase <= 1.0 else 2.0 - phase


def pointer_cue_speed(heights_per_s: float) -> float:
    """Cue speed (m/s) for a forward pointer speed (window heights per second), in
    proportion, a push of one height in FULL_PUSH_S giving MAX_CUE_SPEED; clipped to
    MIN_CUE_SPEED..MAX_CUE_SPEED."""
    return min(max(MAX_CUE_SPEED * heights_per_s * FULL_PUSH_S, MIN_CUE_SPEED), MAX_CUE_SPEED)


class MouseStroke:
    """A stroke being made with the mouse, started with the pointer at height `y`
    (window heights) at time `t` (s). Feed it the pointer's moves in time order, with
    their own times (`move`): each frame's, or those of a pointer sampled between
    frames, whatever the frame rate."""

    def __init__(self, y: float, t: float):
        self.start = y
        self.y, self.t = y, t
        self.speed = 0.0            # the pointer's forward speed (heights/s) over the
                                    # last SPEED_SPAN_S (or since the start, if shorter)
        self.pulled = False         # drawn back at least MIN_PULL_HEIGHTS so far
        self._track = deque([(t, y)])   # (t, y) of the moves, back to SPEED_SPAN_S ago

    def move(self, y: float, t: float) -> bool:
        """The pointer is at `y` at time `t`; True when that brings the cue to the ball:
        drawn back first, then pushed forward through the start."""
        if t > self.t:
            track = self._track
            track.append((t, y))
            while len(track) > 2 and track[1][0] <= t - SPEED_SPAN_S:
                track.popleft()
            t0, y0 = track[0]
            self.speed = (y - y0) / (t - t0)
        self.y, self.t = y, t
        if self.start - y >= MIN_PULL_HEIGHTS:
            self.pulled = True
        return self.pulled and y >= self.start and self.speed > 0.0

    @property
    def draw(self) -> float:
        """How far the cue is drawn back, 0..1 of DRAW_BACK_M."""
        return min(max((self.start - self.y) / FULL_PULL_HEIGHTS, 0.0), 1.0)

    @property
    def cue_speed(self) -> float:
        """The cue speed (m/s) the pointer's forward speed gives now."""
        return pointer_cue_speed(max(self.speed, 0.0))

    @property
    def power(self) -> float:
        """The power 0..1 of `cue_speed`: what the meter shows."""
        return power_for(self.cue_speed)
