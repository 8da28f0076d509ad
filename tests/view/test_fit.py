"""Every label of the start menu, the match HUD, its dialogs and panels (leave, concede,
game over, the questions about the table, help, shot log, rules) and the Graphics page
fits its place in each language: Croatian and Spanish run longer than English. Widths
are measured with the font and scale each widget draws with, in aspect2d units (the menu
and the page are laid out in them, the same at every window size and UI scale); the
pages' frames are measured in the window at each UI scale (test_ui_scale.py), and the
HUD, the dialogs and panels in pixels at each window and UI scale of
ui_scales.SCALE_CASES. The first start's welcome offer hides the menu behind its panel
whole and dims the rest evenly."""
import itertools

import numpy as np
import pytest
from panda3d.core import PGItem, Point3, TextNode

from game import settings as S
from game.i18n import LANGUAGES
from game.profiles.book import write_profiles
from game.profiles.seats import Seat
from game.view.launcher import BreakshotApp
from game.view.menu.start_menu import STATS_POS
from game.view.menu.welcome import BACKDROP
from test_layout import NAMES, _px, _session, hud_texts, node_rect, overlap
from view_helpers import render

MARGIN = 0.03                  # aspect2d units kept clear between neighbours
FRAME_HALF_WIDTH = 1.25        # the menu's frame (start_menu.Menu)
EDGE_PX = 3                    # the welcome panel's edge pixels, blended with the menu
SAME = 2.5 / 255               # rendering noise between two frames of the same picture


def text_width(widget, scale: float) -> float:
    return widget.component("text0").textNode.calcWidth(widget["text"]) * scale


def _app(language: str, base, tmp_path, offer_guide: bool = False) -> BreakshotApp:
    path = tmp_path / "settings.json"
    S.save(S.Settings(language=language), path)
    app = BreakshotApp(base, settings_path=path, seed=1, use_shaders=False,
                       replay_dir=tmp_path / "replays", sound_root=tmp_path / "sounds",
                       practice_dir=tmp_path / "practice", offer_guide=offer_guide)
    # The database made ready: its rebuild writes no profiles file behind a test's back.
    app.statistics.connection()
    return app


@pytest.fixture(params=list(LANGUAGES))
def menu(request, base, tmp_path):
    app = _app(request.param, base, tmp_path)
    yield app.menu
    app.destroy()
    app.statistics.close()


@pytest.fixture(params=list(LANGUAGES))
def welcomed(request, base, tmp_path):
    """The app of a first start: the menu with the welcome offer over it."""
    app = _app(request.param, base, tmp_path, offer_guide=True)
    yield app
    app.destroy()
    app.statistics.close()


@pytest.mark.parametrize("size", [(1280, 720), (1024, 768)])
def test_the_menu_frame_fits_the_window(size):
    assert FRAME_HALF_WIDTH <= size[0] / size[1]


def test_every_menu_button_label_fits_its_button(menu):
    for button in (menu.play_button, menu.practice_button, menu.recent_button,
                   menu.rules_button, menu.quit_button, menu.graphics_button,
                   menu.language_button, menu.online_button, menu.drills_button,
                   menu.stats_button):
        left, right, _bottom, _top = button["frameSize"]
        assert text_width(button, button["text_scale"][0]) <= right - left - MARGIN, \
            button["text"]


def test_every_switch_ends_before_its_right_hand_neighbour(menu):
    rows = [list(menu.mode_toggles.values()), list(menu.aid_toggles.values()),
            list(menu.rule_toggles.values()), [menu.winner_breaks_toggle]]
    for row in rows:
        for toggle in row:
            x = toggle.button.getX()
            end = x + text_width(toggle.button, toggle.button.getScale()[0])
            # The column to its right starts at the next larger x of the switches beside
            # it; the rightmost column ends inside the frame.
            starts = sorted({t.button.getX() for t in row if t.button.getX() > x + 1e-6})
            limit = starts[0] if starts else FRAME_HALF_WIDTH
            assert end <= limit - MARGIN, toggle.button["text"]


def test_each_seats_profile_ends_before_its_neighbours_and_clears_the_rows(menu, base,
                                                                            tmp_path):
    write_profiles(tmp_path / "profiles.json",
                   [(Seat("profile", name, "2026-01-01T00:00:00+00:00"), "nine_ball")
                    for name in NAMES])
    for k, name in enumerate(NAMES):
        menu.names[k].enterText(name)
    for k, kind in enumerate(menu.kind_buttons):        # the longest kind, then human
        for _ in S.PLAYER_KINDS:
            kind.commandFunc(None)
    # Seat 1's ends before seat 2's column; seat 2's before the buttons on the right.
    for button, name, end in zip(menu.profile_buttons, NAMES, (0.1, STATS_POS[0] - 0.2)):
        assert name in button["text"]
        assert button.getX() + text_width(button, button.getScale()[0]) <= end - MARGIN, \
            button["text"]
    # Its own row: clear of the name, the kind above it and the rules below it.
    others = [*menu.names, *menu.kind_buttons, *menu.section_labels,
              *(t.button for t in menu.rule_toggles.values())]
    for button in menu.profile_buttons:
        mine = node_rect(base, button)
        assert not any(overlap(mine, node_rect(base, other)) for other in others), \
            button["text"]


COLUMN = -0.7                  # where the first column of every row starts
SLIDER_LEFT = -0.35            # the effects slider's left end (centre -0.05, half 0.3)


def test_every_row_name_ends_before_the_first_column(menu):
    assert menu.section_labels
    for label in menu.section_labels:
        width = label.textNode.calcWidth(label.text) * label.getScale()[0]
        assert -1.15 + width <= COLUMN - MARGIN, label.text


def test_the_volume_label_ends_before_its_slider(menu):
    label = menu.volume_label
    assert COLUMN + label.textNode.calcWidth(label.text) * label.getScale()[0] <= \
        SLIDER_LEFT - MARGIN, label.text


# ---- the match HUD -------------------------------------------------------------------
# The HUD is laid out in aspect2d units for the narrowest window (4:3); each text wraps
# at its widget's width and has a number of lines it may take (game/view/ui/layout.py).
# Every text is filled with the longest sentence it can show in the language, with the
# longest names allowed, and measured at each window and UI scale (ui_scales.SCALE_CASES):
# within its lines, inside the window, and clear of every other text.

HUD_LINES = {"title": 2, "turn": 2, "thinking": 1, "ruling": 3, "message": 2,
             "controls": 3, "elevation": 2, "tip": 1, "power": 1, "speed": 1, "aim": 1,
             "name 0": 1, "name 1": 1, "detail 0": 2, "detail 1": 2}


def longest(texts, scale: float, node) -> str:
    """The widest of `texts` drawn by `node`'s font at `scale`."""
    return max(texts, key=lambda t: node.textNode.calcWidth(t) * scale)


def hud_sentences(flow) -> dict:
    """{widget: [sentences]}: what each of the HUD's texts can show in the language now
    spoken, built from the same catalog sentences as the game builds them, with the
    longest values their fields take (NAMES, the yellow group, two visits)."""
    from game.i18n import _, ngettext
    from game.rules import BallInHand, Foul
    from game.session.describe import FOUL_TEXT, ZONE_TEXT, name_balls
    from game.view.match.flow import ZONE_RULE
    a, b = NAMES
    yellow = _("{name} (yellow)").format(name=b)
    zones = [_(z) for z in ZONE_TEXT.values()]

    def fouls(*which) -> str:
        """"Foul: ..." with the two longest of `which` (the fouls a mode rules)."""
        return _("Foul: {fouls}.").format(fouls=", ".join(
            sorted((_(FOUL_TEXT[f]) for f in which), key=len)[-2:]))

    def turn(player, zone) -> str:
        return _("{turn}.").format(turn=_("{turn}, {zone}").format(turn=player, zone=_(zone)))
    # 9-ball: two fouls, the warning, ball in hand; or two fouls on the break, the cue
    # ball behind the head string (no warning: the breaker has no foul before it).
    # 8-ball: two fouls, two visits, the cue ball in the D.
    nine = set(Foul) - {Foul.BLACK_FIRST, Foul.FAILED_BREAK, Foul.JUMPED_OVER_BALL,
                        Foul.OPPONENT_BALL_FIRST, Foul.OPPONENT_BALL_POTTED}
    eight = set(Foul) - nine | {Foul.CUE_BALL_OFF_TABLE, Foul.CUE_BALL_POTTED,
                                Foul.CUE_STRUCK_OTHER_BALL, Foul.DOUBLE_HIT, Foul.NO_CONTACT,
                                Foul.NO_CUSHION_AFTER_CONTACT, Foul.OBJECT_BALL_OFF_TABLE}
    to_play = _("{player} to play").format(player=b)
    rulings = [" ".join([fouls(*nine - {Foul.BREAK_TOO_FEW_CUSHION_BALLS}),
                         _("Warning: {name} is on two fouls.").format(name=a),
                         turn(to_play, ZONE_TEXT[BallInHand.ANYWHERE])]),
               " ".join([fouls(Foul.BREAK_TOO_FEW_CUSHION_BALLS, Foul.CUE_BALL_POTTED,
                               Foul.CUE_BALL_OFF_TABLE),
                         turn(to_play, ZONE_TEXT[BallInHand.BEHIND_HEAD_STRING])])]
    rulings += [" ".join([fouls(*eight), turn(_("{player} to play, two visits").format(
        player=yellow), ZONE_TEXT[zone])]) for zone in (BallInHand.D, BallInHand.D_OPTIONAL)]
    # With the balls potted named: a foul that pots three balls, the warning given; an
    # 8-ball foul that pots some of each colour; a run that goes on.
    rulings += [" ".join([fouls(Foul.CUE_BALL_POTTED, Foul.WRONG_BALL_FIRST),
                          _("Potted {balls}.").format(balls=name_balls("nine_ball", (2, 3, 4))),
                          _("Warning: {name} is on two fouls.").format(name=a),
                          turn(to_play, ZONE_TEXT[BallInHand.ANYWHERE])]),
                " ".join([fouls(Foul.OPPONENT_BALL_FIRST, Foul.CUE_BALL_POTTED),
                          _("Potted {balls}.").format(
                              balls=name_balls("eight_ball", (1, 2, 9, 10))),
                          turn(_("{player} to play, two visits").format(player=yellow),
                               ZONE_TEXT[BallInHand.D])]),
                " ".join([_("Potted {balls}.").format(balls=name_balls("nine_ball", (1, 2, 3))),
                          _("{turn}.").format(turn=_("{player} plays on").format(player=a))]),
                " ".join([_("Push out."),
                          _("{name} passes: {other} plays again from here.").format(
                              name=b, other=a)])]
    turns = [_("{who}: {zone}. Place the cue ball.").format(who=yellow, zone=zone)
             for zone in zones]
    turns += [_("{who}: play from here, or pass the shot back?").format(who=a),
              _("{who} potted both colours: choose a group.").format(who=a),
              _("{line}.").format(line=_("{line}; a push out may be declared").format(
                  line=_("{who} to play the {ball}").format(who=b, ball=9))),
              _("{line}.").format(line=_("{line} (may take the cue ball into the D)").format(
                  line=_("{who} to play the black").format(who=yellow)))]
    messages = [_("The cue ball cannot go there: it must be {where}, clear of the "
                  "other balls.").format(where=_(where)) for where in ZONE_RULE.values()]
    messages += [_("At this power the cue ball flies off the table."),
                 _("At this power the cue ball jumps over {balls}.").format(
                     balls=", ".join([_("the cue ball"), _("a yellow"), _("the black")])),
                 _("A push out may only be declared on the shot right after the break."),
                 _("Push out declared: P again to take it back."),
                 _("{name} declares a push out.").format(name=b)]
    replay = "   " + _("R: instant replay")
    _bindings, aiming = flow._aiming_keys()
    controls = [aiming + replay,
                _("Mouse or arrow keys (Shift: fine): move the cue ball   "
                  "Click or Enter: put it down   V: view   Q: concede   ")
                + _("B or Esc: leave it where it was") + replay,
                "   ".join([_("Free camera: drag to pan"), _("Mouse wheel: zoom"),
                            _("C, Esc or an aiming key: back to the aim")]),
                "   ".join([_("Pull the mouse back, push it through the ball: shoot"),
                            _("Let go of the button or Esc: cancel")])]
    details = [_("{detail} - WARNING: a third loses").format(
                   detail=_("fouls in a row: {count}").format(count=2)),
               _("{detail}  -  2 visits").format(
                   detail=ngettext("{group}: {count} left", "{group}: {count} left", 7).format(
                       group=_("yellow"), count=7))]
    return {"ruling": rulings, "turn": turns, "message": messages, "controls": controls,
            "detail": details}


class LongRace:
    """A race as hud_text.title reads it, at its longest."""
    frames_to_win = 15
    frame_number = 29


def fill_in_language(screen):
    from game.view.match import hud_text
    from game.view.match.hud_text import PlayerPanel
    hud = screen.hud
    said = hud_sentences(screen.flow)
    hud.title.setText(hud_text.title(screen.session, LongRace()))
    hud.turn.setText(longest(said["turn"], hud.turn.getScale()[0], hud.turn))
    hud.set_ruling(longest(said["ruling"], hud.ruling.getScale()[0], hud.ruling))
    hud.say(longest(said["message"], hud.message.getScale()[0], hud.message))
    hud.set_controls(longest(said["controls"], hud.controls.getScale()[0], hud.controls))
    hud.show_thinking(NAMES[1], 1.0)
    for k, box in enumerate(hud.players):
        detail = longest(said["detail"], box.detail.getScale()[0], box.detail)
        box.set(PlayerPanel(NAMES[k], detail, at_table=k == 0, warning=True))
    hud.show_aiming(-0.55, -0.65, 35.0, True, 1.0, 359.9)


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_every_hud_text_fits_its_lines_and_clears_the_others(base, ui_scaled, language):
    from game import i18n
    from game.settings import Aids
    from game.view.match.play import GameScreen
    i18n.use_language(language)
    screen = GameScreen(base, _session("nine_ball"), Aids(), lambda: None, use_shaders=False,
                        shadow_size=256)
    try:
        fill_in_language(screen)
        base.graphicsEngine.renderFrame()
        texts = hud_texts(screen.hud)
        for name, node in texts.items():
            rows = node.textNode.getNumRows()
            assert rows <= HUD_LINES[name], f"{language} {name}: {rows} lines: {node.getText()}"
        rects = {name: node_rect(base, node) for name, node in texts.items()}
        w, h = base.win.getXSize(), base.win.getYSize()
        for name, (x0, y0, x1, y1) in rects.items():
            assert 0 <= x0 and x1 <= w and 0 <= y0 and y1 <= h, f"{language} {name} leaves"
        for (a, ra), (b, rb) in itertools.combinations(rects.items(), 2):
            assert not overlap(ra, rb), f"{language} {ui_scaled}: {a} {ra} overlaps {b} {rb}"
    finally:
        screen.destroy()


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_the_balls_left_fit_each_players_panel_under_its_words(base, ui_scaled, language):
    """The most balls a panel shows (the 8-ball open table: 15; the 9-ball rack: 9, the
    lowest ringed), under the longest name and a two-line detail: inside the panel's
    box and the top strip, clear of the panel's words."""
    from game import i18n
    from game.settings import Aids
    from game.view.match.hud_text import PlayerPanel
    from game.view.match.play import GameScreen
    from game.view.ui.layout import TOP_STRIP
    i18n.use_language(language)
    screen = GameScreen(base, _session("nine_ball"), Aids(), lambda: None, use_shaders=False,
                        shadow_size=256)
    try:
        fill_in_language(screen)
        racks = (("nine_ball", tuple(range(1, 10)), frozenset({1})),
                 ("eight_ball", tuple(range(1, 8)) + tuple(range(9, 16)) + (8,), frozenset()))
        for box, (mode, balls, marked) in zip(screen.hud.players, racks):
            box.set(PlayerPanel(box.name.getText(), box.detail.getText(), True, True, balls,
                                marked), mode)
            assert len(box.balls.shown) == len(balls)
        base.graphicsEngine.renderFrame()
        h = base.win.getYSize()
        for k, box in enumerate(screen.hud.players):
            assert box.detail.textNode.getNumRows() == 2, box.detail.getText()
            row, frame = node_rect(base, box.balls.root), node_rect(base, box.frame)
            assert frame[0] <= row[0] and row[2] <= frame[2], f"{language} {k}: {row} {frame}"
            assert frame[1] <= row[1] and row[3] <= frame[3], f"{language} {k}: {row} {frame}"
            assert row[3] <= h * TOP_STRIP * ui_scaled.scale / 2 + 1, \
                f"{language} {k}: below the top strip"
            for words in (box.name, box.detail):
                assert not overlap(row, node_rect(base, words)), \
                    f"{language} {k}: {row} overlaps {words.getText()}"
    finally:
        screen.destroy()


def assert_dialog_fits(base, dialog, label: str, lines: int = 2) -> None:
    """`dialog` (game.view.ui.dialogs.Dialog) as drawn: its sentence within `lines`
    lines, the panel inside the window, each part (title, sentence, note, buttons) inside
    the panel and clear of the others, each button's label inside its button."""
    base.graphicsEngine.renderFrame()
    assert dialog.text.textNode.getNumRows() <= lines, (label, dialog.text.getText())
    frame = node_rect(base, dialog.frame)
    w, h = base.win.getXSize(), base.win.getYSize()
    assert 0 <= frame[0] and frame[2] <= w and 0 <= frame[1] and frame[3] <= h, label
    parts = {"title": dialog.title, "text": dialog.text, "note": dialog.note}
    parts.update({f"button {k}": b for k, b in enumerate(dialog.buttons)})
    rects = {name: node_rect(base, node) for name, node in parts.items()
             if name.startswith("button") or node.getText().strip()}
    for name, (x0, y0, x1, y1) in rects.items():
        assert frame[0] <= x0 and x1 <= frame[2] and frame[1] <= y0 and y1 <= frame[3], \
            f"{label}: {name} leaves the panel"
    for (a, ra), (b, rb) in itertools.combinations(rects.items(), 2):
        assert not overlap(ra, rb), f"{label}: {a} {ra} overlaps {b} {rb}"
    for button in dialog.buttons:
        left, right, _bottom, _top = button["frameSize"]
        assert text_width(button, button["text_scale"][0]) <= right - left - MARGIN, \
            (label, button["text"])


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_a_question_about_the_table_fits_its_docked_panel(base, ui_scaled, language):
    """Play or pass and the group choice, with the longest names: the sentence within
    two lines, each part inside the panel and clear of the others, the labels inside
    their buttons, the panel in the window's bottom strip."""
    import dataclasses
    from game import i18n
    from game.rules import Player
    from game.settings import Aids
    from game.view.match.play import GameScreen
    from game.view.ui.layout import BOTTOM_STRIP
    i18n.use_language(language)
    plain = _session("nine_ball")
    questions = [dataclasses.replace(plain.state, option_pending=Player.B, shooter=Player.B)]
    eight = _session("eight_ball")
    questions.append(dataclasses.replace(eight.state, group_choice_pending=True,
                                         is_break=False))
    for session, state in ((plain, questions[0]), (eight, questions[1])):
        session.state = state
        screen = GameScreen(base, session, Aids(), lambda: None, use_shaders=False,
                            shadow_size=256)
        try:
            dialog = screen.flow._dialog
            assert screen.flow.state == "Choosing" and dialog.docked
            assert_dialog_fits(base, dialog, f"{language} {ui_scaled}")
            frame = node_rect(base, dialog.frame)
            assert frame[1] >= base.win.getYSize() * (1 - BOTTOM_STRIP * ui_scaled.scale / 2) - 1, \
                "in the bottom strip"
        finally:
            screen.destroy()


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_the_match_dialogs_fit_their_panel(base, ui_scaled, language):
    """The questions in the middle of the screen, with the longest names: leave the
    match (its two sentences: a match with a shot, and one without), concede, the game
    over with the longest way a game ends in the language, and in a race the frame's and
    the match's end."""
    import dataclasses
    from game import i18n
    from game.rules import Player
    from game.session.describe import END_TEXT
    from game.settings import Aids
    from game.view.match.play import GameScreen
    i18n.use_language(language)
    label = f"{language} {ui_scaled}"
    screen = GameScreen(base, _session("nine_ball"), Aids(), lambda: None,
                        use_shaders=False, shadow_size=256)
    try:
        flow = screen.flow
        for ask in (flow._leave, flow._concede):
            if flow.state != "Aiming":
                flow.demand("Aiming")
            ask("Aiming")
            assert flow.state == "Confirm"
            assert_dialog_fits(base, flow._dialog, f"{label} {ask.__name__}")
            if ask == flow._leave:        # the other sentence, said once a shot is played
                flow._dialog.text.setText(_translated(
                    "What was played is kept in Recent matches, marked unfinished."))
                assert_dialog_fits(base, flow._dialog, f"{label} leave after a shot")
        # The longest way a game ends, in this language, won by the longest name.
        node = flow._dialog.text
        reason = max(END_TEXT, key=lambda r: node.textNode.calcWidth(
            _translated(END_TEXT[r]).format(winner=NAMES[1])))
        session = screen.session
        session.state = dataclasses.replace(session.state, winner=Player.B,
                                            end_reason=reason)
        session.games_won = [14, 14]
        flow.demand("GameOver")
        assert_dialog_fits(base, flow._dialog, f"{label} game over {reason.name}")
        # In a race to 15: a frame won (the score, the next frame), then the match (a
        # line of figures per player, at their widest).
        for over in (False, True):
            screen.race = FinishedRace(over)
            flow.demand("Aiming")
            flow.demand("GameOver")
            assert_dialog_fits(base, flow._dialog, f"{label} race over={over}",
                               lines=4 if over else 2)
    finally:
        screen.destroy()


class FinishedRace:
    """A race to 15 at its longest in words, as the game-over dialog reads it
    (game.race.Race: over, winner, frame_number, frames_to_win, summary())."""
    frames_to_win = 15
    frame_number = 29
    winner_breaks = False

    def __init__(self, over: bool):
        import types
        from game.rules import Player
        self.over = over
        self.winner = Player.B if over else None
        figures = types.SimpleNamespace(frames_won=15, shots=999, balls_potted=999,
                                        longest_run=15, fouls={"any": 99})
        self._summary = types.SimpleNamespace(players=(figures, figures))

    def summary(self):
        return self._summary


def _translated(message: str) -> str:
    from game.i18n import _
    return _(message)


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_the_help_log_and_rules_panels_keep_their_words_inside(base, ui_scaled, language):
    """F1's help, L's shot log and F2's rules over a match: the title, every line shown
    and the footer inside the panel and the window, clear of each other, the footer
    saying how many lines are above and below (the rules are longer than a panel)."""
    from game import i18n
    from game.settings import Aids
    from game.view.match.play import GameScreen
    i18n.use_language(language)
    screen = GameScreen(base, _session("nine_ball"), Aids(), lambda: None,
                        use_shaders=False, shadow_size=256)
    try:
        fill_in_language(screen)
        panels = screen.panels
        for name in ("help", "log"):
            panels.toggle(name)
            panel = panels.panels[name]
            panel.scroll(1)                     # a footer, if there is more than a page
            _assert_panel_fits(base, f"{language} {ui_scaled} {name}", panel)
            panels.toggle(name)
        screen.rules.open()
        panel = screen.rules.panel
        panel.scroll(3)
        assert panel.more.getText().strip(), "the rules run past one panel"
        _assert_panel_fits(base, f"{language} {ui_scaled} rules", panel)
        screen.rules.close()
    finally:
        screen.destroy()


def _assert_panel_fits(base, label: str, panel) -> None:
    base.graphicsEngine.renderFrame()
    frame = node_rect(base, panel.frame)
    w, h = base.win.getXSize(), base.win.getYSize()
    assert 0 <= frame[0] and frame[2] <= w and 0 <= frame[1] and frame[3] <= h, label
    words = [path for path in panel.frame.findAllMatches("**/+TextNode")
             if not path.isHidden() and path.node().getText().strip()]
    assert len(words) >= 2, label
    rects = {path.node().getText()[:40]: node_rect(base, path) for path in words}
    for text, (x0, y0, x1, y1) in rects.items():
        assert frame[0] <= x0 and x1 <= frame[2] and frame[1] <= y0 and y1 <= frame[3], \
            f"{label}: {text!r} leaves the panel"
    for (a, ra), (b, rb) in itertools.combinations(rects.items(), 2):
        assert not overlap(ra, rb), f"{label}: {a!r} {ra} overlaps {b!r} {rb}"


# ---- the Graphics page ---------------------------------------------------------------
GRAPHICS_FRAME = (-1.2, 1.2)      # the page's frame, left and right (graphics_page)


@pytest.fixture(params=list(LANGUAGES))
def graphics(request, base):
    from game import i18n
    from game.view.menu.graphics_page import GraphicsPage
    i18n.use_language(request.param)
    page = GraphicsPage(base, S.Settings(), lambda settings: None, lambda: None)
    yield page
    page.destroy()


def test_every_graphics_label_ends_before_its_control(graphics):
    from game.view.menu.graphics_page import COLUMN
    assert len(graphics.labels) >= 7
    for label in graphics.labels:
        width = label.textNode.calcWidth(label.text) * label.getScale()[0]
        assert COLUMN[0] + width <= COLUMN[1] - MARGIN, label.text


def test_every_graphics_choice_ends_inside_the_page(graphics):
    """Every value each cycling button can show, and every switch's label."""
    from game.settings import FPS_CAPS, MSAA_SAMPLES, QUALITY_PRESETS, RESOLUTIONS
    shown = []
    for _ in range(max(len(QUALITY_PRESETS), len(MSAA_SAMPLES), len(FPS_CAPS),
                       len(RESOLUTIONS))):
        for button, step in ((graphics.preset_button, graphics.next_preset),
                             (graphics.msaa_button, graphics.next_msaa),
                             (graphics.fps_button, graphics.next_fps_cap),
                             (graphics.resolution_button, graphics.next_resolution)):
            shown.append((button, button["text"]))
            step()
    for toggle in (graphics.shadows_toggle, graphics.vsync_toggle, graphics.fullscreen_toggle,
                   graphics.invert_toggle):
        shown.append((toggle.button, toggle.button["text"]))
    for button, text in shown:
        node = button.component("text0").textNode
        end = button.getX() + node.calcWidth(text) * button.getScale()[0]
        assert end <= GRAPHICS_FRAME[1] - MARGIN, text


def test_the_graphics_note_clears_the_back_button(base, graphics):
    note = graphics.note
    base.graphicsEngine.renderFrame()
    bounds = note.getTightBounds(graphics.frame)
    button = graphics.back_button
    left, right, bottom, top = button["frameSize"]
    assert bounds[0].x >= GRAPHICS_FRAME[0] and bounds[1].x <= GRAPHICS_FRAME[1], note.text
    assert bounds[0].z >= button.getZ() + top + 0.01, (note.text, bounds[0].z)


# ---- the Controls page ---------------------------------------------------------------
@pytest.mark.parametrize("language", list(LANGUAGES))
def test_every_controls_line_fits_the_page(base, language):
    """Every page of the Controls page, scrolled through: each action's name ends before
    its keys' column, its keys (and gamepad button) and each section's heading end
    inside the page's frame."""
    from game import controls, i18n
    from game.view.menu.controls_page import HEADING_X, KEYS_X, LABEL_X, SECTIONS, ControlsPage
    i18n.use_language(language)
    page = ControlsPage(base, S.Settings(), lambda settings: None, lambda: None)
    try:
        seen = {"action": 0, "heading": 0}
        while True:
            for button, keys, heading in page.rows:
                if not button.isHidden():
                    seen["action"] += 1
                    end = LABEL_X + text_width(button, button.getScale()[0])
                    assert end <= KEYS_X - MARGIN, (language, button["text"])
                for text, x in ((keys, KEYS_X), (heading, HEADING_X)):
                    if text.text:
                        seen["heading"] += text is heading
                        end = x + text.textNode.calcWidth(text.text) * text.getScale()[0]
                        assert end <= GRAPHICS_FRAME[1] - MARGIN, (language, text.text)
            top = page.top
            page.turn_page(1)
            if page.top == top:         # the last page
                break
        assert seen["action"] == len(controls.ACTIONS) and seen["heading"] >= len(SECTIONS)
    finally:
        page.destroy()
        i18n.use_language("en")


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_every_play_online_button_label_fits_its_button(base, tmp_path, language):
    """The Play online page's buttons, Resume match with the widest code included, hold
    their labels, and Resume ends clear of Host a match beside it."""
    from game.i18n import current_language, use_language
    from game.net.saved_seat import SavedSeat, save_seat
    from game.view.online.lobby import OnlineLobby
    path = tmp_path / "seat.json"
    save_seat(path, SavedSeat("ws://127.0.0.1:8765", "WWWWWW", 1, "ab" * 32, "Ann"))
    before = current_language()
    use_language(language)
    lobby = OnlineLobby(base, S.Settings(language=language), lambda client: None,
                        lambda: None, seat_path=path)
    try:
        buttons = (lobby.host_button, lobby.resume_button, lobby.join_button,
                   lobby.watch_button, lobby.back_button)
        for button in buttons:
            left, right, _bottom, _top = button["frameSize"]
            assert text_width(button, button["text_scale"][0]) <= right - left - MARGIN, \
                (language, button["text"])
            assert abs(button.getX()) + right <= FRAME_HALF_WIDTH, (language, button["text"])
        host, resume = lobby.host_button, lobby.resume_button
        assert host.getX() + host["frameSize"][1] + MARGIN <= \
            resume.getX() + resume["frameSize"][0]
    finally:
        lobby.destroy()
        use_language(before)


def _pixels(image) -> np.ndarray:
    w, h = image.getXSize(), image.getYSize()
    return np.array([[image.getXel(x, y) for x in range(w)] for y in range(h)])


def _widget_rects(base, root) -> list:
    """Pixel rectangles of every shown widget (a button's, a switch's or an entry's
    clickable frame) and line of words under `root`."""
    rects = []
    for path in root.findAllMatches("**"):
        if path == root or path.isHidden():
            continue
        node = path.node()
        if isinstance(node, PGItem):
            left, right, bottom, top = node.getFrame()
            corners = [base.aspect2d.getRelativePoint(path, Point3(x, 0, z))
                       for x in (left, right) for z in (bottom, top)]
        elif isinstance(node, TextNode):
            bounds = path.getTightBounds(base.aspect2d)
            corners = list(bounds) if bounds is not None else []
        else:
            continue
        if corners:
            xs, ys = zip(*(_px(base, c.x, c.z) for c in corners))
            if max(xs) > min(xs) and max(ys) > min(ys):
                rects.append((min(xs), min(ys), max(xs), max(ys)))
    return rects


def _rect_pixels(base, node):
    """(left, top, right, bottom) pixels of `node`'s frame in the window."""
    left, right, bottom, top = node["frameSize"]
    corners = [base.render2d.getRelativePoint(node, Point3(x, 0, z))
               for x in (left, right) for z in (bottom, top)]
    w, h = base.win.getXSize(), base.win.getYSize()
    xs = [(c.x + 1) / 2 * w for c in corners]
    ys = [(1 - c.z) / 2 * h for c in corners]
    return int(min(xs)) + 1, int(min(ys)) + 1, int(max(xs)) - 1, int(max(ys)) - 1


def test_the_welcome_panel_hides_the_menu_behind_it_and_dims_the_rest(welcomed, base):
    """The offer's panel is opaque (nothing of the menu shows through it: its pixels are
    the same with the menu hidden behind it) and lies over whole widgets of the menu (none
    shows half covered at its edges), the rest of the menu is dimmed evenly, clicks do not
    reach the menu, and its words fit its panel."""
    app = welcomed
    offer = app.offer
    assert offer is not None
    base.taskMgr.step()
    shown = _pixels(render(base))
    left, top, right, bottom = _rect_pixels(base, offer.frame)
    app.menu.frame.hide()
    alone = _pixels(render(base))
    app.menu.frame.show()
    inside = np.s_[top:bottom, left:right]
    assert np.max(np.abs(shown[inside] - alone[inside])) <= SAME
    # Outside the panel: the menu's words are there, dimmed by the backdrop evenly.
    offer.backdrop.hide()
    offer.frame.reparentTo(base.hidden)
    bare = _pixels(render(base))
    offer.frame.reparentTo(offer.backdrop)
    offer.backdrop.show()
    outside = np.ones(shown.shape[:2], dtype=bool)
    outside[top - EDGE_PX:bottom + EDGE_PX, left - EDGE_PX:right + EDGE_PX] = False
    keep = 1.0 - BACKDROP[3]
    assert np.allclose(shown[outside], bare[outside] * keep, atol=SAME + 1 / 255)
    assert bare[outside].max() > 0.5           # there was menu text to dim
    # No widget or line of words of the menu is partly under the panel: each is wholly
    # under it or clear of it.
    panel = node_rect(base, offer.frame)
    for rect in _widget_rects(base, app.menu.frame):
        inside = (panel[0] <= rect[0] and panel[1] <= rect[1] and rect[2] <= panel[2]
                  and rect[3] <= panel[3])
        assert inside or not overlap(rect, panel), (rect, panel)
    # The backdrop catches clicks everywhere; the panel's words fit inside it.
    assert offer.backdrop["state"] == "normal"
    half = (offer.frame["frameSize"][1] - offer.frame["frameSize"][0]) / 2
    for text in (offer.dialog.title, offer.dialog.text):
        node = text.textNode
        width = node.getWidth() * text.getScale()[0]
        assert width <= 2 * (half - MARGIN), text.getText()
