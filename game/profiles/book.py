"""The profiles file: every profile (name, created, preferred game) in a small JSON file
beside the statistics database, so that a profile that never played (and is therefore in
no replay) survives a rebuild of the database, and so that the menu can list the profiles
without waiting for the database.

    {"format": "breakshot-profiles", "version": 1,
     "profiles": [{"name": "Ann", "created": "2026-04-30T10:00:00+00:00",
                   "preferred": "nine_ball"}, ...]}

It is written atomically (game.storage.atomic_write) with the database's whole list after
each change, and read as untrusted input (game.storage.read_json_file: a regular file,
bounded in size and nesting; then every field checked); a file that is refused raises
ProfilesFileError with one sentence naming the file and the problem.
"""
from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path

from game.i18n import N_, _, ngettext
from game.session.game import MODES
from game.storage import FileRefused, atomic_write, read_json_file

from .seats import ProfileError, Seat, profile_name

FILE_NAME = "profiles.json"
FORMAT = "breakshot-profiles"
VERSION = 1
MAX_PROFILES = 1000
MAX_FILE_BYTES = 256 * 1024          # 1000 profiles of the longest names fit in it
MAX_DEPTH = 3
FIELDS = {"name", "created", "preferred"}


class ProfilesFileError(FileRefused):
    """A profiles file that cannot be used; str() is one sentence."""


def profiles_file(database) -> Path:
    """The profiles file beside the database file `database`."""
    return Path(database).with_name(FILE_NAME)


def read_profiles(path) -> list:
    """(Seat, preferred mode) of every profile in the file `path`, in the file's order; []
    when there is no file. ProfilesFileError for a file that is not a profiles file."""
    path = Path(path)
    if not path.exists() and not path.is_symlink():
        return []
    data = read_json_file(path, MAX_FILE_BYTES, N_("profiles"), MAX_DEPTH, ProfilesFileError)

    def refuse(problem: str):
        return ProfilesFileError(f"{path}: {problem}")

    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise refuse(_("not a Breakshot profiles file"))
    if data.get("version") != VERSION:
        raise refuse(_("version {version} is not one this Breakshot reads; update "
                       "Breakshot").format(version=str(data.get("version"))[:20]))
    entries = data.get("profiles")
    if set(data) != {"format", "version", "profiles"} or not isinstance(entries, list):
        raise refuse(_("the file holds fields a profiles file does not have"))
    if len(entries) > MAX_PROFILES:
        raise refuse(ngettext("more than {count} profile", "more than {count} profiles",
                              MAX_PROFILES).format(count=MAX_PROFILES))
    found, names = [], set()
    for k, entry in enumerate(entries):
        try:
            seat, preferred = _entry(entry)
        except (ProfileError, ValueError) as exc:
            raise refuse(_("profile {number}: {problem}").format(number=k + 1, problem=exc))
        if seat.name.casefold() in names:
            raise refuse(_("profile {number}: the name \"{name}\" is there twice").format(
                number=k + 1, name=seat.name))
        names.add(seat.name.casefold())
        found.append((seat, preferred))
    return found


def _entry(entry) -> tuple:
    """(Seat, preferred) of one entry; ProfileError or ValueError saying what is wrong."""
    if not isinstance(entry, dict) or set(entry) != FIELDS \
            or not all(isinstance(entry[f], str) for f in FIELDS):
        raise ProfileError(_("a profile must be an object with a name, a creation time and "
                             "a preferred game"))
    name = profile_name(entry["name"])
    if name != entry["name"]:
        raise ProfileError(_("\"{name}\" is not a clean profile name").format(
            name=entry["name"][:40]))
    created = entry["created"]
    if len(created) > 40:
        raise ProfileError(_("the creation time is too long"))
    datetime.fromisoformat(created)          # ValueError for what is not a time
    if entry["preferred"] not in MODES:
        raise ProfileError(_("no game is called {mode}").format(mode=entry["preferred"][:40]))
    return Seat("profile", name, created), entry["preferred"]


def write_profiles(path, entries) -> None:
    """Replace the file `path` (atomically) with `entries`, (Seat, preferred) pairs."""
    data = {"format": FORMAT, "version": VERSION,
            "profiles": [{"name": seat.name, "created": seat.created, "preferred": preferred}
                         for seat, preferred in entries]}
    with atomic_write(path, text=True) as out:
        json.dump(data, out, ensure_ascii=False, indent=1)
        out.write("\n")
