"""Where games run: in this process (asyncio, the default), on a local process pool (games
whose seats are all scriptless, :class:`WorkersExecutor`), or as Ray tasks on a cluster.

All take the jobs still to play and yield one ledger :class:`Entry` per game as
it finishes. An exception while playing becomes a ``failed`` entry, never a
crash of the tournament. Ray tasks write the transcript on the worker and send
its bytes back, so the driver's folder holds every transcript without a shared
file system.
"""

from __future__ import annotations

import asyncio
import functools
import signal
import tempfile
from collections.abc import AsyncIterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from pathlib import Path
from typing import Any, Protocol

from ...session import Session
from ...sim import pool_context, worker_count
from ...table.seating import SCRIPTLESS_KINDS, AgentSpec
from ..ledger import Entry
from .games import GameSettings, play_game, session_settings
from .plan import GameJob


class Executor(Protocol):
    def run(self, jobs: Sequence[GameJob], folder: Path, settings: GameSettings) -> AsyncIterator[Entry]: ...


def failed(job: GameJob, exc: BaseException, path: str = "") -> Entry:
    return Entry(key=job.key, status="failed", path=path, reason=f"{type(exc).__name__}: {exc}"[:500])


class InProcessExecutor:
    """Games as asyncio tasks in this process, at most ``concurrency`` at a time."""

    def __init__(self, concurrency: int) -> None:
        self.concurrency = max(1, concurrency)

    async def run(self, jobs: Sequence[GameJob], folder: Path, settings: GameSettings) -> AsyncIterator[Entry]:
        semaphore = asyncio.Semaphore(self.concurrency)
        # One session for every game of this run: seats naming the same endpoint share one backend
        # (one model in memory, one connection pool), all in this event loop, closed at the end.
        session = Session(session_settings(settings.llm))

        async def one(job: GameJob) -> Entry:
            async with semaphore:
                path = folder / job.filename
                try:
                    return await play_game(job, path, settings, session)
                except Exception as exc:
                    return failed(job, exc, path.name)

        tasks = [asyncio.create_task(one(job)) for job in jobs]
        try:
            for next_done in asyncio.as_completed(tasks):
                yield await next_done
        finally:
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            await session.aclose()


def scriptless(job: GameJob) -> bool:
    """Every seat of ``job`` is played without a model (heuristic, random): it may run in a worker process."""
    return all(AgentSpec.parse(entry.spec).kind in SCRIPTLESS_KINDS for entry in job.seats)


def _ignore_interrupts() -> None:
    """A pool worker leaves Ctrl-C to the driver: it finishes its games, then the driver stops the pool."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


WORKER_PRELOAD = (
    "llm_werewolf.evaluation.tournament.executors",
    "llm_werewolf.agents.heuristics",
    "llm_werewolf.agents.llm_agent",
    "llm_werewolf.speech",
    "llm_werewolf.prompting",
)
"""Modules the pool's server process imports once, so that each worker forks with them loaded."""

MIN_GAMES_PER_WORKER = 100
"""With the default worker count (0), fewer heuristic games than this per worker start no process: the
pool's server and each worker pay about a second of CPU for imports and text loading, a heuristic
game some 5-30 ms."""

MAX_CHUNK = 8
"""At most this many games per pool task (one event loop, one session): the progress bar moves and
Ctrl-C waits for no more than this."""


def play_chunk(jobs: Sequence[GameJob], folder: Path, settings: GameSettings) -> list[Entry]:
    """A pool task: play ``jobs`` one after another into ``folder`` (this machine's disk)."""

    async def play_all() -> list[Entry]:
        session = Session(session_settings(settings.llm))
        entries = []
        try:
            for job in jobs:
                path = folder / job.filename
                try:
                    entries.append(await play_game(job, path, settings, session))
                except Exception as exc:
                    entries.append(failed(job, exc, path.name))
        finally:
            await session.aclose()
        return entries

    return asyncio.run(play_all())


def pool_chunks(jobs: Sequence[GameJob], workers: int) -> list[list[GameJob]]:
    """``jobs`` cut in plan order into pieces: about eight per worker, at most :data:`MAX_CHUNK` games each."""
    size = max(1, min(MAX_CHUNK, len(jobs) // (workers * 8)))
    return [list(jobs[i : i + size]) for i in range(0, len(jobs), size)]


class WorkersExecutor:
    """Games whose seats are all scriptless on ``workers`` processes (0: every core, but no more than
    one per :data:`MIN_GAMES_PER_WORKER` such games); the others
    (model seats: one model per process would not fit in memory) in this process, as
    :class:`InProcessExecutor` plays them, at the same time.

    A game plays the same wherever it runs (its seed drives everything), so transcripts, their
    names and the ledger's entries are those of one process. With one worker, or at most one
    scriptless game, no process is started. Ctrl-C: each worker finishes the games of the pool
    task it is on (a few), no new task starts; a finished transcript missing from the ledger is
    recovered on resume.
    """

    def __init__(self, concurrency: int, workers: int = 0) -> None:
        self.concurrency = max(1, concurrency)
        self.workers = workers

    async def run(self, jobs: Sequence[GameJob], folder: Path, settings: GameSettings) -> AsyncIterator[Entry]:
        pooled = [job for job in jobs if scriptless(job)]
        if self.workers:
            count = min(worker_count(self.workers), len(pooled))
        else:
            count = min(worker_count(None), len(pooled) // MIN_GAMES_PER_WORKER)
        in_process = InProcessExecutor(self.concurrency)
        if count <= 1:
            async for entry in in_process.run(jobs, folder, settings):
                yield entry
            return
        local = [job for job in jobs if not scriptless(job)]
        finished: asyncio.Queue[Entry] = asyncio.Queue()
        loop = asyncio.get_running_loop()
        context = pool_context()
        if context.get_start_method() == "forkserver":
            context.set_forkserver_preload(["__main__", *WORKER_PRELOAD])
        pool = ProcessPoolExecutor(max_workers=count, mp_context=context, initializer=_ignore_interrupts)

        def done(chunk: list[GameJob], future: Future[list[Entry]]) -> None:
            if future.cancelled():
                return
            exc = future.exception()
            entries = [failed(job, exc) for job in chunk] if exc is not None else future.result()
            for entry in entries:
                loop.call_soon_threadsafe(finished.put_nowait, entry)

        async def play_local() -> None:
            left = {job.key: job for job in local}
            try:
                async for entry in in_process.run(local, folder, settings):
                    left.pop(entry.key, None)
                    finished.put_nowait(entry)
            except Exception as exc:  # the session itself broke: its games are recorded as failed
                for job in left.values():
                    finished.put_nowait(failed(job, exc))

        local_task = asyncio.create_task(play_local())
        try:
            for chunk in pool_chunks(pooled, count):
                future = pool.submit(play_chunk, chunk, folder, settings)
                future.add_done_callback(functools.partial(done, chunk))
            for _ in range(len(jobs)):
                yield await finished.get()
        finally:
            local_task.cancel()
            await asyncio.gather(local_task, return_exceptions=True)
            # The running tasks finish their transcripts; queued ones never start.
            await asyncio.to_thread(pool.shutdown, wait=True, cancel_futures=True)


def play_remote(job: GameJob, settings: GameSettings) -> tuple[Entry, bytes]:
    """A Ray task body: play the game into a temporary file and return its entry and bytes."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / job.filename
        try:
            entry = asyncio.run(play_game(job, path, settings))
        except Exception as exc:
            entry = failed(job, exc, job.filename)
        data = path.read_bytes() if path.exists() else b""
    return entry, data


class RayExecutor:
    """Games as Ray tasks (``ray.init(address)``; ``None`` starts or joins a local instance)."""

    def __init__(self, concurrency: int, address: str | None = None, init_kwargs: dict[str, Any] | None = None) -> None:
        self.concurrency = max(1, concurrency)
        self.address = address
        self.init_kwargs = dict(init_kwargs or {})

    async def run(self, jobs: Sequence[GameJob], folder: Path, settings: GameSettings) -> AsyncIterator[Entry]:
        try:
            import ray
        except ModuleNotFoundError:
            from ...install import install_command

            raise RuntimeError(f"the Ray executor needs ray: {install_command('eval')}") from None
        started_here = not ray.is_initialized()
        if started_here:
            ray.init(address=self.address, ignore_reinit_error=True, **self.init_kwargs)
        remote = ray.remote(max_retries=0)(play_remote)
        pending: dict[Any, GameJob] = {}
        queue = list(jobs)
        try:
            while queue or pending:
                while queue and len(pending) < self.concurrency:
                    job = queue.pop(0)
                    pending[remote.remote(job, settings)] = job
                done, _ = await asyncio.to_thread(ray.wait, list(pending), num_returns=1)
                for ref in done:
                    job = pending.pop(ref)
                    try:
                        entry, data = await asyncio.to_thread(ray.get, ref)
                    except Exception as exc:  # the task or its worker died
                        yield failed(job, exc)
                        continue
                    if data:
                        (folder / job.filename).write_bytes(data)
                    yield entry
        finally:
            for ref in pending:
                ray.cancel(ref)
            if started_here:
                ray.shutdown()
