"""The game's music, synthesised with NumPy like the sound effects: calm loops, one for the
menu and a sparser one for matches. Nothing is recorded or downloaded.

A loop is a few bars of soft chords (a slow-swelling pad an octave low, a round bass
note on each bar) under a gentle plucked arpeggio, in SAMPLE_RATE mono. It is made on a
ring: every note's tail that runs past the loop's end is added at its start, as it
would sound when the loop plays again. So the samples are the steady state of the loop
playing round and round, and its end joins its start without a step or a click.
`render(track)` is deterministic: the arpeggio's choices come from a fixed seed.
Times in seconds, frequencies in hertz, amplitudes as fractions of full scale.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np

from .synth import SAMPLE_RATE

PEAK = 0.5                  # music sits under the effects: -6 dBFS at its loudest
A4_HZ = 440.0


@dataclass(frozen=True)
class Track:
    """A loop: `chords` (one per bar, MIDI note numbers from the root up), `bpm`, its
    `level` when played (times the player's music volume), `beats_per_bar`, arpeggio
    notes per beat `arpeggio_rate`, the relative levels of the pad, bass and arpeggio,
    and the `seed` of the arpeggio's choices."""
    chords: tuple
    bpm: float
    level: float = 1.0
    beats_per_bar: int = 4
    arpeggio_rate: int = 2
    pad: float = 1.0
    bass: float = 0.8
    arpeggio: float = 0.55
    seed: int = 0


TRACKS = {
    # A minor, Am9 - Fmaj7 - Cmaj7 - G6, unhurried: the menu.
    "menu": Track(((57, 60, 64, 67, 71), (53, 57, 60, 64, 69), (48, 55, 59, 64, 67),
                   (55, 59, 62, 64, 71)), bpm=72, seed=1),
    # The same colours, slower and with fewer notes: under a match's own sounds.
    "match": Track(((57, 60, 64, 71), (53, 57, 64, 69), (50, 57, 60, 65), (52, 56, 59, 64)),
                   bpm=60, level=0.5, arpeggio_rate=1, bass=0.6, arpeggio=0.35, seed=2),
}
MUSIC = tuple(TRACKS)


def playing_level(track: str, settings) -> float:
    """The volume (0..1) loop `track` plays at with `settings` (an AudioSettings): its
    music gain (master x music volume, 0 when muted) times the track's own level."""
    return settings.music_gain * TRACKS[track].level


def hz(note: float) -> float:
    """The frequency of MIDI note `note` (69 is A4, 440 Hz)."""
    return A4_HZ * 2.0 ** ((note - 69) / 12)


def frames(track: str) -> int:
    """The loop's length in samples: a whole number of bars."""
    t = TRACKS[track]
    return int(round(len(t.chords) * t.beats_per_bar * 60.0 / t.bpm * SAMPLE_RATE))


def duration(track: str) -> float:
    """The loop's length in seconds."""
    return frames(track) / SAMPLE_RATE


def _add_on_ring(ring: np.ndarray, start: int, samples: np.ndarray) -> None:
    """Add `samples` into `ring` from index `start`, wrapping past its end to its start."""
    n = ring.size
    start %= n
    head = min(samples.size, n - start)
    ring[start:start + head] += samples[:head]
    ring[:samples.size - head] += samples[head:]


@functools.lru_cache(maxsize=64)
def _pluck(note: float, length: int) -> np.ndarray:
    """A soft plucked note (a few harmonics, the upper ones dying first), `length`
    samples, with a 5 ms attack and a 0.3 s fade at the end: no click either way.
    Shared between calls: read it, never change it."""
    t = np.arange(length) / SAMPLE_RATE
    f = hz(note)
    out = np.zeros(length)
    for k, (amp, decay) in enumerate(((1.0, 1.6), (0.35, 0.7), (0.12, 0.35)), start=1):
        out += amp * np.exp(-t / decay) * np.sin(2 * np.pi * k * f * t)
    return out * np.clip(t / 0.005, 0.0, 1.0) * np.clip((t[-1] - t) / 0.3, 0.0, 1.0)


def _pad(notes, length: int) -> np.ndarray:
    """A chord that swells in and fades out over `length` samples (a bar and a half, so
    neighbouring bars overlap), each note a pair of slightly detuned sines (a slow
    beating, like strings)."""
    t = np.arange(length) / SAMPLE_RATE
    envelope = np.sin(np.pi * np.arange(length) / length) ** 2
    out = np.zeros(length)
    for note in notes:
        f = hz(note - 12)
        out += np.sin(2 * np.pi * f * 0.999 * t) + np.sin(2 * np.pi * f * 1.001 * t + 1.0)
    return out * envelope / len(notes)


def _bass(note: float, length: int) -> np.ndarray:
    """A round bass note on the bar's root, two octaves down, slowly decaying."""
    t = np.arange(length) / SAMPLE_RATE
    f = hz(note - 24)
    tone = np.sin(2 * np.pi * f * t) + 0.25 * np.sin(4 * np.pi * f * t)
    return tone * np.exp(-t / 1.8) * np.clip(t / 0.02, 0.0, 1.0) * np.clip(
        (t[-1] - t) / 0.05, 0.0, 1.0)


def render(track: str) -> np.ndarray:
    """The loop `track` ("menu" or "match"): float64 samples in [-PEAK, PEAK], mono at
    SAMPLE_RATE, peak exactly PEAK; sample 0 follows the last as smoothly as any two
    neighbouring samples (see the module docstring)."""
    if track not in TRACKS:
        raise ValueError(f"unknown music {track!r}; the music is {', '.join(MUSIC)}")
    spec = TRACKS[track]
    rng = np.random.default_rng([len(MUSIC), spec.seed])
    n = frames(track)
    beat = 60.0 / spec.bpm * SAMPLE_RATE
    bar = int(round(spec.beats_per_bar * beat))
    pads, bass, plucks = np.zeros(n), np.zeros(n), np.zeros(n)
    for b, chord in enumerate(spec.chords):
        start = int(round(b * spec.beats_per_bar * beat))
        # The pad swells from half a bar before its bar, so the chords cross-fade.
        _add_on_ring(pads, start - bar // 4, _pad(chord, bar * 3 // 2))
        _add_on_ring(bass, start, _bass(chord[0], bar))
        steps = spec.beats_per_bar * spec.arpeggio_rate
        upper = chord[1:]
        for k in range(steps):
            # Up the chord, with now and then a note an octave higher or a rest.
            roll = rng.uniform()
            if roll < 0.15:
                continue
            note = upper[k % len(upper)] + (12 if roll > 0.85 else 0)
            at = start + int(round(k * beat / spec.arpeggio_rate))
            gain = 0.8 + 0.2 * rng.uniform()
            _add_on_ring(plucks, at, gain * _pluck(note, bar * 3 // 2))
    # Every note is shorter than the loop and fades to zero at both ends, so on the
    # ring each overlaps only others, never itself: the ring is the loop's steady state.
    mix = spec.pad * pads + spec.bass * bass + spec.arpeggio * plucks
    return mix * (PEAK / np.max(np.abs(mix)))
