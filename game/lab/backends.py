"""Where chunks are computed. Every backend is a context manager whose
`map_unordered(fn, chunks)` yields (chunk, fn(chunk)) as each finishes, and which on
leaving (an error, an interruption) cancels what has not started and tears down what it
started.

    InProcess()                 one after another in this process
    ProcessPool(workers)        a local pool of processes (concurrent.futures)
    DaskCluster("local:N")      a dask.distributed LocalCluster of N single-threaded
                                worker processes on 127.0.0.1, no dashboard
    DaskCluster("tcp://H:P")    a running Dask scheduler: its workers must import
                                this version of Breakshot

On Dask, every chunk is a task keyed by the run's digest and the chunk's number and
marked pure: a worker that dies mid-chunk has its tasks rescheduled on the others, and
since evaluate_chunk is pure the redone chunk gives the same rows.
"""
from __future__ import annotations

import hashlib
import json
import os
import re
import threading
import time
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

from game.i18n import _, ngettext
from game.storage.plain import to_plain

CLUSTER_LOCAL = re.compile(r"local:([1-9][0-9]{0,3})")
CLUSTER_ADDRESS = re.compile(r"tcp://[A-Za-z0-9.\-\[\]:]+:[0-9]{1,5}")
CONNECT_TIMEOUT_S = 20
# How often a worker process looks whether the command that started it is still there.
PARENT_CHECK_S = 0.5


class BackendError(RuntimeError):
    """A backend could not start or reach its workers; the message says why."""


def cluster_problem(text: str) -> str | None:
    """Why `text` is not a --cluster value ("local:N" or "tcp://HOST:PORT"), or None."""
    if CLUSTER_LOCAL.fullmatch(text) or CLUSTER_ADDRESS.fullmatch(text):
        return None
    return _("{text} is neither local:N (N workers, 1 to 9999) nor tcp://HOST:PORT").format(
        text=f"{text!r:.60}")


class InProcess:
    """Chunks computed one after another in this process."""

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def map_unordered(self, fn, chunks):
        for chunk in chunks:
            yield chunk, fn(chunk)


def exit_with_parent(parent: int) -> None:
    """In a worker process: end it (at once, from a daemon thread) as soon as its parent
    `parent` (a pid) is gone, so a command killed with SIGKILL, which runs no clean-up,
    leaves no orphan computing for nobody. An orphan is adopted by another process: its
    parent pid changes. Polled every PARENT_CHECK_S: portable, and unlike Linux's
    PR_SET_PDEATHSIG not fired by the end of the thread that started the worker."""
    def watch():
        while os.getppid() == parent:
            time.sleep(PARENT_CHECK_S)
        os._exit(1)
    threading.Thread(target=watch, name="breakshot-parent-watch", daemon=True).start()


class ProcessPool:
    """A local pool of `workers` processes, each ending with the command (see
    exit_with_parent)."""

    def __init__(self, workers: int):
        self.workers = workers
        self.pool = None

    def __enter__(self):
        self.pool = ProcessPoolExecutor(max_workers=self.workers, initializer=exit_with_parent,
                                        initargs=(os.getpid(),))
        return self

    def __exit__(self, *exc):
        self.pool.shutdown(wait=True, cancel_futures=True)
        return False

    def map_unordered(self, fn, chunks):
        pending = {self.pool.submit(fn, chunk): chunk for chunk in chunks}
        while pending:
            finished, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in sorted(finished, key=lambda f: pending[f].index):
                yield pending.pop(future), future.result()


class DaskCluster:
    """A Dask client on a LocalCluster ("local:N") or a running scheduler
    ("tcp://HOST:PORT")."""

    def __init__(self, cluster: str):
        problem = cluster_problem(cluster)
        if problem:
            raise BackendError(problem)
        self.cluster = cluster
        self.local = None
        self.client = None

    def __enter__(self):
        from dask.distributed import Client, LocalCluster
        problem = None          # what a running scheduler's workers lack
        try:
            match = CLUSTER_LOCAL.fullmatch(self.cluster)
            if match:
                self.local = LocalCluster(n_workers=int(match.group(1)), threads_per_worker=1,
                                          processes=True, host="127.0.0.1",
                                          dashboard_address=None)
                self.client = Client(self.local)
            else:
                self.client = Client(self.cluster, timeout=CONNECT_TIMEOUT_S)
                problem = workers_problem(self.client.run(_breakshot_version),
                                          _breakshot_version())
        except (OSError, TimeoutError) as exc:
            self.__exit__(None, None, None)
            raise BackendError(_("the Dask scheduler at {address} could not be reached "
                                 "({reason})").format(address=self.cluster, reason=exc)) \
                from None
        if problem:
            self.__exit__(None, None, None)
            raise BackendError(_("the Dask scheduler at {address}: {problem}").format(
                address=self.cluster, problem=problem))
        return self

    def __exit__(self, *exc):
        if self.client is not None:
            self.client.close()
        if self.local is not None:
            self.local.close()
        return False

    def map_unordered(self, fn, chunks):
        from dask.distributed import KilledWorker, as_completed
        if not chunks:
            return
        digest = run_digest(chunks[0].run)
        futures = self.client.map(fn, chunks, pure=True,
                                  key=[f"breakshot-lab-{digest}-{c.index}" for c in chunks])
        by_key = {future.key: chunk for future, chunk in zip(futures, chunks)}
        try:
            for future, table in as_completed(futures, with_results=True):
                yield by_key[future.key], table
                future.release()
        except KilledWorker as exc:
            # The scheduler gives up on a task after it was running on several workers
            # that died (distributed.scheduler.allowed-failures): the finished parts stay.
            raise BackendError(_("the Dask workers kept dying while computing a chunk "
                                 "({task}); the finished chunks are saved").format(
                                     task=exc.task)) from None
        finally:
            self.client.cancel([f for f in futures if not f.done()])


def _breakshot_version() -> str | None:
    """The version of Breakshot this process imports, None if it has none. Dask sends
    this function to the workers by value (see DaskCluster.__enter__), so a worker without
    Breakshot answers None rather than failing to unpickle it."""
    import importlib.metadata
    try:
        return importlib.metadata.version("breakshot")
    except importlib.metadata.PackageNotFoundError:
        return None


# Pickled by value: a worker without Breakshot cannot import this module to find it.
_breakshot_version.__module__ = "__main__"


def workers_problem(versions: dict, mine: str | None) -> str | None:
    """Why the workers (address -> the Breakshot version each imports, None for none)
    cannot compute for a Breakshot of version `mine`; None when every one can."""
    if not versions:
        return _("it has no workers: start some with `dask worker ADDRESS` on machines "
                 "where Breakshot is installed")
    missing = sorted(w for w, v in versions.items() if v is None)
    if missing:
        return ngettext("Breakshot is not installed on {count} of its workers ({workers}): "
                        "install it there (pip install .) and start it again",
                        "Breakshot is not installed on {count} of its workers ({workers}): "
                        "install it there (pip install .) and start them again",
                        len(missing)).format(
                     count=len(missing), workers=", ".join(missing[:3]))
    other = sorted(f"{w} ({v})" for w, v in versions.items() if v != mine)
    if other:
        return _("its workers run another version of Breakshot than this one ({mine}): "
                 "{workers}").format(mine=mine, workers=", ".join(other[:3]))
    return None


def run_digest(run) -> str:
    """A short digest of a run's parameters (names its tasks on a shared scheduler)."""
    text = json.dumps(to_plain(run), sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def backend_for(cluster: str | None, workers: int):
    """The backend of the command's --cluster and --workers."""
    if cluster is not None:
        return DaskCluster(cluster)
    return InProcess() if workers == 1 else ProcessPool(workers)
