"""The replay format's name and version, and the solver version stamped into every file.

Format versions are (major, minor): a reader refuses a newer major version and reads a
newer minor version with a warning (minor versions only add fields a reader may ignore).
The solver version tells the viewer whether a shot re-simulated today can be expected to
match its recorded digest: the package version alone would miss an edited solver, so a
digest of the physics sources is added.
"""
from __future__ import annotations

import functools
import hashlib
from importlib import metadata
from pathlib import Path

import physics_ext

FORMAT_NAME = "breakshot-replay"
FORMAT_VERSION = (1, 7)        # 1.1 adds race_to; 1.2 the friction model, contact time,
# follow-through; 1.3 the rail tops (table cushion_width, rail_width; params e_rail, u_rail,
# u_r_rail); 1.4 the rail tops' height (table cushion_rise); 1.5 the drill mark of a drill
# attempt (drill: id, player, score, shots, over); 1.6 the seats (profile, computer level
# or guest: the statistics database); 1.7 the cushion model (params cushion_model, e_e,
# u_w, e_e_knee, e_e_fall)
# The physics files whose content decides what a shot simulates to.
_SOLVER_SOURCES = ("*.pyx", "*.pxd", "*.py")


def format_version_text(version: tuple = FORMAT_VERSION) -> str:
    """"1.0" for (1, 0)."""
    return f"{version[0]}.{version[1]}"


def package_version() -> str:
    """The installed Breakshot version, or "unknown" when running from a bare checkout."""
    try:
        return metadata.version("breakshot")
    except metadata.PackageNotFoundError:
        return "unknown"


@functools.lru_cache(maxsize=1)
def solver_version() -> str:
    """"physics_ext <package version> src:<16 hex digits>": the package version and a
    SHA-256 of the physics_ext source files (names and contents, in name order)."""
    root = Path(physics_ext.__file__).parent
    h = hashlib.sha256()
    for path in sorted(p for pattern in _SOLVER_SOURCES for p in root.glob(pattern)):
        h.update(path.name.encode() + b"\0")
        h.update(path.read_bytes())
    return f"physics_ext {package_version()} src:{h.hexdigest()[:16]}"
