"""Reading a zip archive from an untrusted file, every size bounded before it is used.

Parsed here rather than with zipfile, which builds the whole member list before anyone can
count it (4,000,000 entries ran out of memory) and inflates a member in one piece. The
plain PKZIP format (APPNOTE.TXT 4.3) is read; zip64, encryption and methods other than
stored and deflate are refused:
1. the end-of-central-directory record is found in the last 64 KiB; its member count is
   checked against `max_members`, and the directory's place against the file, before a
   single entry is read;
2. each central entry is read with its name checked: UTF-8, no absolute path, no "..",
   no backslash or NUL, no name twice; declared sizes are checked against
   `max_member_bytes`, and their sum against `max_total_bytes`;
3. read(name) checks the local header against the central entry, then inflates in chunks
   with zlib's max_length, so no member ever inflates past its declared size (a 260 KB
   member claiming little but inflating to 255 MB stops at the claim), and checks the
   CRC-32.
"""
from __future__ import annotations

import struct
import zlib
from dataclasses import dataclass

from game.i18n import _, ngettext
from .errors import FileRefused, TruncatedFile

_END = struct.Struct("<4sHHHHIIH")
_CENTRAL = struct.Struct("<4sHHHHHHIIIHHHHHII")
_LOCAL = struct.Struct("<4sHHHHHIIIHH")
_END_MAGIC, _CENTRAL_MAGIC, _LOCAL_MAGIC = b"PK\x05\x06", b"PK\x01\x02", b"PK\x03\x04"
_STORED, _DEFLATED = 0, 8
_ENCRYPTED = 0x1
_CHUNK = 1 << 16                # compressed bytes fed to zlib at a time
_MAX_COMMENT = 0xFFFF


@dataclass(frozen=True)
class _Entry:
    name: str
    method: int
    crc: int
    compressed: int          # bytes in the file
    size: int                # bytes once inflated
    offset: int              # of the local header


class ZipReader:
    """The members of the zip archive held in `data` (the bytes of the file `path`).

    kind: what the file should be (N_("replay"): translated in messages). Limits:
    members, bytes a member inflates to (member_caps: {name: bytes} for particular members), bytes all
    members inflate to together. ValueErrors raised are
    FileRefused (TruncatedFile when the end of the archive is missing), with messages
    "<path>: <problem>"; read() raises with "the member '<name>' ..." for the caller to
    prefix."""

    def __init__(self, data: bytes, path, kind: str, max_members: int,
                 max_member_bytes: int, max_total_bytes: int, member_caps=None):
        self.path, self.kind = path, kind
        self._data = data
        self._directory_at, count = self._end_record()
        if count > max_members:
            self._refuse(ngettext("the archive lists {count} member, more than a {kind} "
                                  "holds ({max_members})", "the archive lists {count} "
                                  "members, more than a {kind} holds ({max_members})",
                                  count).format(
                             count=count, kind=_(kind), max_members=max_members))
        self._entries = {}
        total = 0
        at = self._directory_at[0]
        for _member in range(count):
            entry, at = self._central_entry(at)
            if entry.name in self._entries:
                self._refuse(_("the member {name!r} appears twice in the archive").format(
                                 name=entry.name))
            cap = (member_caps or {}).get(entry.name, max_member_bytes)
            if entry.size > cap:
                self._refuse(ngettext("the member {name!r} claims {size} byte, more than a "
                                      "{kind} holds ({cap})", "the member {name!r} claims "
                                      "{size} bytes, more than a {kind} holds ({cap})",
                                      entry.size).format(
                                 name=entry.name, size=entry.size, kind=_(kind), cap=cap))
            total += entry.size
            if total > max_total_bytes:
                self._refuse(ngettext("the members claim more than {max_total_bytes} byte "
                                      "in all, more than a {kind} holds", "the members "
                                      "claim more than {max_total_bytes} bytes in all, more "
                                      "than a {kind} holds", max_total_bytes).format(
                                 max_total_bytes=max_total_bytes, kind=_(kind)))
            self._entries[entry.name] = entry
        if at != self._directory_at[1]:
            self._refuse(_("the archive's directory does not end where its end record says"))

    def names(self) -> list:
        """The member names, in directory order."""
        return list(self._entries)

    def read(self, name: str) -> bytes:
        """The bytes of member `name` after its size and CRC-32 checks (FileRefused
        naming the member; the caller adds the file)."""
        entry = self._entries.get(name)
        if entry is None:
            raise FileRefused(_("the member {name!r} is missing").format(name=name))
        data = self._data
        end_of_data = self._directory_at[0]
        if entry.offset + _LOCAL.size > end_of_data:
            self._damaged(name, _("its header lies outside the archive"))
        (magic, __, flags, method, __, __, __, __, __, name_len,
         extra_len) = _LOCAL.unpack_from(data, entry.offset)
        start = entry.offset + _LOCAL.size
        if magic != _LOCAL_MAGIC or data[start:start + name_len] != entry.name.encode("utf-8") \
                or method != entry.method or flags & _ENCRYPTED:
            self._damaged(name, _("its local header does not match the archive's directory"))
        start += name_len + extra_len
        if start + entry.compressed > end_of_data:
            self._damaged(name, _("its data runs past the end of the archive"))
        packed = memoryview(data)[start:start + entry.compressed]
        content = bytes(packed) if entry.method == _STORED else _inflate(packed, entry.size,
                                                                         name)
        if len(content) != entry.size:
            self._damaged(name, ngettext("{count} byte where the archive says {size}",
                                         "{count} bytes where the archive says {size}",
                                         len(content)).format(count=len(content),
                                                              size=entry.size))
        if zlib.crc32(content) != entry.crc:
            self._damaged(name, _("it fails its CRC-32 check"))
        return content

    # ---- the directory ---------------------------------------------------------------

    def _end_record(self) -> tuple:
        """((directory start, directory end), member count) from the end record."""
        data = self._data
        at = data.rfind(_END_MAGIC, max(0, len(data) - _END.size - _MAX_COMMENT))
        if at < 0 or at + _END.size > len(data):
            self._truncated()
        (__, disk, directory_disk, on_disk, count, size, offset,
         comment_len) = _END.unpack_from(data, at)
        if at + _END.size + comment_len != len(data):
            self._truncated()
        if disk or directory_disk or on_disk != count:
            self._refuse(_("a multi-part archive, which no Breakshot file is"))
        if count == 0xFFFF or size == 0xFFFFFFFF or offset == 0xFFFFFFFF:
            self._refuse(_("a zip64 archive, larger than any {kind} file").format(
                             kind=_(self.kind)))
        if offset + size != at:
            self._truncated()
        if size < count * _CENTRAL.size:
            self._refuse(ngettext("the archive lists {count} member in a directory of {size}",
                                  "the archive lists {count} members in a directory of "
                                  "{size}", count).format(
                count=count, size=ngettext("{n} byte", "{n} bytes", size).format(n=size)))
        return (offset, at), count

    def _central_entry(self, at: int) -> tuple:
        data = self._data
        if at + _CENTRAL.size > self._directory_at[1]:
            self._refuse(_("the archive's directory is cut short"))
        (magic, __, __, flags, method, __, __, crc, compressed, size, name_len, extra_len,
         comment_len, __, __, __, offset) = _CENTRAL.unpack_from(data, at)
        end = at + _CENTRAL.size + name_len + extra_len + comment_len
        if magic != _CENTRAL_MAGIC or end > self._directory_at[1]:
            self._refuse(_("the archive's directory is damaged"))
        raw = data[at + _CENTRAL.size:at + _CENTRAL.size + name_len]
        try:
            name = raw.decode("utf-8")
        except UnicodeDecodeError:
            self._refuse(_("a member name is not UTF-8 text ({raw!r})").format(raw=raw[:40]))
        problem = _name_problem(name)
        if problem:
            self._refuse(_("the member name {name!r} {problem}").format(
                             name=name[:80], problem=problem))
        if flags & _ENCRYPTED:
            self._refuse(_("the member {name!r} is encrypted").format(name=name))
        if method not in (_STORED, _DEFLATED):
            self._refuse(_("the member {name!r} is compressed with method {method}, not "
                           "deflate").format(name=name, method=method))
        if method == _STORED and compressed != size:
            self._refuse(_("the member {name!r} is stored with two different sizes").format(
                             name=name))
        return _Entry(name, method, crc, compressed, size, offset), end

    def _refuse(self, problem: str):
        raise FileRefused(f"{self.path}: {problem}")

    def _truncated(self):
        raise TruncatedFile(
            _("{path}: the file is truncated or damaged: its zip directory, at the end of "
              "the file, is missing or unreadable ({size}; was a copy "
              "interrupted?)").format(path=self.path, size=ngettext(
                  "{n} byte", "{n} bytes", len(self._data)).format(n=len(self._data))))

    def _damaged(self, name: str, why: str):
        raise FileRefused(_("the member {name!r} is damaged ({why})").format(name=name, why=why))


def _name_problem(name: str) -> str | None:
    """Why `name` cannot be a member's name (a path that could leave the archive), or
    None."""
    if not name:
        return _("is empty")
    if "\\" in name or "\x00" in name:
        return _("holds a backslash or NUL, which no member name does")
    if name.startswith("/") or (len(name) > 1 and name[1] == ":"):
        return _("is an absolute path")
    if any(part in ("", ".", "..") for part in name.split("/")):
        return _("is a path with '.', '..' or an empty part")
    return None


def _inflate(packed: memoryview, size: int, name: str) -> bytes:
    """The raw-deflate `packed` inflated, never to more than size + 1 bytes."""
    inflater = zlib.decompressobj(-zlib.MAX_WBITS)
    pieces, total, at = [], 0, 0
    try:
        while not inflater.eof:
            if inflater.unconsumed_tail:
                chunk = inflater.unconsumed_tail
            elif at < len(packed):
                chunk, at = packed[at:at + _CHUNK], at + _CHUNK
            else:
                break
            piece = inflater.decompress(chunk, size + 1 - total)     # max_length >= 1
            total += len(piece)
            if total > size:
                raise FileRefused(ngettext("the member {name!r} is damaged (it inflates to "
                                           "more than the {size} byte the archive says)",
                                           "the member {name!r} is damaged (it inflates to "
                                           "more than the {size} bytes the archive says)",
                                           size).format(
                                      name=name, size=size))
            pieces.append(piece)
    except zlib.error as exc:
        raise FileRefused(_("the member {name!r} is damaged ({why})").format(
            name=name, why=exc)) from None
    if not inflater.eof:
        raise FileRefused(_("the member {name!r} is damaged (its deflated data ends "
                            "early)").format(name=name))
    return b"".join(pieces)
