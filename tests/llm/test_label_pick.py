"""The label trie pick (llm/label_pick.py): the fewest model steps, a legal label every time."""

from __future__ import annotations

import random
import threading
from collections.abc import Sequence

import numpy as np
import pytest

from llm_werewolf.llm.label_pick import LabelMask, evaluate_prompt, pick_label, sample_token

EOS = 1
VOCAB = 50


class _Context:
    def __init__(self, model: FakeLlama) -> None:
        self.model = model

    def kv_cache_seq_rm(self, seq_id: int, p0: int, p1: int) -> bool:
        self.model.removed_from.append(p0)
        return self.model.partial_removal


class FakeLlama:
    """What the pick uses of ``llama_cpp.Llama``: the held tokens, prefix removal, ``eval``, the logits."""

    def __init__(self, preferred: dict[int, float] | None = None, *, partial_removal: bool = True) -> None:
        self.input_ids = np.zeros(256, dtype=np.intc)
        self.n_tokens = 0
        self.partial_removal = partial_removal
        self.removed_from: list[int] = []
        self.evals: list[list[int]] = []
        self.preferred = preferred or {}
        self._ctx = _Context(self)

    def reset(self) -> None:
        self.n_tokens = 0

    def eval(self, tokens: Sequence[int]) -> None:
        self.evals.append(list(tokens))
        self.input_ids[self.n_tokens : self.n_tokens + len(tokens)] = tokens
        self.n_tokens += len(tokens)

    def logits(self) -> list[float]:
        scores = [0.0] * VOCAB
        for token, score in self.preferred.items():
            scores[token] = score
        return scores


def _read(llama: FakeLlama) -> list[float]:
    return llama.logits()


PROMPT = [2, 3, 4, 5]


def _pick(
    llama: FakeLlama, sequences: list[list[int]], temperature: float = 0.0, **kwargs: object
) -> tuple[int | None, int, int]:
    mask = LabelMask(sequences, len(PROMPT), EOS)
    picked = pick_label(llama, PROMPT, mask, temperature=temperature, seed=3, read_logits=_read, **kwargs)  # type: ignore[arg-type]
    return picked.label, picked.sampled, picked.decoded


def test_labels_that_differ_in_their_first_token_cost_the_prompt_and_no_decode() -> None:
    llama = FakeLlama({21: 5.0})
    label, sampled, decoded = _pick(llama, [[10, 11, 12], [21, 22], [30]])
    assert label == 1
    assert (sampled, decoded) == (1, 0)
    assert llama.evals == [PROMPT]  # the rest of label 1 (22) is known without the model


def test_a_shared_first_token_is_taken_without_sampling_and_evaluated_only_when_the_labels_part() -> None:
    # " 1" " 0" / " 1" " 2": the first token is common, the second decides
    llama = FakeLlama({12: 3.0})
    label, sampled, decoded = _pick(llama, [[40, 10], [40, 12]])
    assert label == 1
    assert (sampled, decoded) == (1, 1)
    assert llama.evals == [PROMPT, [40]]


def test_a_label_that_is_a_prefix_of_another_ends_on_the_end_of_text_token() -> None:
    longer = FakeLlama({41: 2.0})
    assert _pick(longer, [[40], [40, 41]])[0] == 1
    shorter = FakeLlama({EOS: 2.0})
    assert _pick(shorter, [[40], [40, 41]])[0] == 0


def test_a_single_label_needs_no_sample() -> None:
    llama = FakeLlama()
    assert _pick(llama, [[7, 8, 9]]) == (0, 0, 0)


def test_the_prompt_reuses_the_held_prefix_and_evaluates_at_least_its_last_token() -> None:
    llama = FakeLlama()
    llama.eval([2, 3, 9])
    evaluate_prompt(llama, PROMPT)
    assert llama.evals[-1] == [4, 5] and llama.removed_from[-1] == 2
    evaluate_prompt(llama, PROMPT)  # all held: the last token again, for its logits
    assert llama.evals[-1] == [5] and llama.n_tokens == len(PROMPT)


def test_without_partial_removal_the_whole_prompt_is_evaluated() -> None:
    llama = FakeLlama(partial_removal=False)
    llama.eval([2, 3, 9])
    evaluate_prompt(llama, PROMPT)
    assert llama.evals[-1] == PROMPT and llama.n_tokens == len(PROMPT)


def test_a_cancelled_pick_stops_before_sampling() -> None:
    given_up = threading.Event()
    given_up.set()
    assert _pick(FakeLlama({10: 1.0}), [[10], [20]], cancelled=given_up)[0] is None


def test_temperature_zero_takes_the_most_likely_allowed_token_whatever_the_vocabulary_prefers() -> None:
    scores = [0.0] * VOCAB
    scores[5] = 9.0  # not allowed
    scores[20] = 2.0
    scores[30] = 1.0
    assert sample_token(scores, [10, 20, 30], 0.0, random.Random(0)) == 20


def test_sampling_follows_the_logits_and_drops_tokens_under_min_p() -> None:
    scores = [0.0] * VOCAB
    scores[10] = 1.0
    scores[20] = 0.0  # exp(-1) of the best: kept
    scores[30] = -10.0  # far under 5% of the best: never sampled
    rng = random.Random(1)
    counts = {10: 0, 20: 0, 30: 0}
    for _ in range(2000):
        counts[sample_token(scores, [10, 20, 30], 1.0, rng)] += 1
    assert counts[30] == 0
    share = counts[10] / 2000
    assert 0.66 < share < 0.80  # e / (e + 1) = 0.731


def test_the_same_seed_picks_the_same_label() -> None:
    sequences = [[10], [20], [30]]
    picks = {_pick(FakeLlama({10: 0.5, 20: 0.4, 30: 0.3}), sequences, temperature=1.0)[0] for _ in range(5)}
    assert len(picks) == 1


@pytest.mark.model
def test_on_the_real_model_a_greedy_pick_agrees_with_grammar_constrained_greedy_generation() -> None:
    """The trie reads the same logits a grammar-constrained completion samples from: at temperature 0 both
    take the same label (the labels here differ in their first token), and the trie decodes nothing more."""
    from llm_werewolf.llm.local import LocalBackend, pick_grammar

    backend = LocalBackend(seed=1, n_threads=1)
    llama = backend._load()
    prompts = [
        ("The village votes. The most suspicious player is", ("Ann", "Bob", "Cid")),
        ("Tonight the seer checks one player:", ("Dana", "Eli", "Farid", "Gus")),
        ("My role card says I am the", ("seer", "villager", "werewolf")),
    ]
    for prompt, labels in prompts:
        tokens = backend._prompt_tokens(llama, prompt, 16)
        mask = backend._pick_constraint(llama, tokens, labels)
        assert mask is not None
        picked = pick_label(llama, tokens, mask, temperature=0.0, seed=1)
        assert picked.label is not None and picked.decoded == 0
        from llm_werewolf.llm.local import _compiled

        grammar = _compiled(pick_grammar(tuple(" " + label for label in labels)), False)
        llama.reset()
        reference = llama.create_completion(tokens, max_tokens=16, temperature=0.0, grammar=grammar, seed=1)
        assert reference["choices"][0]["text"].strip() == labels[picked.label]
