"""WAV files of the synthesised sounds: 16-bit PCM, mono, through the stdlib `wave`.

Mono because the game pans at playback (OpenAL positions only mono sources). Samples are
floats in [-1, 1]; writing rounds them to the nearest 16-bit step.
"""
from __future__ import annotations

import wave

import numpy as np

SAMPLE_WIDTH = 2                      # bytes: 16-bit PCM
FULL_SCALE = 32767


def write_wav(path, samples: np.ndarray, sample_rate: int) -> None:
    """Write `samples` (floats in [-1, 1]) to `path` as a mono 16-bit WAV."""
    samples = np.asarray(samples, dtype=np.float64)
    if samples.ndim != 1 or not np.all(np.isfinite(samples)) or np.max(np.abs(samples)) > 1:
        raise ValueError("samples must be a 1-D array of finite values in [-1, 1]")
    pcm = np.round(samples * FULL_SCALE).astype("<i2")
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(SAMPLE_WIDTH)
        out.setframerate(int(sample_rate))
        out.writeframes(pcm.tobytes())


def read_wav(path) -> tuple:
    """(samples as floats in [-1, 1], sample rate in Hz) of a mono 16-bit WAV; ValueError
    naming the file for anything else."""
    try:
        with wave.open(str(path), "rb") as src:
            if src.getnchannels() != 1 or src.getsampwidth() != SAMPLE_WIDTH:
                raise ValueError(f"{path}: expected mono 16-bit PCM, got "
                                 f"{src.getnchannels()} channels of "
                                 f"{8 * src.getsampwidth()} bits")
            rate = src.getframerate()
            data = src.readframes(src.getnframes())
    except (wave.Error, EOFError) as exc:
        raise ValueError(f"{path}: not a readable WAV file ({exc})") from None
    return np.frombuffer(data, dtype="<i2").astype(np.float64) / FULL_SCALE, rate


def wav_bytes(frames: int) -> int:
    """The size in bytes of a mono 16-bit WAV of `frames` samples (44-byte header)."""
    return 44 + SAMPLE_WIDTH * frames
