"""The output folder of a run, and running it so that an interruption loses nothing.

    OUT/manifest.json          the run's kind and every parameter, written first
    OUT/parts/part-00007.parquet   the rows of chunk 7, written atomically when it is done

A run into a folder that holds a manifest continues it: the chunks whose part exists are
not computed again; a manifest with other parameters is refused (RunRefused) before
anything is computed. Parts are written as they arrive, each in one atomic rename
(game.storage.atomic_write), so a run killed at any moment leaves only whole parts. The
Parquet bytes depend on the rows only, so a chunk gives the same file wherever and
however often it is computed. `pyarrow.parquet.read_table("OUT/parts")` reads all rows.
"""
from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq

from game.i18n import N_, _
from game.storage import atomic_write, read_json_file
from game.storage.plain import to_plain

from .evaluate import evaluate_chunk

FORMAT_NAME = "breakshot-lab-run"
# 2: shot-map rows count fouled strokes as no pot (`fouled_pots`); a run of version 1 is
# not continued with them.
VERSION = 2
MANIFEST = "manifest.json"
PARTS = "parts"
MAX_MANIFEST_BYTES = 1 << 20
MAX_MANIFEST_DEPTH = 12


class RunRefused(ValueError):
    """The output folder cannot take this run; the message says why in one sentence."""


def manifest_of(run) -> dict:
    """The plain-data manifest of `run` (a ShotMap or a Tournament)."""
    return {"format": FORMAT_NAME, "version": VERSION, "kind": run.kind,
            "chunks": len(run.chunks()), "parameters": to_plain(run)}


def part_path(folder, index: int) -> Path:
    return Path(folder) / PARTS / f"part-{index:05d}.parquet"


def open_run(run, folder) -> set:
    """Prepare `folder` for `run` and return the indices of the chunks already done;
    RunRefused if it holds another run's manifest or cannot be written (OSError)."""
    folder = Path(folder)
    wanted = manifest_of(run)
    path = folder / MANIFEST
    if path.exists():
        found = read_json_file(path, MAX_MANIFEST_BYTES, N_("run manifest"),
                               MAX_MANIFEST_DEPTH, RunRefused)
        if found != json.loads(json.dumps(wanted)):
            raise RunRefused(_("{path}: this folder holds a run with other parameters "
                               "({difference}); choose another folder or the same "
                               "parameters").format(
                path=path, difference=_first_difference(found, wanted)))
    else:
        (folder / PARTS).mkdir(parents=True, exist_ok=True)
        with atomic_write(path, text=True) as out:
            out.write(json.dumps(wanted, indent=1) + "\n")
    (folder / PARTS).mkdir(exist_ok=True)
    return {chunk.index for chunk in run.chunks() if _whole_part(folder, chunk)}


def _whole_part(folder, chunk) -> bool:
    """Whether chunk's part is there with its rows (Parquet's footer says how many). A
    part damaged after it was written (a copy cut short) counts as not done: it is
    computed again and replaced."""
    try:
        return pq.read_metadata(part_path(folder, chunk.index)).num_rows == chunk.rows
    except (OSError, pa.ArrowInvalid):
        return False


def _first_difference(found, wanted, where: str = "") -> str:
    """The first parameter that differs, by its dotted name: "parameters.seed differs"."""
    if isinstance(found, dict) and isinstance(wanted, dict):
        for key in sorted(set(found) | set(wanted)):
            if found.get(key) != wanted.get(key):
                return _first_difference(found.get(key), wanted.get(key),
                                         f"{where}.{key}" if where else key)
    return _("{name} differs").format(name=where) if where else _("the manifest differs")


def write_part(folder, index: int, table: pa.Table) -> None:
    """Write chunk `index`'s rows atomically as its Parquet part."""
    sink = pa.BufferOutputStream()
    pq.write_table(table, sink)
    with atomic_write(part_path(folder, index)) as out:
        out.write(sink.getvalue().to_pybytes())


def load_results(folder, chunks: int) -> pa.Table:
    """Every row of a finished run in `folder` of `chunks` chunks, in chunk order."""
    return pa.concat_tables([pq.read_table(part_path(folder, k)) for k in range(chunks)])


@dataclass
class RunReport:
    """What one invocation did: the chunks it computed (in the order they finished),
    how many were already done, and its wall time (s)."""
    computed: list = field(default_factory=list)
    already_done: int = 0
    seconds: float = 0.0


def run_chunks(run, folder, backend, on_chunk=None) -> RunReport:
    """Compute the chunks of `run` not yet in `folder` on `backend` (backends.py), writing
    each part as it arrives; `on_chunk(chunk)` after each (progress). RunRefused if the
    folder holds another run."""
    done = open_run(run, folder)
    report = RunReport(already_done=len(done))
    todo = [chunk for chunk in run.chunks() if chunk.index not in done]
    start = time.perf_counter()
    for chunk, table in backend.map_unordered(evaluate_chunk, todo):
        write_part(folder, chunk.index, table)
        report.computed.append(chunk.index)
        if on_chunk is not None:
            on_chunk(chunk)
    report.seconds = time.perf_counter() - start
    return report
