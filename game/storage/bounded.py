"""Reading a whole file that may be hostile: a regular file only, at most a given size.

The path is followed through symlinks to what it names. A FIFO, a socket, a device
(/dev/zero reports size 0 and never ends), a folder or a missing path is refused before a
byte is read; the check is made on the opened descriptor (fstat), opened with O_NONBLOCK
so opening a FIFO cannot block, so the file cannot be swapped for another in between. The
size is checked on the descriptor and again while reading (a file that grows).
"""
from __future__ import annotations

import os
import stat

from .errors import FileRefused, ForeignFile, refuse

_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0) \
    | getattr(os, "O_BINARY", 0)


def read_bounded(path, max_bytes: int, kind: str = "file") -> bytes:
    """The bytes of the regular file `path`, at most `max_bytes` of them; ForeignFile
    (naming `kind`, e.g. "replay") if `path` is missing, not a regular file or larger,
    FileRefused if it cannot be read."""
    try:
        # lstat-free stat first: a device is refused without ever being opened.
        _regular(os.stat(path), path, kind)
        fd = os.open(path, _FLAGS)
    except FileNotFoundError:
        refuse(path, f"could not be read: there is no such {kind} file", ForeignFile)
    except NotADirectoryError:
        refuse(path, f"could not be read: there is no such {kind} file (a part of the path "
                     f"is not a folder)", ForeignFile)
    except OSError as exc:
        refuse(path, f"could not be read: the {kind} file cannot be opened "
                     f"({exc.strerror or exc})")
    try:
        info = os.fstat(fd)
        _regular(info, path, kind)
        if info.st_size > max_bytes:
            _too_large(path, info.st_size, max_bytes, kind)
        chunks, total = [], 0
        while True:
            chunk = os.read(fd, min(1 << 20, max_bytes + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > max_bytes:
                _too_large(path, total, max_bytes, kind)
    except FileRefused:
        raise
    except OSError as exc:
        refuse(path, f"could not be read ({exc.strerror or exc})")
    finally:
        os.close(fd)
    return b"".join(chunks)


def _regular(info, path, kind: str) -> None:
    mode = info.st_mode
    if stat.S_ISREG(mode):
        return
    if stat.S_ISDIR(mode):
        refuse(path, f"is a folder, not a {kind} file", ForeignFile)
    what = ("a named pipe (FIFO)" if stat.S_ISFIFO(mode) else "a socket" if stat.S_ISSOCK(mode)
            else "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) else "not a plain file")
    refuse(path, f"is {what}, not a {kind} file", ForeignFile)


def _too_large(path, size: int, max_bytes: int, kind: str):
    refuse(path, f"{size} bytes is larger than any {kind} file ({max_bytes} bytes at most)",
           ForeignFile)
