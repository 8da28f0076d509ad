"""Runs loaders on hostile files, one after the other, and reports each outcome as JSON.

    python tests/storage/hostile_worker.py JOBS.json OUT.json

JOBS.json: a list of {"loader": "replay" | "recent" | "settings" | "practice",
"path": ...}.
For each job OUT.json gets: the outcome ("refused", "loaded", "problem" for the
settings' defaults-and-sentence, "skipped" for a file the recent list leaves out, or
"crashed"), the exception's class names (most derived first), its message, the time (s), the peak resident memory during the job (bytes, Linux: the
peak is reset before each job through /proc/self/clear_refs), and whether the folder
holding the file was left as it was (names, sizes and times). The test runs this
under an address-space limit (resource.RLIMIT_AS), so a loader that tried to hold a
bomb in memory would crash here with MemoryError instead of swapping.
"""
import json
import os
import sys
import time
import traceback

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)

from game.practice import load_position          # noqa: E402
from game.replay import load_replay, recent_matches  # noqa: E402
from game import settings                   # noqa: E402


def snapshot(folder: str) -> list:
    out = []
    for entry in sorted(os.scandir(folder), key=lambda e: e.name):
        info = entry.stat(follow_symlinks=False)
        out.append((entry.name, info.st_size, info.st_mtime_ns))
    return out


def peak_rss() -> int:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) * 1024
    return 0


def reset_peak() -> None:
    try:
        with open("/proc/self/clear_refs", "w") as refs:
            refs.write("5")
    except OSError:
        pass


def run(loader: str, path: str) -> dict:
    if loader == "replay":
        load_replay(path)
        return {"outcome": "loaded"}
    if loader == "practice":
        load_position(path)
        return {"outcome": "loaded"}
    if loader == "recent":
        summaries = recent_matches(path)
        if not summaries:
            return {"outcome": "skipped"}       # not a regular file: never opened
        (summary,) = summaries
        if summary.error is None:
            return {"outcome": "loaded"}
        return {"outcome": "refused", "types": ["MatchSummary.error"], "message": summary.error}
    loaded, problem = settings.load(path)
    if problem is None:
        return {"outcome": "loaded", "names": list(loaded.names)}
    return {"outcome": "problem", "message": problem, "defaults": loaded == settings.Settings()}


def main(jobs_path: str, out_path: str) -> None:
    results = []
    for job in json.load(open(jobs_path)):
        folder = job["path"] if job["loader"] == "recent" else os.path.dirname(job["path"])
        before = snapshot(folder)
        reset_peak()
        start = time.perf_counter()
        try:
            result = run(job["loader"], job["path"])
        except Exception as exc:        # noqa: BLE001 - what escaped is what we report
            result = {"outcome": "refused" if isinstance(exc, ValueError) else "crashed",
                      "types": [c.__name__ for c in type(exc).__mro__],
                      "message": str(exc),
                      "traceback": traceback.format_exc()[-2000:]}
        result["seconds"] = time.perf_counter() - start
        result["peak_rss"] = peak_rss()
        result["unchanged"] = snapshot(folder) == before
        results.append({**job, **result})
    json.dump(results, open(out_path, "w"))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
