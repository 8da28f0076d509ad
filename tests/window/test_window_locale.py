"""A new player whose system speaks Croatian, or Spanish, reads no English word on the
screens of a first match: the game started in a real window with nothing kept (fresh
settings, data and cache) and the system's locale set to hr_HR or es_ES, the welcome
offer, the start menu and its pages (Graphics, Play online, Drills, Statistics, Recent
matches), a 9-ball match to a foul and its ruling, the help (F1), the shot log (L), the
rules (F2) and the leave dialog (Esc), every text drawn on each read from the screen
probe.

"English" is measured against the game's own words: every word of the catalog's English
sentences (the msgids) that the translator of the language did not write in a sentence
of their own (a word of a msgstr that its msgid lacks) or in the language's rule book.
Key names and "push out" are English in every language on purpose (docs/glossary.*.md:
as printed on the keys, the glossaries' term); the game's name, a file format (CSV) and a
command to type are names; "vertical" is Spanish too. Those are the only exceptions."""
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from driver import text_matching, texts
from test_window_language import GRAZING_THE_ONE, start, words

import game
from game.i18n import DOMAIN

SIZE = (800, 450)
GAME = Path(game.__file__).resolve().parent
LOCALES = {"hr": "hr_HR.UTF-8", "es": "es_ES.UTF-8"}
# English on purpose in every language: the key names (written as printed on the keys),
# the glossaries' "push out", the game's name.
KEPT = {"esc", "space", "enter", "shift", "ctrl", "tab", "home", "end", "page", "up", "down",
        "push", "out", "breakshot", "csv"}
# Words of the language spelt as in English, that its translator wrote only beside the
# same English word ("sincronización vertical" for "vertical sync").
SAME = {"hr": set(), "es": {"vertical"}}
# A command the player types ("python -m game.server") is a name, not words.
COMMAND = re.compile(r"python -m [\w.]+")


def tokens(text: str) -> list:
    """The words of `text`, lower case: runs of letters, split at hyphens; a run with a
    digit or an underscore ("9-ball", "nine_with_cue_never_loses", "F1") is a name or
    a number, not a word. Panda3D's style markers (\1name\1 ... \2) are not drawn."""
    found = []
    text = COMMAND.sub(" ", re.sub(r"\x01[^\x01]*\x01|\x02", " ", text))
    for run in re.findall(r"[\w-]+", text):
        if re.search(r"[\d_]", run):
            continue
        found += [part.lower() for part in run.split("-") if len(part) > 1]
    return found


def _strings(value) -> tuple:
    return tuple(value) if isinstance(value, (tuple, list)) else (value,)


def english_words(language: str) -> set:
    """The words of the catalog's English sentences that are not words of `language`
    (see the module's docstring)."""
    def placeholders_out(text: str) -> str:
        return re.sub(r"\{[^}]*\}|%\([^)]*\)\w|%\w", " ", text)
    path = GAME / "locale" / language / "LC_MESSAGES" / f"{DOMAIN}.po"
    with open(path, "rb") as handle:
        catalog = read_po(handle)
    english, own = set(), set()
    for message in catalog:
        if not message.id:
            continue
        source = {w for s in _strings(message.id) for w in tokens(placeholders_out(s))}
        english |= source
        own |= {w for s in _strings(message.string)
                for w in tokens(placeholders_out(s))} - source
    own |= set(tokens((GAME / "rules" / f"rules.{language}.md").read_text()))
    return english - own - KEPT - SAME[language]


def english_on(shot: dict, english: set) -> list:
    """(word, text) for every English word in a text drawn on `shot`."""
    return [(w, t) for t in texts(shot) for w in tokens(t) if w in english]


def test_the_english_words_are_measured_against_the_translators_words():
    """The measure itself: the words it must catch are in it, the words of the language
    that English shares are not."""
    for language in LOCALES:
        english = english_words(language)
        assert {"player", "foul", "the", "rules", "help", "leave", "match", "shot"} <= english
        assert len(english) > 700, len(english)
        assert not KEPT & english
    assert "a" not in english_words("hr") and "no" not in english_words("es")


@pytest.mark.parametrize("language", list(LOCALES))
def test_a_new_player_in_the_systems_language_reads_no_english(open_window, keep_shot,
                                                               language):
    locale = LOCALES[language]
    english = english_words(language)
    window = open_window(size=SIZE, env={"LANG": locale, "LC_ALL": locale,
                                         "LC_MESSAGES": locale, "LANGUAGE": language})
    read = {}

    def read_screen(name: str, shot: dict) -> None:
        read[name] = shot
        keep_shot(window, f"{language}-{name}")

    # The first start: the welcome offer in the language, then the menu.
    welcome = window.wait_text("^" + re.escape(words(language, "Welcome to Breakshot")) + "$",
                               60)
    read_screen("welcome", welcome)
    window.key("Escape")
    menu = window.wait_text("^" + start(language, "Play  [Enter]") + "$", 20)
    read_screen("menu", menu)
    # The menu's pages, each opened by its button and left with Esc.
    back = "^" + re.escape(words(language, "Back  [Esc]")) + "$"
    for name, button in (("graphics", "Graphics"), ("online", "Play online"),
                         ("drills", "Drills"), ("statistics", "Statistics"),
                         ("recent", "Recent matches")):
        window.click_text("^" + re.escape(words(language, button)) + "$")
        read_screen(name, window.wait_text(back, 30))
        window.key("Escape")
        window.wait_for(lambda s: text_matching(s, back) is None, 30, f"the {name} page to close")
        window.wait_text("^" + start(language, "Play  [Enter]") + "$", 20)
    # 9-ball (the menu's first game): the break put down and struck to a foul.
    window.click_text("^" + start(language, "Play  [Enter]") + "$")
    window.wait_text(start(language, "Mouse or {moves} (Shift: fine): move the cue ball   "
                                     "Click or {put}: put it down   {view}: view   "
                                     "{concede}: concede   "), 60)
    window.key("Return")
    aiming = window.wait_text(start(language, "Hold {key}, release: shoot"), 30)
    read_screen("aiming", aiming)
    presses, hold_s = GRAZING_THE_ONE
    for _ in range(presses):
        window.key("Left")
    window.hold("space", hold_s)
    ruling = window.wait_text(start(language, "Foul: {fouls}."), 120)
    read_screen("ruling", ruling)
    assert text_matching(ruling, re.escape(words(language, "Player 2")))
    # The panels over it, each opened and closed by its key.
    for name, key, title, close in (("help", "F1", "Controls", "F1"),
                                    ("log", "l", "Shot log: this frame", "l"),
                                    ("rules", "F2", "Rules: {game}", "Escape")):
        window.key(key)
        read_screen(name, window.wait_text("^" + start(language, title), 30))
        window.key(close)
        window.wait_for(lambda s, t=title: text_matching(s, "^" + start(language, t)) is None,
                        30, f"the {name} panel to close")
    window.key("Escape")
    leave = window.wait_text("^" + re.escape(words(language, "Leave the match?")) + "$", 30)
    read_screen("leave", leave)
    found = {name: english_on(shot, english) for name, shot in read.items()}
    assert not any(found.values()), {name: f for name, f in found.items() if f}
