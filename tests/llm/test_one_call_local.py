"""The local backend's ``sequence`` call (llm/local.py): a speech's slots walked in one call, each
step evaluating only its own tokens, and prompts tokenised once per new line."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from llm_werewolf.llm.base import CompletionRequest, SequenceStep
from llm_werewolf.llm.local import LocalBackend

from .test_label_pick import EOS, FakeLlama


class Tokenizer(FakeLlama):
    """A stub llama with a tokenizer: one token per character (ids from 2), counting what it tokenised."""

    def __init__(self, preferred: dict[int, float] | None = None) -> None:
        super().__init__(preferred)
        self.input_ids.resize(4096, refcheck=False)
        self.tokenized: list[str] = []

    def tokenize(self, text: bytes, add_bos: bool = True, special: bool = False) -> list[int]:
        self.tokenized.append(text.decode())
        return ([0] if add_bos else []) + [2 + ord(c) % 40 for c in text.decode()]

    def token_bos(self) -> int:
        return 0

    def token_eos(self) -> int:
        return EOS


class Steps:
    """Three picks; the second step's labels depend on the first pick (as a slot's options do)."""

    def __init__(self) -> None:
        self.answers: list[int | None] = []

    def first(self) -> SequenceStep | None:
        return SequenceStep("state", "\nQ1", ("ab", "cd"))

    def answer(self, label: int | None) -> SequenceStep | None:
        self.answers.append(label)
        if len(self.answers) == 1:
            return SequenceStep("reason", "\nQ2", ("ef", "gh") if label == 0 else ("ij", "kl"))
        if len(self.answers) == 2:
            return SequenceStep("ask", "\nQ3", ("mn", "op"))
        return None


def _backend(llama: Tokenizer) -> LocalBackend:
    backend = LocalBackend("/nonexistent.gguf", n_threads=1)
    backend._llama = llama
    backend.read_logits = lambda model: model.logits()
    return backend


def _request(steps: Steps, user: str = "line one\nline two\n") -> CompletionRequest:
    return CompletionRequest(system="rules\n", user=user, cue="floor", mode="sequence", sequence=steps, temperature=0)


def test_a_sequence_is_one_call_whose_steps_evaluate_only_their_own_tokens() -> None:
    token = {c: 2 + ord(c) % 40 for c in "acegikmo"}
    llama = Tokenizer(preferred={token["a"]: 5.0, token["e"]: 5.0, token["o"]: 5.0})  # ab, ef, op
    backend = _backend(llama)
    steps = Steps()
    result = backend._run(_request(steps))
    assert result["choices"][0]["text"] == "state: ab\nreason: ef\nask: op"
    assert steps.answers == [0, 0, 1]
    assert backend.calls == 1
    prompt = len(llama.tokenize(b"rules\n\n\nline one\nline two\nfloor"))
    # the prompt is evaluated once; each later step adds only its question and the label taken before it
    assert len(llama.evals[0]) == prompt + len("\nQ1")
    # (the labels of a step share their first token, " ": it is evaluated before the labels part)
    later = [len(e) for e in llama.evals[1:]]
    assert sum(later) == len(" ab\nQ2") + len(" ef\nQ3") + len(" ")
    assert result["usage"]["prompt_tokens"] == prompt + len("\nQ1 ab\nQ2 ef\nQ3 op")


def test_a_second_prompt_tokenises_only_its_new_lines() -> None:
    llama = Tokenizer()
    backend = _backend(llama)
    backend._run(_request(Steps()))
    llama.tokenized.clear()
    backend._run(_request(Steps(), user="line one\nline two\nline three\n"))
    tokenised = [t for t in llama.tokenized if t.strip() and not t.startswith((" ", "\nQ"))]
    assert tokenised == ["line three\n"]


def _tokens(pieces: Sequence[str], llama: Tokenizer) -> list[int]:
    return [t for p in pieces for t in llama.tokenize(p.encode(), add_bos=False)]


def test_the_pieces_tokens_are_the_whole_prompt_s() -> None:
    llama = Tokenizer()
    backend = _backend(llama)
    text = "rules\n\n\nline one\nline two\n\nfloor"
    assert backend.prompt_tokens.tokens(llama, text, add_bos=True) == llama.tokenize(text.encode())


@pytest.mark.model
def test_on_the_embedded_vocabulary_the_pieces_tokens_are_the_whole_prompt_s() -> None:
    """Gemma's tokenizer merges no token across a newline run: a prompt tokenised piece by piece is
    the prompt tokenised whole, in every language of the game."""
    from llama_cpp import Llama

    from llm_werewolf.llm.embedded import embedded_model_path
    from llm_werewolf.llm.prompt_tokens import PromptTokens

    llama = Llama(model_path=str(embedded_model_path()), vocab_only=True, verbose=False)
    texts = [
        "規則：狼人每晚殺一人。\n\n\n1號 王小明：我是預言家，昨晚驗了2號。\n- 投票: 林美玲\n你投誰？ 林美玲",
        "Правила игры.\n\nДень 1.\nИван: я мирный, голосую против Олега.\n\n- Олег\nКого вы проверили? ",
        "قواعد اللعبة\n\nنور: أنا القروية، وأصوّت ضد سمير.\n\n\n- سمير\nמי לדעתך הזאב? שרה",
        "Rules\n\n  indented line\n\tTabbed: «quoted» 42%\n\n\n\nend without newline",
    ]
    tokens = PromptTokens()
    for text in texts:
        whole = llama.tokenize(text.encode(), add_bos=True, special=False)
        assert tokens.tokens(llama, text, add_bos=True) == whole
