"""The shot's sound effects in the window: game.audio's cues for a shot, played at their
moments on the playback clock with Panda3D's audio, each from where it happens.

Each cue's sound is placed at its event's position through an `Audio3DManager` whose
listener is the camera, so OpenAL pans and attenuates it (OpenAL ignores a plain
sound's balance). Muted, nothing is loaded or played; with Panda3D's null audio (tests,
machines without a device) everything runs and nothing is heard.
"""
from __future__ import annotations

import logging

from direct.showbase.Audio3DManager import Audio3DManager
from panda3d.core import AudioSound, Filename

from game.audio import AudioSettings, CueScheduler, ensure_sounds, shot_cues

log = logging.getLogger(__name__)


class ShotSounds:
    """Sound effects on `base` with `settings` (game.audio.AudioSettings), placed in
    `root`'s frame (the table's, m). bank_root: where the generated WAVs live (default:
    the user's cache); a bank that cannot be made leaves the game silent, logged."""

    def __init__(self, base, root, settings: AudioSettings, bank_root=None):
        self.base = base
        self.root = root
        self.settings = settings
        self.scheduler = None
        self.bank = None
        self.audio3d = None
        self._emitters = []             # (sound, node) still playing
        if settings.gain <= 0.0 or not base.sfxManagerList:
            return
        try:
            self.bank = ensure_sounds(bank_root)
        except OSError as exc:
            log.warning("no sound effects: the sounds could not be made (%s)", exc)
            return
        self.audio3d = Audio3DManager(base.sfxManagerList[0], base.camera, root)

    def start(self, result, stroke) -> None:
        """A new shot: its cues (the strike from `stroke`, then the event log's)."""
        self.scheduler = CueScheduler(shot_cues(result, stroke), self.settings)

    def update(self, shot_time: float) -> None:
        """Per frame: play the cues the playback clock has reached."""
        if self.scheduler is not None:
            for cue in self.scheduler.due(shot_time):
                self.play(cue)
        self._prune()

    def skip(self, shot_time: float) -> None:
        """A jump to `shot_time` (skip to the end): the loudest skipped cue of each
        sound, not every click at once."""
        if self.scheduler is not None:
            for cue in self.scheduler.seek(shot_time, audible=True):
                self.play(cue)

    def play(self, cue) -> None:
        """Start one cue (a game.audio.Cue, volume already scaled) at its position."""
        if self.audio3d is None:
            return
        path = self.bank.path(cue.sound, cue.variant, cue.brightness)
        sound = self.audio3d.loadSfx(Filename.fromOsSpecific(str(path)))
        node = self.root.attachNewNode("sound")
        node.setPos(*cue.position)
        self.audio3d.attachSoundToObject(sound, node)
        sound.setVolume(cue.volume)
        sound.play()
        self._emitters.append((sound, node))

    def _prune(self) -> None:
        """Let go of the sounds that have finished (and their emitter nodes)."""
        playing = []
        for sound, node in self._emitters:
            if sound.status() == AudioSound.PLAYING:
                playing.append((sound, node))
            else:
                self.audio3d.detachSound(sound)
                node.removeNode()
        self._emitters = playing

    def destroy(self) -> None:
        for sound, node in self._emitters:
            sound.stop()
            node.removeNode()
        self._emitters = []
        if self.audio3d is not None:
            self.audio3d.disable()
            self.audio3d = None
