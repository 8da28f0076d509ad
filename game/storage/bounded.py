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

from game.i18n import N_, _, ngettext
from .errors import FileRefused, ForeignFile, refuse

_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0) \
    | getattr(os, "O_BINARY", 0)


def read_bounded(path, max_bytes: int, kind: str = N_("file")) -> bytes:
    """The bytes of the regular file `path`, at most `max_bytes` of them; ForeignFile
    (naming `kind`, e.g. N_("replay"): marked for the catalogs, translated here) if `path`
    is missing, not a regular file or larger, FileRefused if it cannot be read."""
    try:
        # lstat-free stat first: a device is refused without ever being opened.
        _regular(os.stat(path), path, kind)
        fd = os.open(path, _FLAGS)
    except FileNotFoundError:
        refuse(path, _("could not be read: there is no such {kind} file").format(kind=_(kind)),
               ForeignFile)
    except NotADirectoryError:
        refuse(path, _("could not be read: there is no such {kind} file (a part of the path "
                       "is not a folder)").format(kind=_(kind)), ForeignFile)
    except OSError as exc:
        refuse(path, _("could not be read: the {kind} file cannot be opened ({why})").format(
                         kind=_(kind), why=exc.strerror or exc))
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
        refuse(path, _("could not be read ({why})").format(why=exc.strerror or exc))
    finally:
        os.close(fd)
    return b"".join(chunks)


def _regular(info, path, kind: str) -> None:
    mode = info.st_mode
    if stat.S_ISREG(mode):
        return
    if stat.S_ISDIR(mode):
        refuse(path, _("is a folder, not a {kind} file").format(kind=_(kind)), ForeignFile)
    what = (_("a named pipe (FIFO)") if stat.S_ISFIFO(mode)
            else _("a socket") if stat.S_ISSOCK(mode)
            else _("a device") if stat.S_ISCHR(mode) or stat.S_ISBLK(mode)
            else _("not a plain file"))
    refuse(path, _("is {what}, not a {kind} file").format(what=what, kind=_(kind)), ForeignFile)


def _too_large(path, size: int, max_bytes: int, kind: str):
    refuse(path, _("{size} is larger than any {kind} file ({most} at most)").format(
                     size=ngettext("{n} byte", "{n} bytes", size).format(n=size), kind=_(kind),
                     most=ngettext("{n} byte", "{n} bytes", max_bytes).format(n=max_bytes)),
           ForeignFile)
