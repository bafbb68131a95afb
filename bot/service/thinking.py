"""Where the bot thinks: in place for `easy` and `normal`, in a bounded pool of worker processes for `hard`
(the levels: bot/policy/bot_levels.py).

`easy` and `normal` cost next to nothing and run in place. A `hard` decision runs in a ProcessPoolExecutor
(created at the first hard decision, shut down with the manager), awaited, so the event loop goes on answering
other games, sweeps and clicks meanwhile. Its inputs cross to the worker as plain values (the ruleset's name, the
state as JSON, the seat, the level, a seed, the budget) and the worker rebuilds the rest from the registry. Where no
process pool can be had (no way to start processes, or an input that cannot cross), the decision runs in a thread.

A decision is a function of its seed (taken from the caller's random stream, itself derived from the game's seed
and move number) and of the search's iterations: with an iteration budget it is the same every time; with a time
budget, the same up to how far the search got in its time.
"""
from __future__ import annotations

import asyncio
import logging
import multiprocessing
import pickle
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Callable

from bot.policy.bot_levels import ThinkSettings, decide
from engine.ai.players import choose
from engine.core.rng import Rng
from engine.core.ruleset import Ruleset
from engine.core.types import Action

log = logging.getLogger("stumpbot.service.thinking")


def _process_pool(workers: int) -> Executor:
    """Worker processes forked from this one where the system can (they start at once, with the engine already
    imported, and run nothing but `decide`); elsewhere fresh ones (spawn), which import the engine first."""
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    return ProcessPoolExecutor(max_workers=workers, mp_context=context)


class Thinker:
    """The bot's decisions at every level; a hard one in the pool (see the module's docstring)."""

    def __init__(self, settings: ThinkSettings | None = None) -> None:
        self.settings = settings or ThinkSettings()
        self._pool: Executor | None = None
        self._threads: Executor | None = None
        self.in_processes = True  # False once processes proved impossible here: threads from then on
        self._broken = 0  # pools broken in a row (a worker that dies at once: threads from the second on)

    async def decide(self, ruleset: Ruleset, state: Any, seat: str, level: str, rng: Rng) -> Action:
        """`seat`'s move at `level` from `state`. `rng` is the caller's stream: a hard decision takes its seed from
        it, so the same stream gives the same decision."""
        if level != "hard":
            return choose(ruleset, state, seat, level, rng)
        args = (ruleset.name, state.model_dump_json(), seat, level, rng.state, self.settings.seconds,
                self.settings.iterations)
        action: Action = await self.run(decide, *args)
        return action

    async def run(self, work: Callable[..., Any], *args: Any) -> Any:
        """`work(*args)` in the pool (a thread where no process can be had): a top-level function of plain values,
        as `decide` is. A hint's search runs here too (bot/service/hints.py), sharing the hard bot's workers."""
        loop = asyncio.get_running_loop()
        if self.in_processes:
            try:
                result = await loop.run_in_executor(self._processes(), work, *args)
                self._broken = 0
                return result
            except BrokenProcessPool as exc:  # a worker died (killed, out of memory): a new pool next time
                log.warning("a worker process of the bot's hard decisions died (%s); this one runs in a thread", exc)
                self._broken += 1
                self.in_processes = self._broken < 2
                self._drop_pool()
            except (OSError, NotImplementedError, pickle.PicklingError) as exc:
                log.warning("hard decisions run in a thread from now on: no worker process (%s)", exc)
                self.in_processes = False
                self._drop_pool()
        return await loop.run_in_executor(self._thread(), work, *args)

    def _processes(self) -> Executor:
        if self._pool is None:
            self._pool = _process_pool(self.settings.workers)
        return self._pool

    def _thread(self) -> Executor:
        if self._threads is None:
            self._threads = ThreadPoolExecutor(max_workers=self.settings.workers, thread_name_prefix="stumpbot-think")
        return self._threads

    def _drop_pool(self) -> None:
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)

    def close(self) -> None:
        """Stop the workers. A decision they were thinking about is lost: the bot's move is computed again
        when the game is next looked at."""
        self._drop_pool()
        threads, self._threads = self._threads, None
        if threads is not None:
            threads.shutdown(wait=False, cancel_futures=True)
