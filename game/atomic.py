"""Writing a file so that a crash never leaves it half-written (replays, settings, saved
practice positions).

The new content goes to a hidden temporary file in the target's folder, is flushed and
fsync'ed, gets the mode any new file of the user would get (mkstemp makes 0600), and is
renamed over the target with os.replace, atomic on POSIX and Windows; the folder is then
fsync'ed so the rename itself survives a power cut. A crash at any point leaves either the
previous file or the new one; a crash before the rename may leave a hidden "*.partial"
file, which nothing reads.
"""
from __future__ import annotations

import contextlib
import os
import tempfile

PARTIAL_SUFFIX = ".partial"
_UMASK = os.umask(0)
os.umask(_UMASK)


@contextlib.contextmanager
def atomic_write(path, text: bool = False):
    """Open a binary (or UTF-8 text) stream whose content replaces `path` atomically when
    the block ends without an exception; on an exception `path` is left as it was."""
    path = os.fspath(path)
    folder = os.path.dirname(os.path.abspath(path))
    fd, partial = tempfile.mkstemp(prefix="." + os.path.basename(path) + ".",
                                   suffix=PARTIAL_SUFFIX, dir=folder)
    try:
        with os.fdopen(fd, "w" if text else "wb", **({"encoding": "utf-8"} if text else {})) as out:
            yield out
            out.flush()
            os.fsync(out.fileno())
        os.chmod(partial, 0o666 & ~_UMASK)
        os.replace(partial, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(partial)
        raise
    _fsync_folder(folder)


def _fsync_folder(folder: str) -> None:
    if os.name != "posix":          # Windows cannot open a folder; its rename is durable
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
