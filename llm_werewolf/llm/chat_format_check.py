"""Does an endpoint answer in its model's chat format? One short conversation at the preflight.

A server that wraps a conversation in a format its model was not trained on (llama.cpp's
``llama-2`` fallback for gemma: ``[INST]``, ``<<SYS>>``) gets answers that continue the wrapper:
the model writes the format's tags, its turn markers or the prompt back, or it ends its turn at
once (the embedded gemma-3-270m served as ``llama-2`` answers with no token at all). The probe is a
short exchange with one earlier answer in it, so a model that reads the tags as text tends to go on
with the pattern; its answer is then checked for chat-template tokens, for the probe's own words,
and for an answer of zero tokens that ended normally (``finish_reason`` ``stop``).
"""

from __future__ import annotations

import re
from typing import Any

PROBE_SYSTEM = "You answer with one word."
PROBE_MESSAGES: list[dict[str, str]] = [
    {"role": "system", "content": PROBE_SYSTEM},
    {"role": "user", "content": "Say yes."},
    {"role": "assistant", "content": "yes"},
    {"role": "user", "content": "Say no."},
]
PROBE_TOKENS = 24

_TEMPLATE_TOKENS = re.compile(
    r"<</?SYS>>|\[/?INST\]|</?(?:start|end)_of_turn>|<\|[^<>|\s]{1,40}\|>|</?s>|<(?:bos|eos)>"
    r"|^\s*#{2,4}\s*(?:instruction|response|system|user|assistant)\b",
    re.IGNORECASE | re.MULTILINE,
)
FIX = (
    "serve the model in its own chat format: `llm-werewolf model-server` (or llama.cpp's `--chat_format` / "
    "`--jinja`, vLLM's `--chat-template`)"
)


def format_problem(answer: str, completion_tokens: int | None = None, finish_reason: str | None = None) -> str | None:
    """Why ``answer`` shows a wrong chat format (``None``: it does not)."""
    if not answer.strip() and completion_tokens == 0 and finish_reason == "stop":
        return "the model ended its answer before its first token"
    found = _TEMPLATE_TOKENS.search(answer)
    if found is not None:
        return f"its answer holds the chat-template token {found.group(0).strip()!r}"
    said = " ".join(answer.lower().split())
    if PROBE_SYSTEM.lower() in said and "say yes." in said:
        # The conversation written back as text: the model read it as one document. A model in its own
        # format may still repeat the system line alone (the 270M one does), which is no sign of format.
        return "its answer repeats the prompt"
    return None


def wrong_format_message(where: str, problem: str) -> str:
    """The one line the preflight shows."""
    return f"{where}: the server answers in the wrong chat format ({problem}); {FIX}"


def response_problem(response: Any) -> str | None:
    """:func:`format_problem` of an OpenAI chat completion."""
    choices = getattr(response, "choices", None) or []
    if not choices:
        return None
    message = getattr(choices[0], "message", None)
    text = str(getattr(message, "content", "") or "")
    usage = getattr(response, "usage", None)
    tokens = getattr(usage, "completion_tokens", None)
    reason = getattr(choices[0], "finish_reason", None)
    return format_problem(
        text, tokens if isinstance(tokens, int) else None, reason if isinstance(reason, str) else None
    )


def message_problem(message: Any) -> str | None:
    """:func:`format_problem` of a LangChain chat model's answer (an ``AIMessage``)."""
    content = getattr(message, "content", "")
    text = content if isinstance(content, str) else ""
    usage = getattr(message, "usage_metadata", None) or {}
    tokens = usage.get("output_tokens") if isinstance(usage, dict) else None
    metadata = getattr(message, "response_metadata", None) or {}
    reason = metadata.get("finish_reason") if isinstance(metadata, dict) else None
    return format_problem(
        text, tokens if isinstance(tokens, int) else None, reason if isinstance(reason, str) else None
    )
