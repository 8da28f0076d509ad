"""Helpers of the network tests: a match server and computer players as processes of
their own on localhost (plain functions, no fixtures)."""
import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}
# A match server seed (--seed) for tests that play a match with their own strokes: the
# host wins the toss and breaks, and the game goes on (a random seed's rack sometimes let
# the 9 drop at once, and the joining player never had a turn).
SERVER_SEED = 6


def start_server(data, *args, port: int = 0):
    """(process, port) of `python -m game.server` on a free port (or `port`); its log
    goes to a file beside `data` (a pipe nobody reads could fill and stall it)."""
    log = Path(data).parent / f"server-{Path(data).name}-{time.time_ns()}.log"
    with open(log, "w") as err:
        process = subprocess.Popen(
            [sys.executable, "-m", "game.server", "--port", str(port), "--data", str(data),
             "--verbose", *map(str, args)],
            stdout=subprocess.PIPE, stderr=err, text=True, cwd=ROOT, env=ENV)
    process.log_path = log
    line = process.stdout.readline()
    found = re.search(r"ws://127\.0\.0\.1:(\d+)", line)
    if not found:
        process.kill()
        process.wait()
        raise AssertionError(f"the server did not start: {line!r} {log.read_text()}")
    return process, int(found.group(1))


def stop(process) -> str:
    """End the server `process` (SIGTERM, then SIGKILL) and return its log."""
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(5)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
    return process.log_path.read_text()


def start_bot(port: int, *args):
    return subprocess.Popen(
        [sys.executable, "-m", "game.net.bot", "--url", f"ws://127.0.0.1:{port}", *map(str, args)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT, env=ENV)


def host_and_join(port: int, mode: str, race_to: int, host_args=(), join_args=()):
    """(host, joiner, code): two computer players in a new match."""
    host = start_bot(port, "--host", mode, "--race-to", race_to, "--seed", 1, "--name", "Ann",
                     *host_args)
    line = host.stdout.readline()
    if not line.startswith("code "):
        host.kill()
        raise AssertionError(f"no code from the host: {line!r} {host.stderr.read()}")
    code = line.split()[1]
    joiner = start_bot(port, "--join", code, "--seed", 2, "--name", "Ben", *join_args)
    return host, joiner, code


def summary(bot, timeout: float = 90.0) -> dict:
    """The last JSON line a computer player printed, once it has finished."""
    out, err = bot.communicate(timeout=timeout)
    lines = [line for line in out.splitlines() if line.startswith("{")]
    assert lines, f"the player printed no summary: {out!r} {err[-2000:]}"
    return json.loads(lines[-1])


def wait_until(predicate, timeout: float = 30.0, step: float = 0.05):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(step)
    raise AssertionError("timed out waiting")
