"""The start menu's Recent matches page, reached with a click on its drawn button: a match
left mid-game is marked unfinished, a decided one is not, and a file without a shot is
not listed (an empty one, or one with a cue ball placed and nothing shot). The replay
viewer's key line says what Escape does; the leave dialog says what is kept."""
import os
from types import SimpleNamespace

import pytest

from game.replay import Recorder, load_replay
from game.session import Concede, GameSession, NextGame, PlaceCueBall, Shoot
from game.view.launcher import BreakshotApp
from game.view.replay.viewer import ReplayViewer
from physics_ext import Stroke
from robot import Input, Robot
from view_helpers import widget_pixel

BREAK = Stroke(azimuth=0.0, elevation=0.0, side=0.0, height=0.0, speed=7.0)


def _record(folder, names, steps, modified, race_to=1):
    """A 9-ball match between `names` recorded into `folder`: "place" puts the cue ball
    behind the head string, "break" shoots at the rack, "concede" gives the game up,
    "next" racks the next game; race_to: frames that win the match (1: single games).
    The file's time is set to `modified` (s since the epoch)
    so the list's order is known. Returns (path, the score as the list shows it)."""
    session = GameSession("nine_ball", names, seed=3)
    recorder = Recorder(session, directory=folder, race_to=race_to)
    table = session.table
    for step in steps:
        if step == "place":
            session.apply(PlaceCueBall((table.head_line_x - 0.1, table.width / 2)))
        elif step == "break":
            session.apply(Shoot(BREAK))
            assert not session.state.game_over       # the break alone decides nothing
        elif step == "concede":
            session.apply(Concede(session.shooter))
        elif step == "next":
            session.apply(NextGame(winner_breaks=False))
    os.utime(recorder.path, (modified, modified))
    (a, b), (wa, wb) = names, session.games_won
    return recorder.path, f"{a} {wa} : {wb} {b}"


def _app(base, tmp_path, folder):
    """The game's app in its start menu, recording to and listing `folder`."""
    return BreakshotApp(base, settings_path=tmp_path / "settings.json", seed=5,
                        use_shaders=False, replay_dir=folder, sound_root=tmp_path / "sounds",
                        practice_dir=tmp_path / "practice", offer_guide=False)


@pytest.fixture
def recent_page(base, tmp_path):
    """The app with these replays in its folder, its Recent matches page opened by a
    click on the menu's button: a namespace of app, inputs and files ({names: (file,
    score)})."""
    folder = tmp_path / "replays"
    files = {
        ("Fin", "Ished"): _record(folder, ("Fin", "Ished"), ["place", "break", "concede"],
                                  1_700_000_500),
        ("Half", "Way"): _record(folder, ("Half", "Way"), ["place", "break"], 1_700_000_400),
        ("Re", "Match"): _record(folder, ("Re", "Match"),
                                 ["place", "break", "concede", "next"], 1_700_000_300),
        ("Ra", "Ce"): _record(folder, ("Ra", "Ce"), ["place", "break", "concede"],
                              1_700_000_200, race_to=3),
        ("No", "Shot"): _record(folder, ("No", "Shot"), ["place"], 1_700_000_600),
        ("Em", "Pty"): _record(folder, ("Em", "Pty"), [], 1_700_000_700),
    }
    inputs = Input(base)
    app = _app(base, tmp_path, folder)
    try:
        inputs.click(widget_pixel(base, app.menu.recent_button))
        assert app.menu is None and app.recent is not None
        yield SimpleNamespace(app=app, inputs=inputs, files=files)
    finally:
        app.destroy()
        inputs.close()


def test_unfinished_matches_are_marked_and_shotless_ones_left_out(recent_page):
    files = recent_page.files
    lines = [button.component("text0").getText() for button in recent_page.app.recent.buttons]
    # Newest first; "No"/"Shot" and "Em"/"Pty" (no shot) are not there though newer.
    assert [line.split("   ")[2] for line in lines] == [
        files[names][1] for names in (("Fin", "Ished"), ("Half", "Way"), ("Re", "Match"),
                                      ("Ra", "Ce"))]
    finished, half_way, rematch, race = lines
    assert "unfinished" not in finished and finished.endswith("1 shot")
    # Left after the break; left right after a decided game, in the next one.
    assert half_way.endswith("1 shot   (unfinished)")
    assert rematch.endswith("1 shot   (unfinished)")
    # A race to 3 left after its first frame: decided frame, undecided match.
    assert race.endswith("1 shot   (unfinished)")
    assert all(os.path.exists(path) for path, _ in files.values())   # listed or not, kept


def test_the_viewer_says_escape_goes_back_to_the_list_and_it_does(recent_page, base):
    app, inputs = recent_page.app, recent_page.inputs
    inputs.click(widget_pixel(base, app.recent.buttons[0]))       # the newest match
    viewer = app.viewer
    assert viewer is not None and app.recent is None
    assert viewer.help.getText().endswith("wheel up/wheel down zoom   Esc back to the list")
    inputs.key("escape")
    assert app.viewer is None and app.recent is not None


def test_the_stand_alone_viewer_says_escape_quits(base, recent_page):
    path, _ = recent_page.files[("Half", "Way")]
    viewer = ReplayViewer(base, load_replay(path), use_shaders=False)
    try:
        assert viewer.help.getText().endswith("wheel up/wheel down zoom   Esc quit")
    finally:
        viewer.destroy()


def test_leaving_a_match_says_what_is_kept_and_keeps_it_unfinished(base, tmp_path):
    folder = tmp_path / "replays"
    inputs = Input(base)
    app = _app(base, tmp_path, folder)
    try:
        inputs.key("enter")                                         # Play
        screen = app.screen
        inputs.key("escape")
        assert screen.flow._dialog.title.getText() == "Leave the match?"
        assert screen.flow._dialog.text.getText() == (
            "Nothing has been shot yet: this match will not be kept.")
        inputs.key("n")
        robot = Robot(screen, inputs)
        base.win.setActive(False)               # no drawing needed: input and tasks run
        try:
            while robot.shots < 1 or screen.flow.state == "Playing":
                robot.play_turn()
        finally:
            base.win.setActive(True)
        assert not screen.session.state.game_over
        inputs.key("escape")
        assert screen.flow._dialog.text.getText() == (
            "What was played is kept in Recent matches, marked unfinished.")
        inputs.key("y")
        inputs.click(widget_pixel(base, app.menu.recent_button))
        (row,) = app.recent.buttons
        assert row.component("text0").getText().endswith("(unfinished)")
    finally:
        app.destroy()
        inputs.close()
