"""Writing rendered frames: numbered PNG files, an animated GIF, or an MP4 (imageio), with
a progress bar (tqdm). No rendering here: frames come in as (H, W, 3) uint8 arrays.

GIF: frames are stored as they come, but Pillow merges consecutive identical frames into
one longer frame (the balls at rest at the end), so the file's frame count can be lower
than the number written while its total duration is the same. GIF delays are whole
centiseconds: 25 fps (40 ms) is exact, 30 fps is not. MP4 needs an ffmpeg backend for
imageio (the `imageio-ffmpeg` package), which Breakshot does not install.
"""
from __future__ import annotations

import importlib.util
from pathlib import Path

import imageio.v2
import imageio.v3 as iio
import numpy as np
from tqdm import tqdm

GIF_FPS = 25.0
VIDEO_FPS = 30.0
FRAME_NAME = "frame_{:05d}.png"


class ExportError(RuntimeError):
    """An export that cannot be made here (no MP4 backend, an unknown file type)."""


def frame_times(start: float, end: float, fps: float, speed: float = 1.0) -> np.ndarray:
    """Shot times (s) of the frames of shot seconds [start, end] played at `speed` and
    recorded at `fps` frames per real second: start, start + speed/fps, ..., the last one
    at `end` exactly. There are ceil((end - start) fps / speed) + 1 of them."""
    if not (fps > 0 and speed > 0 and end >= start >= 0):
        raise ValueError(f"need fps > 0, speed > 0 and 0 <= start <= end; got fps={fps}, "
                         f"speed={speed}, start={start}, end={end}")
    step = speed / fps
    # Less a hair: 0.4 s / 0.05 s is 8.000000000000002 in floating point, and 8 steps.
    count = int(np.ceil((end - start) / step - 1e-9)) + 1
    return np.minimum(start + np.arange(count) * step, end)


def target_kind(out) -> str:
    """"gif", "mp4" or "frames" (a folder) for an output path; ExportError otherwise."""
    suffix = Path(out).suffix.lower()
    if suffix in (".gif", ".mp4"):
        return suffix[1:]
    if suffix == "":
        return "frames"
    raise ExportError(f"{out}: export to .gif, .mp4, or a folder of PNG frames")


def check_mp4_backend() -> None:
    """ExportError, naming what to install, unless imageio can write MP4 here."""
    if importlib.util.find_spec("imageio_ffmpeg") is None:
        raise ExportError("MP4 export needs an ffmpeg backend for imageio: pip install "
                          "imageio-ffmpeg. GIF and PNG frames work without it.")


def write_frames(frames, out, fps: float, total: int | None = None,
                 progress: bool | None = None) -> int:
    """Write the (H, W, 3) uint8 `frames` (an iterable) to `out`: a .gif, an .mp4, or a
    folder (created) of FRAME_NAME PNGs. total: the number of frames, for the progress
    bar; progress: show it (None: only on a terminal). Returns the frames written."""
    kind = target_kind(out)
    bar = tqdm(frames, total=total, unit="frame", desc=f"export {Path(out).name}",
               disable=None if progress is None else not progress, leave=False)
    count = 0
    if kind == "frames":
        folder = Path(out)
        folder.mkdir(parents=True, exist_ok=True)
        for count, frame in enumerate(bar, 1):
            iio.imwrite(folder / FRAME_NAME.format(count - 1), frame)
        return count
    if kind == "gif":
        with iio.imopen(out, "w", plugin="pillow") as writer:
            for count, frame in enumerate(bar, 1):
                writer.write(frame, duration=1000.0 / fps, loop=0)
        return count
    check_mp4_backend()
    # H.264 in yuv420p needs even sizes: macro_block_size 2 pads odd ones by a pixel.
    with imageio.v2.get_writer(out, format="FFMPEG", fps=fps, codec="libx264",
                               macro_block_size=2) as writer:
        for count, frame in enumerate(bar, 1):
            writer.append_data(frame)
    return count
