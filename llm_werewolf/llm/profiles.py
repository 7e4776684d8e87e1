"""Capability profiles: what an endpoint can do and how big our prompts and answers may be.

The agent and the prompt layer read the profile; nothing else in the code
branches on the name of a provider.

* ``style``: ``chat`` models get a system + user message and answer one JSON
  object; ``transcript`` (base) models continue a game transcript.
* ``structured``: how the answer is constrained. ``json_schema`` (OpenAI, vLLM,
  Ollama: the options as an ``enum``), ``json_object`` with a ``schema`` field
  (llama.cpp servers), ``grammar`` (in-process llama.cpp: GBNF over the legal
  options) or ``text`` (plain text and strict parsing).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Literal

from .errors import BackendConfigError

Style = Literal["chat", "transcript"]
ACT_TOKENS = 40
"""Answer tokens one speech act takes as JSON: ``{"kind": "result", "player": "Ann", "player2": null,
"role": "seer", "result": "wolf"}`` is 30 tokens in gemma-3's tokenizer, and such acts with Chinese,
Russian or Arabic names and roles 32–37 (counted with ``llama_cpp.Llama.tokenize`` on the embedded GGUF)."""
Structured = Literal["json_schema", "json_object", "grammar", "text"]


@dataclass(frozen=True, slots=True)
class Profile:
    name: str
    style: Style = "chat"
    structured: Structured = "json_schema"
    history_chars: int = 16000
    """Most characters of game history in one prompt (oldest speeches are dropped first)."""
    quote_chars: int = 600
    """Longest speech quoted in the history; longer ones are cut with an ellipsis."""
    speech_chars: int = 600
    """Longest speech asked for (the agent also cuts to the table's cap)."""
    thought_chars: int = 400
    reason_chars: int = 160
    speech_tokens: int = 600
    """Answer tokens for a speech's text (and its thought and claim); its acts get their own budget."""
    choice_tokens: int = 160
    speech_acts: int = 4
    """Most speech acts a JSON speech answer may carry (``0``: the answer has no ``acts`` field). Each act
    adds :data:`ACT_TOKENS` to the speech's answer tokens, so a full list never cuts the JSON short."""
    temperature: float = 0.7
    persona_in_picks: bool = True
    """The seat's persona and its role's tips also in the prompts of decisions that are not speeches (votes,
    night actions). Speeches always have them. ``local`` leaves them out: a base model's pick among
    options does not follow them, and in a transcript prompt the seat's private part comes after the
    shared history, so its ~100 tokens were evaluated again on every call."""
    speech_text: bool = True
    """Transcript-style (base) models: ask the model for a speech's own words before it picks the speech's
    acts. ``local`` turns it off: the 270M embedded model's words were said in under 15% of speeches
    (the rest failed the coherence check and were voiced from its acts), and many of those that passed
    were still not sense; generating them was most of a speech's cost. Off, the model picks the acts
    and the phrase bank voices them (docs/speech-acts.md). JSON-answer models always write their text."""
    history_in_full: int = 0
    """Characters of public history shown in full before the earlier days are compacted, all at once (the
    history grows at its end until then, so a prompt cache keeps its prefix for days). ``0``: every new day
    compacts the days before it. ``local`` keeps 1,500: llama.cpp then evaluates each line once per game,
    where a compaction at each new day evaluated the whole history again (prompting/history.py)."""
    speech_words: bool = True
    """The words of the table's speeches in the history. ``local`` leaves them out of every speech whose acts
    are known: the history shows its speaker and acts (``P3（發言）：「…」〔要投P5；問P2〕``), which are the
    speech's facts (a model seat's speech is voiced from its acts by the phrase bank); the words were three
    quarters of a speech line's tokens, and every line of the history is evaluated once per game by
    llama.cpp. A speech without acts (a human's, a free-text model's) keeps its words."""
    brief_instructions: bool = False
    """Each decision's short instruction (``briefs`` in ``prompts/<lang>/<variant>/decisions.yaml``), the full one
    (``kinds``) where a kind has none. ``local`` asks for them: the full instruction was most of the decision line,
    evaluated on every call; the options, constrained by the grammar, carry the rest."""
    seed: bool = True
    """The endpoint accepts a ``seed`` parameter."""
    description: str = ""

    def speech_answer_tokens(self, with_acts: bool) -> int:
        """Answer tokens of a speech: the text's budget, plus each allowed act's when the answer carries acts."""
        return self.speech_tokens + (self.speech_acts * ACT_TOKENS if with_acts else 0)

    def with_overrides(self, **changes: Any) -> Profile:
        unknown = sorted(set(changes) - set(self.__dataclass_fields__))
        if unknown:
            raise BackendConfigError(f"unknown profile setting(s): {', '.join(unknown)}")
        return replace(self, **changes)


PROFILES: dict[str, Profile] = {
    profile.name: profile
    for profile in (
        Profile(
            "openai",
            description="OpenAI and compatible servers with strict JSON-schema output (options as an enum)",
        ),
        Profile("vllm", description="vLLM's OpenAI-compatible server (JSON-schema guided decoding)"),
        Profile("ollama", description="Ollama's OpenAI-compatible endpoint (JSON-schema format)"),
        Profile(
            "llamacpp",
            structured="json_object",
            history_chars=6000,
            quote_chars=300,
            speech_chars=240,
            thought_chars=120,
            reason_chars=60,
            speech_tokens=200,
            choice_tokens=60,
            description="llama.cpp servers (llama-server, python -m llama_cpp.server): json_object + schema",
        ),
        Profile(
            "text",
            structured="text",
            description="any chat endpoint without structured output: plain text, strict JSON parsing",
        ),
        Profile(
            "local",
            style="transcript",
            structured="grammar",
            history_chars=3000,
            quote_chars=220,
            speech_chars=200,
            thought_chars=0,
            reason_chars=0,
            speech_tokens=60,
            choice_tokens=16,
            temperature=0.8,
            persona_in_picks=False,
            speech_text=False,
            speech_words=False,
            history_in_full=1500,
            brief_instructions=True,
            description="the embedded base model in process: transcript continuation, GBNF over the options",
        ),
        Profile("fake", description="the deterministic fake backend (tests, benchmarks)"),
    )
}


def get_profile(name: str) -> Profile:
    try:
        return PROFILES[name]
    except KeyError:
        raise BackendConfigError(
            f"unknown capability profile {name!r} (known: {', '.join(sorted(PROFILES))})"
        ) from None
