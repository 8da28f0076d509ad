"""The music in the window: the menu's loop starts once its files are made, a change of
the music volume or the mute is heard at once, and a new screen's loop replaces the old
one. Under Panda3D's null audio the sounds are real objects that play silently."""
import pytest

from game.audio import AudioSettings
from game.audio.music import TRACKS
from game.view.music import MusicPlayer


@pytest.fixture
def player(base, tmp_path):
    made = MusicPlayer(base, AudioSettings(music_volume=0.6), tmp_path / "sounds")
    yield made
    made.destroy()


def _settle(base, player):
    assert player.wait_ready(timeout=120)
    base.taskMgr.step()             # the frame that notices the files are ready


def test_the_menu_loop_plays_at_the_music_volume_and_follows_changes(base, player):
    player.play("menu")
    assert player.sound is None, "nothing to play before the files are made"
    _settle(base, player)
    assert player.sound is not None
    assert player.level == pytest.approx(0.6 * TRACKS["menu"].level)
    heard = []
    for volume in (0.3, 1.0):
        player.set_settings(AudioSettings(music_volume=volume))
        heard.append(player.level)
    assert heard == pytest.approx([0.3 * TRACKS["menu"].level, TRACKS["menu"].level])
    player.set_settings(AudioSettings(music_volume=1.0, muted=True))
    assert player.level == 0.0


def test_a_new_loop_replaces_the_old_and_muted_nothing_loads(base, tmp_path):
    player = MusicPlayer(base, AudioSettings(music_volume=0.5, muted=True), tmp_path / "s")
    try:
        player.play("menu")
        _settle(base, player)
        assert player.sound is None and player.level == 0.0
        player.set_settings(AudioSettings(music_volume=0.5))
        menu_sound = player.sound
        assert menu_sound is not None
        player.play("match")
        assert player.track == "match" and player.sound is not menu_sound
        assert player.level == pytest.approx(0.5 * TRACKS["match"].level)
        player.play(None)
        assert player.sound is None and player.level == 0.0
    finally:
        player.destroy()
