"""The replay container: a zip archive of JSON members, written atomically, read through
game.storage's bounded readers.

Writing (zipwrite.py makes the archive) goes through game.storage.atomic_write: a crash at
any point leaves either the previous file or the new one, never a mix.

Reading: only a regular file of at most MAX_FILE_BYTES is read (a FIFO, a device or a
folder is refused unopened); it must be a zip archive of at most MAX_MEMBERS members, each
inflating to at most MAX_MEMBER_BYTES (MAX_MANIFEST_BYTES for replay.json), with plain
names (no path leaving the archive, none twice), each passing its CRC-32. Every refusal is
a ReplayError of the matching kind.
"""
from __future__ import annotations

import contextlib

from game.i18n import N_, _
from game.storage import (FileRefused, ForeignFile, TruncatedFile, ZipReader, atomic_write,
                          read_bounded)

from .errors import CorruptReplayError, NotAReplayError, ReplayError, TruncatedReplayError
from .manifest import MANIFEST_MEMBER
from .zipwrite import write_archive

MAX_FILE_BYTES = 64 << 20       # 64 MiB: a 1,000-shot match is about 10 MB
MAX_MANIFEST_BYTES = 8 << 20    # inflated; about 3 KB a shot
MAX_MEMBER_BYTES = 4 << 20      # inflated, per shot: a long break is about 100 KB
MAX_TOTAL_BYTES = 1 << 30       # inflated, all members together
MAX_MEMBERS = 10_000            # shots + 1; the file cap holds about 6,000 shots
_ZIP_MAGIC = b"PK\x03\x04"
_EMPTY_ZIP_MAGIC = b"PK\x05\x06"
# game.storage's kinds of refusal, as the replay's.
_KINDS = ((TruncatedFile, TruncatedReplayError), (ForeignFile, NotAReplayError),
          (FileRefused, CorruptReplayError))


@contextlib.contextmanager
def replay_errors():
    """Turn game.storage's refusals raised in the block into the matching ReplayError."""
    try:
        yield
    except FileRefused as exc:
        if isinstance(exc, ReplayError):
            raise
        kind = next(replay for storage, replay in _KINDS if isinstance(exc, storage))
        raise kind(str(exc)) from None


def write_atomic(path: str, members) -> None:
    """Write the archive of `members` (zipwrite.Member) to `path` atomically."""
    with atomic_write(path) as out:
        write_archive(out, members)


class Archive:
    """The members of a replay archive read from `path`, checked as they are read."""

    def __init__(self, path: str):
        self.path = path
        with replay_errors():
            data = read_bounded(path, MAX_FILE_BYTES, N_("replay"))
            if not data:
                raise NotAReplayError(_("{path}: the file is empty").format(path=path))
            if data.startswith(_EMPTY_ZIP_MAGIC):
                raise NotAReplayError(_("{path}: an empty zip archive, not a Breakshot "
                                        "replay").format(
                                          path=path))
            if not data.startswith(_ZIP_MAGIC):
                raise NotAReplayError(_("{path}: not a Breakshot replay (not a zip archive; "
                                        "it starts with {data!r})").format(
                                          path=path, data=data[:8]))
            self._zip = ZipReader(data, path, N_("replay"), MAX_MEMBERS, MAX_MEMBER_BYTES,
                                  MAX_TOTAL_BYTES, {MANIFEST_MEMBER: MAX_MANIFEST_BYTES})

    def names(self) -> list:
        return self._zip.names()

    def read(self, name: str) -> bytes:
        """The bytes of member `name`, after its size and CRC-32 checks (a
        CorruptReplayError names the member, the caller adds the file)."""
        with replay_errors():
            return self._zip.read(name)

