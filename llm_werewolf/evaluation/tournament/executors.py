"""Where games run: in this process (asyncio, the default) or as Ray tasks on a cluster.

Both take the jobs still to play and yield one ledger :class:`Entry` per game as
it finishes. An exception while playing becomes a ``failed`` entry, never a
crash of the tournament. Ray tasks write the transcript on the worker and send
its bytes back, so the driver's folder holds every transcript without a shared
file system.
"""

from __future__ import annotations

import asyncio
import tempfile
from collections.abc import AsyncIterator, Sequence
from pathlib import Path
from typing import Any, Protocol

from ...session import Session
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
            raise RuntimeError("the Ray executor needs ray: pip install 'llm-werewolf[eval]'") from None
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
