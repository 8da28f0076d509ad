"""Settings: JSON round trip, atomic save, corrupt files reported and replaced."""
import dataclasses
import json

import pytest

from game.rules import EightBallVariants, NineBallVariants
from game import settings as S


def _every_switch_on(cls):
    return cls(**{f.name: True for f in dataclasses.fields(cls)})


def test_round_trip_keeps_every_choice(tmp_path):
    path = tmp_path / "cfg" / "settings.json"
    chosen = S.Settings(mode="eight_ball", names=("Ann", "Bob"), players=("human", "pro"),
                        eight_ball=_every_switch_on(EightBallVariants),
                        nine_ball=NineBallVariants(push_out_after_foul_break=True),
                        aids=S.Aids(aim_line=True, ghost_ball=False, object_path=False,
                                    cue_path=True),
                        effects_volume=0.35, muted=True, race_to=5, winner_breaks=True,
                        guide_seen=True)
    S.save(chosen, path)
    assert S.load(path) == (chosen, None)
    assert [p.name for p in path.parent.iterdir()] == ["settings.json"], "no temp files left"
    assert chosen.variants == chosen.eight_ball


def test_graphics_controls_and_volumes_round_trip(tmp_path):
    path = tmp_path / "settings.json"
    chosen = S.Settings(graphics=S.Graphics(preset="high", msaa=8, shadows=False, vsync=False,
                                            fps_cap=30, fullscreen=True,
                                            resolution=(1920, 1080)),
                        controls=S.Controls(aim_sensitivity=2.5, fine_aim_sensitivity=0.25,
                                            invert_y=True),
                        master_volume=0.5, music_volume=0.0)
    S.save(chosen, path)
    assert S.load(path) == (chosen, None)
    assert json.loads(path.read_text())["graphics"]["resolution"] == [1920, 1080]


@pytest.mark.parametrize("preset", S.QUALITY_PRESETS)
def test_a_preset_brings_its_antialiasing_and_shadows(preset):
    graphics = S.Graphics(msaa=8, shadows=False, fps_cap=60).with_preset(preset)
    assert graphics.preset == preset
    assert (graphics.msaa, graphics.shadows) == (S.PRESET_CHOICES[preset]["msaa"],
                                                 S.PRESET_CHOICES[preset]["shadows"])
    assert graphics.fps_cap == 60, "what a preset does not set is kept"


def test_low_draws_no_shadows_no_multisampling_and_lights_per_vertex():
    from game.view.world.quality import quality_of
    low = S.Graphics().with_preset("low")
    assert (low.msaa, low.shadows) == (0, False)
    drawn = quality_of(low)
    assert drawn.shadow_size == 0 and not drawn.per_pixel and not drawn.bulbs
    lit = quality_of(dataclasses.replace(low, shadows=True))
    assert lit.shadow_size > 0 and lit.per_pixel, "shadows turned on bring the shader back"
    assert quality_of(S.Graphics()).per_pixel, "medium lights per pixel"


def test_the_readout_and_the_first_start_check_round_trip(tmp_path):
    path = tmp_path / "settings.json"
    chosen = S.Settings(graphics=S.Graphics(show_fps=True, fitted=True))
    S.save(chosen, path)
    assert S.load(path) == (chosen, None)
    # A file saved before the check existed is checked once.
    path.write_text(json.dumps({"graphics": {"preset": "high", "msaa": 4}}))
    loaded = S.load(path)[0].graphics
    assert (loaded.preset, loaded.fitted, loaded.show_fps) == ("high", False, False)
    path.write_text(json.dumps({"graphics": {"fitted": "yes"}}))
    settings, problem = S.load(path)
    assert "graphics.fitted must be true or false" in problem and settings == S.Settings()


def test_missing_file_gives_defaults_silently(tmp_path):
    assert S.load(tmp_path / "none.json") == (S.Settings(), None)


@pytest.mark.parametrize("content, words", [
    ("{not json", "not valid JSON"),
    ("[1, 2]", "JSON object"),
    ('{"mode": "snooker"}', "unknown mode"),
    ('{"names": ["only one"]}', "two strings"),
    ('{"players": ["human", "genius"]}', "players must be a list of two of"),
    ('{"effects_volume": 1.5}', "effects_volume must be a number from 0 to 1"),
    ('{"effects_volume": true}', "effects_volume must be a number from 0 to 1"),
    ('{"muted": "no"}', "muted must be true or false"),
    ('{"race_to": 4}', "race_to must be one of"),
    ('{"winner_breaks": 1}', "winner_breaks must be true or false"),
    ('{"guide_seen": "yes"}', "guide_seen must be true or false"),
    ('{"aids": {"aim_line": "yes"}}', "aids.aim_line must be true or false"),
    ('{"nine_ball": 3}', "nine_ball must be an object"),
    ('{"graphics": {"preset": "ultra"}}', "graphics.preset must be one of low, medium, high"),
    ('{"graphics": {"msaa": 3}}', "graphics.msaa must be one of 0, 2, 4, 8"),
    ('{"graphics": {"msaa": 4.0}}', "graphics.msaa must be one of"),
    ('{"graphics": {"shadows": 1}}', "graphics.shadows must be true or false"),
    ('{"graphics": {"fps_cap": 59}}', "graphics.fps_cap must be one of"),
    ('{"graphics": {"resolution": [1000, 700]}}', "graphics.resolution must be one of"),
    ('{"graphics": {"resolution": "1280x720"}}', "graphics.resolution must be one of"),
    ('{"graphics": []}', "graphics must be an object"),
    ('{"controls": {"aim_sensitivity": 9}}', "controls.aim_sensitivity must be a number from"),
    ('{"controls": {"fine_aim_sensitivity": true}}', "controls.fine_aim_sensitivity"),
    ('{"controls": {"invert_y": "yes"}}', "controls.invert_y must be true or false"),
    ('{"master_volume": -0.1}', "master_volume must be a number from 0 to 1"),
    ('{"music_volume": "loud"}', "music_volume must be a number from 0 to 1"),
    (b"\xff\xfe\x00garbage", "could not be read"),
])
def test_corrupt_file_is_reported_kept_aside_and_replaced_by_defaults(tmp_path, content, words):
    path = tmp_path / "settings.json"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content)
    loaded, problem = S.load(path)
    assert loaded == S.Settings()
    assert words in problem and str(path) in problem
    assert (tmp_path / "settings.json.corrupt").exists()
    assert S.load(path) == (S.Settings(), None), "the defaults were written back"


def test_older_and_newer_files_load(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"mode": "eight_ball", "future_option": 5,
                                "eight_ball": {"free_ball_after_foul": True, "later": True}}))
    loaded, problem = S.load(path)
    assert problem is None
    assert loaded.mode == "eight_ball" and loaded.eight_ball.free_ball_after_foul
    assert loaded.names == S.DEFAULT_NAMES and loaded.aids == S.Aids()


def test_names_are_trimmed_and_blank_names_get_defaults():
    assert S.clean_name("  Ann   Lee ", "x") == "Ann Lee"
    assert S.clean_name("   ", "Player 2") == "Player 2"
    assert len(S.clean_name("n" * 99, "x")) == S.NAME_MAX_CHARS


def test_failed_write_leaves_the_old_file_and_no_temp(tmp_path, monkeypatch):
    path = tmp_path / "settings.json"
    S.save(S.Settings(mode="eight_ball"), path)

    def broken_dump(*args, **kwargs):
        raise OSError("disk full")
    monkeypatch.setattr(S.json, "dump", broken_dump)
    with pytest.raises(OSError):
        S.save(S.Settings(), path)
    monkeypatch.undo()
    assert S.load(path)[0].mode == "eight_ball"
    assert [p.name for p in tmp_path.iterdir()] == ["settings.json"]


def test_default_path_is_in_the_user_config_dir():
    assert S.default_path().name == "settings.json"
    assert "breakshot" in str(S.default_path())
