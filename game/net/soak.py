"""`python -m game.net.soak`: many simultaneous matches of computer players on one match
server, and what they cost it.

    python -m game.net.soak --matches 50 [--race-to 1] [--think 1.0] [--workers 2]

A server is started as a process of its own (on a free port, a fresh data folder); the
players run in `workers` processes, each playing its share of the matches (both seats)
on threads. Reported: the round trip of a stroke (from sending the Shoot to its
"applied" coming back to the player who sent it: the server's checks, its simulation,
its recording with fsync, the network), median and 99th percentile, in milliseconds;
the server's CPU time and its share of one core over the run; its resident memory at
the end and at its peak. This is a command, not a test: the figures depend on the
machine (docs/network.md has the ones measured).
"""
from __future__ import annotations

import json
import multiprocessing
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time

import numpy as np

from game.arguments import command_parser, whole_number
from game.i18n import _
from game.session import Shoot

from .bot import Bot
from .client import MatchClient


class _TimedClient(MatchClient):
    """A client that notes when each Shoot leaves and its "applied" comes back."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.sent_at, self.round_trips = {}, []

    def send(self, command) -> int:
        started = time.perf_counter()
        seq = super().send(command)
        if isinstance(command, Shoot):
            self.sent_at[seq] = started
        return seq

    def _on_applied(self, m) -> list:
        started = self.sent_at.pop(m["seq"], None) if m["seat"] == self.seat else None
        if started is not None:
            self.round_trips.append(self.received_at - started)
        return super()._on_applied(m)


def _match(url: str, mode: str, race_to: int, think: float, seed: int, out: list) -> None:
    host = _TimedClient(url, "Host", resume_for=0)
    guest = _TimedClient(url, "Guest", resume_for=0)
    try:
        host.connect(30)
        host.host(mode, race_to=race_to)
        host.wait_for("match", 30)
        guest.connect(30)
        guest.join(host.code)
        guest.wait_for("started", 30)
        bots = [Bot(host, seed=2 * seed, think=think), Bot(guest, seed=2 * seed + 1, think=think)]
        deadline = time.monotonic() + 900
        playing = [True, True]
        while any(playing) and time.monotonic() < deadline:
            playing = [bot.step(0.01) if on else False for bot, on in zip(bots, playing)]
        out.append({"ended": host.ended is not None and guest.ended is not None,
                    "digests_agree": host.server_digests == guest.server_digests,
                    "shots": len(host.session.shots),
                    "round_trips": host.round_trips + guest.round_trips})
    except (ConnectionError, TimeoutError) as exc:
        out.append({"ended": False, "error": str(exc), "round_trips": [], "shots": 0,
                    "digests_agree": False})
    finally:
        host.close()
        guest.close()


def _worker(url: str, seeds: list, race_to: int, think: float, queue) -> None:
    out: list = []
    threads = [threading.Thread(target=_match, args=(url, ("eight_ball", "nine_ball")[s % 2],
                                                     race_to, think, s, out))
               for s in seeds]
    for thread in threads:
        thread.start()
        time.sleep(0.02)
    for thread in threads:
        thread.join()
    queue.put(out)


def _cpu_seconds(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _memory_mib(pid: int) -> dict:
    with open(f"/proc/{pid}/status") as status:
        text = status.read()
    return {key: int(re.search(rf"{key}:\s+(\d+) kB", text).group(1)) / 1024
            for key in ("VmRSS", "VmHWM")}


def main(argv=None) -> int:
    parser = command_parser(
        prog="python -m game.net.soak",
        description=_("Many simultaneous matches of computer players on one match server, "
                      "and what they cost it."))
    parser.add_argument("--matches", type=whole_number(1), default=50,
                        help=_("matches played at the same time (default %(default)s)"))
    parser.add_argument("--race-to", type=whole_number(1), default=1,
                        help=_("frames a player must win to take a match (default "
                               "%(default)s)"))
    parser.add_argument("--think", type=float, default=1.0,
                        help=_("seconds each player waits before a decision (default 1)"))
    parser.add_argument("--workers", type=whole_number(1), default=2,
                        help=_("processes the players run in"))
    args = parser.parse_args(argv)
    data = tempfile.mkdtemp(prefix="breakshot-soak-")
    server = subprocess.Popen(
        [sys.executable, "-m", "game.server", "--port", "0", "--data", data,
         "--connections-per-address", str(2 * args.matches + 10),
         "--matches-per-address", str(args.matches + 5)],
        stdout=subprocess.PIPE, text=True)
    port = re.search(r":(\d+)$", server.stdout.readline().strip()).group(1)
    url = f"ws://127.0.0.1:{port}"
    idle = _memory_mib(server.pid)
    cpu0, wall0 = _cpu_seconds(server.pid), time.perf_counter()
    queue = multiprocessing.Queue()
    seeds = list(range(args.matches))
    workers = [multiprocessing.Process(target=_worker, args=(url, seeds[k::args.workers],
                                                             args.race_to, args.think, queue))
               for k in range(args.workers)]
    for worker in workers:
        worker.start()
    results = [r for _ in workers for r in queue.get()]
    for worker in workers:
        worker.join()
    wall, cpu = time.perf_counter() - wall0, _cpu_seconds(server.pid) - cpu0
    memory = _memory_mib(server.pid)
    server.terminate()
    server.wait()
    shutil.rmtree(data, ignore_errors=True)
    trips = np.array([t for r in results for t in r["round_trips"]]) * 1000.0
    report = {
        "matches": args.matches, "finished": sum(r["ended"] for r in results),
        "digests_agree": sum(r["digests_agree"] for r in results),
        "shots": int(sum(r["shots"] for r in results)), "wall_s": round(wall, 1),
        "stroke_round_trip_ms": {"median": round(float(np.median(trips)), 1),
                                 "p99": round(float(np.percentile(trips, 99)), 1),
                                 "max": round(float(trips.max()), 1)} if trips.size else None,
        "server_cpu_s": round(cpu, 1), "server_cpu_share_of_a_core": round(cpu / wall, 3),
        "server_rss_mib": {"idle": round(idle["VmRSS"], 1), "end": round(memory["VmRSS"], 1),
                           "peak": round(memory["VmHWM"], 1)},
        "errors": [r["error"] for r in results if "error" in r][:5]}
    print(json.dumps(report, indent=2))
    return 0 if report["finished"] == args.matches else 1


if __name__ == "__main__":
    sys.exit(main())
