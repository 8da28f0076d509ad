"""The one error every refused file raises, and its kinds.

A FileRefused message is one line: the file, a colon, and what is wrong with it. The
message is passed through text.printable, so a file name or a quoted value carrying escape
codes cannot reach a terminal raw.
"""
from __future__ import annotations

from .text import printable

MESSAGE_MAX_CHARS = 400


class FileRefused(ValueError):
    """A file that cannot be read as what it claims to be; str() says which and why."""

    def __init__(self, message: str = ""):
        text = printable(str(message))
        if len(text) > MESSAGE_MAX_CHARS:
            text = text[:MESSAGE_MAX_CHARS - 3] + "..."
        super().__init__(text)


class ForeignFile(FileRefused):
    """The path names no file of this kind: missing, a folder, a device or a FIFO, empty,
    too large, or bytes of another format."""


class TruncatedFile(FileRefused):
    """The file ends early (an interrupted copy or download)."""


def refuse(path, problem: str, kind=FileRefused):
    """Raise `kind` with the message "<path>: <problem>"."""
    raise kind(f"{path}: {problem}")
