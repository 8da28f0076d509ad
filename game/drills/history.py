"""Personal bests and trends per player, computed from the recorded attempts: every
drill attempt is a replay marked with the drill's id, the player's name and the score
(docs/replay_format.md, "drill"). These files are the source; a database may index them,
and must agree with what is computed here.

Only the files named as drill attempts are opened (game.replay.library.DRILL_GLOB: the
matches beside them are never read), and only their manifests (read_manifest: the
bounded, checked path); a file that cannot be read, or carries no drill mark, is left
out. The order is the recording's start time,
then the file name, so the same folder always gives the same figures.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from game.replay import replay_directory
from game.replay import fields as F
from game.replay.library import DRILL_GLOB
from game.replay.manifest import MANIFEST_MEMBER, decode_drill_mark
from game.replay.reader import read_manifest
from game.storage import FileRefused

TREND_WINDOW = 10       # the trend is fitted over a player's last this many attempts


@dataclass(frozen=True)
class AttemptRecord:
    """One recorded attempt: its file, when it started (ISO 8601 UTC), the drill's id,
    the player, the score and strokes, and whether it had ended when last saved."""
    path: Path
    created: str
    drill: str
    player: str
    score: int
    shots: int
    over: bool


# A trend needs this many attempts: one or two scores show no direction.
TREND_MIN_ATTEMPTS = 3


@dataclass(frozen=True)
class DrillRecord:
    """A player's figures on one drill. attempts: how many. best: the highest score
    (None before the first attempt). last: the latest attempt's score. trend: the
    least-squares slope of the score over the last TREND_WINDOW attempts, in points per
    attempt (positive: improving; 0.0 with fewer than two)."""
    attempts: int
    best: int | None
    last: int | None
    trend: float


def recorded_attempts(directory=None) -> tuple:
    """Every drill attempt recorded in `directory` (default: the user's replay folder),
    oldest first, as AttemptRecords.

    What a file says is remembered for the process's life against its size and time of
    change, so the pages that show the records (the drill list, a drill, the statistics)
    read each attempt once: opening them again costs one stat call per file (about
    0.4 ms per file read, a few microseconds per file remembered)."""
    folder = Path(directory) if directory is not None else replay_directory()
    if not folder.is_dir():
        return ()
    found = []
    for path in sorted(p for p in folder.glob(DRILL_GLOB) if p.is_file()):
        record = _read_attempt(path)
        if record is not None:
            found.append(record)
    return tuple(sorted(found, key=lambda a: (a.created, a.path.name)))


# path -> ((st_size, st_mtime_ns, st_ino), its AttemptRecord or None): a file rewritten
# (an attempt saved after each stroke is replaced atomically) gets a new inode and time.
_remembered: dict = {}
REMEMBERED_MAX = 100_000        # files; beyond it the memory is cleared and refilled


def _read_attempt(path: Path) -> AttemptRecord | None:
    """What the file at `path` records (None: not a readable drill attempt)."""
    try:
        st = path.stat()
    except OSError:
        return None
    key = (st.st_size, st.st_mtime_ns, st.st_ino)
    known = _remembered.get(path)
    if known is not None and known[0] == key:
        return known[1]
    try:
        _, manifest, _, _ = read_manifest(str(path))
        mark = decode_drill_mark(manifest.get("drill"))
        record = None
        if mark is not None:
            created = F.text(F.get(manifest, "created", MANIFEST_MEMBER), "created", 100)
            record = AttemptRecord(path, created, mark.id, mark.player, mark.score,
                                   mark.shots, mark.over)
    except FileRefused:
        record = None
    if len(_remembered) >= REMEMBERED_MAX:
        _remembered.clear()
    _remembered[path] = (key, record)
    return record


def drill_record(attempts, drill: str, player: str) -> DrillRecord:
    """`player`'s figures on the drill with id `drill`, from `attempts` (oldest first).
    Names are compared letter case aside, as a typed name is matched to a profile's."""
    player = player.casefold()
    scores = [a.score for a in attempts if a.drill == drill and a.player.casefold() == player]
    return DrillRecord(len(scores), max(scores, default=None),
                       scores[-1] if scores else None, trend(scores[-TREND_WINDOW:]))


def trend(scores) -> float:
    """The least-squares slope of `scores` over their index (points per attempt)."""
    n = len(scores)
    if n < 2:
        return 0.0
    mean_x, mean_y = (n - 1) / 2, sum(scores) / n
    num = sum((k - mean_x) * (s - mean_y) for k, s in enumerate(scores))
    return num / sum((k - mean_x) ** 2 for k in range(n))
