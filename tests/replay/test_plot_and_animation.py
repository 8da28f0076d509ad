"""The top-down trajectory plot, and writing frames to GIF, PNG files and MP4."""
import importlib.util

import imageio.v3 as iio
import numpy as np
import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg
from PIL import Image

from game.replay import load_replay
from game.replay.animation import ExportError, frame_times, target_kind, write_frames
from game.replay.plot import CLOTH, shot_figure
from physics_ext import EventKind

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _cloth_rgb():
    return tuple(int(CLOTH[k:k + 2], 16) for k in (1, 3, 5))


def test_the_plot_is_a_png_with_the_cue_balls_path_drawn(recorded, tmp_path):
    replay = load_replay(recorded[1].path)
    index, shot = next((k, s) for k, s in enumerate(replay.shots)
                       if np.any(s.result.events["kind"] == EventKind.BALL_BALL))
    figure = shot_figure(replay, index, width_px=1200)
    FigureCanvasAgg(figure)
    out = tmp_path / "shot.png"
    figure.savefig(out)
    assert out.read_bytes()[:8] == PNG_SIGNATURE
    image = iio.imread(out)[..., :3]
    height, width = image.shape[:2]
    assert width == 1200
    # The cue ball runs straight (a level cue) from its start to the first contact.
    ev = shot.result.events
    first = ev[(ev["kind"] == EventKind.BALL_BALL) & ((ev["ball"] == 0) | (ev["other"] == 0))][0]
    start = shot.result.ball_rows[0, 2:4]
    hit = shot.result.state_at(first["time"]).positions[0, :2]
    length = np.linalg.norm(hit - start)
    radius = shot.result.ball_rows[0, 0]
    ax = figure.axes[0]
    cloth = np.array(_cloth_rgb())
    drawn = 0
    samples = [f for f in np.linspace(0, 1, 25) if 2 * radius < f * length < length - 2 * radius]
    for f in samples:
        x, y = ax.transData.transform(start + f * (hit - start))
        pixel = image[int(round(height - y)), int(round(x))].astype(int)
        drawn += np.abs(pixel - cloth).max() > 40
    assert samples and drawn == len(samples)
    # Away from every path and ball, the cloth shows.
    assert (np.abs(image.reshape(-1, 3).astype(int) - cloth).max(axis=1) < 3).mean() > 0.2


def test_frame_times_cover_the_span_at_the_frame_rate():
    times = frame_times(0.2, 1.0, fps=20, speed=1.0)
    assert len(times) == 17 and times[0] == 0.2 and times[-1] == 1.0
    assert np.allclose(np.diff(times), 0.05)
    assert len(frame_times(0.0, 1.0, fps=25, speed=0.5)) == 51
    assert len(frame_times(0.0, 0.0, fps=25)) == 1
    with pytest.raises(ValueError):
        frame_times(1.0, 0.5, fps=25)


def _frames(n, size=(48, 32)):
    return [np.full((size[1], size[0], 3), (10 * k) % 256, dtype=np.uint8) for k in range(n)]


def test_a_gif_has_every_frame_at_the_frame_rate(tmp_path):
    out = tmp_path / "clip.gif"
    assert write_frames(_frames(7), out, fps=25, progress=False) == 7
    with Image.open(out) as gif:
        assert gif.n_frames == 7 and gif.size == (48, 32)
        assert gif.info["duration"] == 40 and gif.info["loop"] == 0


def test_a_folder_gets_numbered_png_frames(tmp_path):
    out = tmp_path / "frames"
    assert write_frames(iter(_frames(3)), out, fps=30, total=3, progress=False) == 3
    names = sorted(p.name for p in out.iterdir())
    assert names == ["frame_00000.png", "frame_00001.png", "frame_00002.png"]
    assert iio.imread(out / names[2]).shape == (32, 48, 3)


def test_targets_by_extension():
    assert [target_kind(p) for p in ("a.GIF", "b.mp4", "out/frames")] == ["gif", "mp4", "frames"]
    with pytest.raises(ExportError, match="export to .gif, .mp4, or a folder"):
        target_kind("clip.avi")


@pytest.mark.skipif(importlib.util.find_spec("imageio_ffmpeg") is not None,
                    reason="an ffmpeg backend is installed")
def test_mp4_without_an_ffmpeg_backend_says_what_to_install(tmp_path):
    with pytest.raises(ExportError, match="pip install imageio-ffmpeg"):
        write_frames(_frames(2), tmp_path / "clip.mp4", fps=30, progress=False)
    assert not (tmp_path / "clip.mp4").exists()


@pytest.mark.skipif(importlib.util.find_spec("imageio_ffmpeg") is None,
                    reason="no ffmpeg backend for imageio")
def test_mp4_with_an_ffmpeg_backend(tmp_path):
    out = tmp_path / "clip.mp4"
    assert write_frames(_frames(5, (64, 48)), out, fps=30, progress=False) == 5
    assert out.stat().st_size > 0
