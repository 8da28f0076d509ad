"""The game's sound effects, synthesised with NumPy: nothing is recorded or downloaded.

Each sound is a sum of a few physical ingredients: an impact pulse (the contact force,
half a sine as long as the contact lasts), decaying resonant modes (what rings: the ball,
the cushion rubber, the rail's wood, the slate, the pocket's gully) and filtered noise
(friction, the rumble of a rolling ball). Times in seconds, frequencies in hertz,
amplitudes as fractions of full scale; every sound is mono at SAMPLE_RATE.

`render(sound, variant, brightness)` is deterministic: `variant` seeds the small random
differences (mode detuning, noise, timing) that keep repeated hits from sounding
identical; `brightness` (0..1) is how hard the impact was heard to be. A harder impact
has a shorter contact (Hertz contact time ~ v^-1/5), which pushes the sound's spectrum up:
brightness sets the contact pulse's length and a low-pass cutoff between each sound's
`dark_hz` and `bright_hz` on a log scale (see cues.brightness for the speed mapping).
"""
from __future__ import annotations

import numpy as np

SAMPLE_RATE = 44100
PEAK = 0.89                 # every sound normalised to -1 dBFS: headroom, never clipping
EDGE_S = 0.003              # fade at the end: no click when a sound stops
VARIANTS = 4                # takes of each sound


def _modes(t: np.ndarray, freqs, decays, amps, rng, detune: float) -> np.ndarray:
    """Exponentially decaying sines: frequencies (Hz) detuned by up to +-detune
    (fraction), decay times (s), amplitudes; random start phases."""
    out = np.zeros_like(t)
    for f, tau, a in zip(freqs, decays, amps):
        f *= 1.0 + rng.uniform(-detune, detune)
        out += a * np.exp(-t / tau) * np.sin(2 * np.pi * f * t + rng.uniform(0, 2 * np.pi))
    return out


def _pulse(t: np.ndarray, width: float, start: float = 0.0) -> np.ndarray:
    """A half-sine contact pulse of `width` s starting at `start` s, peak 1."""
    phase = (t - start) / width
    return np.where((phase >= 0) & (phase <= 1), np.sin(np.pi * np.clip(phase, 0, 1)), 0.0)


def _noise(t: np.ndarray, rng, decay: float, start: float = 0.0) -> np.ndarray:
    """White noise decaying with time constant `decay` s from `start` s."""
    since = t - start
    return np.where(since >= 0, np.exp(-np.maximum(since, 0) / decay), 0.0) \
        * rng.standard_normal(t.size)


def _filter(x: np.ndarray, low_hz: float = 0.0, high_hz: float | None = None,
            order: int = 2) -> np.ndarray:
    """Zero-phase Butterworth-shaped band pass in the frequency domain: high-pass at
    `low_hz` (0: none), low-pass at `high_hz` (None: none). Zero padding keeps the tail
    from wrapping round onto the attack."""
    n = x.size
    spectrum = np.fft.rfft(x, 2 * n)
    f = np.fft.rfftfreq(2 * n, 1.0 / SAMPLE_RATE)
    gain = np.ones_like(f)
    if high_hz is not None:
        gain /= np.sqrt(1.0 + (f / high_hz) ** (2 * order))
    if low_hz > 0:
        ratio = np.divide(low_hz, f, out=np.full_like(f, np.inf), where=f > 0)
        gain /= np.sqrt(1.0 + ratio ** (2 * order))
    return np.fft.irfft(spectrum * gain, 2 * n)[:n]


def _cutoff(dark_hz: float, bright_hz: float, brightness: float) -> float:
    """The low-pass cutoff for `brightness`, geometric between dark_hz and bright_hz."""
    return dark_hz * (bright_hz / dark_hz) ** brightness


def _strike(t, rng, b):
    """Leather tip on the cue ball: a short dull 'tock' with the cue shaft's body."""
    contact = _pulse(t, 0.0012 - 0.0006 * b)       # a tip's contact lasts about 1 ms
    tock = _modes(t, (1050, 2150, 3400), (0.020, 0.010, 0.005), (1.0, 0.5, 0.25), rng, 0.05)
    body = _modes(t, (190, 420), (0.030, 0.018), (0.6, 0.3), rng, 0.08)
    grit = _filter(_noise(t, rng, 0.004), 800, 6000)
    mix = 1.5 * contact + 0.9 * tock + 0.6 * body + 0.15 * grit
    return _filter(mix, 60, _cutoff(1800, 6500, b))


def _click(t, rng, b):
    """Phenolic ball on phenolic ball: a hard, very short click and a faint ring."""
    width = 0.00035 - 0.0002 * b                   # Hertz contact ~0.15-0.35 ms
    contact = _pulse(t, width) - _pulse(t, width, width)   # push then release
    ring = _modes(t, (3100, 4700, 6900, 9800), (0.018, 0.012, 0.008, 0.004),
                  (0.5, 0.35, 0.25, 0.15), rng, 0.04)
    room = _filter(_noise(t, rng, 0.035), 400, 5000)
    mix = contact + 0.25 * ring + 0.02 * room
    return _filter(mix, 300, _cutoff(3000, 12000, b))


def _cushion(t, rng, b):
    """Ball into the rubber cushion: a soft low thud and the rail's wooden knock."""
    contact = _pulse(t, 0.004 - 0.002 * b)         # rubber yields: a few ms of contact
    rubber = _modes(t, (105, 165, 250), (0.070, 0.050, 0.030), (1.0, 0.6, 0.3), rng, 0.08)
    wood = _modes(t, (420, 760, 1300), (0.030, 0.020, 0.010), (0.4, 0.25, 0.12), rng, 0.06)
    slap = _filter(_noise(t, rng, 0.005), 200, 3000)
    mix = contact + 0.6 * rubber + wood * (0.3 + 0.4 * b) + 0.2 * slap
    return _filter(mix, 40, _cutoff(600, 2500, b))


def _pocket(t, rng, b):
    """A ball dropping into a pocket and rolling down the gully into the return: the
    knock on the pocket's back, the drop, the rumble of the roll, the clack at the end."""
    knock = _modes(t, (140, 330), (0.040, 0.020), (1.0, 0.4), rng, 0.08) * _pulse(t, 0.08)
    drop_at = rng.uniform(0.11, 0.17)              # a fall of about 6-14 cm
    drop = _modes(np.maximum(t - drop_at, 0), (220, 480, 910), (0.080, 0.040, 0.020),
                  (1.0, 0.5, 0.25), rng, 0.06) * (t >= drop_at)
    roll_start, roll_end = drop_at + 0.08, rng.uniform(1.25, 1.45)
    envelope = np.clip((t - roll_start) / 0.15, 0, 1) * np.clip((roll_end - t) / 0.25, 0, 1)
    # The ball speeds up down the gully: its turn rate (the rumble's beat) rises.
    turn_hz = 5.0 + 6.0 * np.clip((t - roll_start) / (roll_end - roll_start), 0, 1)
    beat = 0.75 + 0.25 * np.sin(2 * np.pi * np.cumsum(turn_hz) / SAMPLE_RATE)
    rumble = _filter(rng.standard_normal(t.size), 60, 450) * envelope * beat
    clack = _click(np.maximum(t - roll_end, 0), rng, 0.3 * b) * (t >= roll_end)
    mix = 0.5 * knock + drop + 2.0 * rumble + 0.35 * clack
    return _filter(mix, 35, _cutoff(1200, 4000, b))


def _slate(t, rng, b):
    """A ball landing on the slate after a jump: a heavy, dull thump through the cloth."""
    contact = _pulse(t, 0.003 - 0.0015 * b)
    slab = _modes(t, (68, 112, 185, 300), (0.090, 0.060, 0.035, 0.020),
                  (1.0, 0.7, 0.4, 0.2), rng, 0.06)
    cloth = _filter(_noise(t, rng, 0.006), 150, 2500)
    mix = contact + 0.8 * slab + (0.15 + 0.35 * b) * cloth
    return _filter(mix, 30, _cutoff(700, 3000, b))


# name -> (voice, duration in s)
VOICES = {
    "strike": (_strike, 0.20),
    "click": (_click, 0.15),
    "cushion": (_cushion, 0.30),
    "pocket": (_pocket, 1.80),
    "slate": (_slate, 0.35),
}
SOUNDS = tuple(VOICES)


def duration(sound: str) -> float:
    """The length of `sound` in seconds."""
    return VOICES[sound][1]


def frames(sound: str) -> int:
    """The length of `sound` in samples."""
    return int(round(duration(sound) * SAMPLE_RATE))


def render(sound: str, variant: int, brightness: float) -> np.ndarray:
    """Take `variant` (0..VARIANTS-1) of `sound` at `brightness` (0..1): float64 samples
    in [-PEAK, PEAK], mono at SAMPLE_RATE, peak exactly PEAK."""
    if sound not in VOICES:
        raise ValueError(f"unknown sound {sound!r}; the sounds are {', '.join(SOUNDS)}")
    if not 0 <= variant < VARIANTS:
        raise ValueError(f"variant {variant} is not in 0..{VARIANTS - 1}")
    if not 0.0 <= brightness <= 1.0:
        raise ValueError(f"brightness {brightness} is not in 0..1")
    voice = VOICES[sound][0]
    # The seed names the sound and the take, never the brightness: the tiers of one take
    # are the same event heard harder or softer.
    rng = np.random.default_rng([SOUNDS.index(sound), variant])
    t = np.arange(frames(sound)) / SAMPLE_RATE
    samples = voice(t, rng, brightness)
    samples *= np.clip((t[-1] - t) / EDGE_S, 0, 1)
    return samples * (PEAK / np.max(np.abs(samples)))
