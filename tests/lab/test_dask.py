"""The lab on a real Dask cluster: a scheduler and two workers started as separate
processes on 127.0.0.1 (free ports, no dashboard), a shot map run on it while one worker
is killed, and the parts equal a local run's, byte for byte. Everything started here is
torn down at the end, whatever happens."""
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("dask.distributed")

from dask.distributed import Client  # noqa: E402

from game.lab.backends import DaskCluster, InProcess  # noqa: E402
from game.lab.runs import PARTS, run_chunks  # noqa: E402

from .lab_helpers import small_map  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
START_TIMEOUT_S = 40


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start(module: str, *args) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen([sys.executable, "-m", f"distributed.cli.{module}", *args],
                            cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, start_new_session=True)


def stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGKILL)
    process.wait(timeout=10)


def parts(folder) -> dict:
    return {p.name: p.read_bytes() for p in sorted((Path(folder) / PARTS).iterdir())}


def test_a_worker_killed_mid_run_loses_nothing(tmp_path):
    # chunks of 3,000 shots: long enough on the batch solver for worker-0 to be caught
    # holding one when the first part arrives
    run = small_map(chunk_cells=10, samples=300, aim_deg=tuple(range(-4, 5)),
                    speed=(1.0, 2.0, 3.0, 4.0, 5.0))
    chunks = len(run.chunks())
    assert chunks == 9 and run.shots == 27000
    started = time.perf_counter()
    local = run_chunks(run, tmp_path / "local", InProcess())
    local_seconds = time.perf_counter() - started

    address = f"tcp://127.0.0.1:{free_port()}"
    processes = []
    try:
        processes.append(start("dask_scheduler", "--host", "127.0.0.1", "--port",
                               address.rsplit(":", 1)[1], "--no-dashboard",
                               "--dashboard-address", "127.0.0.1:0"))
        workers = [start("dask_worker", address, "--host", "127.0.0.1", "--nthreads", "1",
                         "--no-nanny", "--no-dashboard", "--dashboard-address",
                         "127.0.0.1:0", "--name", f"worker-{k}")
                   for k in range(2)]
        processes.extend(workers)
        with Client(address, timeout=START_TIMEOUT_S) as watcher:
            watcher.wait_for_workers(2, timeout=START_TIMEOUT_S)

        lost = []

        def kill_one_worker(chunk):
            """After the first part arrives, kill worker-0 while it holds a chunk."""
            if workers[0].poll() is not None:
                return
            deadline = time.monotonic() + START_TIMEOUT_S
            while not lost and time.monotonic() < deadline:
                names = {address: info["name"] for address, info in
                         cluster.client.scheduler_info()["workers"].items()}
                lost.extend(key for address, keys in cluster.client.processing().items()
                            if names.get(address) == "worker-0" for key in keys)
                time.sleep(0.005)
            stop(workers[0])

        started = time.perf_counter()
        with DaskCluster(address) as cluster:
            report = run_chunks(run, tmp_path / "cluster", cluster, on_chunk=kill_one_worker)
            cluster_seconds = time.perf_counter() - started
            assert len(cluster.client.scheduler_info()["workers"]) == 1
        assert lost, "worker-0 should have been killed while it held a chunk"
        assert workers[0].returncode is not None and workers[1].poll() is None
    finally:
        for process in reversed(processes):
            stop(process)
    assert sorted(report.computed) == list(range(chunks))
    assert parts(tmp_path / "cluster") == parts(tmp_path / "local")
    print(f"\n{run.shots} shots: local (this process) {run.shots / local_seconds:.0f} shots/s, "
          f"two-worker cluster with one killed {run.shots / cluster_seconds:.0f} shots/s; "
          f"local {local.seconds:.1f} s, cluster {cluster_seconds:.1f} s")


def die(chunk):
    """A chunk task that kills its worker process."""
    os._exit(1)


def test_a_chunk_that_keeps_killing_workers_is_said_in_one_sentence():
    import dask
    from game.lab.backends import BackendError
    chunks = small_map().chunks()[:1]
    with dask.config.set({"distributed.scheduler.allowed-failures": 0}), \
            DaskCluster("local:1") as cluster, pytest.raises(BackendError) as caught:
        list(cluster.map_unordered(die, chunks))
    assert "the Dask workers kept dying while computing a chunk" in str(caught.value)


def test_what_the_workers_lack_is_said_in_one_sentence():
    from game.lab.backends import workers_problem
    assert workers_problem({"tcp://a:1": "0.1.0", "tcp://b:2": "0.1.0"}, "0.1.0") is None
    assert "no workers" in workers_problem({}, "0.1.0")
    said = workers_problem({"tcp://a:1": None, "tcp://b:2": "0.1.0"}, "0.1.0")
    assert "not installed on 1 of its workers (tcp://a:1)" in said
    said = workers_problem({"tcp://a:1": "0.0.9", "tcp://b:2": "0.1.0"}, "0.1.0")
    assert "another version" in said and "tcp://a:1 (0.0.9)" in said and "b:2" not in said


def test_the_version_question_reaches_a_worker_without_breakshot():
    """Dask sends the question by value: a Python that cannot import the game unpickles
    and answers it (a worker without Breakshot answers None instead of failing)."""
    import cloudpickle
    from game.lab.backends import _breakshot_version
    question = cloudpickle.dumps(_breakshot_version)
    script = ("import sys, pickle\n"
              "sys.modules['game'] = None\n"            # no game package here
              "print(pickle.loads(sys.stdin.buffer.read())())\n")
    answer = subprocess.run([sys.executable, "-c", script], input=question, cwd="/",
                            capture_output=True, check=True, timeout=60)
    assert answer.stdout.decode().strip() == _breakshot_version()


def test_a_scheduler_without_workers_is_refused_in_one_sentence():
    from game.lab.backends import BackendError
    address = f"tcp://127.0.0.1:{free_port()}"
    scheduler = start("dask_scheduler", "--host", "127.0.0.1", "--port",
                      address.rsplit(":", 1)[1], "--no-dashboard",
                      "--dashboard-address", "127.0.0.1:0")
    try:
        deadline = time.monotonic() + START_TIMEOUT_S
        while True:         # the scheduler takes a moment to listen
            try:
                with socket.create_connection(("127.0.0.1", int(address.rsplit(":", 1)[1])),
                                              timeout=1):
                    break
            except OSError:
                assert time.monotonic() < deadline, "the scheduler did not start"
                time.sleep(0.1)
        with pytest.raises(BackendError) as caught:
            with DaskCluster(address):
                pass
        assert str(caught.value).startswith(f"the Dask scheduler at {address}: it has no "
                                            f"workers")
    finally:
        stop(scheduler)
