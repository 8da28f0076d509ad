"""game.storage piece by piece: stale partial files removed, .corrupt copies kept apart,
regular files only, the JSON limits against a reference, the zip reader against zipfile
on damaged archives (hypothesis), text made printable."""
import io
import json
import os
import subprocess
import sys
import time
import zipfile

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.storage import (FileRefused, ForeignFile, ZipReader, atomic_write, clean_partials,
                          keep_corrupt, parse_json, printable, read_bounded)
from game import settings as S

FUZZ = settings(max_examples=150, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.function_scoped_fixture])


def dead_pid() -> int:
    """The id of a process that has ended."""
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def test_stale_partials_go_at_the_next_save_and_live_ones_stay(tmp_path):
    stale = [tmp_path / f".match.bsreplay.{dead_pid()}.abc{k}.partial" for k in range(3)]
    mine = tmp_path / f".other.json.{os.getpid()}.xyz.partial"      # a save under way
    unnamed = tmp_path / ".old.json.q1w2e3.partial"                  # no pid: by age
    for path in stale + [mine, unnamed]:
        path.write_bytes(b"half")
    with atomic_write(tmp_path / "settings.json", text=True) as out:
        out.write("{}")
    assert sorted(os.listdir(tmp_path)) == sorted([mine.name, unnamed.name, "settings.json"])
    old = time.time() - 3600
    os.utime(unnamed, (old, old))
    assert clean_partials(tmp_path) == 1 and not unnamed.exists() and mine.exists()


def test_settings_load_at_start_removes_stale_partials(tmp_path):
    partial = tmp_path / f".settings.json.{dead_pid()}.k3j.partial"
    partial.write_text("{")
    assert S.load(tmp_path / "settings.json") == (S.Settings(), None)
    assert not partial.exists()


def test_corrupt_copies_never_overwrite_each_other(tmp_path):
    path = tmp_path / "settings.json"
    contents = ['{"race_to": 3.0}', "[" * 100_000, '{"names": 5}']
    for text in contents:
        path.write_text(text)
        loaded, problem = S.load(path)
        assert loaded == S.Settings() and problem.startswith(str(path))
    kept = [tmp_path / "settings.json.corrupt", tmp_path / "settings.json.corrupt.2",
            tmp_path / "settings.json.corrupt.3"]
    assert [p.read_text() for p in kept] == contents
    assert keep_corrupt(path) == str(tmp_path / "settings.json.corrupt.4")


@pytest.mark.parametrize("make, phrase", [
    (os.mkfifo, "named pipe"),
    (lambda p: p.symlink_to("/dev/zero"), "a device"),
    (lambda p: p.mkdir(), "is a folder"),
    (lambda p: None, "no such"),
])
def test_only_regular_files_are_read(tmp_path, make, phrase):
    path = tmp_path / "x.json"
    make(path)
    with pytest.raises(ForeignFile, match=phrase):
        read_bounded(path, 1000, "settings")


def test_a_file_larger_than_the_cap_is_refused_unread(tmp_path):
    path = tmp_path / "big.json"
    with open(path, "wb") as f:
        f.truncate(1 << 40)            # sparse: a terabyte that takes no disk
    with pytest.raises(ForeignFile, match="larger than any settings file"):
        read_bounded(path, 1 << 16, "settings")
    path.write_bytes(b"12345")
    assert read_bounded(path, 5) == b"12345"


# ---- JSON limits against a reference ------------------------------------------------

def depth(value) -> int:
    if isinstance(value, dict):
        return 1 + max((depth(v) for v in value.values()), default=0)
    if isinstance(value, list):
        return 1 + max((depth(v) for v in value), default=0)
    return 0


def longest_number(value) -> int:
    """Characters of the longest number json.dumps writes for `value`."""
    if isinstance(value, dict):
        return max((longest_number(v) for v in value.values()), default=0)
    if isinstance(value, list):
        return max((longest_number(v) for v in value), default=0)
    is_number = isinstance(value, (int, float)) and not isinstance(value, bool)
    return len(json.dumps(value)) if is_number else 0


TEXT = st.text(alphabet=st.sampled_from('ab"\\[]{}\u00e9\x1b\n'), max_size=8)
JSON = st.recursive(st.none() | st.booleans() | st.integers(-10 ** 60, 10 ** 60)
                    | st.floats(allow_nan=False, allow_infinity=False) | TEXT,
                    lambda inner: st.lists(inner, max_size=3)
                    | st.dictionaries(TEXT, inner, max_size=3), max_leaves=30)


@FUZZ
@given(JSON, st.integers(1, 6))
def test_parse_json_refuses_exactly_what_passes_a_limit(value, max_depth):
    data = json.dumps(value).encode()
    too_long = longest_number(value) > 20
    try:
        parsed = parse_json(data, "x.json", max_depth=max_depth, max_number_chars=20)
    except FileRefused as exc:
        assert depth(value) > max_depth or too_long, str(exc)
        assert str(exc).startswith("x.json is not valid JSON (")
    else:
        assert depth(value) <= max_depth and not too_long and parsed == value


@FUZZ
@given(st.binary(max_size=200))
def test_parse_json_raises_nothing_but_its_refusal(data):
    try:
        parse_json(data, "x.json")
    except FileRefused:
        pass


# ---- the zip reader against zipfile ---------------------------------------------------

def _archive() -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("replay.json", json.dumps({"a": list(range(300))}))
        archive.writestr("shots/0000.json", b"x" * 5000)
        archive.writestr("shots/0001.json", os.urandom(300))
    return out.getvalue()


ARCHIVE = _archive()


@FUZZ
@given(st.lists(st.tuples(st.integers(0, len(ARCHIVE) - 1), st.integers(1, 255)),
                min_size=1, max_size=4), st.integers(len(ARCHIVE) // 2, len(ARCHIVE)))
def test_a_damaged_archive_reads_as_zipfile_reads_it_or_is_refused(flips, cut):
    data = bytearray(ARCHIVE[:cut])
    for at, bits in flips:
        if at < len(data):
            data[at] ^= bits
    data = bytes(data)
    try:
        reader = ZipReader(data, "x.zip", "replay", 10, 1 << 20, 1 << 22)
        contents = {name: reader.read(name) for name in reader.names()}
    except FileRefused as exc:
        assert "\n" not in str(exc)
        return
    with zipfile.ZipFile(io.BytesIO(data)) as archive:       # what we read, zipfile reads
        assert contents == {name: archive.read(name) for name in archive.namelist()}


def test_the_member_count_is_checked_before_the_directory_is_read():
    with pytest.raises(FileRefused, match="lists 3 members, more than a replay holds"):
        ZipReader(ARCHIVE, "x.zip", "replay", 2, 1 << 20, 1 << 22)
    with pytest.raises(FileRefused, match="claims 5000 bytes"):
        ZipReader(ARCHIVE, "x.zip", "replay", 10, 4000, 1 << 22)


def test_printable_strips_escape_codes_and_controls():
    assert printable("\x1b[31mAnn\x1b[0m") == "Ann"
    assert printable("\x1b]0;owned\x07Bob") == "Bob"
    assert printable("Eve\r\nNew line\u202e") == "Eve  New line "
    assert printable("Zoë 9-ball") == "Zoë 9-ball"
    assert str(FileRefused("a\x1b[2Jb\nc")) == "ab c"
