"""Picking one of several labels on the local model with as few model steps as the labels allow.

A pick (a vote, a night target, a speech act's kind or target) must end as exactly one of a few
labels. Generating it token by token, as a completion does, costs one decode of the whole model
for every token of the label and one more to sample the end of text: on the embedded model a
single-token decode costs as much as evaluating a dozen prompt tokens, because every weight and
the 262k-token output layer are read for one token. This module walks the labels' token trie
instead:

* the prompt is evaluated once (reusing the KV cache's common prefix, as llama.cpp's own
  generation does);
* where the labels still alive share their next token, that token is taken without asking the
  model; where they differ, one token is sampled from the model's logits restricted to the
  tokens that continue a label (or end one);
* as soon as one label alone is left, the rest of it is known and nothing more is evaluated.

So a pick whose labels differ in their first token costs the prompt and no decode at all, where
a completion spent one decode per token of the label plus one. Sampling follows the request's
temperature (0: the most likely token) with the ``min_p`` cut of llama.cpp's default chain
(tokens under 5% of the most likely one's probability are dropped), seeded per call.
"""

from __future__ import annotations

import math
import random
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .kv_states import common_prefix

MIN_P = 0.05
"""Candidates whose probability is under this share of the best one's are not sampled (llama.cpp's
default ``min_p``)."""


class LabelMask:
    """The labels as token sequences continuing a prompt, and what may follow a partial answer."""

    def __init__(self, sequences: list[list[int]], prompt_length: int, eos: int) -> None:
        self.sequences = sequences
        self.prompt_length = prompt_length
        self.eos = eos

    def alive(self, generated: Sequence[int]) -> list[int]:
        """Indexes of the labels that ``generated`` is a prefix of."""
        n = len(generated)
        return [i for i, sequence in enumerate(self.sequences) if sequence[:n] == list(generated)]

    def next_tokens(self, generated: Sequence[int]) -> list[int]:
        """The tokens that may follow ``generated`` (``eos`` where a label ends there), sorted."""
        n = len(generated)
        allowed = {self.sequences[i][n] if len(self.sequences[i]) > n else self.eos for i in self.alive(generated)}
        return sorted(allowed or {self.eos})


def sample_token(logits: Sequence[float], allowed: Sequence[int], temperature: float, rng: random.Random) -> int:
    """One of ``allowed``, sampled from ``logits`` at ``temperature`` (0: the most likely)."""
    if len(allowed) == 1:
        return allowed[0]
    values = [float(logits[token]) for token in allowed]
    best = max(range(len(allowed)), key=values.__getitem__)
    if temperature <= 0:
        return allowed[best]
    top = values[best]
    weights = [math.exp((value - top) / temperature) for value in values]
    kept = [(token, weight) for token, weight in zip(allowed, weights, strict=True) if weight >= MIN_P]
    threshold = rng.random() * sum(weight for _, weight in kept)
    for token, weight in kept:
        threshold -= weight
        if threshold < 0:
            return token
    return kept[-1][0]


@dataclass(frozen=True, slots=True)
class Picked:
    label: int | None
    """Index of the picked label (``None``: the call was cancelled first)."""
    sampled: int
    """Tokens sampled from the model's logits (0 when the first token was already decisive)."""
    decoded: int
    """Single-step decodes spent after the prompt (tokens evaluated to read the next logits)."""


def evaluate_prompt(llama: Any, tokens: Sequence[int]) -> None:
    """Bring the model's KV cache to ``tokens``, evaluating only what it does not hold yet (at least
    the last token, whose logits the pick reads)."""
    reuse = min(common_prefix(llama.input_ids[: llama.n_tokens].tolist(), tokens), len(tokens) - 1)
    if reuse > 0 and llama._ctx.kv_cache_seq_rm(-1, reuse, -1):
        llama.n_tokens = reuse
    else:
        llama.reset()
        reuse = 0
    llama.eval(list(tokens[reuse:]))


def last_logits(llama: Any) -> Any:
    """The logits of the last token the model evaluated (llama.cpp keeps only those)."""
    import numpy as np
    from llama_cpp import llama_cpp as bindings

    return np.ctypeslib.as_array(bindings.llama_get_logits_ith(llama._ctx.ctx, -1), shape=(llama.n_vocab(),))


def pick_label(
    llama: Any,
    tokens: Sequence[int],
    mask: LabelMask,
    *,
    temperature: float,
    seed: int,
    cancelled: threading.Event | None = None,
    read_logits: Callable[[Any], Sequence[float]] = last_logits,
) -> Picked:
    """Evaluate ``tokens`` and walk ``mask``'s labels to one of them (see the module doc)."""
    evaluate_prompt(llama, tokens)
    rng = random.Random(seed)
    generated: list[int] = []
    pending: list[int] = []  # taken tokens the model has not evaluated yet
    sampled = decoded = 0
    while True:
        alive = mask.alive(generated)
        if len(alive) == 1:
            return Picked(alive[0], sampled, decoded)
        if cancelled is not None and cancelled.is_set():
            return Picked(None, sampled, decoded)
        allowed = mask.next_tokens(generated)
        if len(allowed) == 1:
            token = allowed[0]
        else:
            if pending:
                llama.eval(pending)
                decoded += len(pending)
                pending = []
            token = sample_token(read_logits(llama), allowed, temperature, rng)
            sampled += 1
        if token == mask.eos:  # a label ends here: the one whose tokens are exactly what was taken
            ended = [i for i in alive if len(mask.sequences[i]) == len(generated)]
            return Picked(ended[0], sampled, decoded)
        generated.append(token)
        pending.append(token)
