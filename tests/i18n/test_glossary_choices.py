"""The fixed choices the glossaries (docs/glossary.hr.md, docs/glossary.es.md) write down,
held in every sentence of the catalogs: key names as printed on the keys, the same in
every language; one word for the computer in Spanish; "efekt"/"efecto" only for spin;
a save slot and a seat told apart in Croatian; no tense that gives a named seat a
gender."""
import re

import pytest

from game import catalogs

TRANSLATED = ("hr", "es")
# The keys the game's sentences name, written as on the key.
KEYS = ("Space", "Enter", "Esc", "Shift", "Tab", "Home", "Page Up", "Page Down", "PgUp",
        "PgDn")
# Key names as a translator might write them instead (Spanish keyboards print the first
# four; "Razmak" is Croatian for the space bar).
NOT_KEYS = ("Intro", "Re Pág", "Av Pág", "Razmak", "Espacio]", "[Espacio")


def forms(value) -> tuple:
    return tuple(value) if isinstance(value, (tuple, list)) else (value,)


def entries(language: str) -> list:
    """[(msgid forms, msgstr forms)] of `language`'s catalog."""
    return [(forms(m.id), forms(m.string))
            for m in catalogs.read(catalogs.po_path(language)) if m.id]


def word(text: str) -> re.Pattern:
    return re.compile(r"(?<!\w)" + re.escape(text) + r"(?!\w)")


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_key_the_english_names_is_named_the_same_in_the_translation(language):
    wrong = []
    for ids, strings in entries(language):
        for key in KEYS:
            wanted = max(len(word(key).findall(s)) for s in ids)
            if wanted and any(len(word(key).findall(s)) < wanted for s in strings):
                wrong.append((key, ids[0], strings[0]))
    assert not wrong, wrong


@pytest.mark.parametrize("language", TRANSLATED)
def test_no_translation_writes_a_key_in_another_name(language):
    wrong = [(s, name) for _ids, strings in entries(language) for s in strings
             for name in NOT_KEYS if name in s]
    assert not wrong, wrong


def test_spanish_says_ordenador_for_the_computer():
    wrong = [s for _ids, strings in entries("es") for s in strings if "computadora" in s]
    assert not wrong, wrong


@pytest.mark.parametrize("language, spin", [("hr", "efekt"), ("es", "efecto")])
def test_the_word_for_spin_is_not_used_for_the_sound(language, spin):
    """Sound effects are "zvukovi"/"sonidos": "efekt"/"efecto" is spin (Spin, side spin)."""
    sound = re.compile(r"\beffects\b", re.IGNORECASE)
    wrong = [(ids[0], s) for ids, strings in entries(language) for s in strings
             if any(sound.search(i) for i in ids) and spin in s.lower()]
    assert not wrong, wrong
    assert any(spin in s.lower() for ids, strings in entries(language) if ids[0] == "Spin"
               for s in strings)


def test_croatian_tells_a_save_slot_from_a_seat():
    """A save slot is "utor", a seat "mjesto": no sentence about slots says "mjesto"."""
    slot = re.compile(r"\bslots?\b")
    wrong = [(ids[0], s) for ids, strings in entries("hr") for s in strings
             if any(slot.search(i) for i in ids) and ("mjest" in s or "utor" not in s.lower())]
    assert not wrong, wrong


def test_croatian_gives_a_named_seat_no_gendered_past_tense():
    """"{name} se nije mogao ..." makes Ana a man: a sentence about a named seat is in a
    tense with no gender (the present, or a passive)."""
    named = re.compile(r"\{(name|who|player|winner|loser|other|chooser|pusher)\}")
    past = re.compile(r"\b\w+(ao|io|eo|la|lo)\b")
    gendered = {"mogao", "mogla", "odlučio", "odlučila", "predao", "predala", "pospremio",
                "pospremila", "udario", "udarila", "igrao", "igrala", "vratio", "vratila",
                "izgubio", "izgubila", "pobijedio", "pobijedila", "zatražio", "zatražila",
                "prekinuo", "prekinula", "napustio", "napustila"}
    wrong = [s for _ids, strings in entries("hr") for s in strings
             if named.search(s) and gendered & set(m.group(0) for m in past.finditer(s))]
    assert not wrong, wrong
