"""Text read from a file, made safe to print on a terminal or draw on the HUD.

A file from a stranger may carry terminal escape sequences (ESC [ ... to move the cursor,
recolour, retitle the window), other C0/C1 control characters, or Unicode direction
overrides that make text read backwards. printable() removes the sequences whole and
turns every other such character into a space, so the text stays on one line.
"""
from __future__ import annotations

import re

# ESC followed by a CSI (ESC [ params final), an OSC (ESC ] ... BEL or ESC \), or one
# more character; then the 8-bit CSI (U+009B) and OSC (U+009D) forms.
_ESCAPES = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]?|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?"
                      r"|\x1b.?|\x9b[0-?]*[ -/]*[@-~]?|\x9d[^\x07\x1b]*(?:\x07|\x1b\\)?",
                      re.S)
# C0 and C1 controls (tab and newline included: output stays one line), DEL, the
# bidirectional overrides and isolates, and the line and paragraph separators.
_CONTROLS = re.compile("[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\u2028\u2029]")


def printable(text: str) -> str:
    """`text` without escape sequences and control characters (each becomes a space)."""
    return _CONTROLS.sub(" ", _ESCAPES.sub("", text))
