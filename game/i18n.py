"""Translation of every sentence a player reads.

`_` is gettext's: `_("Concede?")` returns the sentence in the player's language. The
catalogs live in `game/locale/<lang>/LC_MESSAGES/breakshot.mo`; until a language's catalog
exists (and for English) the English text is shown unchanged. `ngettext` picks the plural
form for a count, as Croatian needs three. Sentences with values use named fields
(`_("{name} wins").format(name=...)`) so a translator may reorder them.
"""
from __future__ import annotations

import gettext
import os
from pathlib import Path

DOMAIN = "breakshot"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"

_translation = gettext.translation(DOMAIN, localedir=LOCALE_DIR, fallback=True)
_language: str | None = None        # as given to use_language; None: the system's


def use_language(language: str | None) -> None:
    """Switch to `language` ("hr", "es", "en"; None: the system's), English where its
    catalog is missing."""
    global _translation, _language
    _language = language
    languages = [language] if language else None
    _translation = gettext.translation(DOMAIN, localedir=LOCALE_DIR, languages=languages,
                                       fallback=True)


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


def languages() -> list:
    """The languages wanted, most wanted first, each code followed by its bare language
    ("hr_HR", "hr"): the one given to `use_language`, else the system's, read from the
    variables gettext reads (LANGUAGE, LC_ALL, LC_MESSAGES, LANG). For whole translated
    files, such as the rules, that sit beside the English one."""
    wanted = [_language] if _language else []
    if not wanted:
        for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
            if os.environ.get(variable):
                wanted = os.environ[variable].split(":")
                break
    codes = []
    for code in wanted:
        code = code.split(".")[0].split("@")[0]
        for form in (code, code.split("_")[0]):
            if form and form not in ("C", "POSIX") and form not in codes:
                codes.append(form)
    return codes
