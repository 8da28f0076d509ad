"""The seats' default names: untouched, "Player 1" and "Player 2" are shown in the
language spoken (the menu's name entries, the match's title, panels, turn line and
dialogs), and kept as the English defaults in the settings, the replay and on the
network, as every version kept them; a typed name is shown and kept exactly as typed.
A settings file or replay an older version wrote with "Player 1" reads as the default."""
import json
import time
import zipfile

import pytest

from game import settings as S
from game.i18n import LANGUAGES, current_language, use_language
from game.net.client import MatchClient
from game.view.launcher import BreakshotApp
from robot import Input
from test_online import server  # noqa: F401  (the match server fixture)

# The defaults as each language's glossary writes a seat ("igrač 1, 2", "jugador 1, 2").
SHOWN = {"en": ("Player 1", "Player 2"), "hr": ("Igrač 1", "Igrač 2"),
         "es": ("Jugador 1", "Jugador 2")}
TYPED = "Žana Ćirić"           # a typed name, with letters of both languages' alphabets


@pytest.fixture
def speaking():
    before = current_language()
    yield use_language
    use_language(before)


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_a_default_name_is_shown_in_the_language_and_kept_in_english(speaking, language):
    speaking(language)
    assert tuple(S.shown_name(n) for n in S.DEFAULT_NAMES) == SHOWN[language]
    for seat, shown in enumerate(SHOWN[language]):
        assert S.typed_name(shown, seat) == S.DEFAULT_NAMES[seat]      # left as shown
        assert S.typed_name("   ", seat) == S.DEFAULT_NAMES[seat]      # erased
    # An older version's file: the English default reads as the default.
    assert S.typed_name("Player 2", 1) == "Player 2"
    assert S.shown_name("Player 2") == SHOWN[language][1]
    # Anything typed is kept and shown as typed, the other seat's default included.
    for typed in (TYPED, "Player 3", "player 1", SHOWN["hr"][0] + "x"):
        assert S.typed_name(typed, 0) == typed and S.shown_name(typed) == typed


def _app(base, tmp_path, language: str, names=S.DEFAULT_NAMES, **kwargs) -> BreakshotApp:
    path = tmp_path / "settings.json"
    S.save(S.Settings(language=language, names=names), path)
    return BreakshotApp(base, settings_path=path, seed=1, use_shaders=False,
                        replay_dir=tmp_path / "replays", sound_root=tmp_path / "sounds",
                        practice_dir=tmp_path / "practice", offer_guide=False, **kwargs)


def _drawn(root) -> str:
    """Every text drawn under `root`, one per line."""
    return "\n".join(path.node().getText() for path in root.findAllMatches("**/+TextNode")
                     if not path.isHidden())


@pytest.mark.parametrize("language", ["hr", "es"])
def test_a_new_players_match_names_the_seats_in_the_language_and_the_replay_keeps_them(
        base, tmp_path, speaking, language):
    """A first start in `language`: the menu's entries show the defaults in it; the first
    seat left untouched, a name typed for the second; Play. The HUD and the leave dialog
    say the default in the language and the typed name as typed, nowhere "Player"; the
    settings file and the replay, written as the match starts, keep "Player 1" and the
    typed name exactly."""
    app = _app(base, tmp_path, language)
    inputs = Input(base)
    try:
        menu = app.menu
        assert [entry.get() for entry in menu.names] == list(SHOWN[language])
        menu.names[1].set(TYPED)
        inputs.key("enter")                                             # Play
        screen = app.screen
        assert screen is not None and screen.session.names == ("Player 1", TYPED)
        base.graphicsEngine.renderFrame()
        hud = screen.hud
        assert hud.players[0].name.getText().endswith(SHOWN[language][0])
        assert hud.players[1].name.getText().endswith(TYPED)
        title = hud.title.getText()
        assert SHOWN[language][0] in title and TYPED in title, title
        inputs.key("escape")                                            # Leave the match?
        drawn = _drawn(base.aspect2d)
        assert SHOWN[language][0] in drawn and "Player" not in drawn, drawn
        saved = json.loads((tmp_path / "settings.json").read_text())
        assert saved["names"] == ["Player 1", TYPED]
        replay, = (tmp_path / "replays").glob("*")
        with zipfile.ZipFile(replay) as archive:
            manifest = json.loads(archive.read("replay.json"))
        assert manifest["match"]["players"] == ["Player 1", TYPED]
    finally:
        app.destroy()
        app.statistics.close()
        inputs.close()


def test_an_older_settings_file_with_the_english_defaults_shows_them_translated(
        base, tmp_path, speaking):
    """A settings file that says "Player 1", "Player 2" (as every version wrote it) read
    by a Croatian game: the menu's entries in Croatian, the file unchanged by reading."""
    app = _app(base, tmp_path, "hr", names=("Player 1", "Player 2"))
    try:
        assert [entry.get() for entry in app.menu.names] == list(SHOWN["hr"])
        assert app.menu.settings().names == ("Player 1", "Player 2")
        # A click on the language button: the entries follow the language.
        app.menu.next_language()
        assert [entry.get() for entry in app.menu.names] == \
            list(SHOWN[current_language()])
    finally:
        app.destroy()
        app.statistics.close()


@pytest.mark.parametrize("name", ["", TYPED])
def test_the_online_opponent_receives_the_default_in_english_or_the_name_as_typed(
        base, tmp_path, speaking, server, name):
    """Hosted from the Play online page of a Spanish game, the name entry left as it
    shows ("Jugador 1") or with a name typed: the joining opponent's client receives
    "Player 1" (its own language shows it) or the typed name exactly."""
    app = _app(base, tmp_path, "es", online_seat_path=tmp_path / "seat.json")
    inputs = Input(base)
    joiner = None
    try:
        app.show_online(app.settings)
        assert app.lobby.name.get() == SHOWN["es"][0]
        if name:
            app.lobby.name.set(name)
        app.lobby.address.set(f"127.0.0.1:{server}")
        app.lobby.host()
        deadline = time.monotonic() + 120.0

        def step_until(condition, what: str) -> None:
            while not condition():
                assert time.monotonic() < deadline, what
                inputs.step()
                time.sleep(0.002)
        step_until(lambda: app.lobby.client is not None and app.lobby.client.code,
                   "no match code")
        joiner = MatchClient(f"ws://127.0.0.1:{server}", "Opp", resume_for=0.0)
        joiner.connect()
        joiner.join(app.lobby.client.code)
        step_until(lambda: joiner.poll() is not None and joiner.session is not None,
                   "the match did not start")
        assert joiner.session.names == (name or "Player 1", "Opp")
    finally:
        app.destroy()
        app.statistics.close()
        if joiner is not None:
            joiner.close()
        inputs.close()
