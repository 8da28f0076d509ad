"""What goes wrong with a replay file, as exceptions and a warning the viewer can show.

Every file the loader refuses raises a ReplayError, the replay's kind of the saved-file
layer's game.storage.FileRefused (a ValueError), whose one-line message names the file and
what is wrong with it; the subclasses say which kind of problem it is.
"""
from __future__ import annotations

from game.storage import FileRefused


class ReplayError(FileRefused):
    """A file that cannot be read as a Breakshot replay."""


class NotAReplayError(ReplayError):
    """The file is something else: empty, not a zip archive, or an archive of another kind."""


class TruncatedReplayError(ReplayError):
    """The file ends early (an interrupted copy or download)."""


class CorruptReplayError(ReplayError):
    """The file is damaged or its contents break the format: bad checksum, bad JSON, a
    missing or ill-typed field, or shot data that does not match its digest."""


class NewerReplayError(ReplayError):
    """A newer major version of the format, written by a newer Breakshot."""


class ReplayWarning(UserWarning):
    """A file that loads, with something the user should know (e.g. a newer minor
    version: fields this version does not know are ignored)."""
