"""Counts in the player's language: every sentence with a count goes through ngettext, and
every plural entry of the catalogs gives the right form at 0, 1, 2, 5, 11, 21 and 101 in
Croatian (three forms: 1, 21, 101 / 2 / 0, 5, 11) and Spanish (1 / the rest), keeps its
placeholders in every form and leaves none empty. A scan of the source fails on a count
formatted into a single-form sentence ("{above} lines above", "{balls} balls")."""
import ast
import gettext
import re
from pathlib import Path

import pytest

import game
from game import catalogs, i18n

GAME = Path(game.__file__).resolve().parent
COUNTS = (0, 1, 2, 5, 11, 21, 101)
# The form each language's grammar asks for at each count: Croatian's singular (1, 21,
# 101), paucal (2) and genitive plural (0, 5, 11); Spanish's singular (1) and plural.
CROATIAN_FORM = {0: 2, 1: 0, 2: 1, 5: 2, 11: 2, 21: 0, 101: 0}
FIELD = re.compile(r"\{[a-z_0-9]*(?:![rsa])?(?::[^}]*)?\}|%\([a-z_]+\)[sdr]|%[sdr]")


def croatian_rule(n: int) -> int:
    """The Croatian plural rule as GNU gettext's manual gives it."""
    if n % 10 == 1 and n % 100 != 11:
        return 0
    if 2 <= n % 10 <= 4 and (n % 100 < 10 or n % 100 >= 20):
        return 1
    return 2


def plural_entries(language):
    return [m for m in catalogs.read(catalogs.po_path(language)) if isinstance(m.id, tuple)]


@pytest.fixture
def speaking(compiled, monkeypatch):
    monkeypatch.setattr(i18n, "LOCALE_DIR", compiled)

    def speak(language):
        assert i18n.use_language(language) == language
    yield speak
    monkeypatch.undo()
    i18n.use_language("en")


def test_the_croatian_catalog_declares_the_croatian_plural_rule():
    catalog = catalogs.read(catalogs.po_path("hr"))
    assert catalog.num_plurals == 3
    rule = gettext.c2py(catalog.plural_expr)        # as gettext reads the compiled header
    assert [n for n in range(0, 1201) if rule(n) != croatian_rule(n)] == []


def test_the_spanish_catalog_uses_the_singular_for_one_only():
    """Babel's Spanish header has CLDR's third form for whole millions ("1 millón de
    bolas"); in the game's counts only 1 takes the singular."""
    catalog = catalogs.read(catalogs.po_path("es"))
    rule = gettext.c2py(catalog.plural_expr)
    assert [n for n in range(0, 1201) if (rule(n) == 0) != (n == 1)] == []


def test_there_are_plural_entries_in_every_area():
    """The counts of the game, its refusals and its reports all reach the catalogs."""
    ids = {m.id[0] for m in plural_entries("hr")}
    for singular in ("{n} line above", "{n} frame won", "Best run: {balls} ball; "
                     "break-and-runs: {runs}", "Attempt over: {score} point.", "{n} byte",
                     "{n} pot layout", "{n} decision"):
        assert singular in ids
    assert len(ids) >= 60


@pytest.mark.parametrize("language", catalogs.TRANSLATED)
def test_every_form_of_every_count_is_there_and_keeps_its_placeholders(language):
    catalog = catalogs.read(catalogs.po_path(language))
    wrong = []
    for m in plural_entries(language):
        singular, plural = m.id
        forms = m.string
        if len(forms) != catalog.num_plurals or not all(forms):
            wrong.append((m.id, "missing form", forms))
            continue
        wanted_singular = set(FIELD.findall(singular))
        wanted_plural = set(FIELD.findall(plural))
        for k, form in enumerate(forms):
            fields = set(FIELD.findall(form))
            # A singular may spell its number out ("una roja" for "one red").
            wanted = wanted_singular if k == 0 else wanted_plural
            if fields != wanted and not (k == 0 and fields == wanted - {"{n}"}):
                wrong.append((m.id, k, form))
    assert wrong == []


@pytest.mark.parametrize("language", catalogs.TRANSLATED)
def test_every_count_takes_the_form_its_number_asks_for(language, speaking):
    catalog = catalogs.read(catalogs.po_path(language))
    speaking(language)
    wrong = []
    for m in plural_entries(language):
        singular, plural = m.id
        for n in COUNTS:
            if language == "hr":
                form = CROATIAN_FORM[n]
            else:
                form = 0 if n == 1 else catalog.num_plurals - 1
            shown = i18n.ngettext(singular, plural, n)
            if shown != m.string[form]:
                wrong.append((singular, n, shown))
            elif FIELD.search(shown) and str(n) not in with_every_field(shown, n):
                wrong.append((singular, n, shown))
    assert wrong == []


def with_every_field(text: str, n: int) -> str:
    """`text` formatted as the game formats it, every named field given `n` (as text where
    the field's format asks for text)."""
    names = re.findall(r"\{([a-z_0-9]+)(?:![rsa])?(:[^}]*)?\}", text)
    return text.format(**{name: str(n) if spec.endswith("s") else n for name, spec in names})


@pytest.mark.parametrize("language, n, words", [
    ("hr", 1, "1 redak iznad"), ("hr", 21, "21 redak iznad"), ("hr", 101, "101 redak iznad"),
    ("hr", 2, "2 retka iznad"), ("hr", 5, "5 redaka iznad"), ("hr", 11, "11 redaka iznad"),
    ("hr", 0, "0 redaka iznad"), ("es", 1, "1 línea arriba"), ("es", 0, "0 líneas arriba"),
    ("es", 2, "2 líneas arriba"), ("es", 21, "21 líneas arriba"),
])
def test_the_help_panel_counts_its_lines_in_the_language_spoken(language, n, words,
                                                                 speaking):
    """The issue's first example, "1 redaka iznad", through the panel's own sentence."""
    speaking(language)
    text = i18n._("{above}, {below}: Page Up / Page Down").format(
        above=i18n.ngettext("{n} line above", "{n} lines above", n).format(n=n),
        below=i18n.ngettext("{n} line below", "{n} lines below", 3).format(n=3))
    assert text.startswith(words + ", ")


# ---- the source: no count in a single-form sentence ----------------------------------

# Words whose form follows the number before them: the game's countable nouns (both forms)
# and the participles and adjectives that agree with a count ("3 won", "2 left").
COUNTED = frozenset("""
    attempt attempts ball balls break breaks byte bytes cell cells character characters chunk
    chunks decision decisions digit digits event events foul fouls frame frames game games
    item items layout layouts letter letters level levels line lines match matches member
    members message messages pixel pixels player players point points profile profiles rack
    racks run runs sample samples shot shots stage stages texture textures triangle triangles
    try tries visit visits worker workers
    won lost left unfinished translated refused remaining
""".split())
# A field followed by a word, the field's name and format spec kept: "{above} lines",
# "{size}-byte", "{fps:.1f} frames".
FIELD_THEN_WORD = re.compile(r"\{(\w*)(?:![rsa])?(:[^}]*)?\}(?:\s+|-)([a-z]+)")
DECIMALS = re.compile(r":\d*\.[1-9]\d*f$")     # a measured rate (1.5 balls per visit)


# Functions whose result names a key (game.controls): a field filled by one is a key's
# name, not a count ("{forward} events" reads "Right events").
KEY_NAMERS = frozenset({"k", "label", "key_label"})


def _key_fields(tree) -> dict:
    """{id of a `_()` call: the fields its `.format(...)` fills with a key's name}."""
    out = {}
    for node in ast.walk(tree):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr == "format" and isinstance(node.func.value, ast.Call)):
            named = set()
            for keyword in node.keywords:
                value = keyword.value
                if isinstance(value, ast.Call):
                    func = value.func
                    name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
                    if name in KEY_NAMERS:
                        named.add(keyword.arg)
            out[id(node.func.value)] = named
    return out


def single_form_counts(source: str, path: str = "<source>") -> list:
    """Every `_()` or `N_()` sentence of `source` in which a counted word follows a field
    (so the number agrees with it and the sentence needs ngettext): "path:line: msgid".
    A field filled with a key's name (KEY_NAMERS) is no count."""
    found = []
    tree = ast.parse(source)
    key_fields = _key_fields(tree)
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                and node.func.id in ("_", "N_") and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)):
            continue
        text = node.args[0].value
        keys = key_fields.get(id(node), set())
        for field, spec, word in FIELD_THEN_WORD.findall(text):
            if word in COUNTED and field not in keys and not (spec and DECIMALS.search(spec)):
                found.append(f"{path}:{node.lineno}: {text!r}")
                break
    return found


def test_no_count_in_the_game_is_formatted_into_a_single_form_sentence():
    found = []
    for path in sorted(GAME.rglob("*.py")):
        found += single_form_counts(path.read_text(encoding="utf-8"),
                                    path.relative_to(GAME.parent).as_posix())
    assert found == [], "use ngettext:\n" + "\n".join(found)


@pytest.mark.parametrize("source", [
    '_("{above} lines above, {below} below: Page Up / Page Down").format(above=a, below=b)',
    '_("Best run: {balls} balls; break-and-runs: {runs}")',
    '_("Frames: {won} won, {lost} lost")',
    '_("Attempt over: {score} points. R: try again")',
    '_("the archive lists {count} members in a {size}-byte directory")',
    'N_("{n} tries left")',
    '_("a string of at most {count:d} characters")',
    '_("{forward} events, {n} events").format(forward=k("next"), n=count)',
])
def test_the_scan_catches_a_count_in_a_single_form_sentence(source):
    assert len(single_form_counts(source)) == 1


@pytest.mark.parametrize("source", [
    'ngettext("{n} line above", "{n} lines above", n)',
    '_("{ball} potted")',
    '_("{winner} wins!")',
    '_("{balls:.2f} balls per visit")',
    '_("Fouls: {list}")',
    '_("Shot {number} of {shots}, game {game}: {player}")',
    '_("{how}.   Race to {frames}: {a} {wa} : {wb} {b}")',
    '_("{back} {forward} events").format(back=k("back"), forward=keys.label("next"))',
])
def test_the_scan_lets_ngettext_names_rates_and_labels_pass(source):
    assert single_form_counts(source) == []
