"""Controls of one's own in a real window (issue 32, point 2), by real clicks and key
presses: the Controls page opened from the menu (its first section's heading drawn as
words, not as a row to click), the stroke's key changed to O with a key
press, a conflict refused in one sentence naming the other action (F1 too, which then
opens no help), the defaults back,
O chosen again, and a match played with it: the HUD and the F1 help say O, Space no
longer shoots, O does; the choice is in the settings file."""
import json
import time

from driver import close_welcome, find_text, start_nine_ball, text_matching

SIZE = (1280, 720)
SHOOT = r"^Power and strike \(hold, release\)$"


def _choose_key(window, action: str, key: str) -> None:
    window.click_text(action)
    window.wait_text(r"^Press the new key for")
    window.key(key)


def test_a_key_chosen_on_the_controls_page_plays_the_match(open_window, keep_shot):
    window = open_window(size=SIZE)
    close_welcome(window)
    window.click_text(r"^Controls$")
    window.wait_text(r"^Click an action, then press its new key")
    # The first section's heading: words drawn on the page, not a row to click.
    shot = window.wait_text(r"^Aiming and the stroke$")
    assert any(t["text"] == "Aiming and the stroke" for t in shot["texts"])
    assert not any(t["text"] == "Aiming and the stroke"
                   for widget in shot["clickable"] for t in widget["texts"])
    _choose_key(window, SHOOT, "o")
    window.wait_text("\u201cPower and strike \\(hold, release\\)\u201d: O\\.")
    keep_shot(window, "chosen")
    # O for the aim too: refused, in one sentence naming the stroke.
    _choose_key(window, r"^Aim left$", "o")
    shot = window.wait_text(r"^O already means")
    refusal = text_matching(shot, r"^O already means")
    assert refusal == ("O already means \u201cPower and strike (hold, release)\u201d; choose "
                       "another key for \u201cAim left\u201d, or change that one first.")
    keep_shot(window, "refused")
    # F1 while choosing: tried as the key (the help's, refused), the menu's help not opened.
    _choose_key(window, r"^Aim left$", "F1")
    shot = window.wait_text("^F1 already means \u201cHelp: the controls\u201d")
    assert text_matching(shot, r"Click a switch") is None, "the menu's help stayed shut"
    window.click_text(r"^Reset to defaults$")
    window.wait_text(r"^Every action has its default keys again\.$")
    settings = window.home / "config" / "breakshot" / "settings.json"
    assert json.loads(settings.read_text())["controls"]["bindings"] == {}
    _choose_key(window, SHOOT, "o")
    window.wait_text("\u201cPower and strike \\(hold, release\\)\u201d: O\\.")
    assert json.loads(settings.read_text())["controls"]["bindings"] == {"shoot": ["o"]}
    window.key("Escape")                               # back to the menu
    start_nine_ball(window, welcome=False, shoot_key="O")
    window.key("F1")
    shot = window.wait_text(r"Now:[\s\S]*Hold O, release: shoot")
    keep_shot(window, "help")
    window.key("F1")
    window.wait_for(lambda s: find_text(s, r"^Now:") is None, 20, "the help to close")
    window.hold("space", 0.6)                          # no longer the stroke's key
    time.sleep(1.0)
    assert text_matching(window.screen(), r"Hold O, release: shoot"), "still aiming"
    window.hold("o", 0.6)
    window.wait_text(r"skip to the end", 60)
