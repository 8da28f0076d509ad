"""python -m game.lab: a run's outputs, and every refusal in one sentence with exit 1."""
import json

from pathlib import Path

import pyarrow.parquet as pq
import pytest

from game.lab import __main__ as lab

ROOT = Path(__file__).resolve().parents[2]

SHOTMAP = ["shotmap", "--cue", "1.8,0.74", "--ball", "9:2.2,0.34", "--speed", "1.5:3:2",
           "--aim=-2:2:5", "--samples", "2", "--workers", "1"]


def test_a_shot_map_writes_parts_summary_and_heatmap(tmp_path, capsys):
    out = tmp_path / "map"
    assert lab.main(SHOTMAP + [str(out), "--chunk-shots", "6"]) == 0
    printed = capsys.readouterr().out
    table = pq.read_table(out / "parts")
    assert table.num_rows == 10 and len(list((out / "parts").iterdir())) == 4
    summary = (out / "summary.txt").read_text()
    assert summary.startswith("Shot map: ball 9, 10 cells (5 aim x 2 speed") and summary in printed
    assert (out / "shotmap.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["kind"] == "shotmap" and manifest["chunks"] == 4
    assert manifest["parameters"]["samples"] == 2 and manifest["parameters"]["noise"] == "amateur"


def test_a_shot_map_from_a_saved_position(tmp_path, capsys):
    from game.practice import save_position
    from .lab_helpers import straight_pot
    save_position(straight_pot(), tmp_path / "pot.json")
    assert lab.main(["shotmap", str(tmp_path / "a"), "--position", str(tmp_path / "pot.json"),
                     "--speed", "1.5:3:2", "--aim=-2:2:5", "--samples", "2",
                     "--workers", "1"]) == 0
    assert lab.main(SHOTMAP + [str(tmp_path / "b")]) == 0
    capsys.readouterr()
    assert pq.read_table(tmp_path / "a" / "parts").equals(pq.read_table(tmp_path / "b" / "parts"))


REPLAY = ROOT / "tests" / "replay" / "fixtures" / "format_1.3_nine_ball.bsreplay"


def test_a_shot_map_from_a_replay_shot_starts_where_its_balls_lay(tmp_path, capsys):
    from game.lab.shotmap import position_before
    from game.replay import load_replay
    replay = load_replay(REPLAY)
    shot = replay.shots[1]
    position = position_before(replay, shot)
    start = shot.result.state_at(0.0).positions
    assert dict(position.layout) == {b: (x, y) for b, (x, y, _z) in zip(shot.ball_ids, start)}
    assert lab.main(["shotmap", str(tmp_path), "--replay", str(REPLAY), "--shot", "2",
                     "--speed", "2", "--samples", "2", "--workers", "1"]) == 0
    manifest = json.loads((tmp_path / "manifest.json").read_text())["parameters"]
    assert manifest["position"]["layout"] == {str(b): list(xy)
                                              for b, xy in position.layout.items()}
    assert manifest["target"] == min(b for b in position.layout if b != 0)
    assert "Shot map: ball " in capsys.readouterr().out


def test_a_tournament_writes_parts_summary_and_figure(tmp_path, capsys):
    out = tmp_path / "t"
    assert lab.main(["tournament", str(out), "--players", "beginner,amateur", "--games", "1",
                     "--workers", "1"]) == 0
    printed = capsys.readouterr().out
    assert "beginner vs amateur:" in printed and "95% Wilson" in printed
    assert pq.read_table(out / "parts").num_rows == 1
    assert (out / "tournament.png").read_bytes()[:4] == b"\x89PNG"


def test_a_tournament_with_an_opponent_file(tmp_path, capsys):
    config = tmp_path / "steady.json"
    config.write_text(json.dumps({"format": "breakshot-opponent", "version": 1,
                                  "name": "steady beginner", "level": "beginner",
                                  "changes": {"sigma_azimuth": 0.002}}))
    out = tmp_path / "t"
    assert lab.main(["tournament", str(out), "--players", f"beginner,{config}", "--games", "1",
                     "--workers", "1"]) == 0
    assert "beginner vs steady beginner:" in capsys.readouterr().out
    players = json.loads((out / "manifest.json").read_text())["parameters"]["players"]
    assert players[1]["name"] == "steady beginner"
    assert players[1]["level"]["sigma_azimuth"] == 0.002
    # The file is part of the parameters: changing it makes another run.
    config.write_text(config.read_text().replace("0.002", "0.003"))
    with pytest.raises(SystemExit):
        lab.main(["tournament", str(out), "--players", f"beginner,{config}", "--games", "1"])
    assert "parameters.players differs" in capsys.readouterr().err


@pytest.mark.parametrize("argv, problem", [
    (SHOTMAP + ["OUT", "--cluster", "local:2"], "not allowed with argument --workers"),
    (["shotmap", "OUT", "--cue", "1.8,0.74", "--ball", "9:2.2,0.34", "--cluster", "udp://x:1"],
     "argument --cluster: 'udp://x:1' is neither local:N"),
    (SHOTMAP + ["OUT", "--speed", "3:1"], "argument --speed: must be START:STOP:COUNT"),
    (SHOTMAP + ["OUT", "--speed", "0:3:4"], "argument --speed: cue speeds must be in (0, 15.0] m/s"),
    (SHOTMAP + ["OUT", "--side=-1:1:3"], "argument --side: offsets must be in (-1, 1)"),
    (SHOTMAP + ["OUT", "--samples", "0"], "argument --samples: must be a whole number of at least 1"),
    (["shotmap", "OUT", "--cue", "9,9"], "argument --cue: the cue ball"),
    (["shotmap", "OUT", "--cue", "1.8,0.74", "--ball", "9:1.81,0.74"],
     "argument --ball: the 9 would overlap"),
    (["shotmap", "OUT", "--cue", "1.8,0.74", "--ball", "9=2,0.3"],
     "argument --ball: a ball must look like 9:1.9,0.64"),
    (["shotmap", "OUT", "--cue", "1.8,0.74", "--ball", "9:2,0.3", "--ball", "9:2.3,0.3"],
     "argument --ball: ball 9 is given twice"),
    (["shotmap", "OUT", "--cue", "1.8,0.74", "--ball", "9:2.2,0.34", "--target", "5"],
     "--target: ball 5 is not on the table"),
    (["shotmap", "OUT", "--cue", "1.8,0.74"], "at least one object ball"),
    (["shotmap", "OUT"], "give a --position file, or the cue ball with --cue X,Y"),
    (["shotmap", "OUT", "--position", "p.json", "--cue", "1,0.5"],
     "give one of --position, --replay, or --cue and --ball"),
    (["shotmap", "OUT", "--replay", str(ROOT / "tests/replay/fixtures/format_1.3_nine_ball.bsreplay"),
      "--shot", "99"], "--shot: the replay has 8 shots, not 99"),
    (["shotmap", "OUT", "--replay", "/nonexistent.bsreplay"], "/nonexistent.bsreplay"),
    (["shotmap", "OUT", "--position", "/nonexistent.json"],
     "/nonexistent.json: could not be read: there is no such practice position file"),
    (["tournament", "OUT", "--players", "beginner"], "name at least two players"),
    (["tournament", "OUT", "--players", "beginner,beginner"], "name at least two players"),
    (["tournament", "OUT", "--players", "beginner,wizard"],
     "'wizard' is neither a level (beginner, amateur, pro) nor an opponent file"),
    (["tournament", "OUT", "--players", "beginner,/nonexistent.json"],
     "/nonexistent.json: could not be read: there is no such opponent configuration file"),
    (["tournament", "OUT", "--players", "beginner,pro", "--games", "0"],
     "argument --games: must be a whole number of at least 1"),
    (["shotmap"], "the following arguments are required: OUT"),
    (["bounce"], "invalid choice: 'bounce'"),
])
def test_bad_arguments_are_refused_in_one_sentence(argv, problem, capsys):
    with pytest.raises(SystemExit) as caught:
        lab.main(argv)
    assert caught.value.code == 1
    err = capsys.readouterr().err
    assert err.startswith("python -m game.lab: error: ") and problem in err
    assert err.count("\n") == 1


def test_a_folder_of_another_run_is_refused(tmp_path, capsys):
    assert lab.main(SHOTMAP + [str(tmp_path)]) == 0
    capsys.readouterr()
    with pytest.raises(SystemExit) as caught:
        lab.main(SHOTMAP + [str(tmp_path), "--seed", "7"])
    assert caught.value.code == 1
    err = capsys.readouterr().err
    assert "manifest.json: this folder holds a run with other parameters " \
           "(parameters.seed differs)" in err and err.count("\n") == 1


def test_a_file_in_the_way_is_said_plainly(tmp_path, capsys):
    (tmp_path / "file").write_text("x")
    with pytest.raises(SystemExit) as caught:
        lab.main(SHOTMAP + [str(tmp_path / "file" / "out")])
    assert caught.value.code == 1
    assert f"{tmp_path / 'file'} is a file, not a folder" in capsys.readouterr().err


def test_an_unreachable_scheduler_is_said_in_one_sentence(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr("game.lab.backends.CONNECT_TIMEOUT_S", 1)
    with pytest.raises(SystemExit) as caught:
        lab.main(SHOTMAP[:-2] + [str(tmp_path), "--cluster", "tcp://127.0.0.1:1"])
    assert caught.value.code == 1
    err = capsys.readouterr().err
    assert "the Dask scheduler at tcp://127.0.0.1:1 could not be reached" in err
    assert err.count("\n") == 1
