"""Drill files are untrusted input: every hostile file is refused with one sentence that
names the file and the problem, through the same bounded readers as replays."""
import json
import os

import pytest

from game.drills import DrillFileError, drills_in, load_drill, shipped_drills
from game.drills.store import DATA_DIR, MAX_FILE_BYTES
from game.storage import FileRefused

LINE_UP = json.loads((DATA_DIR / "1_line_up.json").read_text())
LADDER = json.loads((DATA_DIR / "3_stop_shots.json").read_text())


def write(tmp_path, data, name="drill.json") -> str:
    path = tmp_path / name
    path.write_bytes(data if isinstance(data, bytes) else json.dumps(data).encode())
    return str(path)


def refused(path) -> str:
    with pytest.raises(DrillFileError) as caught:
        load_drill(path)
    message = str(caught.value)
    assert isinstance(caught.value, FileRefused)
    assert message.startswith(str(path)) and "\n" not in message
    return message


def test_every_shipped_drill_loads_and_reloads_the_same():
    assert [d.id for d in shipped_drills()] == ["line_up", "ghost_nine_ball", "stop_shots",
                                                "cut_ladder", "position_route"]
    assert shipped_drills() == shipped_drills()


def test_a_copy_of_a_shipped_drill_loads(tmp_path):
    assert load_drill(write(tmp_path, LINE_UP)) == shipped_drills()[0]


@pytest.mark.parametrize("data, says", [
    (b"{\"format\": \"breakshot-drill\", ", "not valid JSON"),
    (b"\xff\xfe{}", "not UTF-8"),
    (b"[" * 100 + b"]" * 100, "nests"),
    (b"", "not valid JSON"),
    (b"[1, 2]", "not a Breakshot drill"),
])
def test_bad_json_is_refused(tmp_path, data, says):
    assert says in refused(write(tmp_path, data))


def test_nan_is_refused(tmp_path):
    text = json.dumps(LINE_UP).replace("0.635]", "NaN]", 1).encode()
    assert "NaN" in refused(write(tmp_path, text))


def test_a_file_too_large_is_refused_before_it_is_parsed(tmp_path):
    path = write(tmp_path, b" " * (MAX_FILE_BYTES + 1))
    assert "larger than any drill file" in refused(path)


def test_a_fifo_a_folder_and_a_missing_file_are_refused(tmp_path):
    assert "no such drill file" in refused(str(tmp_path / "none.json"))
    assert "folder" in refused(str(tmp_path))
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)
    assert "named pipe" in refused(str(fifo))


def changed(data, **fields):
    return {**data, **fields}


@pytest.mark.parametrize("data, says", [
    (changed(LINE_UP, extra=1), "'extra' is not part of a drill"),
    (changed(LINE_UP, version=2), "newer than this game reads"),
    (changed(LINE_UP, version=True), "version"),
    (changed(LINE_UP, kind="trick"), "kind"),
    (changed(LINE_UP, id="../evil"), "id"),
    (changed(LINE_UP, title="\x1b[31mred"), "title"),
    (changed(LINE_UP, mode="snooker"), "mode"),
    (changed(LINE_UP, layout={"0": [0.5, 0.4], "1": [1.3, 0.635], "2": [1.32, 0.635]}),
     "overlap"),
    (changed(LINE_UP, layout={"0": [0.5, 0.4], "1": [9.0, 0.635]}), "cloth"),
    (changed(LINE_UP, layout={"0": [0.5, 0.4], "12": [1.0, 0.6]}), "no ball 12"),
    (changed(LINE_UP, layout={"0": [0.5, 0.4], "1": ["a", 0.6]}), "layout.1"),
    (changed(LINE_UP, layout={"1": [1.0, 0.6]}), "cue ball"),
    (changed(LINE_UP, layout={"0": [0.5, 0.4], "1": [1e300, 0.6]}), "cloth"),
    (changed(LINE_UP, order=[1, 1]), "order"),
    (changed(LINE_UP, max_shots=-1), "max_shots"),
    (changed(LINE_UP, zones={"1": {"centre": [1, 1], "radius": 0}}), "zones.1.radius"),
    (changed(LINE_UP, zones={"1": {"centre": [1, 1], "radius": 0.1, "x": 1}}), "'x'"),
    (changed(LADDER, tries=0), "tries"),
    (changed(LADDER, stages=[]), "stages"),
    (changed(LADDER, stages=[{**LADDER["stages"][0], "target": 0}]), "target"),
    (changed(LADDER, stages=[{**LADDER["stages"][0], "pocket": "middle"}]), "pocket"),
])
def test_hostile_fields_are_refused_naming_the_field(tmp_path, data, says):
    assert says in refused(write(tmp_path, data))


def test_a_ghost_drill_breaks_from_behind_the_head_string(tmp_path):
    ghost = json.loads((DATA_DIR / "2_ghost_nine_ball.json").read_text())
    assert "head string" in refused(write(tmp_path, changed(ghost, break_from=[2.0, 0.6])))
    assert "cloth" in refused(write(tmp_path, changed(ghost, break_from=[0.01, 0.6])))
    assert "race_to" in refused(write(tmp_path, changed(ghost, race_to=0)))


def test_a_players_folder_lists_good_drills_and_refused_files_with_the_reason(tmp_path):
    write(tmp_path, changed(LINE_UP, id="my_line_up"), "a.json")
    write(tmp_path, b"{", "b.json")
    (tmp_path / "c.txt").write_text("not listed")
    (good_path, good), (bad_path, bad) = drills_in(tmp_path)
    assert good.id == "my_line_up" and good_path.name == "a.json"
    assert isinstance(bad, DrillFileError) and str(bad).startswith(str(bad_path))
    assert drills_in(tmp_path / "none") == ()


def test_the_shipped_drills_are_package_data_the_wheel_ships():
    import fnmatch
    import tomllib
    from pathlib import Path
    root = Path(__file__).resolve().parents[2]
    config = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = config["tool"]["setuptools"]["package-data"]["game.drills"]
    files = sorted(p.relative_to(DATA_DIR.parent).as_posix() for p in DATA_DIR.glob("*"))
    assert len(files) == 5
    assert all(any(fnmatch.fnmatch(f, p) for p in patterns) for f in files), files
