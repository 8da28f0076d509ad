"""Writing zip archives whose members are deflated once, ahead of time.

A match's file is rewritten after every command, but a shot's member never changes once
played: deflating it again on every save would cost about 1 ms per shot recorded (150 ms
a save late in a long match, while the next shot starts to play). So each member is
deflated once into a Member, and a save only copies bytes. zipfile cannot write
pre-compressed data, hence this small writer of the plain PKZIP format (APPNOTE.TXT 4.3:
local headers, central directory, end record; no zip64, members and archive under
4 GiB), read back by zipfile like any other archive.
"""
from __future__ import annotations

import struct
import zlib
from dataclasses import dataclass

_DEFLATED = 8
_VERSION = 20                   # 2.0: deflate
_UTF8_NAMES = 0x0800            # general purpose flag bit 11
_MADE_BY_UNIX = 3 << 8          # so the external attributes are Unix permissions
_ATTRIBUTES = 0o100644 << 16    # a regular file, rw-r--r--
# Every member is dated at the zip epoch, 1980-01-01 00:00 (DOS date 0x21, time 0), so
# the same match always gives the same bytes.
_DOS_TIME, _DOS_DATE = 0, (1 << 5) | 1
_LOCAL = struct.Struct("<IHHHHHIIIHH")
_CENTRAL = struct.Struct("<IHHHHHHIIIHHHHHII")
_END = struct.Struct("<IHHHHIIH")
MAX_BYTES = 0xFFFFFFFF


@dataclass(frozen=True)
class Member:
    """An archive member: its name, its data deflated (raw deflate), their CRC-32 and
    their size before deflating (bytes)."""
    name: str
    deflated: bytes
    crc: int
    size: int

    @classmethod
    def deflate(cls, name: str, data: bytes) -> "Member":
        packer = zlib.compressobj(6, zlib.DEFLATED, -15)
        deflated = packer.compress(data) + packer.flush()
        if max(len(data), len(deflated)) > MAX_BYTES:
            raise ValueError(f"member {name!r} is larger than a zip without zip64 holds")
        return cls(name, deflated, zlib.crc32(data), len(data))

    def _fields(self) -> tuple:
        return (_VERSION, _UTF8_NAMES, _DEFLATED, _DOS_TIME, _DOS_DATE, self.crc,
                len(self.deflated), self.size, len(self.name.encode()))


def write_archive(out, members) -> None:
    """Write the zip archive of `members` (Member) to the binary file `out`."""
    directory = []
    offset = 0
    for member in members:
        name = member.name.encode()
        header = _LOCAL.pack(0x04034B50, *member._fields(), 0) + name
        out.write(header)
        out.write(member.deflated)
        directory.append(_CENTRAL.pack(0x02014B50, _MADE_BY_UNIX | _VERSION,
                                       *member._fields(), 0, 0, 0, 0, _ATTRIBUTES,
                                       offset) + name)
        offset += len(header) + len(member.deflated)
    if offset > MAX_BYTES or len(directory) > 0xFFFF:
        raise ValueError("the archive is larger than a zip without zip64 holds")
    central = b"".join(directory)
    out.write(central)
    out.write(_END.pack(0x06054B50, 0, 0, len(directory), len(directory), len(central),
                        offset, 0))
