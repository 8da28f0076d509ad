"""The Rules screen: opened by the menu's Rules button (clicked where it is drawn) and by
F2 in the menu, a match and practice; it shows the rules of the game of the moment,
scrolls with the wheel, the arrows and Page Up/Down, keeps the keys from the screen
below while open, and Esc or F2 closes it, after which that screen responds again."""
import json

import pytest
from test_launcher import app  # noqa: F401  (the app fixture: menu, match, practice)
from view_helpers import widget_pixel

from game import settings as S
from game.view.ui.panels import VISIBLE_LINES


def lines(rules) -> list:
    return rules.text.split("\n")


def test_the_menus_rules_button_shows_the_chosen_games_rules_until_escape(app, base):
    application, _, inputs = app()
    menu = application.menu
    assert menu.mode == "nine_ball" and not menu.rules.shown
    inputs.click(widget_pixel(base, menu.rules_button))
    rules = menu.rules
    assert rules.shown
    assert "R9-01" in rules.text and "R8-" not in rules.text
    first = lines(rules)
    assert len(first) == VISIBLE_LINES
    inputs.key("arrow_down")
    assert lines(rules)[0] == first[1]
    inputs.key("arrow_up")
    assert lines(rules) == first
    inputs.key("wheel_down")                   # the pointer over the panel
    assert lines(rules)[0] == first[3]
    inputs.key("wheel_up")
    inputs.point((1, base.win.getYSize() // 2))      # and beside it
    inputs.key("wheel_down")
    assert lines(rules)[0] == first[3]
    inputs.key("wheel_up")
    inputs.key("page_down")
    assert lines(rules)[0] == first[VISIBLE_LINES - 2]
    inputs.key("page_up")
    assert lines(rules) == first
    inputs.key("enter")                        # the menu's Play: not while the rules are open
    assert application.screen is None and rules.shown
    inputs.key("escape")
    assert not rules.shown and rules.text == ""
    inputs.key("enter")                        # the menu responds again
    assert application.screen is not None and application.menu is None


def test_eight_ball_rules_follow_the_menus_game_and_f2_toggles_them(app):
    application, _, inputs = app(json.dumps(S.to_dict(S.Settings(mode="eight_ball"))))
    menu = application.menu
    assert menu.mode == "eight_ball"
    inputs.key("f2")
    assert menu.rules.shown
    assert "R8-01" in menu.rules.text and "R9-" not in menu.rules.text
    titles = [t.node().getText() for t in menu.rules.panel.frame.findAllMatches("**/+TextNode")]
    assert "Rules: 8-Ball, red and yellow" in titles
    inputs.key("f2")
    assert not menu.rules.shown


@pytest.mark.parametrize("mode, shown, other", [("nine_ball", "R9-", "R8-"),
                                                ("eight_ball", "R8-", "R9-")])
def test_f2_in_a_match_shows_its_rules_and_esc_gives_the_match_its_keys_back(app, mode, shown,
                                                                            other):
    application, _, inputs = app(json.dumps(S.to_dict(S.Settings(mode=mode))))
    inputs.key("enter")                                             # Play
    screen = application.screen
    assert screen.session.mode == mode
    inputs.key("f1")
    assert any("F2" in line for line in screen.help_lines())
    assert "F2" in screen.panels.panels["help"].text
    inputs.key("f1")
    state = screen.flow.state
    inputs.key("f2")
    assert screen.rules.shown
    assert shown in screen.rules.text and other not in screen.rules.text
    first = lines(screen.rules)
    inputs.key("page_down")
    assert lines(screen.rules) != first
    inputs.key("escape")                        # closes the rules, does not leave the match
    assert not screen.rules.shown and screen.flow.state == state
    assert application.screen is screen
    inputs.key("escape")                        # the match responds: leave?
    assert screen.flow.state == "Confirm"
    inputs.key("n")
    assert screen.flow.state == state


def test_f2_in_practice_shows_the_rules_of_the_table_in_play(app, base):
    application, _, inputs = app()
    inputs.click(widget_pixel(base, application.menu.practice_button))
    practice = application.practice
    assert practice is not None and practice.session.mode == "nine_ball"
    inputs.key("f2")
    assert practice.rules.shown and "R9-" in practice.rules.text
    inputs.key("g")                             # the other game: not while reading
    assert practice.session.mode == "nine_ball"
    inputs.key("f2")
    assert not practice.rules.shown
    inputs.key("g")
    assert practice.session.mode == "eight_ball"
    inputs.key("f2")
    assert "R8-" in practice.rules.text and "R9-" not in practice.rules.text
    inputs.key("escape")
    assert application.practice is practice
    inputs.key("escape")                        # practice responds: back to the menu
    assert application.practice is None and application.menu is not None


def test_the_document_becomes_lines_that_fit_the_panel():
    from game.rules import document
    from game.view.ui.rules_screen import HEADING_STYLE, RULES_WRAP, plain_lines
    text = "<!-- part: x -->\n## Part\n\n#### R9-01: A rule\nOne **short**\n`line`.\n"
    assert plain_lines(text) == [f"\1{HEADING_STYLE}\1PART\2", "",
                                 f"\1{HEADING_STYLE}\1R9-01: A rule\2", "One short line."]
    for mode in ("eight_ball", "nine_ball"):
        shown = plain_lines(document.part(document.rules_text(), mode))
        plain = [line.replace(f"\1{HEADING_STYLE}\1", "").replace("\2", "") for line in shown]
        assert max(len(line) for line in plain) <= RULES_WRAP
        marker = f"\1{HEADING_STYLE}\1"
        headings = [line for line in shown if line.startswith((marker + "R8-", marker + "R9-"))]
        assert len(headings) == len(document.rule_ids(document.part(document.rules_text(),
                                                                      mode)))
