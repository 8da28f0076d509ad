"""The seat of an unfinished online match kept on disk: written privately and atomically,
read back equal, and any damaged or foreign file ignored with one warning, never a crash."""
import json
import logging

import pytest

from game.net.saved_seat import SavedSeat, forget_seat, load_seat, save_seat

SEAT = SavedSeat("ws://example.org:8765", "ABCDEF", 1, "ab" * 32, "Đurđa Čolić")


def test_a_kept_seat_reads_back_equal_and_only_its_owner_may_read_it(tmp_path):
    path = tmp_path / "deep" / "online_seat.json"
    save_seat(path, SEAT)
    assert load_seat(path) == SEAT
    assert path.stat().st_mode & 0o777 == 0o600     # the token is a secret
    assert [p.name for p in path.parent.iterdir()] == ["online_seat.json"]


def test_no_file_is_no_seat(tmp_path):
    assert load_seat(tmp_path / "online_seat.json") is None


@pytest.mark.parametrize("change, problem", [
    ({"format": 2}, "format"),
    ({"token": "ab" * 31}, "token"),
    ({"token": "AB" * 32}, "token"),
    ({"code": "abcdef"}, "code"),
    ({"seat": 2}, "seat"),
    ({"seat": True}, "seat"),
    ({"url": "http://example.org"}, "server address"),
    ({"url": 5}, "server address"),
    ({"name": ""}, "name"),
    ({"name": "a\nb"}, "name"),
    ({"name": "x" * 65}, "name"),
])
def test_a_seat_with_a_wrong_field_is_ignored_with_a_warning(tmp_path, caplog, change,
                                                             problem):
    path = tmp_path / "online_seat.json"
    path.write_text(json.dumps({**SEAT.to_plain(), **change}))
    with caplog.at_level(logging.WARNING):
        assert load_seat(path) is None
    assert len(caplog.records) == 1 and problem in caplog.text


@pytest.mark.parametrize("content", [b"", b"{", b"\x00" * 100, b"[" * 10000, b"[]",
                                     b'"seat"', b" " * 5000])
def test_a_damaged_seat_file_is_ignored_with_a_warning(tmp_path, caplog, content):
    path = tmp_path / "online_seat.json"
    path.write_bytes(content)
    with caplog.at_level(logging.WARNING):
        assert load_seat(path) is None
    assert len(caplog.records) == 1 and "ignored" in caplog.text


def test_a_folder_in_its_place_is_ignored(tmp_path, caplog):
    (tmp_path / "online_seat.json").mkdir()
    with caplog.at_level(logging.WARNING):
        assert load_seat(tmp_path / "online_seat.json") is None


def test_forgetting_removes_only_the_match_asked_for(tmp_path):
    path = tmp_path / "online_seat.json"
    save_seat(path, SEAT)
    forget_seat(path, "ZZZZZZ")          # another match's end: this seat stays
    assert load_seat(path) == SEAT
    forget_seat(path, "ABCDEF")
    assert not path.exists()
    forget_seat(path)                    # nothing there: nothing to do
