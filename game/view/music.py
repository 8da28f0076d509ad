"""The game's music in the window: game.audio's generated loops, played round and round
through Panda3D's music manager at the level the audio layer gives (master x music
volume, nothing while muted).

The loops are made on the first start (a second or two) in a thread, so the menu does
not wait for them: the music starts on the first frame after they are ready. The thread
starts once the window's first frames are on the screen (MAKE_FROM_FRAME): making them
holds Python's interpreter lock much of the time, and beside it the first frame took
2.1 s instead of 0.8 s on a loaded 2-core machine. With
Panda3D's null audio (tests, machines without a device) everything runs and nothing is
heard.
"""
from __future__ import annotations

import logging
import threading

from panda3d.core import AudioSound, Filename

from game.audio import AudioSettings
from game.audio.bank import ensure_music, music_file
from game.audio.music import playing_level

log = logging.getLogger(__name__)
_TASK = "breakshot-music"
MAKE_FROM_FRAME = 3         # the first frame is shown as the second one is drawn


class MusicPlayer:
    """Plays one loop at a time on `base` with `settings` (game.audio.AudioSettings).
    bank_root: where the generated music lives (default: the user's cache); music that
    cannot be made leaves the game without music, logged."""

    def __init__(self, base, settings: AudioSettings, bank_root=None):
        self.base = base
        self.settings = settings
        self.track = None           # the loop asked for: "menu", "match" or None
        self.sound = None           # its AudioSound once loaded
        self._folder = None
        self._making = threading.Thread(target=self._make, args=(bank_root,), daemon=True,
                                        name="breakshot-music-bank")
        self._started = False
        base.taskMgr.add(self._await_files, _TASK)

    def _begin(self) -> None:
        if not self._started:
            self._started = True
            self._making.start()

    @property
    def level(self) -> float:
        """The volume the current loop plays at (0 with none, or muted)."""
        return 0.0 if self.track is None else playing_level(self.track, self.settings)

    @property
    def ready(self) -> bool:
        """True once the music files exist (or could not be made)."""
        return self._started and not self._making.is_alive()

    def play(self, track: str | None) -> None:
        """Play loop `track` ("menu", "match"; None: silence) from its start, unless it
        is already the one playing."""
        if track == self.track:
            return
        self._stop()
        self.track = track
        self._start()

    def set_settings(self, settings: AudioSettings) -> None:
        """New volumes or mute, heard at once."""
        self.settings = settings
        if self.sound is not None:
            self.sound.setVolume(self.level)
            if self.level > 0.0 and self.sound.status() != AudioSound.PLAYING:
                self.sound.play()
            elif self.level <= 0.0:
                self.sound.stop()
        else:
            self._start()

    def wait_ready(self, timeout: float | None = None) -> bool:
        """Wait for the music files (tests, tools); True if they are made."""
        self._begin()
        self._making.join(timeout)
        return self.ready and self._folder is not None

    def _make(self, bank_root) -> None:
        try:
            self._folder = ensure_music(bank_root)
        except OSError as exc:
            log.warning("no music: the music could not be made (%s)", exc)

    def _await_files(self, task):
        if task.frame >= MAKE_FROM_FRAME:
            self._begin()
        if not self.ready:
            return task.cont
        self._start()
        return task.done

    def _start(self) -> None:
        """Load and play the current loop, if the files are ready, there is a device to
        play on and it would be heard."""
        if (self.track is None or self._folder is None or not self.ready
                or self.sound is not None or self.level <= 0.0
                or self.base.musicManager is None):
            return
        path = self._folder / music_file(self.track)
        self.sound = self.base.musicManager.getSound(Filename.fromOsSpecific(str(path)))
        self.sound.setLoop(True)
        self.sound.setVolume(self.level)
        self.sound.play()

    def _stop(self) -> None:
        if self.sound is not None:
            self.sound.stop()
            self.sound = None

    def destroy(self) -> None:
        self.base.taskMgr.remove(_TASK)
        self._stop()
        self.track = None
