"""The ``local`` backend: llama.cpp in process, running a GGUF (by default the embedded base model).

A base model is not asked to chat. It continues a game transcript: speeches
are a continuation bounded by stop sequences, and decisions are picked under a
GBNF grammar that only admits the legal options, so every answer is legal. A ``sequence`` call
(a speech's slots) walks several picks in one call, each continuing the transcript of the ones
before, so the prompt is evaluated once and each step adds only its own line.
Calls to one model instance are serialized (an asyncio lock) and run in a
worker thread so the event loop stays free.
"""

from __future__ import annotations

import asyncio
import json
import threading
import time
import weakref
from collections.abc import Callable, Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

from .base import Completion, CompletionRequest, PickSequence
from .embedded import EMBEDDED_MODEL, embedded_model_path
from .errors import BackendConfigError, PreflightError, TransportError
from .kv_states import KVStates, common_prefix
from .label_pick import LabelMask, last_logits, pick_label
from .profiles import Profile, get_profile
from .prompt_tokens import PromptTokens
from .streaming import Preview, current_hook, from_thread, streams_speech
from .threads import choose_threads


def gbnf_literal(text: str) -> str:
    """``text`` as a GBNF string literal."""
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\r", "\\r")
    return f'"{escaped}"'


def _char_class_excluding(chars: str) -> str:
    banned = "".join(
        "\\" + c if c in "]\\^-" else ("\\n" if c == "\n" else ("\\r" if c == "\r" else c))
        for c in sorted(set(chars + "\n\r"))
    )
    return f"[^{banned}]"


def pick_grammar(labels: tuple[str, ...], tail_chars: int = 0, tail_required: bool = False) -> str:
    """GBNF: exactly one of ``labels``, then optionally ``: `` and a one-line tail."""
    if not labels:
        raise ValueError("a pick needs at least one label")
    choice = " | ".join(gbnf_literal(label) for label in dict.fromkeys(labels))
    if not tail_chars:
        return f"root ::= ({choice})\n"
    tail = f'": " char{{1,{tail_chars}}}'
    rule = tail if tail_required else f"({tail})?"
    return f"root ::= ({choice}) {rule}\nchar ::= {_char_class_excluding('')}\n"


def text_grammar(max_chars: int, stops: tuple[str, ...]) -> str:
    """GBNF: one line of 1..max_chars characters, none of them a one-character stop."""
    banned = "".join(s for s in stops if len(s) == 1)
    return f"root ::= char{{1,{max_chars}}}\nchar ::= {_char_class_excluding(banned)}\n"


@lru_cache(maxsize=256)
def _compiled(grammar: str, json_schema: bool) -> Any:
    from llama_cpp.llama_grammar import LlamaGrammar

    if json_schema:
        return LlamaGrammar.from_json_schema(grammar, verbose=False)
    return LlamaGrammar.from_string(grammar, verbose=False)


def streamed_completion(llama: Any, tokens: list[int], kwargs: dict[str, Any], preview: Preview) -> dict[str, Any]:
    """``llama.create_completion`` through its streaming iterator, each piece fed to ``preview``; the
    same result as the plain call (its text, finish reason and token counts)."""
    preview.start()
    pieces: list[str] = []
    finish: str | None = None
    chunks = 0
    for chunk in llama.create_completion(tokens, stream=True, **kwargs):
        chunks += 1
        choice = chunk["choices"][0]
        text = str(choice.get("text") or "")
        if text:
            pieces.append(text)
            preview.feed(text)
        finish = choice.get("finish_reason") or finish
    return {
        "choices": [{"text": "".join(pieces), "finish_reason": finish}],
        # llama.cpp sends one chunk per sampled token, and a last one with the finish reason
        "usage": {"prompt_tokens": len(tokens), "completion_tokens": max(0, chunks - 1)},
    }


class LocalBackend:
    name = "local"
    picks_sequences = True

    def __init__(
        self,
        model_path: str | Path | None = None,
        *,
        model: str | None = None,
        profile: Profile | None = None,
        n_ctx: int = 4096,
        n_threads: int | None = None,
        seed: int = 0,
        verbose: bool = False,
        kv_cache_bytes: int = 0,
    ) -> None:
        self.model_path = Path(model_path).expanduser() if model_path else None
        self.model = model or (self.model_path.stem if self.model_path else EMBEDDED_MODEL)
        self.profile = profile or get_profile("local")
        self.n_ctx = n_ctx
        self.n_threads = choose_threads(n_threads)
        """llama.cpp threads: ``n_threads``, else ``LLM_WEREWOLF_THREADS``, else the free cores (threads.py)."""
        self.seed = seed
        self.verbose = verbose
        self.kv_cache_bytes = kv_cache_bytes
        """Memory for saved KV states (0: only the last prompt's state is kept, as llama.cpp does)."""
        self.states: KVStates | None = KVStates(kv_cache_bytes) if kv_cache_bytes > 0 else None
        """The saved states (per seat and shared prefix; see :mod:`.kv_states`)."""
        self._llama: Any = None
        self._load_lock = threading.Lock()
        self._run_lock = threading.Lock()
        self._locks: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Lock] = weakref.WeakKeyDictionary()
        self.calls = 0
        self.evaluated_tokens = 0
        """Prompt tokens llama.cpp had to evaluate (the rest came from the KV cache it held or loaded)."""
        self.cut_calls = 0
        """Generations stopped early because their call was cancelled (a deadline, the table)."""
        self.cut_tokens = 0
        """Tokens the last cancelled generation had made when it stopped."""
        self.pick_decodes = 0
        """Single-token decodes that picks spent after their prompt (label_pick.py)."""
        self.prompt_tokens = PromptTokens()
        """Each distinct line of the prompts tokenised once (prompt_tokens.py)."""
        self.read_logits: Callable[[Any], Any] = last_logits
        """Where a pick reads the model's logits (llama.cpp's last-token logits)."""

    # -- the model -------------------------------------------------------------
    def _load(self) -> Any:
        with self._load_lock:
            if self._llama is None:
                try:
                    from llama_cpp import Llama
                except ModuleNotFoundError:
                    from ..install import install_command

                    raise BackendConfigError(f"llama-cpp-python is not installed: {install_command('local')}") from None
                path = self.model_path or embedded_model_path()
                if not path.is_file():
                    raise BackendConfigError(f"model file not found: {path}")
                from llama_cpp import llama_cpp as bindings

                from .cpu_safety import model_loading
                from .llama_log import route_llama_logs

                route_llama_logs(bindings)  # llama.cpp's own lines go to the log, never the console

                with model_loading(bindings):  # no AMX where a VM advertises but refuses it (cpu_safety.py)
                    self._llama = Llama(
                        model_path=str(path),
                        n_ctx=self.n_ctx,
                        n_threads=self.n_threads,
                        n_threads_batch=self.n_threads,  # llama-cpp-python's default is every core
                        seed=self.seed,
                        verbose=self.verbose,
                    )
            return self._llama

    def _lock(self) -> asyncio.Lock:
        loop = asyncio.get_running_loop()
        lock = self._locks.get(loop)
        if lock is None:
            lock = self._locks[loop] = asyncio.Lock()
        return lock

    # -- one call --------------------------------------------------------------
    def _grammar(self, request: CompletionRequest) -> Any:
        if request.mode == "pick":
            labels = tuple(" " + label for label in request.labels)
            return _compiled(pick_grammar(labels, request.tail_chars, request.tail_required), False)
        if request.mode == "json":
            schema: Mapping[str, Any] = request.schema or {"type": "object"}
            return _compiled(json.dumps(schema, sort_keys=True, ensure_ascii=False), True)
        return None  # free text: stop sequences and max_tokens bound it (a grammar would be slow here)

    def _prompt_tokens(self, llama: Any, prompt: str, max_tokens: int) -> list[int]:
        tokens = self.prompt_tokens.tokens(llama, prompt, add_bos=True)
        room = self.n_ctx - max_tokens - 8
        if len(tokens) > room:
            # The prompt layer budgets the history; this is the last guard against overflowing the
            # context window: keep the start of the stable prefix and the newest part.
            tokens = tokens[: room // 4] + tokens[len(tokens) - (room - room // 4) :]
        return tokens

    def _pick_constraint(self, llama: Any, tokens: list[int], labels: tuple[str, ...]) -> LabelMask | None:
        """The labels as a token trie walked by :func:`.label_pick.pick_label` (no grammar over a 262k vocabulary),
        each `` label`` tokenised alone after the prompt's tokens (the prompt is not tokenised again per label).

        ``None`` when a label has no tokens (the grammar is used then).
        """
        sequences = [list(self.prompt_tokens.piece(llama, " " + label)) for label in dict.fromkeys(labels)]
        if not all(sequences):
            return None
        return LabelMask(sequences, len(tokens), int(llama.token_eos()))

    def _walk(
        self,
        llama: Any,
        tokens: list[int],
        sequence: PickSequence | None,
        request: CompletionRequest,
        seed: int,
        cancelled: threading.Event | None,
    ) -> dict[str, Any]:
        """A ``sequence`` call: each step's text and labels continue the tokens of the steps before, so
        every step evaluates only its own line (the KV cache holds the rest) and picks by the label trie."""
        eos = int(llama.token_eos())
        step = sequence.first() if sequence is not None else None
        lines: list[str] = []
        sampled = 0
        finish = "stop"
        while sequence is not None and step is not None:
            if cancelled is not None and cancelled.is_set():
                finish = "cancelled"
                break
            tokens = tokens + list(self.prompt_tokens.piece(llama, step.text))
            labels = list(dict.fromkeys(step.labels))
            pieces = [list(self.prompt_tokens.piece(llama, " " + label)) for label in labels]
            held = common_prefix(llama.input_ids[: llama.n_tokens].tolist(), tokens)
            self.evaluated_tokens += len(tokens) - min(held, len(tokens) - 1)
            picked = pick_label(
                llama,
                tokens,
                LabelMask(pieces, len(tokens), eos),
                temperature=request.temperature,
                seed=(seed + 7919 * len(lines)) & 0x7FFFFFFF,
                cancelled=cancelled,
                read_logits=self.read_logits,
            )
            sampled += picked.sampled
            self.pick_decodes += picked.decoded
            if picked.label is None:
                finish = "cancelled"
                break
            label = labels[picked.label]
            tokens = tokens + pieces[picked.label]
            lines.append(f"{step.name}: {label}")
            step = sequence.answer(step.labels.index(label))
        usage = {"prompt_tokens": len(tokens), "completion_tokens": sampled}
        return {"choices": [{"text": "\n".join(lines), "finish_reason": finish}], "usage": usage}

    def _run(
        self, request: CompletionRequest, cancelled: threading.Event | None = None, preview: Preview | None = None
    ) -> dict[str, Any]:
        """One generation, in a worker thread. ``cancelled``: set when the caller gave up; the generation
        then stops at its next token, so the model is free for the next call at once (a thread cannot be
        killed, and a call nobody reads would otherwise run to ``max_tokens``). ``preview``: a public
        speech shown as it is generated (llm/streaming.py)."""
        from llama_cpp import StoppingCriteriaList

        llama = self._load()
        seed = (self.seed if request.seed is None else request.seed) & 0x7FFFFFFF
        kwargs: dict[str, Any] = {
            "max_tokens": request.max_tokens,
            "temperature": request.temperature,
            "seed": seed,
        }
        prompt = request.transcript()
        mask: LabelMask | None = None
        if request.mode == "sequence":
            tokens = self._prompt_tokens(llama, prompt, request.max_tokens)
        elif request.mode == "pick":
            prompt = prompt.rstrip(" ")
            tokens = self._prompt_tokens(llama, prompt, request.max_tokens)
            mask = None if request.tail_chars else self._pick_constraint(llama, tokens, request.labels)
            if mask is None:
                kwargs["grammar"] = self._grammar(request)
        else:
            tokens = self._prompt_tokens(llama, prompt, request.max_tokens)
            kwargs["grammar"] = self._grammar(request)
            kwargs["stop"] = list(request.stop) or None
        if cancelled is not None:
            given_up = cancelled  # bound for the closure (mypy narrows it there)
            kwargs["stopping_criteria"] = StoppingCriteriaList([lambda ids, logits: given_up.is_set()])
        with self._run_lock:
            if cancelled is not None and cancelled.is_set():  # given up while waiting for the model
                self.cut_calls += 1
                self.cut_tokens = 0
                return {"choices": [{"text": "", "finish_reason": "cancelled"}], "usage": {}}
            if self.states is not None:
                self.states.restore(llama, tokens)
            if request.mode != "sequence":  # a sequence counts each of its steps (_walk)
                held = common_prefix(llama.input_ids[: llama.n_tokens].tolist(), tokens)
                self.evaluated_tokens += len(tokens) - min(held, len(tokens) - 1)
            if request.mode == "sequence":  # a speech's slots, one pick after the other (slot_picker.py)
                result = self._walk(llama, tokens, request.sequence, request, seed, cancelled)
            elif mask is not None:  # a label trie: as few model steps as the labels allow (label_pick.py)
                result = self._pick(llama, tokens, mask, request, seed, cancelled)
            elif preview is not None:  # a public speech, shown as it is generated (llm/streaming.py)
                result = streamed_completion(llama, tokens, kwargs, preview)
            else:
                result = llama.create_completion(tokens, **kwargs)
            if self.states is not None:
                self.states.save(llama)
            if cancelled is not None and cancelled.is_set():
                self.cut_calls += 1
                self.cut_tokens = int(result.get("usage", {}).get("completion_tokens", 0))
        self.calls += 1
        if request.mode == "pick":
            choice = result["choices"][0]
            choice["text"] = str(choice.get("text", "")).strip()
        return result

    def _pick(
        self,
        llama: Any,
        tokens: list[int],
        mask: LabelMask,
        request: CompletionRequest,
        seed: int,
        cancelled: threading.Event | None,
    ) -> dict[str, Any]:
        picked = pick_label(
            llama,
            tokens,
            mask,
            temperature=request.temperature,
            seed=seed,
            cancelled=cancelled,
            read_logits=self.read_logits,
        )
        usage = {"prompt_tokens": len(tokens), "completion_tokens": picked.sampled}
        self.pick_decodes += picked.decoded
        if picked.label is None:
            return {"choices": [{"text": "", "finish_reason": "cancelled"}], "usage": usage}
        label = list(dict.fromkeys(request.labels))[picked.label]
        return {"choices": [{"text": label, "finish_reason": "stop"}], "usage": usage}

    async def complete(self, request: CompletionRequest) -> Completion:
        hook = current_hook()
        preview = Preview(request, from_thread(hook)) if hook is not None and streams_speech(request) else None
        async with self._lock():
            started = time.perf_counter()  # model time only, not the wait for the lock
            cancelled = threading.Event()
            try:
                result = await asyncio.to_thread(self._run, request, cancelled, preview)
            except asyncio.CancelledError:  # the generation stops at its next token (see _run)
                cancelled.set()
                raise
            except BackendConfigError:
                raise
            except Exception as exc:  # llama.cpp failures are not retryable: report them once
                raise TransportError(f"local model {self.model}: {exc}", attempts=1) from exc
        choice = result["choices"][0]
        usage = result.get("usage", {})
        return Completion(
            text=str(choice.get("text", "")),
            prompt_tokens=int(usage.get("prompt_tokens", 0)),
            completion_tokens=int(usage.get("completion_tokens", 0)),
            latency_ms=(time.perf_counter() - started) * 1000.0,
            finish_reason=choice.get("finish_reason"),
        )

    async def preflight(self) -> None:
        try:
            await asyncio.to_thread(self._load)
        except Exception as exc:
            raise PreflightError(f"local model: {exc}") from exc

    async def aclose(self) -> None:
        with self._load_lock:
            llama, self._llama = self._llama, None
        if llama is not None:
            close = getattr(llama, "close", None)
            if callable(close):
                close()
