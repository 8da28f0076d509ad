"""The translation catalogs: extract the player's sentences from the source, merge them into
each language's .po file, compile .mo files, and count what is translated.

    python -m game.catalogs extract    game/locale/breakshot.pot from the source
    python -m game.catalogs update     extract, then merge the template into every .po
                                       (creating the .po of a language in TRANSLATED)
    python -m game.catalogs compile    every .po to its .mo beside it (the build does this
                                       for the wheel: setup.py)
    python -m game.catalogs stats      messages, translated, fuzzy, per language

Messages are what `_`, `N_` and `ngettext` (game.i18n) are called with, found by Babel's
Python extractor; the template has no source locations (they would change with every
edit), so a diff of it shows only sentences added, changed or removed. A developer's tool:
the game itself only reads the compiled catalogs (game.i18n).
"""
from __future__ import annotations

import io
import sys
from pathlib import Path

from babel.messages import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from game.arguments import command_parser
from game.i18n import DOMAIN, LOCALE_DIR, _, ngettext

SOURCE_DIR = Path(__file__).resolve().parent
TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2)}
TRANSLATED = ("hr", "es")       # English is the source language: no catalog


def extract() -> Catalog:
    """A catalog of every player sentence in the game's source (msgids only)."""
    template = _catalog(None)
    found = extract_from_dir(SOURCE_DIR, method_map=[("**.py", "python")], keywords=KEYWORDS,
                             comment_tags=("Translators:",), strip_comment_tags=True,
                             directory_filter=lambda path: "__pycache__" not in path)
    for _filename, _lineno, message, comments, context in found:
        template.add(message, None, auto_comments=comments, context=context)
    return template


def _catalog(locale) -> Catalog:
    return Catalog(locale=locale, domain=DOMAIN, project="Breakshot", version="0.1",
                   copyright_holder="The Breakshot developers", fuzzy=False)


def po_text(catalog: Catalog) -> bytes:
    """The catalog as .po text, sorted, without source locations or a date stamp."""
    out = io.BytesIO()
    write_po(out, catalog, omit_header=False, sort_output=True, no_location=True,
             width=96)
    return b"\n".join(line for line in out.getvalue().split(b"\n")
                      if not line.startswith(b'"POT-Creation-Date:')
                      and not line.startswith(b'"PO-Revision-Date:'))


def write_template() -> Catalog:
    template = extract()
    TEMPLATE.parent.mkdir(parents=True, exist_ok=True)
    TEMPLATE.write_bytes(po_text(template))
    return template


def po_path(language: str) -> Path:
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def po_files() -> list:
    """Every language's .po file: game/locale/<lang>/LC_MESSAGES/breakshot.po."""
    return sorted(LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def read(path: Path) -> Catalog:
    with open(path, "rb") as handle:
        return read_po(handle, locale=path.parents[1].name, domain=DOMAIN)


def update() -> None:
    template = write_template()
    for language in TRANSLATED:
        path = po_path(language)
        if not path.exists():
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(po_text(_catalog(language)))
    for path in po_files():
        catalog = read(path)
        catalog.update(template, no_fuzzy_matching=True)
        catalog.obsolete.clear()
        path.write_bytes(po_text(catalog))


def compile_catalog(po_path: Path, mo_path: Path) -> None:
    """Write `po_path`'s translations to `mo_path` (fuzzy entries left out, as msgfmt
    does: the game shows English for them)."""
    catalog = read(po_path)
    mo_path.parent.mkdir(parents=True, exist_ok=True)
    with open(mo_path, "wb") as handle:
        write_mo(handle, catalog, use_fuzzy=False)


def stats() -> dict:
    """{language: (messages, translated, fuzzy)}."""
    figures = {}
    for path in po_files():
        messages = [m for m in read(path) if m.id]
        translated = [m for m in messages if not m.fuzzy and _complete(m.string)]
        fuzzy = [m for m in messages if m.fuzzy]
        figures[path.parents[1].name] = (len(messages), len(translated), len(fuzzy))
    return figures


def _complete(string) -> bool:
    if isinstance(string, (tuple, list)):
        return bool(string) and all(string)
    return bool(string)


def main(argv=None) -> int:
    parser = command_parser(
        "python -m game.catalogs",
        _("The translation catalogs: extract the player's sentences from the source, merge "
          "them into each language's .po file, compile the .mo files, and count what is "
          "translated."))
    parser.add_argument("action", choices=("extract", "update", "compile", "stats"),
                        help=_("extract: write game/locale/breakshot.pot from the source; "
                               "update: extract, then merge the template into every .po; "
                               "compile: every .po to its .mo beside it; stats: messages, "
                               "translated and fuzzy, per language"))
    action = parser.parse_args(argv).action
    if action == "extract":
        count = len(write_template())
        print(ngettext("{path}: {n} message", "{path}: {n} messages", count).format(
            path=TEMPLATE, n=count), file=sys.stderr)
    elif action == "update":
        update()
    elif action == "compile":
        for path in po_files():
            compile_catalog(path, path.with_suffix(".mo"))
            print(path.with_suffix(".mo"), file=sys.stderr)
    else:
        for language, (total, done, fuzzy) in stats().items():
            print(_("{language}: {total}, {done}, {fuzzy}").format(
                language=language,
                total=ngettext("{n} message", "{n} messages", total).format(n=total),
                done=ngettext("{n} translated", "{n} translated", done).format(n=done),
                fuzzy=ngettext("{n} fuzzy", "{n} fuzzy", fuzzy).format(n=fuzzy)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
