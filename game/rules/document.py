"""The rules as a document the player reads (`rules.md` in this package, shipped as
package data): loading it, in the player's language if it was translated, and cutting
out the part of one game.

The English file is `rules.md`; a translation is a whole file `rules.<lang>.md` beside it
("rules.hr.md"). The document's intro comes before the first part marker; each game's
part starts at a line `<!-- part: <mode> -->` ("eight_ball", "nine_ball") and runs to
the next marker. Every rule id the code cites (R8-05, R9-X04, ...) is the start of a
heading in it.
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from importlib import resources

PACKAGE = "game.rules"
ENGLISH = "rules.md"
PART_MARKER = re.compile(r"^<!-- part: (\w+) -->$", re.MULTILINE)
# A heading that starts with a rule id: "#### R8-X03: Counting balls on the break".
RULE_HEADING = re.compile(r"^#{2,6} (R[89]-[BX]?\d{2})\b", re.MULTILINE)


def rules_file(languages: Iterable[str] = ()):
    """The document to read (an importlib.resources Traversable): the first language of
    `languages` ("hr", "es") that has a translation, else the English one."""
    folder = resources.files(PACKAGE)
    for language in languages:
        translated = folder / f"rules.{language}.md"
        if translated.is_file():
            return translated
    return folder / ENGLISH


def rules_text(languages: Iterable[str] = ()) -> str:
    """The whole document as markdown text (see `rules_file`)."""
    return rules_file(languages).read_text(encoding="utf-8")


def part(text: str, mode: str) -> str:
    """The part of the document `text` for game `mode`, its heading first (ValueError
    if the document has no such part)."""
    markers = list(PART_MARKER.finditer(text))
    for k, marker in enumerate(markers):
        if marker.group(1) == mode:
            end = markers[k + 1].start() if k + 1 < len(markers) else len(text)
            return text[marker.end():end].strip("\n")
    raise ValueError(f"the rules have no part for {mode!r}")


def parts(text: str) -> tuple:
    """The modes the document `text` has a part for, in order."""
    return tuple(m.group(1) for m in PART_MARKER.finditer(text))


def rule_ids(text: str) -> set:
    """The rule ids that head a rule in `text`."""
    return set(RULE_HEADING.findall(text))
