"""Writing a file so that a crash never leaves it half-written (replays, settings, saved
practice positions), and tidying what an interrupted write leaves.

The new content goes to a hidden temporary file in the target's folder, is flushed and
fsync'ed, gets the mode any new file of the user would get (mkstemp makes 0600), and is
renamed over the target with os.replace, atomic on POSIX and Windows; the folder is then
fsync'ed so the rename itself survives a power cut. A crash at any point leaves either the
previous file or the new one; a crash before the rename may leave a hidden
".<name>.<pid>.<random>.partial" file, which nothing reads and which clean_partials (run
at every save, and at start by the settings) removes once its writer is gone.

keep_corrupt moves a refused file aside as "<name>.corrupt", or "<name>.corrupt.2", ...
when that exists, so a second bad file never overwrites the first one's copy.
"""
from __future__ import annotations

import contextlib
import os
import re
import tempfile
import time

PARTIAL_SUFFIX = ".partial"
# A partial file whose writer's process id cannot be checked (another system, or a
# name without one) is stale after this long (s): no save takes that long.
STALE_AFTER_S = 600.0
_PARTIAL_NAME = re.compile(r"\..+\.([0-9]+)\.[^.]+" + re.escape(PARTIAL_SUFFIX))
_UMASK = os.umask(0)
os.umask(_UMASK)


@contextlib.contextmanager
def atomic_write(path, text: bool = False):
    """Open a binary (or UTF-8 text) stream whose content replaces `path` atomically when
    the block ends without an exception; on an exception `path` is left as it was.
    Stale partial files of earlier, interrupted saves in the folder are removed first."""
    path = os.fspath(path)
    folder = os.path.dirname(os.path.abspath(path))
    clean_partials(folder)
    fd, partial = tempfile.mkstemp(prefix=f".{os.path.basename(path)}.{os.getpid()}.",
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


def clean_partials(folder) -> int:
    """Remove the hidden partial files in `folder` whose writer is gone (its process has
    ended, or the file is older than STALE_AFTER_S); the number removed. A folder that
    cannot be listed, or a file that cannot be removed, is left alone."""
    removed = 0
    now = time.time()
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return 0
    for entry in entries:
        if not (entry.name.startswith(".") and entry.name.endswith(PARTIAL_SUFFIX)):
            continue
        try:
            if not entry.is_file(follow_symlinks=False) or not _stale(entry, now):
                continue
            os.unlink(entry.path)
            removed += 1
        except OSError:
            continue
    return removed


def _stale(entry, now: float) -> bool:
    if now - entry.stat(follow_symlinks=False).st_mtime > STALE_AFTER_S:
        return True
    match = _PARTIAL_NAME.fullmatch(entry.name)
    if match is None or os.name != "posix":     # os.kill(pid, 0) would kill on Windows
        return False
    pid = int(match.group(1))
    if pid == os.getpid():                      # this process's own save, under way
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except (PermissionError, OverflowError, ValueError):
        return False                            # alive (another user's), or no such id
    return False


def keep_corrupt(path):
    """Move the file `path` aside as "<name>.corrupt" (or ".corrupt.2", ... if taken) and
    return the new path; OSError if it cannot be moved."""
    path = os.fspath(path)
    candidate, n = path + ".corrupt", 2
    while os.path.lexists(candidate):
        candidate, n = f"{path}.corrupt.{n}", n + 1
    os.replace(path, candidate)
    return candidate


def _fsync_folder(folder: str) -> None:
    if os.name != "posix":          # Windows cannot open a folder; its rename is durable
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
