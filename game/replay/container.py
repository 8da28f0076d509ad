"""The replay container: a zip archive of JSON members, written atomically, read with
limits.

Writing (zipwrite.py makes the archive) goes through game.atomic.atomic_write: a crash at
any point leaves either the previous file or the new one, never a mix.

Reading: refuses what is not a zip archive, a truncated one (the central directory sits at
the end, so any cut loses it), members failing their CRC-32, and members larger than
MAX_MEMBER_BYTES (a decompression bomb) - each with a ReplayError saying so.
"""
from __future__ import annotations

import io
import os
import struct
import zipfile
import zlib

from game.atomic import atomic_write

from .errors import CorruptReplayError, NotAReplayError, TruncatedReplayError
from .zipwrite import write_archive

MAX_FILE_BYTES = 1 << 30        # 1 GiB: a 1,000-shot match is about 10 MB
MAX_MEMBER_BYTES = 1 << 28      # 256 MiB uncompressed per member
MAX_MEMBERS = 200_000
_ZIP_MAGIC = b"PK\x03\x04"
_EMPTY_ZIP_MAGIC = b"PK\x05\x06"
# Failures zipfile and zlib raise on damaged input, besides BadZipFile.
_DAMAGE = (zipfile.BadZipFile, zlib.error, EOFError, struct.error, OverflowError,
           NotImplementedError, RuntimeError, ValueError, OSError)


def write_atomic(path: str, members) -> None:
    """Write the archive of `members` (zipwrite.Member) to `path` atomically."""
    with atomic_write(path) as out:
        write_archive(out, members)


class Archive:
    """The members of a replay archive read from `path`, checked as they are read."""

    def __init__(self, path: str):
        self.path = path
        data = _read_file(path)
        try:
            self._zip = zipfile.ZipFile(io.BytesIO(data))
        except _DAMAGE:
            raise TruncatedReplayError(
                f"{path}: the file is truncated or damaged: its zip directory, at the end of "
                f"the file, is missing or unreadable ({len(data)} bytes; was a copy "
                f"interrupted?)") from None
        if len(self._zip.infolist()) > MAX_MEMBERS:
            raise CorruptReplayError(f"{path}: more members than a replay holds")

    def names(self) -> list:
        return self._zip.namelist()

    def read(self, name: str) -> bytes:
        """The bytes of member `name`, after its CRC-32 check (a CorruptReplayError
        names the member, the caller adds the file)."""
        try:
            info = self._zip.getinfo(name)
        except KeyError:
            raise CorruptReplayError(f"the member {name!r} is missing") from None
        if info.file_size > MAX_MEMBER_BYTES:
            raise CorruptReplayError(f"the member {name!r} claims {info.file_size} bytes, "
                                     f"more than a replay holds")
        try:
            return self._zip.read(info)
        except _DAMAGE as exc:
            raise CorruptReplayError(f"the member {name!r} is damaged ({exc})") from None


def _read_file(path: str) -> bytes:
    """The file's bytes, if they can be a zip archive (else a ReplayError)."""
    try:
        size = os.path.getsize(path)
        if size > MAX_FILE_BYTES:
            raise NotAReplayError(f"{path}: {size} bytes is far larger than any replay")
        with open(path, "rb") as f:
            data = f.read()
    except IsADirectoryError:
        raise NotAReplayError(f"{path}: is a folder, not a replay file") from None
    if not data:
        raise NotAReplayError(f"{path}: the file is empty")
    if data.startswith(_EMPTY_ZIP_MAGIC):
        raise NotAReplayError(f"{path}: an empty zip archive, not a Breakshot replay")
    if not data.startswith(_ZIP_MAGIC):
        raise NotAReplayError(f"{path}: not a Breakshot replay (not a zip archive; it "
                              f"starts with {data[:8]!r})")
    return data
