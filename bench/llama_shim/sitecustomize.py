"""Benchmark shim for model-time runs: put this folder first on ``PYTHONPATH`` for every checkout alike.

Python imports ``sitecustomize`` at start-up, so the ``llm-werewolf play`` process of either checkout
gets the same llama.cpp settings, whatever its own code does:

* llama.cpp gets ``BENCH_LLAMA_THREADS`` threads (default 1) for generation and prompt batches, so a
  run on a shared machine leaves the other cores to other work;
* the weights load without extra buffer types (some virtual machines report Intel AMX but trap its
  instructions; checkouts older than ``llm/cpu_safety.py`` do not avoid that themselves);
* with ``BENCH_EVAL_LOG`` set, the process appends one JSON line to that file at exit: completions,
  the prompt tokens llama.cpp really evaluated in them (the first ``Llama.eval`` of each
  ``create_completion`` is the part of the prompt that was not already in the KV cache, held or loaded
  from a saved state), and every token evaluated (``all_evaluated``: label picks and ``sequence`` calls
  evaluate through ``Llama.eval`` without a completion).

Used by ``bench/model_time.py``; nothing here is part of the package.
"""

from __future__ import annotations

import atexit
import json
import os
from typing import Any


def _pin_threads_and_buffers(llama_cpp: Any, threads: int) -> None:
    bindings = llama_cpp.llama_cpp
    default_params = bindings.llama_model_default_params

    def params() -> Any:
        p = default_params()
        if hasattr(p, "use_extra_bufts"):
            p.use_extra_bufts = False
        return p

    bindings.llama_model_default_params = params
    init = llama_cpp.Llama.__init__

    def pinned_init(self: Any, *args: Any, **kwargs: Any) -> None:
        kwargs["n_threads"] = threads
        kwargs["n_threads_batch"] = threads
        init(self, *args, **kwargs)

    llama_cpp.Llama.__init__ = pinned_init


def _count_evaluated(llama_cpp: Any, log_path: str) -> None:
    counts = {"completions": 0, "prompt_evaluated": 0, "all_evaluated": 0}
    first_eval = [False]
    create_completion = llama_cpp.Llama.create_completion
    evaluate = llama_cpp.Llama.eval

    def counted_completion(self: Any, *args: Any, **kwargs: Any) -> Any:
        counts["completions"] += 1
        first_eval[0] = True
        return create_completion(self, *args, **kwargs)

    def counted_eval(self: Any, tokens: Any) -> Any:
        counts["all_evaluated"] += len(tokens)
        if first_eval[0]:
            counts["prompt_evaluated"] += len(tokens)
            first_eval[0] = False
        return evaluate(self, tokens)

    def dump() -> None:
        if counts["all_evaluated"]:
            with open(log_path, "a", encoding="utf-8") as f:
                f.write(json.dumps(counts) + "\n")

    llama_cpp.Llama.create_completion = counted_completion
    llama_cpp.Llama.eval = counted_eval
    atexit.register(dump)


def _install() -> None:
    try:
        import llama_cpp
    except ImportError:
        return
    _pin_threads_and_buffers(llama_cpp, int(os.environ.get("BENCH_LLAMA_THREADS", "1")))
    log_path = os.environ.get("BENCH_EVAL_LOG")
    if log_path:
        _count_evaluated(llama_cpp, log_path)


_install()
