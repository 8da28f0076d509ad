"""The music: generated loops that are deterministic, loop without a click, sit under the
effects, and play at the level the settings give (master x music volume, silent when
muted)."""
import numpy as np
import pytest

from game.audio import AudioSettings, bank, music
from game.audio.wavio import read_wav
from game.settings import Settings


@pytest.fixture(scope="module")
def loops():
    return {track: music.render(track) for track in music.MUSIC}


def test_synthesis_is_deterministic_and_each_loop_is_whole_bars(loops):
    for track, samples in loops.items():
        assert np.array_equal(samples, music.render(track))
        spec = music.TRACKS[track]
        assert samples.size == music.frames(track)
        bars = music.duration(track) * spec.bpm / 60 / spec.beats_per_bar
        assert bars == pytest.approx(len(spec.chords), abs=1e-4)
        assert np.max(np.abs(samples)) == pytest.approx(music.PEAK)
        assert np.max(np.abs(samples)) < 0.89, "under the effects' peak"


def _steps(samples):
    """|first| and |second| differences of each sample from the one before it."""
    return np.abs(np.diff(samples)), np.abs(np.diff(samples, 2))


@pytest.mark.parametrize("track", music.MUSIC)
def test_the_end_joins_the_start_without_a_click(loops, track):
    samples = loops[track]
    # Played round: the last samples, then the first ones again.
    join = np.concatenate([samples[-3:], samples[:3]])
    first, second = _steps(samples)
    join_first, join_second = _steps(join)
    # A click is a step far above what neighbouring samples do anywhere in the music.
    assert join_first.max() <= np.percentile(first, 99.9)
    assert join_second.max() <= np.percentile(second, 99.9)
    # And it is not silence that joins: the music is playing across the loop point.
    assert np.sqrt(np.mean(join ** 2)) > 0.0 and np.abs(samples[:4410]).max() > 0.05


def test_a_cut_loop_would_click_where_this_one_does_not(loops):
    """The join test above can fail: the same music cut short by a fraction of a bar
    steps at its join."""
    samples = loops["menu"][: music.frames("menu") - 1234]
    join = np.concatenate([samples[-3:], samples[:3]])
    assert _steps(join)[1].max() > np.percentile(_steps(samples)[1], 99.9)


def test_the_music_volume_sets_the_played_level():
    def level(track, **changes):
        return music.playing_level(track, AudioSettings.from_settings(Settings(**changes)))
    for track in music.MUSIC:
        loud = level(track, music_volume=1.0, master_volume=1.0)
        assert loud == pytest.approx(music.TRACKS[track].level) and loud > 0
        assert level(track, music_volume=0.5, master_volume=1.0) == pytest.approx(loud / 2)
        assert level(track, music_volume=0.5, master_volume=0.5) == pytest.approx(loud / 4)
        assert level(track, music_volume=0.0) == 0.0
        assert level(track, music_volume=1.0, muted=True) == 0.0
    # The effects volume is the effects' own: it leaves the music alone.
    assert level("menu", effects_volume=0.0) == level("menu", effects_volume=1.0) > 0
    # The match's loop plays under the menu's.
    assert level("match") < level("menu")


def test_the_loops_are_made_once_into_the_cache_as_16_bit_wavs(tmp_path, loops):
    folder = bank.ensure_music(tmp_path)
    assert folder.parent == tmp_path and folder.name == f"music-v{bank.MUSIC_VERSION}"
    for track, samples in loops.items():
        written, rate = read_wav(folder / bank.music_file(track))
        assert rate == music.SAMPLE_RATE
        assert np.max(np.abs(written - samples)) <= 0.5 / 32767 + 1e-12
    stamp = (folder / bank.music_file("menu")).stat().st_mtime_ns
    assert bank.ensure_music(tmp_path) == folder
    assert (folder / bank.music_file("menu")).stat().st_mtime_ns == stamp


def test_unknown_music_is_refused_by_name():
    with pytest.raises(ValueError, match="unknown music 'disco'"):
        music.render("disco")
