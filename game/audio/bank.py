"""The sound files: generated on first use into the user's cache, never committed.
The music loops (`music.py`) live beside them in `<root>/music-v<MUSIC_VERSION>/`.

Layout: `<root>/v<SYNTH_VERSION>/<sound>-<variant>-<tier>.wav`, root defaulting to
`platformdirs.user_cache_dir("breakshot")/sounds`. Each sound has synth.VARIANTS takes,
each rendered at BRIGHTNESS_TIERS brightnesses (0, 0.5, 1 for three tiers); a cue's
brightness picks the nearest tier. Bump SYNTH_VERSION whenever synth.py's output
changes: the new version is generated beside the old one instead of reusing stale files.

Generation writes a hidden temporary folder and renames it into place, so a crash
mid-way never leaves a half-made bank that looks complete; a bank with a missing or
wrong-sized file is made again.
"""
from __future__ import annotations

import functools
import os
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

import platformdirs

from . import music, synth
from .wavio import wav_bytes, write_wav

SYNTH_VERSION = 1
MUSIC_VERSION = 1          # bump whenever music.py's output changes, as SYNTH_VERSION
BRIGHTNESS_TIERS = 3


def default_root() -> Path:
    return Path(platformdirs.user_cache_dir("breakshot")) / "sounds"


def tier_of(brightness: float) -> int:
    """The brightness tier (0..BRIGHTNESS_TIERS-1) nearest to `brightness` (0..1)."""
    return int(round(min(max(brightness, 0.0), 1.0) * (BRIGHTNESS_TIERS - 1)))


def tier_brightness(tier: int) -> float:
    return tier / (BRIGHTNESS_TIERS - 1)


def file_name(sound: str, variant: int, tier: int) -> str:
    return f"{sound}-{variant}-{tier}.wav"


def expected_files() -> dict:
    """file name -> (sound, variant, tier) of every file of a complete bank."""
    return {file_name(s, v, k): (s, v, k) for s in synth.SOUNDS
            for v in range(synth.VARIANTS) for k in range(BRIGHTNESS_TIERS)}


@dataclass(frozen=True)
class SoundBank:
    """A complete folder of sound files."""
    folder: Path

    def path(self, sound: str, variant: int, brightness: float) -> Path:
        """The file to play for take `variant` of `sound` heard at `brightness` (0..1)."""
        if sound not in synth.VOICES or not 0 <= variant < synth.VARIANTS:
            raise ValueError(f"no sound file for {sound!r} take {variant}")
        return self.folder / file_name(sound, variant, tier_of(brightness))


def ensure_sounds(root=None) -> SoundBank:
    """The sound bank under `root` (default: the user's cache), generated first if it is
    missing or incomplete. OSError if the folder cannot be written."""
    root = Path(root) if root is not None else default_root()
    folder = root / f"v{SYNTH_VERSION}"
    _publish(folder, _effect_files())
    return SoundBank(folder)


def music_file(track: str) -> str:
    return f"{track}.wav"


def ensure_music(root=None) -> Path:
    """The folder of the music loops (`music_file(track)` for each of music.MUSIC) under
    `root` (default: the user's cache, beside the sound effects), generated first if it
    is missing or incomplete. OSError if the folder cannot be written."""
    root = Path(root) if root is not None else default_root()
    folder = root / f"music-v{MUSIC_VERSION}"
    _publish(folder, {music_file(track): (music.frames(track),
                                          functools.partial(music.render, track))
                      for track in music.MUSIC})
    return folder


def _effect_files() -> dict:
    """{file name: (samples, render())} of every sound effect file."""
    return {name: (synth.frames(sound),
                   functools.partial(synth.render, sound, variant, tier_brightness(tier)))
            for name, (sound, variant, tier) in expected_files().items()}


def _publish(folder: Path, files: dict) -> None:
    """Make `folder` hold `files` ({file name: (samples, render())}) unless it holds them
    already: written into a hidden folder beside it and renamed into place."""
    if _complete(folder, files):
        return
    folder.parent.mkdir(parents=True, exist_ok=True)
    building = Path(tempfile.mkdtemp(prefix=".building-", dir=folder.parent))
    try:
        for name, (_, render) in files.items():
            write_wav(building / name, render(), synth.SAMPLE_RATE)
        if folder.exists():              # incomplete (checked above): replace it
            shutil.rmtree(folder)
        os.replace(building, folder)
    except OSError:
        # Another process may have published the same files first; those will do.
        if not _complete(folder, files):
            raise
    finally:
        shutil.rmtree(building, ignore_errors=True)


def _complete(folder: Path, files: dict | None = None) -> bool:
    """True if `folder` has every one of `files` (default: the sound effects) at its
    size."""
    for name, (frames, _) in (files or _effect_files()).items():
        try:
            if (folder / name).stat().st_size != wav_bytes(frames):
                return False
        except OSError:
            return False
    return True
