"""The statistics screen, reached with clicks on drawn buttons: a profile's record
rebuilt from the replays, a new profile created, picked for seat 1 of the menu, a match
played with it that reaches its statistics, and the CSV export."""
import csv

from game.profiles.seats import Seat, computer
from game.replay import Recorder
from game.session import Concede, GameSession, PlaceCueBall, Shoot
from game.view.launcher import BreakshotApp
from physics_ext import Stroke
from robot import Input
from view_helpers import render, widget_pixel

BREAK = Stroke(azimuth=0.0, elevation=0.0, side=0.0, height=0.0, speed=7.0)
ANN = Seat("profile", "Ann", "2026-04-30T10:00:00+00:00")


def break_and_concede(session):
    session.apply(PlaceCueBall((session.table.head_line_x - 0.1, session.table.width / 2)))
    session.apply(Shoot(BREAK))
    if not session.state.game_over:
        session.apply(Concede(session.shooter))


def test_profiles_statistics_and_a_match_played_as_a_profile(base, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DOCUMENTS_DIR", str(tmp_path / "documents"))
    folder = tmp_path / "replays"
    session = GameSession("nine_ball", ("Ann", "Computer"), seed=3)
    Recorder(session, directory=folder, seats=[ANN.to_plain(), computer("pro").to_plain()])
    break_and_concede(session)
    inputs = Input(base)
    app = BreakshotApp(base, settings_path=tmp_path / "settings.json", seed=5,
                       use_shaders=False, replay_dir=folder, sound_root=tmp_path / "sounds",
                       practice_dir=tmp_path / "practice", offer_guide=False)
    try:
        inputs.click(widget_pixel(base, app.menu.stats_button))
        screen = app.stats
        assert app.menu is None and screen is not None
        # Rebuilt from the replay on first opening: Ann's one frame against the pro.
        assert screen.seat == "profile:Ann"
        assert screen.stats.frames_won + screen.stats.frames_lost == 1
        assert [o for o, _, _ in screen.stats.opponents] == ["computer:pro"]
        assert screen.stats.rating is not None
        assert "Against Computer: pro" in screen.records_right.getText()
        image = render(base)
        assert image.getXSize() > 0 and screen.plot is not None

        screen.name_entry.enterText("  Cleo  ")
        inputs.click(widget_pixel(base, screen.create_button))
        assert screen.seat == "profile:Cleo" and "Cleo" in screen.notice.getText()
        screen.name_entry.enterText("cleo")
        inputs.click(widget_pixel(base, screen.create_button))
        assert "exists already" in screen.notice.getText()

        inputs.click(widget_pixel(base, screen.export_button))
        written = list((tmp_path / "documents").glob("breakshot_Cleo_nine_ball_*.csv"))
        assert len(written) == 1
        rows = list(csv.reader(written[0].open()))
        assert rows[0] == ["section", "key", "value"] and ["seat", "seat", "profile:Cleo"] in rows

        inputs.click(widget_pixel(base, screen.pick_buttons[0]))
        assert app.stats is None and app.menu is not None
        assert app.menu.names[0].get() == "Cleo" and app.menu.player_kinds[0] == "human"

        inputs.click(widget_pixel(base, app.menu.play_button))
        assert app.statistics.listener is not None
        assert app.statistics.listener.writer.seats[0] == "profile:Cleo"
        break_and_concede(app.screen.session)
        app.show_menu()
        inputs.click(widget_pixel(base, app.menu.stats_button))
        while app.stats.seat != "profile:Cleo":
            inputs.click(widget_pixel(base, app.stats.seat_button))
        assert app.stats.stats.frames_won + app.stats.stats.frames_lost == 1
    finally:
        app.destroy()
        app.statistics.close()
        inputs.close()
