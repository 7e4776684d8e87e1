"""Saved KV states for the local backend: each seat (and each shared prefix) resumes where it was.

llama.cpp keeps the KV cache of the *last* prompt only, so with several seats taking turns
every call re-evaluates its whole prompt (rules, table, history) although the same seat
evaluated nearly all of it on its previous turn. :class:`KVStates` saves the model's state
after every call, keyed by the tokens it holds, and before a call loads the saved state
sharing the longest prefix with the new prompt when that beats what the model holds now;
llama.cpp then drops what follows the common prefix and evaluates only the rest. Seats'
states stay apart, and a prefix all seats share (the rules first, see the prompt order)
is reused by all of them.

Only the KV data and the token ids are kept (``Llama.save_state`` would also copy the
logits of the last batch: ``n_batch`` × vocabulary floats, half a gigabyte for a
262k vocabulary). Least recently used states are dropped beyond ``capacity_bytes``.
"""

from __future__ import annotations

import ctypes
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

MIN_GAIN_TOKENS = 48
"""Load a saved state only when it spares at least this many tokens of evaluation."""


def common_prefix(a: Any, b: Any) -> int:
    n = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        n += 1
    return n


@dataclass(frozen=True, slots=True)
class _State:
    tokens: tuple[int, ...]
    data: bytearray


@dataclass
class KVStates:
    capacity_bytes: int
    hits: int = 0
    """Calls that started from a saved state."""
    reused_tokens: int = 0
    """Prompt tokens not evaluated again thanks to a saved state."""
    _states: OrderedDict[tuple[int, ...], _State] = field(default_factory=OrderedDict)
    _size: int = 0

    def __len__(self) -> int:
        return len(self._states)

    @property
    def size(self) -> int:
        return self._size

    def restore(self, llama: Any, tokens: list[int]) -> int:
        """Load the saved state sharing the longest prefix with ``tokens`` if it beats the model's own
        (by :data:`MIN_GAIN_TOKENS`); returns how many prompt tokens it spares (0: nothing loaded)."""
        held = common_prefix(llama.input_ids[: llama.n_tokens].tolist(), tokens)
        best: _State | None = None
        best_length = held + MIN_GAIN_TOKENS
        for state in self._states.values():
            length = common_prefix(state.tokens, tokens)
            if length >= best_length:
                best, best_length = state, length
        if best is None:
            return 0
        self._load(llama, best)
        self._states.move_to_end(best.tokens)
        self.hits += 1
        self.reused_tokens += best_length
        return best_length

    def save(self, llama: Any) -> None:
        """Keep the model's current state (under the tokens it holds)."""
        import llama_cpp

        count = int(llama.n_tokens)
        if count <= 0:
            return
        context = llama._ctx.ctx
        size = int(llama_cpp.llama_state_get_size(context))
        if size > self.capacity_bytes:
            return
        # One copy, into a bytearray the state keeps (``bytes(buffer[:n])`` on a ctypes array would first
        # build a list of one Python int per byte: most of a second per call for a long prompt).
        data = bytearray(size)
        written = int(llama_cpp.llama_state_get_data(context, (ctypes.c_uint8 * size).from_buffer(data), size))
        del data[written:]
        tokens = tuple(int(t) for t in llama.input_ids[:count])
        old = self._states.pop(tokens, None)
        if old is not None:
            self._size -= len(old.data)
        state = _State(tokens, data)
        self._states[tokens] = state
        self._size += len(state.data)
        while self._size > self.capacity_bytes and self._states:
            _, dropped = self._states.popitem(last=False)
            self._size -= len(dropped.data)

    @staticmethod
    def _load(llama: Any, state: _State) -> None:
        import llama_cpp

        size = len(state.data)
        buffer = (ctypes.c_uint8 * size).from_buffer(state.data)
        if int(llama_cpp.llama_state_set_data(llama._ctx.ctx, buffer, size)) != size:
            raise RuntimeError("llama.cpp refused a saved KV state")
        count = len(state.tokens)
        llama.input_ids[:count] = state.tokens
        llama.n_tokens = count
        llama._requires_eval = True  # the logits are not restored: the next decode refreshes them
