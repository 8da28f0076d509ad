"""Saved practice positions: they load back identical (bit for bit), saves are atomic,
and a corrupt or foreign file is refused with a message saying what is wrong."""
import json
import math
import os
import random
import struct

import pytest

import game.storage.atomic

from physics_ext import Stroke, TableSpec
from game.practice import (Position, PositionFileError, PracticeTable, load_position,
                           save_position)
from game.practice import store
from game.rules import CUE


def bits(position):
    return (position.table, position.game,
            tuple((b, struct.pack("<2d", *xy)) for b, xy in sorted(position.layout.items())))


def played(game, seed, shots=5):
    """A practice table after a few random shots: positions full of arbitrary doubles."""
    rng = random.Random(seed)
    practice = PracticeTable(game, seed=seed)
    for _ in range(shots):
        if CUE not in practice.position.layout:
            practice.place(CUE, practice.position.table.d_centre)
        practice.shoot(Stroke(azimuth=rng.uniform(0, 2 * math.pi), elevation=0.0, side=0.0,
                              height=rng.uniform(-0.3, 0.3), speed=rng.uniform(1.0, 6.0)))
    return practice


@pytest.mark.parametrize("game", ["nine_ball", "eight_ball"])
def test_a_saved_position_loads_back_identical(game, tmp_path):
    practice = played(game, seed=4)
    path = tmp_path / "drill.json"
    practice.save(path)
    assert bits(load_position(path)) == bits(practice.position)
    other = PracticeTable("eight_ball" if game == "nine_ball" else "nine_ball")
    other.load(path)
    assert bits(other.position) == bits(practice.position)
    assert other.undo() and other.position.game != game     # loading can be undone


def test_a_custom_table_is_saved_with_the_position(tmp_path):
    table = TableSpec(name="practice", length=2.2, width=1.1, corner_mouth=0.12,
                      side_mouth=0.13, cushion_height=0.036, head_line_x=0.55,
                      foot_spot=(1.65, 0.55))
    practice = PracticeTable("nine_ball", table=table)
    save_position(practice.position, tmp_path / "p.json")
    assert load_position(tmp_path / "p.json").table == table


def test_saving_replaces_the_file_atomically(tmp_path, monkeypatch):
    path = tmp_path / "drill.json"
    first = PracticeTable("nine_ball", seed=1).position
    save_position(first, path)
    save_position(played("nine_ball", 2).position, path)     # overwrite: fine
    before = path.read_bytes()

    def crash(*args):
        raise OSError("disk full")
    monkeypatch.setattr(game.storage.atomic.os, "replace", crash)
    with pytest.raises(OSError, match="disk full"):
        save_position(first, path)
    assert path.read_bytes() == before                        # the old save survives
    assert os.listdir(tmp_path) == ["drill.json"]             # and no temporary is left


def good_dict():
    return store.to_dict(PracticeTable("nine_ball", seed=5).position)


def edited(change):
    data = json.loads(json.dumps(good_dict()))
    change(data)
    return json.dumps(data)


CORRUPT = [
    ("not json", "", "not valid JSON"),
    ("truncated", json.dumps(good_dict())[:150], "not valid JSON"),
    ("a list", "[1, 2, 3]", "not a Breakshot practice position"),
    ("another format", edited(lambda d: d.update(format="breakshot-replay")),
     "not a Breakshot practice position"),
    ("newer", edited(lambda d: d.update(version=7)), "version 7 is newer"),
    ("no version", edited(lambda d: d.pop("version")), "version must be a whole number"),
    ("bad table", edited(lambda d: d["table"].update(length=-2.0)), "length"),
    ("table not an object", edited(lambda d: d.update(table="big")), "table"),
    ("unknown game", edited(lambda d: d.update(game="snooker")), "game 'snooker'"),
    ("layout a list", edited(lambda d: d.update(layout=[1, 2])), "layout must be an object"),
    ("ball not in the game", edited(lambda d: d["layout"].update({"12": [1.0, 0.5]})),
     "no ball 12"),
    ("ball id not a number", edited(lambda d: d["layout"].update({"cue": [1.0, 0.5]})),
     "not a ball number"),
    ("coordinate a string", edited(lambda d: d["layout"].update({"3": ["1.0", 0.5]})),
     r"layout\['3'\] must be \[x, y\]"),
    ("three coordinates", edited(lambda d: d["layout"].update({"3": [1.0, 0.5, 0.0]})),
     r"layout\['3'\] must be \[x, y\]"),
    ("off the table", edited(lambda d: d["layout"].update({"3": [3.0, 0.5]})),
     "the 3 must stay on the cloth"),
    ("overlapping", edited(lambda d: d["layout"].update({"3": d["layout"]["4"]})),
     "would overlap"),
]


@pytest.mark.parametrize("name, text, message", CORRUPT, ids=[c[0] for c in CORRUPT])
def test_a_corrupt_file_is_refused_with_a_clear_message(name, text, message, tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(PositionFileError, match=message) as refused:
        load_position(path)
    assert str(refused.value).startswith(f"{path}: ")
    practice = PracticeTable("eight_ball")
    before = bits(practice.position)
    with pytest.raises(PositionFileError):
        practice.load(path)
    assert bits(practice.position) == before and not practice.history


def test_binary_and_missing_files_are_refused(tmp_path):
    (tmp_path / "bin.json").write_bytes(b"\x89PNG\r\n\x1a\n\xff\xfe")
    with pytest.raises(PositionFileError, match="could not be read"):
        load_position(tmp_path / "bin.json")
    with pytest.raises(PositionFileError, match="could not be read"):
        load_position(tmp_path / "nowhere.json")


def test_an_empty_table_is_a_position_too(tmp_path):
    empty = Position(TableSpec.nine_foot(), "nine_ball", {})
    save_position(empty, tmp_path / "empty.json")
    assert load_position(tmp_path / "empty.json") == empty
