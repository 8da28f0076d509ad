"""Translation of every sentence a player reads.

`_` is gettext's: `_("Concede?")` returns the sentence in the player's language. The
catalogs are `game/locale/<lang>/LC_MESSAGES/breakshot.po`, compiled to `.mo` beside them
by the package build (setup.py; `python -m game.catalogs compile` in a checkout). English
is the source language. `ngettext` picks the plural form for a count, as Croatian needs
three. Sentences with values use named fields (`_("{name} wins").format(name=...)`) so a
translator may reorder them; `number` writes a decimal number as the language does.

A missing or damaged catalog, or one that lacks some sentences, never stops the game:
English is shown for what is missing, and one warning line goes to the log.
"""
from __future__ import annotations

import gettext
import logging
import os
from datetime import datetime
from pathlib import Path

DOMAIN = "breakshot"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
# The languages the game speaks, each named in its own language (the menu's switch).
LANGUAGES = {"en": "English", "hr": "Hrvatski", "es": "Español"}
DEFAULT_LANGUAGE = "en"
DECIMAL_COMMA = frozenset({"hr", "es"})

log = logging.getLogger(__name__)

_translation: gettext.NullTranslations = gettext.NullTranslations()
_language: str | None = None        # as given to use_language; None: the system's
_spoken = DEFAULT_LANGUAGE          # the language _translation speaks


def system_language() -> str:
    """The first of LANGUAGES the system's locale variables ask for, else English."""
    for code in _wanted_from_environment():
        if code in LANGUAGES:
            return code
    return DEFAULT_LANGUAGE


def use_language(language: str | None) -> str:
    """Switch to `language` ("hr", "es", "en"; None: the system's, see system_language)
    and return the language now spoken. English is shown for every sentence the catalog
    lacks; a missing or unreadable catalog is logged once and English is used."""
    global _translation, _language, _spoken
    code = language or system_language()
    if code not in LANGUAGES:
        raise ValueError(f"unknown language {code!r}; choose one of {', '.join(LANGUAGES)}")
    _language = language
    _translation = _load(code)
    _spoken = code if isinstance(_translation, gettext.GNUTranslations) else DEFAULT_LANGUAGE
    return _spoken


def current_language() -> str:
    """The language sentences are shown in now ("en", "hr", "es")."""
    return _spoken


def _load(code: str) -> gettext.NullTranslations:
    if code == DEFAULT_LANGUAGE:
        return gettext.NullTranslations()
    path = LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.mo"
    try:
        with open(path, "rb") as handle:
            translation = gettext.GNUTranslations(handle)
    except OSError as exc:
        log.warning("%s: no %s catalog (%s); English is shown", path, LANGUAGES[code],
                    exc.strerror or exc)
        return gettext.NullTranslations()
    except Exception as exc:            # gettext raises struct and value errors alike
        log.warning("%s: the %s catalog is damaged (%s); English is shown", path,
                    LANGUAGES[code], exc)
        return gettext.NullTranslations()
    missing = _untranslated(translation)
    if missing:
        log.warning("%s: %d sentences have no %s translation; English is shown for them",
                    path, missing, LANGUAGES[code])
    return translation


def _untranslated(translation: gettext.GNUTranslations) -> int:
    """How many of the template's sentences the catalog lacks (0 without a template)."""
    from babel.messages.pofile import read_po     # only when a catalog is loaded
    try:
        with open(LOCALE_DIR / f"{DOMAIN}.pot", "rb") as handle:
            template = read_po(handle)
    except (OSError, ValueError):
        return 0
    known = {key[0] if isinstance(key, tuple) else key for key in translation._catalog}
    wanted = {m.id[0] if isinstance(m.id, tuple) else m.id for m in template if m.id}
    return len(wanted - known)


def _(message: str) -> str:
    """`message` in the current language."""
    return _translation.gettext(message)


def N_(message: str) -> str:
    """`message` unchanged, marked for the catalogs: for sentences kept in module-level
    tables, translated with `_` where they are shown (so a change of language reaches
    them)."""
    return message


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of `singular`/`plural` for `count` in the current language."""
    return _translation.ngettext(singular, plural, count)


def number(value: float, decimals: int | None = None) -> str:
    """`value` with `decimals` digits after the decimal sign (None: as few as it needs,
    "0.25", "2"), as the current language writes it: "2.5" in English, "2,5" in Croatian
    and Spanish."""
    text = f"{value:g}" if decimals is None else f"{value:.{decimals}f}"
    return text.replace(".", ",") if current_language() in DECIMAL_COMMA else text


def date_time(when: datetime) -> str:
    """A date and time to the minute as the current language writes it ("Dec 2, 2026 03:40",
    "2. pro 2026. 03:40", "2 dic 2026 03:40"), from Babel's locale data."""
    from babel.dates import format_date
    language = current_language()
    return f"{format_date(when, 'medium', locale=language)} {when:%H:%M}"


def _wanted_from_environment() -> list:
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        if os.environ.get(variable):
            return _codes(os.environ[variable].split(":"))
    return []


def _codes(wanted) -> list:
    codes = []
    for code in wanted:
        code = code.split(".")[0].split("@")[0]
        for form in (code, code.split("_")[0]):
            if form and form not in ("C", "POSIX") and form not in codes:
                codes.append(form)
    return codes


def languages() -> list:
    """The languages wanted, most wanted first, each code followed by its bare language
    ("hr_HR", "hr"): the one given to `use_language`, else the system's, read from the
    variables gettext reads (LANGUAGE, LC_ALL, LC_MESSAGES, LANG). For whole translated
    files, such as the rules, that sit beside the English one."""
    return _codes([_language]) if _language else _wanted_from_environment()


use_language(None)
