"""Which cues to play now: the shot's cues against the playback clock, every frame.

The view asks `due(clock_time)` once per frame with the shot time its playback shows.
The clock may run at any speed, pause, step or be scrubbed, so the scheduler keeps its own
memory instead of trusting frame deltas:
* playing forward, a cue is due once the clock reaches its time (the first call also
  picks up the strike at t = 0; a view that opens a shot part-way calls `seek` first);
* each cue is heard at most once: scrubbing back and playing over the same stretch again
  stays silent until `reset()` (the view's "watch again");
* a deliberate jump (skip to the end, step to an event, a seek bar) goes through
  `seek(time)`, which passes the cues on the way in silence, or, with `audible=True`,
  returns the loudest one of each sound among them, so a skip sounds like a summary of
  what was skipped, not a hundred clicks at once.
Volume settings apply to what is returned: each cue's volume times the effects volume;
nothing at all while muted or at zero volume (those cues are not counted as heard).
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from .cues import Pan, pan_at


@dataclass(frozen=True)
class AudioSettings:
    """effects_volume: 0..1, multiplies every cue's volume; music_volume: 0..1, the music's
    level; muted: no sound at all, music included. (The player's master volume is
    already multiplied into both: see `from_settings`.)"""
    effects_volume: float = 0.8
    muted: bool = False
    music_volume: float = 0.0

    def __post_init__(self):
        for name in ("effects_volume", "music_volume"):
            if not 0.0 <= getattr(self, name) <= 1.0:
                raise ValueError(f"{name.replace('_', ' ')} {getattr(self, name)!r} is not "
                                 f"in 0..1")

    @classmethod
    def from_settings(cls, settings) -> "AudioSettings":
        """From `game.settings.Settings`: its effects and music volumes, each times its
        master volume, and its mute."""
        return cls(settings.effects_volume * settings.master_volume, settings.muted,
                   settings.music_volume * settings.master_volume)

    @property
    def gain(self) -> float:
        """What a cue's volume is multiplied by."""
        return 0.0 if self.muted else self.effects_volume

    @property
    def music_gain(self) -> float:
        """What the music's own level is multiplied by."""
        return 0.0 if self.muted else self.music_volume


class CueScheduler:
    """The cues of one shot (cues.Cue, any order), played against its playback clock."""

    def __init__(self, cues, settings: AudioSettings = AudioSettings()):
        self.cues = tuple(sorted(cues, key=lambda c: c.time))
        self.settings = settings
        self._heard = [False] * len(self.cues)
        self._clock = None               # the last clock time seen; None before any

    def due(self, clock_time: float, pan: Pan | None = None) -> list:
        """The cues to start now, playing forward to `clock_time` (s) since the last call:
        volumes scaled by the settings; `pan` (position -> pan), if given, pans them
        again for where the camera is now."""
        start = self._clock
        self._clock = clock_time
        if start is not None and clock_time <= start:
            return []
        return self._deliver(self._passed(start, clock_time), pan)

    def seek(self, clock_time: float, audible: bool = False, pan: Pan | None = None) -> list:
        """Jump to `clock_time` (s). Silent unless `audible`: then the loudest unheard
        cue of each sound passed on the way forward."""
        start = self._clock
        self._clock = clock_time
        if not audible or (start is not None and clock_time <= start):
            return []
        loudest = {}
        for k in self._passed(start, clock_time):
            best = loudest.get(self.cues[k].sound)
            if best is None or self.cues[k].volume > self.cues[best].volume:
                loudest[self.cues[k].sound] = k
        return self._deliver(sorted(loudest.values()), pan)

    def reset(self) -> None:
        """Forget what was heard and where the clock was: the shot plays again."""
        self._heard = [False] * len(self.cues)
        self._clock = None

    def _passed(self, start, end) -> list:
        """Indices of the unheard cues with start < time <= end (time <= end if no start)."""
        return [k for k, c in enumerate(self.cues) if not self._heard[k] and c.time <= end
                and (start is None or c.time > start)]

    def _deliver(self, indices, pan) -> list:
        gain = self.settings.gain
        if gain <= 0.0:
            return []
        out = []
        for k in indices:
            self._heard[k] = True
            cue = self.cues[k]
            panned = cue.pan if pan is None else pan_at(pan, cue.position)
            out.append(dataclasses.replace(cue, volume=cue.volume * gain, pan=panned))
        return out
