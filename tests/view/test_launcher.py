"""The start menu and the app: settings shown, changed, saved and used; a corrupt file
reported; back to the menu after a match; every match recorded to a replay and listed in
the recent matches, which open in the replay viewer; practice; the first-run guide
offered once; closing at any moment."""
import dataclasses
import json

import pytest

from game.audio import AudioSettings
from game.replay import load_replay, recent_matches
from game.rules import NineBallVariants
from game.session import Shoot
from game import settings as S
from game.view.practice.guide import STEPS as GUIDE_STEPS
from game.view.launcher import BreakshotApp
from game.view.menu.start_menu import AID_LABELS, VARIANT_LABELS
from robot import Input, Robot


@pytest.fixture
def app(base, tmp_path, sound_root):
    """make(settings_text=None, offer_guide=False) -> (app, path, inputs)."""
    made = []

    def make(text=None, offer_guide=False):
        path = tmp_path / "breakshot" / "settings.json"
        if text is not None:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text)
        inputs = Input(base)
        application = BreakshotApp(base, settings_path=path, seed=5, use_shaders=False,
                                   replay_dir=tmp_path / "replays",
                                   sound_root=sound_root,
                                   practice_dir=tmp_path / "practice",
                                   offer_guide=offer_guide)
        made.append((application, inputs))
        return application, path, inputs
    yield make
    for application, inputs in reversed(made):      # each Input restores the one before
        application.close()
        inputs.close()


def test_every_variant_switch_has_a_label_in_the_menu():
    from game.rules import EightBallVariants
    fields = {f.name for cls in (EightBallVariants, NineBallVariants)
              for f in dataclasses.fields(cls)}
    assert fields == set(VARIANT_LABELS)
    assert set(AID_LABELS) == {f.name for f in dataclasses.fields(S.Aids)}


def test_menu_choices_are_saved_used_and_shown_again(app, base):
    application, path, inputs = app()
    menu = application.menu
    assert menu.mode == "nine_ball" and application.screen is None
    menu.mode_toggles["eight_ball"].button.commandFunc(None)       # as a click does
    assert menu.mode == "eight_ball" and not menu.mode_toggles["nine_ball"].value
    assert set(menu.rule_toggles) == {f.name for f in dataclasses.fields(S.Settings().eight_ball)}
    menu.names[0].set("  Ann  ")
    menu.names[1].set("")
    menu.rule_toggles["two_visits_after_foul"].flip()
    menu.aid_toggles["ghost_ball"].flip()
    menu.choose_mode("nine_ball")
    menu.rule_toggles["push_out_respots_only_nine"].flip()
    menu.choose_mode("eight_ball")
    assert menu.rule_toggles["two_visits_after_foul"].value, "kept across mode changes"
    inputs.key("enter")                                             # Play
    assert application.menu is None and application.screen is not None
    session = application.screen.session
    assert session.mode == "eight_ball" and session.names == ("Ann", "Player 2")
    assert session.variants.two_visits_after_foul
    assert not application.screen.aids_on.ghost_ball
    saved = json.loads(path.read_text())
    assert saved["names"] == ["Ann", "Player 2"] and saved["eight_ball"]["two_visits_after_foul"]
    assert saved["nine_ball"]["push_out_respots_only_nine"]
    # Leave the match: back to the menu, showing the same choices.
    inputs.key("escape")
    inputs.key("y")
    assert application.screen is None and application.menu is not None
    again = application.menu.settings()
    assert again == S.load(path)[0]
    assert again.names == ("Ann", "Player 2") and again.mode == "eight_ball"


def test_a_corrupt_settings_file_is_reported_in_the_menu(app):
    application, path, _ = app("{ this is not json")
    assert "not valid JSON" in application.menu.notice.getText()
    assert application.settings == S.Settings()
    assert S.load(path) == (S.Settings(), None)


def test_unwritable_settings_are_reported_and_the_match_still_starts(app, monkeypatch):
    application, _, inputs = app()

    def refuse(*args, **kwargs):
        raise OSError("read-only file system")
    monkeypatch.setattr(S, "save", refuse)
    inputs.key("enter")
    assert application.screen is not None
    assert "could not be saved" in application.screen.hud.message.getText()


def test_closing_the_window_at_any_moment_is_clean(app, base):
    application, _, inputs = app()
    application.destroy()                         # closed in the menu
    application.destroy()
    assert not base.taskMgr.getTasksNamed("breakshot-menu")
    application.show_menu()
    inputs.key("enter")
    inputs.step(3)
    application.destroy()                         # closed mid-match
    assert not base.taskMgr.getTasksNamed("breakshot-play")
    inputs.step(3)


def test_a_match_is_recorded_and_opens_from_recent_matches(app, base, tmp_path):
    application, _, inputs = app()
    replays = tmp_path / "replays"
    inputs.key("enter")                                             # Play
    screen = application.screen
    session = screen.session
    robot = Robot(screen, inputs)
    base.win.setActive(False)                   # no drawing needed: input and tasks run
    try:
        while robot.shots < 4 and not session.state.game_over:
            robot.play_turn()
        while screen.flow.state == "Playing":
            robot.play_turn()
    finally:
        base.win.setActive(True)
    shots = [c for c in session.commands if isinstance(c, Shoot)]
    inputs.key("escape")                                            # leave the match
    inputs.key("y")
    assert application.menu is not None
    (summary,) = recent_matches(replays)
    replay = load_replay(summary.path)
    assert [(s.stroke, s.push_out) for s in replay.shots] == [(c.stroke, c.push_out)
                                                              for c in shots]
    # The menu's Recent matches page lists it; a click opens the viewer, Escape goes back.
    application.menu.recent_button.commandFunc(None)
    assert application.menu is None and len(application.recent.buttons) == 1
    application.recent.buttons[0].commandFunc(None)
    assert application.viewer is not None and application.viewer.replay.shots
    inputs.step(3)
    inputs.key("escape")
    assert application.viewer is None and application.recent is not None
    inputs.key("escape")
    assert application.menu is not None


def test_a_match_left_before_any_shot_leaves_no_replay(app, tmp_path):
    application, _, inputs = app()
    inputs.key("enter")
    inputs.key("escape")
    inputs.key("y")
    assert recent_matches(tmp_path / "replays") == []
    assert not list((tmp_path / "replays").glob("*"))


def test_the_menu_sets_players_sound_and_race_and_the_match_uses_them(app):
    application, path, inputs = app()
    menu = application.menu
    assert menu.settings().players == ("human", "human")
    menu.kind_buttons[1].commandFunc(None)                          # as a click does
    assert menu.kind_buttons[1]["text"].endswith("Computer: beginner")
    for _ in range(3):
        menu.kind_buttons[0].commandFunc(None)
    assert menu.settings().players == ("pro", "beginner")
    menu.kind_buttons[0].commandFunc(None)                          # round to human
    menu.volume["value"] = 0.3
    assert application.music.track == "menu" and application.music.level > 0
    menu.mute_toggle.flip()
    assert application.music.level == 0.0, "the music falls silent with the mute at once"
    menu.race_button.commandFunc(None)
    menu.race_button.commandFunc(None)
    assert menu.race_button["text"] == "> Race to 3 frames"
    menu.winner_breaks_toggle.flip()
    inputs.key("enter")
    saved = json.loads(path.read_text())
    assert saved["players"] == ["human", "beginner"]
    assert (saved["effects_volume"], saved["muted"]) == (0.3, True)
    screen = application.screen
    assert set(screen.computers) == {1} and screen.computers[1].level.name == "beginner"
    assert screen.sounds.settings == AudioSettings(0.3, True, 0.6) and screen.sounds.bank is None
    assert application.music.track == "match" and application.music.level == 0.0
    assert (saved["race_to"], saved["winner_breaks"]) == (3, True)
    assert (screen.race.frames_to_win, screen.race.winner_breaks) == (3, True)
    assert "race to 3  -  frame 1" in screen.hud.title.getText()


def test_practice_from_the_menu_and_back(app):
    application, _, inputs = app()
    application.menu.choose_mode("eight_ball")
    application.menu.practice_button["command"]()
    assert application.menu is None
    assert application.practice.table.position.game == "eight_ball"
    inputs.key("escape")
    assert application.practice is None and application.menu is not None


def test_the_first_start_offers_the_guide_once(app):
    application, path, inputs = app(offer_guide=True)
    assert application.offer is not None
    inputs.key("g")
    guide = application.guide
    assert application.offer is None and guide is not None
    assert S.load(path)[0].guide_seen
    assert "Welcome" in guide.title.getText()
    inputs.key("enter")
    assert "Aiming" in guide.title.getText()
    inputs.key("arrow_left")                 # the table is live: the keys work
    inputs.key("escape")                     # skips the rest
    assert application.guide is None and application.menu is not None
    application.destroy()
    again, _, _ = app(offer_guide=True)
    assert again.offer is None


def test_the_guide_can_be_skipped_and_is_walked_to_its_end(app):
    application, path, inputs = app(offer_guide=True)
    inputs.key("escape")
    assert application.offer is None and S.load(path)[0].guide_seen
    application.start_guide()
    for _ in GUIDE_STEPS:
        inputs.key("enter")
    assert application.guide is None and application.menu is not None


def test_the_language_switch_redraws_the_menu_and_is_kept(app, base):
    from game import i18n
    from view_helpers import widget_pixel
    application, path, inputs = app()
    try:
        assert application.menu.language_button["text"] == "English"
        for code, name in (("hr", "Hrvatski"), ("es", "Español"), ("en", "English")):
            inputs.click(widget_pixel(base, application.menu.language_button))
            menu = application.menu
            assert i18n.current_language() == code and menu.language_button["text"] == name
            assert menu.play_button["text"] == i18n._("Play  [Enter]")
            assert json.loads(path.read_text())["language"] == code
        assert application.menu.play_button["text"] == "Play  [Enter]"
        inputs.click(widget_pixel(base, application.menu.language_button))
        # The match screen then speaks it too.
        application.menu.play()
        assert application.screen.hud.title.getText() != ""
        assert i18n._("Concede?") != "Concede?"
    finally:
        i18n.use_language("en")


def test_the_menu_is_drawn_first_and_its_table_from_the_fourth_frame(app):
    application, _, inputs = app()
    menu = application.menu
    assert menu.scene is None and menu.play_button is not None
    inputs.step(3)                  # the menu alone, until it is surely on the screen
    assert menu.scene is None
    inputs.step()
    assert menu.scene is not None and menu.scene.mode.name == menu.mode


def test_the_menu_shows_before_the_models_exist_and_the_table_once_they_do(
        app, monkeypatch):
    from game.view.world import models
    monkeypatch.setattr(models, "ready", lambda: False)     # a first start, still making
    application, _, inputs = app()
    menu = application.menu
    for _ in range(3):
        inputs.step()
    assert menu.scene is None, "no table (and no waiting) while the models are made"
    monkeypatch.undo()
    inputs.step()
    assert menu.scene is not None and menu.scene.mode.name == menu.mode
    inputs.key("enter")
    assert application.screen is not None


def test_play_before_the_models_exist_says_so_and_starts_once_they_do(app, base,
                                                                       monkeypatch):
    from view_helpers import widget_pixel
    from game.view.world import models
    making = [True]
    monkeypatch.setattr(models, "ready", lambda: not making[0])  # a first start, making
    application, _, inputs = app()
    inputs.step(2)
    inputs.click(widget_pixel(base, application.menu.play_button))
    inputs.key("enter")                 # pressed again, impatient: still one match
    inputs.step(3)
    assert application.screen is None, "no match on models that do not exist yet"
    panel = application.gate.panel
    assert panel is not None and not panel.isHidden()
    words = [n.node().getText() for n in panel.findAllMatches("**/+TextNode")]
    assert any("first start" in w for w in words)
    making[0] = False
    inputs.step()
    assert application.screen is not None and application.menu is None
    assert application.gate.panel is None
    inputs.step(3)
    assert application.screen.flow.state in ("Placing", "Aiming")


def test_leaving_the_menu_while_waiting_for_the_models_forgets_the_play(app, monkeypatch):
    from game.view.world import models
    making = [True]
    monkeypatch.setattr(models, "ready", lambda: not making[0])
    application, _, inputs = app()
    inputs.key("enter")
    assert application.gate.waiting is not None
    application.show_recent()           # the player went elsewhere meanwhile
    making[0] = False
    inputs.step(3)
    assert application.screen is None and application.recent is not None


def test_graphics_page_through_clicks_applies_and_saves_each_change(app, base):
    from game.view.world.quality import PRESETS, quality
    from view_helpers import widget_pixel
    application, path, inputs = app()
    menu = application.menu
    inputs.click(widget_pixel(base, menu.graphics_button))
    page = menu.graphics_page
    assert page is not None, "the Graphics button opens the page"
    shown = page.settings.graphics
    assert page.preset_button["text"] == "> Medium" and shown.preset == "medium"
    inputs.click(widget_pixel(base, page.preset_button))          # medium -> high
    assert page.preset_button["text"] == "> High"
    assert quality(base) == PRESETS["high"], "applied at once"
    assert menu.scene.lighting.shadow_size in (0, PRESETS["high"].shadow_size)
    inputs.click(widget_pixel(base, page.shadows_toggle.button))   # shadows off
    assert quality(base).shadow_size == 0
    inputs.click(widget_pixel(base, page.msaa_button))
    inputs.click(widget_pixel(base, page.resolution_button))
    inputs.click(widget_pixel(base, page.fps_button))
    inputs.click(widget_pixel(base, page.invert_toggle.button))
    page.aim_slider["value"] = 2.0                                  # as a drag does
    inputs.step()
    page.master_slider["value"] = 0.5
    inputs.step()
    saved = S.load(path)[0]
    assert saved.graphics == S.Graphics(preset="high", msaa=8, shadows=False, fps_cap=30,
                                        resolution=(1600, 900), fitted=True)
    assert saved.controls == S.Controls(aim_sensitivity=2.0, invert_y=True)
    assert saved.master_volume == 0.5
    inputs.key("escape")                                            # back to the menu
    assert menu.graphics_page is None
    assert menu.settings().graphics == saved.graphics, "the menu keeps the page's choices"
    inputs.click(widget_pixel(base, menu.play_button))
    assert application.screen.controls == saved.controls, "the match aims with them"
