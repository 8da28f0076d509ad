"""Resuming: a run interrupted (an exception, or the process killed) and run again gives
the same Parquet parts, byte for byte, as a run never interrupted; no finished chunk is
computed again; a folder holding another run's manifest is refused."""
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.lab.backends import InProcess, ProcessPool
from game.lab.runs import PARTS, RunRefused, load_results, part_path, run_chunks

from .lab_helpers import small_map

ROOT = Path(__file__).resolve().parents[2]


class Interrupted(Exception):
    pass


def parts(folder) -> dict:
    return {p.name: p.read_bytes() for p in sorted((Path(folder) / PARTS).iterdir())}


def stop_after(count):
    seen = []

    def on_chunk(chunk):
        seen.append(chunk.index)
        if len(seen) == count:
            raise Interrupted
    return on_chunk


@pytest.mark.parametrize("backend", [InProcess, lambda: ProcessPool(2)],
                         ids=["in_process", "process_pool"])
def test_an_interrupted_run_continues_where_it_stopped(tmp_path, backend):
    run = small_map(chunk_cells=2)
    chunks = len(run.chunks())
    assert chunks == 10
    whole = run_chunks(run, tmp_path / "whole", InProcess())
    assert sorted(whole.computed) == list(range(chunks)) and whole.already_done == 0

    with pytest.raises(Interrupted), backend() as pool:
        run_chunks(run, tmp_path / "cut", pool, on_chunk=stop_after(3))
    done = [k for k in range(chunks) if part_path(tmp_path / "cut", k).is_file()]
    assert len(done) == 3
    with backend() as pool:
        rest = run_chunks(run, tmp_path / "cut", pool)
    assert rest.already_done == 3
    assert sorted(rest.computed) == sorted(set(range(chunks)) - set(done))
    assert parts(tmp_path / "cut") == parts(tmp_path / "whole")
    assert load_results(tmp_path / "cut", chunks).equals(load_results(tmp_path / "whole",
                                                                      chunks))
    # A third run finds everything done and computes nothing.
    with backend() as pool:
        assert run_chunks(run, tmp_path / "cut", pool).computed == []


def test_a_killed_command_continues_where_it_stopped(tmp_path):
    command = [sys.executable, "-m", "game.lab", "shotmap", "--cue", "1.8,0.74",
               "--ball", "9:2.2,0.34", "--speed", "1:4:8", "--samples", "4",
               "--chunk-shots", "40", "--noise", "beginner", "--workers", "1"]
    whole = subprocess.run(command + [str(tmp_path / "whole")], cwd=ROOT, capture_output=True,
                           text=True, timeout=120)
    assert whole.returncode == 0, whole.stderr
    total = len(parts(tmp_path / "whole"))
    assert total == 33 and "This run: 33 of 33 chunks" in whole.stdout

    cut = tmp_path / "cut"
    process = subprocess.Popen(command + [str(cut)], cwd=ROOT, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline and not (
                (cut / PARTS).is_dir() and len(list((cut / PARTS).glob("*.parquet"))) >= 5):
            time.sleep(0.01)
    finally:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
    kept = len(list((cut / PARTS).glob("*.parquet")))
    assert 5 <= kept < total, "the run should have been killed midway"

    again = subprocess.run(command + [str(cut)], cwd=ROOT, capture_output=True, text=True,
                           timeout=120)
    assert again.returncode == 0, again.stderr
    assert f"This run: {total - kept} of {total} chunks" in again.stdout
    assert f"{kept} chunks were already done" in again.stdout
    assert parts(cut) == parts(tmp_path / "whole")
    assert not list((cut / PARTS).glob(".*"))          # no partial file left behind
    for name in ("summary.txt", "shotmap.png"):
        assert (cut / name).read_bytes() == (tmp_path / "whole" / name).read_bytes()


def test_a_run_with_other_parameters_is_refused(tmp_path):
    run_chunks(small_map(), tmp_path, InProcess())
    before = parts(tmp_path)
    with pytest.raises(RunRefused) as caught:
        run_chunks(small_map(seed=2), tmp_path, InProcess())
    message = str(caught.value)
    assert "other parameters (parameters.seed differs)" in message and "\n" not in message
    with pytest.raises(RunRefused, match=r"parameters\.grid\.speed differs"):
        run_chunks(small_map(speed=(1.0, 3.0)), tmp_path, InProcess())
    assert parts(tmp_path) == before


def test_a_damaged_manifest_is_refused(tmp_path):
    run_chunks(small_map(), tmp_path, InProcess())
    (tmp_path / "manifest.json").write_text("{")
    with pytest.raises(RunRefused, match="manifest.json: the file is not valid JSON"):
        run_chunks(small_map(), tmp_path, InProcess())


def test_a_damaged_part_is_computed_again(tmp_path):
    run = small_map(chunk_cells=4)
    run_chunks(run, tmp_path / "whole", InProcess())
    run_chunks(run, tmp_path / "cut", InProcess())
    part_path(tmp_path / "cut", 1).write_bytes(b"PAR1 cut short")
    part_path(tmp_path / "cut", 3).unlink()
    again = run_chunks(run, tmp_path / "cut", InProcess())
    assert again.computed == [1, 3] and again.already_done == len(run.chunks()) - 2
    assert parts(tmp_path / "cut") == parts(tmp_path / "whole")
