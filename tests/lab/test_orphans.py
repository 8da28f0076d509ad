"""`kill -9` of the lab command leaves no worker behind (issue 29, point 9): its pool
processes, on the local default and on a Dask LocalCluster, end with it. A real command
in a process of its own, really killed."""
import signal
import subprocess
import sys
import time
from pathlib import Path

import psutil
import pytest

ROOT = Path(__file__).resolve().parents[2]
# Long enough that the command is still computing when it is killed.
TOURNAMENT = ["tournament", "--players", "beginner,amateur", "--games", "400"]


def _workers(command: psutil.Process, wanted: int, within: float) -> list:
    """The command's child processes once `wanted` of them run (Dask adds helpers)."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        children = command.children(recursive=True)
        if len(children) >= wanted:
            time.sleep(1.0)                 # let them start computing
            return command.children(recursive=True)
        time.sleep(0.1)
    raise AssertionError(f"the command started {len(command.children(recursive=True))} "
                         f"workers, not {wanted}")


@pytest.mark.parametrize("where", [["--workers", "2"], ["--cluster", "local:2"]],
                         ids=["process-pool", "dask-local"])
def test_a_killed_lab_command_leaves_no_worker_running(tmp_path, where):
    command = subprocess.Popen([sys.executable, "-m", "game.lab", *TOURNAMENT[:1],
                                str(tmp_path / "run"), *TOURNAMENT[1:], *where],
                               cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        workers = _workers(psutil.Process(command.pid), 2, within=60.0)
    finally:
        command.send_signal(signal.SIGKILL)
        command.wait()
    deadline = time.monotonic() + 15.0
    alive = workers
    while alive and time.monotonic() < deadline:
        alive = [w for w in alive if w.is_running() and w.status() != psutil.STATUS_ZOMBIE]
        time.sleep(0.2)
    for worker in alive:
        worker.kill()
    assert not alive, f"{len(alive)} workers outlived the command: {[w.cmdline() for w in alive]}"
