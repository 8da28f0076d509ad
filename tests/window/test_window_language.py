"""The game in Croatian, then in Spanish, as a person switches it: the language button of
the start menu clicked in a real window, a match of each mode started by clicks, a foul
committed on the break, and its ruling read in that language on the HUD, as drawn: in
8-ball a soft break aimed past the rack (a failed break), in 9-ball a break that only
grazes the 1 and so drives fewer than four balls to a cushion (R9-10).

The fouls are chosen to hold at whatever power a loaded machine makes of the held Space
(the power follows the game's frame clock, so a short hold can measure a frame or two
long): aimed 8 degrees past the 8-ball rack, a break from the D fouls at every cue speed
from 0.3 to 6 m/s; aimed 1.5 degrees off the 1, a 9-ball break from the head spot fouls
at 44 of 45 speeds and racks tried (0.65 to 9 m/s, five rack seeds)."""
import gettext
import re
from pathlib import Path

from driver import find_text, text_matching

import game
from game.i18n import DOMAIN

SIZE = (800, 450)
LOCALE = Path(game.__file__).resolve().parent / "locale"


def words(language: str, message: str) -> str:
    """`message` as the catalog of `language` has it (the compiled one the game reads)."""
    return gettext.translation(DOMAIN, LOCALE, languages=[language]).gettext(message)


def start(language: str, message: str) -> str:
    """A pattern for the text of `message` in `language` up to its first field."""
    return re.escape(words(language, message).split("{")[0].strip())


# Left-arrow presses (0.5 degrees each) off the aim at the nearest ball, and how long
# Space is held (s): 8-ball past the rack, softly; 9-ball grazing the 1, about 1.35 m/s.
PAST_THE_RACK = (16, 0.05)
GRAZING_THE_ONE = (3, 0.4)


def play_a_foul_break(window, keep_shot, language: str, mode_title: str, stroke: tuple,
                      because: str) -> None:
    window.click_text(start(language, mode_title) + "$")
    window.wait_text(r"^\[x\]\s+" + start(language, mode_title), 20)
    window.click_text("^" + start(language, "Play  [Enter]") + "$")
    window.wait_text(start(language, "Mouse or {moves} (Shift: fine): move the cue ball   "
                                     "Click or {put}: put it down   {view}: view   "
                                     "{concede}: concede   "), 60)
    window.key("Return")                                    # the break, put down
    window.wait_text(start(language, "Hold {key}, release: shoot"), 30)
    presses, hold_s = stroke
    for _ in range(presses):
        window.key("Left")
    window.hold("space", hold_s)
    told = start(language, "Foul: {fouls}.")
    shot = window.wait_text(told, 120)
    keep_shot(window, f"ruling-{language}")
    ruling = text_matching(shot, told)
    assert words(language, because) in ruling, ruling
    assert words(language, because) != because, "the ruling is not in the language"


def test_the_menu_switches_to_croatian_then_spanish_and_the_rulings_follow(open_window,
                                                                          keep_shot):
    window = open_window(size=SIZE)
    window.wait_text("Welcome to Breakshot")
    window.key("Escape")
    window.wait_for(lambda s: find_text(s, "Welcome to Breakshot") is None, 20,
                    "the welcome dialog to close")
    window.click_text("^English$")
    menu = window.wait_text("^Hrvatski$", 20)
    assert text_matching(menu, "^" + start("hr", "Play  [Enter]") + "$")
    assert not text_matching(menu, r"^Play  \[Enter\]$")
    keep_shot(window, "menu-hr")
    play_a_foul_break(window, keep_shot, "hr", "8-Ball, red and yellow", PAST_THE_RACK,
                      "failed break")
    window.close()

    # The choice was kept: the next start speaks Croatian, and one click makes it Spanish.
    window = open_window(size=SIZE)
    window.click_text("^Hrvatski$", 60)
    window.wait_text("^Español$", 20)
    keep_shot(window, "menu-es")
    play_a_foul_break(window, keep_shot, "es", "9-Ball", GRAZING_THE_ONE,
                      "fewer than four balls to a cushion on the break")
