"""From a shot's event log to sound cues: which sound, when on the playback clock, how
loud, how bright and where in the stereo field. Pure: no audio device, no Panda3D.

Which sound: the cue strike at t = 0 (from the stroke), BALL_BALL a click, CUSHION and
JAW_TIP a cushion thud (the jaws are cushion rubber), POCKET a drop and roll into the
return, SLATE a landing (a SLATE event at the strike itself, the cue driving the ball into
the slate on a jump stroke, is part of the strike's sound). TRANSITION and PASS_OVER make
no sound; neither does OFF_TABLE (the ball lands off the modelled table, unheard).

How loud and how bright, from the event's `speed` (m/s: the normal impact speed; a
pocketed ball's speed; the cue's speed for the strike):
* volume = floor + (1 - floor) * min(v / v_full, 1) ** 0.5. Radiated sound pressure grows
  about linearly with impact speed, which would put a 0.1 m/s touch 40 dB under a
  10 m/s break; the square root halves that range in decibels, so soft contacts stay
  audible in a game mix while harder stays louder. `floor` is 0 except for the pocket,
  whose drop and roll are heard however slowly the ball went in.
* brightness = log(v / v_silent) / log(v_full / v_silent), clipped to 0..1. A Hertzian
  contact lasts ~ v^-1/5, so the spectrum's upper edge grows as a power of v: a log scale
  in v is a log scale in frequency, which is how synth.py spreads brightness.
* below v_silent (SILENT_BELOW_MPS) an impact makes no cue: creeping contacts and
  touches the ear would not catch.
`LOUDNESS` holds v_full and the floor of each sound.

Simultaneous impacts: a break makes a dozen clicks within a millisecond, which would sound
as one loud crack, not twelve voices. Cues of one sound closer than CLUSTER_S to the first
of their cluster keep only the MAX_PER_CLUSTER loudest; the loudest takes on the dropped
ones' energy (volumes add as squares, capped at 1).

Pan (-1 left .. 1 right): a function of the sound's table-frame position (m). The default,
`table_axis_pan`, spreads the table's length across the stereo field (head cushion left,
foot cushion right: a camera on the side of the right cushion, y < 0, looking across).
`CameraPan` pans by the bearing from a camera. Cues keep their position, so the scheduler
can pan again at playback time for a camera that has moved.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass, replace
from typing import Callable

import numpy as np

from physics_ext import EventKind

from .synth import VARIANTS

SILENT_BELOW_MPS = 0.02
VOLUME_EXPONENT = 0.5
CLUSTER_S = 0.02          # clicks closer than this fuse into one sound for the ear
MAX_PER_CLUSTER = 3
STRIKE_MERGE_S = 1e-3     # a SLATE event this soon after the strike is the strike's sound


@dataclass(frozen=True)
class Loudness:
    """full_mps: the impact speed (m/s) heard at full volume and brightness; floor: the
    volume of the softest audible impact."""
    full_mps: float
    floor: float = 0.0


LOUDNESS = {
    "strike": Loudness(8.0),            # cue speed: a power break is 8-10 m/s
    "click": Loudness(8.0),             # the cue ball into the rack on a hard break
    "cushion": Loudness(5.0),
    "pocket": Loudness(4.0, floor=0.45),
    "slate": Loudness(4.0),             # vertical landing speed after a high jump
}

EVENT_SOUNDS = {
    EventKind.BALL_BALL: "click",
    EventKind.CUSHION: "cushion",
    EventKind.JAW_TIP: "cushion",
    EventKind.POCKET: "pocket",
    EventKind.SLATE: "slate",
}

Pan = Callable[[np.ndarray], float]


@dataclass(frozen=True)
class Cue:
    """One sound to play. time: s on the shot's playback clock; sound: a synth.SOUNDS
    name; variant: which take (0..synth.VARIANTS-1); volume, brightness: 0..1; pan: -1
    (left) .. 1 (right); position: (x, y, z) table frame, m, where the sound comes from."""
    time: float
    sound: str
    variant: int
    volume: float
    brightness: float
    pan: float
    position: tuple


def volume(sound: str, speed: float) -> float:
    """Volume (0..1) of `sound` for an impact at `speed` m/s (module docstring)."""
    loud = LOUDNESS[sound]
    level = min(max(speed, 0.0) / loud.full_mps, 1.0) ** VOLUME_EXPONENT
    return loud.floor + (1.0 - loud.floor) * level


def brightness(sound: str, speed: float) -> float:
    """Brightness (0..1) of `sound` for an impact at `speed` m/s (module docstring)."""
    if speed <= SILENT_BELOW_MPS:
        return 0.0
    span = math.log(LOUDNESS[sound].full_mps / SILENT_BELOW_MPS)
    return min(math.log(speed / SILENT_BELOW_MPS) / span, 1.0)


def table_axis_pan(table) -> Pan:
    """Pan along the table's length: x = 0 (head) full left, x = length full right."""
    return lambda position: 2.0 * float(position[0]) / table.length - 1.0


@dataclass(frozen=True)
class CameraPan:
    """Pan by where a sound lies from a camera: the sine of its angle off the view
    direction towards the camera's right. eye: camera position; right: the camera's
    right axis (table frame; from Panda3D, camera.getQuat(render).getRight())."""
    eye: tuple
    right: tuple

    def __call__(self, position) -> float:
        d = np.asarray(position, dtype=float) - np.asarray(self.eye, dtype=float)
        r = np.asarray(self.right, dtype=float)
        norm = float(np.linalg.norm(d) * np.linalg.norm(r))
        return float(np.dot(d, r)) / norm if norm > 0 else 0.0


def event_cues(events: np.ndarray, positions: np.ndarray, pan: Pan, *,
               strike_speed: float | None = None, strike_position=None,
               seed: int = 0) -> list:
    """The cues of a shot, in time order.

    events: the shot's event log (EVENT_DTYPE rows, time order). positions: (len(events),
    3) m, where each event's sound comes from. pan: position -> pan. strike_speed: the
    cue's speed (m/s) for the strike cue at t = 0 from `strike_position`; None: no strike
    (a shot simulated from given velocities). seed: picks the takes, reproducibly; a cue
    never repeats the take of the previous cue of the same sound."""
    raw = []
    if strike_speed is not None:
        raw.append(_cue(0.0, "strike", strike_speed, strike_position, pan))
    for row, position in zip(events, positions):
        sound = EVENT_SOUNDS.get(EventKind(int(row["kind"])))
        time, speed = float(row["time"]), float(row["speed"])
        if sound is None or speed <= SILENT_BELOW_MPS:
            continue
        if sound == "slate" and time <= STRIKE_MERGE_S:
            continue
        raw.append(_cue(time, sound, speed, position, pan))
    return _pick_takes(_thin(raw), seed)


def shot_cues(result, stroke=None, pan: Pan | None = None, seed: int = 0) -> list:
    """The cues of a physics ShotResult. stroke: the physics Stroke that started it (its
    speed is the strike's), or None; pan: default table_axis_pan(result.table)."""
    events = result.events
    pan = pan or table_axis_pan(result.table)
    cue_index = result.cue_index if result.cue_index is not None else 0
    strike_position = result.ball_rows[cue_index, 2:5]
    return event_cues(events, event_positions(result, events), pan,
                      strike_speed=None if stroke is None else stroke.speed,
                      strike_position=strike_position, seed=seed)


def event_positions(result, events: np.ndarray) -> np.ndarray:
    """(len(events), 3): the ball's centre at each event, the midpoint of the two balls
    for a ball-ball collision (m, table frame)."""
    if not len(events):
        return np.zeros((0, 3))
    rows = np.arange(len(events))
    at = result.sample(events["time"]).positions
    first = at[rows, events["ball"]]
    other = at[rows, np.maximum(events["other"], 0)]
    pair = (events["kind"] == int(EventKind.BALL_BALL))[:, None]
    return np.where(pair, (first + other) / 2, first)


def pan_at(pan: Pan, position) -> float:
    """pan(position), kept within -1..1."""
    return min(max(float(pan(np.asarray(position, dtype=float))), -1.0), 1.0)


def _cue(time: float, sound: str, speed: float, position, pan: Pan) -> Cue:
    position = tuple(float(v) for v in position)
    return Cue(time=time, sound=sound, variant=0, volume=volume(sound, speed),
               brightness=brightness(sound, speed), pan=pan_at(pan, position),
               position=position)


def _thin(cues: list) -> list:
    """At most MAX_PER_CLUSTER cues of a sound per CLUSTER_S, the loudest, which takes
    on the dropped cues' energy. Returned in time order."""
    kept = []
    for sound in sorted({c.sound for c in cues}):
        pending = [c for c in cues if c.sound == sound]
        while pending:
            start = pending[0].time
            cluster = [c for c in pending if c.time < start + CLUSTER_S]
            pending = pending[len(cluster):]
            loudest = sorted(cluster, key=lambda c: -c.volume)[:MAX_PER_CLUSTER]
            energy = sum(c.volume ** 2 for c in cluster) - sum(c.volume ** 2 for c in loudest)
            top = loudest[0]
            loudest[0] = replace(top, volume=min(math.sqrt(top.volume ** 2 + energy), 1.0))
            kept.extend(loudest)
    return sorted(kept, key=lambda c: (c.time, c.sound))


def _pick_takes(cues: list, seed: int) -> list:
    rng = random.Random(seed)
    last = {}
    out = []
    for cue in cues:
        variant = rng.choice([v for v in range(VARIANTS) if v != last.get(cue.sound)])
        last[cue.sound] = variant
        out.append(replace(cue, variant=variant))
    return out
