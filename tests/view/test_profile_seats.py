"""Profiles picked for a seat in the start menu itself (clicks on "> Profile: ..."), the
drills played under the profile in seat 1, and the statistics screen's drill records,
which equal game.drills.history's from the recorded attempts."""
import math
from datetime import datetime, timezone

from game.drills import DrillAttempt, shipped_drills, texts
from game.drills.history import drill_record, recorded_attempts
from game.profiles.book import write_profiles
from game.profiles.seats import Seat
from game.rules import CUE
from game.view.launcher import BreakshotApp
from physics_ext import Stroke
from robot import Input
from view_helpers import widget_pixel

DRILLS = {d.id: d for d in shipped_drills()}
CREATED = "2026-04-30T10:00:00+00:00"


def record_stop_shot(folder, player: str, minute: int) -> None:
    """One attempt at the stop shots by `player`: a stroke straight at the 1, recorded."""
    attempt = DrillAttempt(DRILLS["stop_shots"], player, directory=folder,
                           started=datetime(2026, 12, 1, 9, minute, tzinfo=timezone.utc))
    (cx, cy), (bx, by) = attempt.layout[CUE], attempt.layout[1]
    attempt.shoot(Stroke(math.atan2(by - cy, bx - cx), 0.0, 0.0, 0.0, 2.5))
    attempt.close()


def page_texts(frame) -> list:
    return [node.node().getText() for node in frame.findAllMatches("**/+TextNode")]


def test_a_seat_cycles_through_the_profiles_and_its_drills_count_for_the_profile(
        base, tmp_path):
    folder = tmp_path / "replays"
    write_profiles(tmp_path / "profiles.json", [(Seat("profile", "bob", CREATED), "nine_ball"),
                                                (Seat("profile", "Ann", CREATED), "eight_ball")])
    record_stop_shot(folder, "bob", 0)
    record_stop_shot(folder, "Player 1", 1)
    inputs = Input(base)
    app = BreakshotApp(base, settings_path=tmp_path / "settings.json", seed=5,
                       use_shaders=False, replay_dir=folder, sound_root=tmp_path / "sounds",
                       practice_dir=tmp_path / "practice", offer_guide=False,
                       drill_dir=tmp_path / "drills")
    try:
        menu = app.menu
        first, second = menu.profile_buttons
        assert first["text"] == "> Profile: none" == second["text"]
        # Guest -> Ann -> bob (alphabetical, letter case aside) -> guest again.
        for name, label, said in (("Ann", "> Profile: Ann", "Ann plays seat 1."),
                                  ("bob", "> Profile: bob", "bob plays seat 1."),
                                  ("Player 1", "> Profile: none", "A guest plays seat 1.")):
            inputs.click(widget_pixel(base, first))
            assert menu.names[0].get() == name and first["text"] == label
            assert menu.notice.getText() == said
        # A computer seat picked as a profile becomes that person.
        inputs.click(widget_pixel(base, menu.kind_buttons[1]))
        assert menu.player_kinds[1] == "beginner" and second["text"] == "> Profile: none"
        inputs.click(widget_pixel(base, second))
        assert menu.player_kinds[1] == "human" and menu.names[1].get() == "Ann"
        assert menu.settings().names == ("Player 1", "Ann")
        # A typed name that is a profile's counts as it, spelt as the profile is.
        menu.names[0].enterText("  BOB ")
        inputs.click(widget_pixel(base, menu.kind_buttons[0]))
        inputs.click(widget_pixel(base, menu.kind_buttons[0]))
        inputs.click(widget_pixel(base, menu.kind_buttons[0]))
        inputs.click(widget_pixel(base, menu.kind_buttons[0]))       # round to human
        assert menu.player_kinds[0] == "human" and first["text"] == "> Profile: bob"
        inputs.click(widget_pixel(base, menu.drills_button))
        assert "Playing as bob (the first seat's name or profile in the menu): click a drill to start it" in page_texts(app.drills.frame)
        assert app.drill_player() == "bob"

        app.show_menu()
        inputs.click(widget_pixel(base, app.menu.stats_button))
        screen = app.stats
        while screen.seat != "profile:bob":
            inputs.click(widget_pixel(base, screen.seat_button))
        inputs.click(widget_pixel(base, screen.drills_button))
        assert screen.plot is None and screen.records.getText() == ""
        assert not any(t.value for t in screen.mode_toggles.values())
        lines = screen.drill_table.getText().split("\n")
        attempts = recorded_attempts(folder)
        assert lines == [
            f"{texts.title(d)}: {texts.record_line(drill_record(attempts, d.id, 'bob'))}"
            for d in shipped_drills()]
        assert "Progressive stop shots: Best 1 in 1 attempt, no trend yet" in lines \
            or "Progressive stop shots: Best 0 in 1 attempt, no trend yet" in lines
        assert "Line-up: No attempts yet" in lines
        # Not a profile: no drill records; a game again: the plots.
        while not screen.seat.startswith("computer:"):
            inputs.click(widget_pixel(base, screen.seat_button))
        assert screen.drill_table.getText() == "Drill records are kept for profiles."
        inputs.click(widget_pixel(base, screen.mode_toggles["eight_ball"].button))
        assert screen.plot is not None and screen.drill_table.getText() == ""
        assert screen.mode == "eight_ball"
    finally:
        app.destroy()
        app.statistics.close()
        inputs.close()


def test_with_no_profile_a_click_says_where_to_make_one_and_changes_nothing(base, tmp_path):
    inputs = Input(base)
    app = BreakshotApp(base, settings_path=tmp_path / "settings.json", seed=5,
                       use_shaders=False, replay_dir=tmp_path / "replays",
                       sound_root=tmp_path / "sounds", practice_dir=tmp_path / "practice",
                       offer_guide=False)
    try:
        inputs.click(widget_pixel(base, app.menu.profile_buttons[1]))
        assert app.menu.notice.getText() == "No profiles yet: make one under Statistics."
        assert app.menu.settings().names == ("Player 1", "Player 2")
        assert app.menu.profile_buttons[1]["text"] == "> Profile: none"
    finally:
        app.destroy()
        app.statistics.close()
        inputs.close()
