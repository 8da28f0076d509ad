"""Every kind of bad file is refused with a ReplayError that says what is wrong, and the
loader writes nothing next to it."""
import gzip
import os
import zipfile

import pytest

from replay_harness import record_match
from game.replay import (FORMAT_VERSION, CorruptReplayError, NewerReplayError,
                         NotAReplayError, ReplayError, ReplayWarning, TruncatedReplayError,
                         load_replay)
from replay_files import listing, members, with_json, write_zip


@pytest.fixture(scope="module")
def original(tmp_path_factory):
    """A short recorded 9-ball match: the file every bad file is made from."""
    _, recorder = record_match(tmp_path_factory.mktemp("original"), "nine_ball", seed=2,
                               games=1, shot_cap=3)
    return recorder.path


def refused(path, error, *phrases):
    """Load `path`: it must raise `error` naming the file and every phrase, and write
    nothing in its folder."""
    folder = os.path.dirname(path)
    before = listing(folder)
    with pytest.raises(error) as caught:
        load_replay(path)
    message = str(caught.value)
    assert message.startswith(str(path)), message
    for phrase in phrases:
        assert phrase in message, message
    assert listing(folder) == before
    return message


def put(tmp_path, data: bytes, name="bad.bsreplay"):
    path = tmp_path / name
    path.write_bytes(data)
    return str(path)


# ---- foreign files -----------------------------------------------------------------------

@pytest.mark.parametrize("data, phrase", [
    (b"", "the file is empty"),
    (b"hello, world\n", "not a zip archive"),
    (b"\x89PNG\r\n\x1a\n" + bytes(40), "not a zip archive"),
    (gzip.compress(b'{"format": "breakshot-replay"}'), "not a zip archive"),
    (b"PK\x05\x06" + bytes(18), "an empty zip archive"),
])
def test_foreign_bytes_are_not_a_replay(tmp_path, data, phrase):
    refused(put(tmp_path, data), NotAReplayError, phrase)


def test_a_zip_without_a_manifest_is_not_a_replay(tmp_path):
    path = tmp_path / "other.zip"
    write_zip(path, {"readme.txt": b"hi"})
    refused(str(path), NotAReplayError, "without replay.json")


@pytest.mark.parametrize("document", [{"format": "someone-elses-replay", "version": "1.0"},
                                      ["breakshot-replay"], "breakshot-replay"])
def test_a_manifest_of_another_format_is_not_a_replay(tmp_path, document):
    import json
    path = tmp_path / "other.bsreplay"
    write_zip(path, {"replay.json": json.dumps(document).encode()})
    refused(str(path), NotAReplayError, "does not declare the format 'breakshot-replay'")


def test_a_folder_is_not_a_replay(tmp_path):
    refused(str(tmp_path), NotAReplayError, "is a folder")


# ---- truncated and damaged ---------------------------------------------------------------

@pytest.mark.parametrize("fraction", [0.001, 0.1, 0.5, 0.9, 0.999])
def test_a_truncated_file_is_refused(tmp_path, original, fraction):
    data = open(original, "rb").read()
    path = put(tmp_path, data[:max(4, int(len(data) * fraction))])
    refused(path, TruncatedReplayError, "truncated")


def test_a_damaged_member_fails_its_checksum(tmp_path, original):
    data = bytearray(open(original, "rb").read())
    with zipfile.ZipFile(original) as archive:
        info = archive.getinfo("shots/0000.json")
    # Inside the member's compressed data, past its local header.
    at = info.header_offset + 30 + len(info.filename) + info.compress_size // 2
    data[at] ^= 0x10
    refused(put(tmp_path, bytes(data)), CorruptReplayError, "'shots/0000.json' is damaged")


def test_a_manifest_that_is_not_json_is_refused(tmp_path, original):
    contents = members(original)
    contents["replay.json"] = contents["replay.json"][:-20]
    path = tmp_path / "cut.bsreplay"
    write_zip(path, contents)
    refused(str(path), CorruptReplayError, "replay.json is not valid JSON")


def test_nan_is_not_json(tmp_path, original):
    path = tmp_path / "nan.bsreplay"
    contents = members(original)
    shot = contents["shots/0000.json"]
    contents["shots/0000.json"] = shot.replace(b'"time":[', b'"time":[NaN,', 1)
    write_zip(path, contents)
    refused(str(path), CorruptReplayError, "shots/0000.json is not valid JSON", "NaN")


# ---- contents that break the format --------------------------------------------------------

def _drop_table(doc):
    del doc["match"]["table"]


def _bad_speed(doc):
    doc["shots"][0]["stroke"]["speed"] = "fast"


def _negative_speed(doc):
    doc["shots"][0]["stroke"]["speed"] = -1.0


def _unknown_command(doc):
    doc["commands"][0]["type"] = "cheat"


def _shoot_elsewhere(doc):
    shoot = next(c for c in doc["commands"] if c["type"] == "shoot")
    shoot["shot"] = 1


def _lose_member(doc):
    doc["shots"][0]["data"] = "shots/9999.json"


def _bad_rack(doc):
    doc["match"]["rack"]["x"] = [0.1, 0.2]


def _change_an_event(doc):
    doc["events"]["speed"][3] += 1e-9


def _ball_out_of_range(doc):
    doc["pieces"]["ball"][0] = 99


def _ragged_rvw(doc):
    doc["pieces"]["rvw"][0] = doc["pieces"]["rvw"][0][:5]


def _ball_without_pieces(doc):
    keep = [k for k, b in enumerate(doc["pieces"]["ball"]) if b != 3]
    for name in ("ball", "state", "t0", "rvw"):
        doc["pieces"][name] = [doc["pieces"][name][k] for k in keep]


@pytest.mark.parametrize("member, change, phrase", [
    ("replay.json", _drop_table, "match: the field 'table' is missing"),
    ("replay.json", _bad_speed, "shots[0].stroke.speed: expected a finite number, got 'fast'"),
    ("replay.json", _negative_speed, "shots[0].stroke: stroke speed"),
    ("replay.json", _unknown_command, "commands[0].type: expected one of"),
    ("replay.json", _shoot_elsewhere, "which is not the match's shot 0"),
    ("replay.json", _lose_member, "the member 'shots/9999.json' is missing"),
    ("replay.json", _bad_rack, "match.rack: ball ids are numbers"),
    ("shots/0000.json", _change_an_event,
     "shots[0]: its solver data (shots/0000.json) does not match its digest"),
    ("shots/0000.json", _ball_out_of_range,
     "shots/0000.json.pieces.ball: expected integers in [0, 9]"),
    ("shots/0000.json", _ragged_rvw, "shots/0000.json.pieces.rvw"),
    ("shots/0000.json", _ball_without_pieces, "every ball needs at least one trajectory piece"),
])
def test_bad_contents_name_the_member_and_field(tmp_path, original, member, change, phrase):
    path = tmp_path / "edited.bsreplay"
    with_json(original, path, member, change)
    refused(str(path), CorruptReplayError, phrase)


# ---- versions ------------------------------------------------------------------------------

def _version(text):
    def change(doc):
        doc["version"] = text
    return change


def test_a_newer_major_version_is_refused(tmp_path, original):
    path = tmp_path / "future.bsreplay"
    with_json(original, path, "replay.json", _version("2.0"))
    refused(str(path), NewerReplayError, "replay format 2.0 comes from a newer Breakshot",
            "update Breakshot")


def test_an_older_major_version_is_refused(tmp_path, original):
    path = tmp_path / "past.bsreplay"
    with_json(original, path, "replay.json", _version("0.3"))
    message = refused(str(path), ReplayError, "older than any this Breakshot reads")
    assert "0.3" in message


def test_a_version_that_is_not_major_minor_is_refused(tmp_path, original):
    path = tmp_path / "odd.bsreplay"
    with_json(original, path, "replay.json", _version("one"))
    refused(str(path), CorruptReplayError, "is not 'major.minor'")


def test_a_newer_minor_version_loads_with_a_warning(tmp_path, original):
    major, minor = FORMAT_VERSION
    text = f"{major}.{minor + 1}"

    def newer(doc):
        doc["version"] = text
        doc["commentary"] = "a field this version does not know"
        doc["match"]["params"]["u_future"] = 0.5
    path = tmp_path / "newer.bsreplay"
    with_json(original, path, "replay.json", newer)
    with pytest.warns(ReplayWarning, match=f"replay format {text} is newer"):
        replay = load_replay(str(path))
    assert replay.version == (major, minor + 1) and "ignored" in replay.warnings[0]
    assert [s.digest for s in replay.shots] == [s.digest for s in load_replay(original).shots]
