"""The generated sound files: every one exists and is a valid, audible, unclipped WAV of
the right length; takes differ, harder tiers are brighter, generation is deterministic
and repairs an incomplete cache."""
import wave
from pathlib import Path

import numpy as np
import pytest

from game.audio import bank, synth
from game.audio.__main__ import main
from game.audio.wavio import FULL_SCALE, read_wav, write_wav

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def sounds(tmp_path_factory):
    return bank.ensure_sounds(tmp_path_factory.mktemp("cache"))


def centroid_hz(samples, rate):
    """Power-weighted mean frequency: where a sound's energy sits."""
    power = np.abs(np.fft.rfft(samples)) ** 2
    return float((power * np.fft.rfftfreq(samples.size, 1 / rate)).sum() / power.sum())


def test_every_sound_file_is_a_valid_audible_unclipped_wav(sounds):
    names = sorted(p.name for p in sounds.folder.iterdir())
    assert names == sorted(bank.expected_files())
    assert len(names) == len(synth.SOUNDS) * synth.VARIANTS * bank.BRIGHTNESS_TIERS
    for name, (sound, _, _) in bank.expected_files().items():
        with wave.open(str(sounds.folder / name), "rb") as w:
            assert (w.getnchannels(), w.getsampwidth(), w.getframerate()) == (1, 2, 44100)
            assert w.getnframes() / w.getframerate() == pytest.approx(synth.duration(sound),
                                                                      abs=1 / 44100)
            pcm = np.frombuffer(w.readframes(w.getnframes()), dtype="<i2")
        assert np.sqrt(np.mean((pcm / FULL_SCALE) ** 2)) > 0.01, f"{name} is silent"
        assert np.abs(pcm.astype(int)).max() < 0.95 * FULL_SCALE, f"{name} clips"
        assert np.abs(pcm.astype(int)).max() > 0.85 * FULL_SCALE, f"{name} is not normalised"
        assert abs(int(pcm[-1])) < 50, f"{name} stops with a click"


def test_every_sound_has_distinct_takes(sounds):
    for sound in synth.SOUNDS:
        takes = [read_wav(sounds.path(sound, v, 0.5))[0] for v in range(synth.VARIANTS)]
        for a in range(len(takes)):
            for b in range(a + 1, len(takes)):
                assert not np.allclose(takes[a], takes[b], atol=0.01), (sound, a, b)


def test_harder_tiers_are_brighter(sounds):
    for sound in synth.SOUNDS:
        for variant in range(synth.VARIANTS):
            centroids = [centroid_hz(*read_wav(sounds.path(sound, variant, b)))
                         for b in (0.0, 0.5, 1.0)]
            assert centroids == sorted(centroids), (sound, variant, centroids)
            assert centroids[2] > 1.03 * centroids[0], (sound, variant, centroids)


def test_the_five_sounds_sit_where_they_should_in_the_spectrum(sounds):
    mid = {s: centroid_hz(*read_wav(sounds.path(s, 0, 0.5))) for s in synth.SOUNDS}
    # thumps are low, the click is the highest, the strike sits between
    assert mid["slate"] < mid["cushion"] < mid["strike"] < mid["click"]
    assert mid["pocket"] < mid["strike"]


def test_synthesis_is_deterministic():
    for sound in synth.SOUNDS:
        assert np.array_equal(synth.render(sound, 1, 0.3), synth.render(sound, 1, 0.3))


def test_a_complete_bank_is_reused_and_an_incomplete_one_made_again(tmp_path):
    first = bank.ensure_sounds(tmp_path)
    victim = first.path("pocket", 2, 1.0)
    stamp = victim.stat().st_mtime_ns
    assert bank.ensure_sounds(tmp_path).folder == first.folder
    assert victim.stat().st_mtime_ns == stamp           # not rewritten
    with open(victim, "r+b") as f:                      # a cut-short file
        f.truncate(1000)
    (first.folder / bank.file_name("click", 0, 0)).unlink()
    again = bank.ensure_sounds(tmp_path)
    assert bank._complete(again.folder)
    assert read_wav(victim)[0].size == synth.frames("pocket")
    assert [p.name for p in tmp_path.iterdir()] == [f"v{bank.SYNTH_VERSION}"]  # no leftovers


def test_the_cache_lives_outside_the_repository():
    root = bank.default_root()
    assert root.parts[-2:] == ("breakshot", "sounds")
    assert ROOT not in root.parents


def test_the_build_step_prints_the_folder(tmp_path, capsys):
    assert main(["--dir", str(tmp_path)]) == 0
    folder = Path(capsys.readouterr().out.strip())
    assert folder == tmp_path / f"v{bank.SYNTH_VERSION}" and bank._complete(folder)


def test_bank_paths_pick_the_nearest_tier(sounds):
    assert sounds.path("click", 3, 0.0).name == "click-3-0.wav"
    assert sounds.path("click", 3, 0.3).name == "click-3-1.wav"
    assert sounds.path("click", 3, 0.8).name == "click-3-2.wav"
    with pytest.raises(ValueError):
        sounds.path("thunder", 0, 0.5)


def test_wav_writer_refuses_what_it_cannot_write(tmp_path):
    with pytest.raises(ValueError):
        write_wav(tmp_path / "x.wav", np.array([0.0, 1.5]), 44100)
    (tmp_path / "junk.wav").write_bytes(b"RIFF but not a wave file" * 4)
    with pytest.raises(ValueError, match="junk.wav"):
        read_wav(tmp_path / "junk.wav")
