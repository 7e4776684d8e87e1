"""LLM narration: the same moments as the template narrator, told as prose by a model.

For every moment the template voices, the model is shown the template line (the
fact, as the moderator would say it), the recent moments and their narrations,
a few recent public speeches (cleaned, quoted, marked as claims), and the
storyteller persona of the pack. It never sees anything else: the narrator
keeps :class:`~.public.PublicFacts` from public records only, so a secret
cannot be in its prompt.

The answer is cleaned to one line and checked (:mod:`.checker`) before it is
shown: it may say nothing the public record does not, and must keep the
seats and role words of the fact it retells. A refused answer is asked once more, with the reason; a second refusal
(or a transport fault) gives the template line, marked ``fallback=True``.
Every model call is returned as a :class:`~llm_werewolf.table_notes.ModelCall`
before the narration it produced; the table logs those god-only.
"""

from __future__ import annotations

import asyncio
import hashlib
import re
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .. import tracing
from ..llm.base import Backend, Completion, CompletionRequest
from ..llm.errors import LLMError, TransportError
from ..prompting.answers import answer_problem
from ..prompting.environment import get_template
from ..prompting.packs import search_roots
from ..prompting.say import words_for
from ..rules.events import EventBody, Record
from ..rules.variant import get_ruleset
from ..strings.sanitize import clean_line
from ..table_notes import ModelCall, Narration
from .checker import NarrationChecker, Verdict
from .moments import Moment, moment_of
from .public import PublicFacts
from .template import TemplateNarrator

RAW_OUTPUT_CHARS = 2000
PROMPT_FILE = "{language}/common/narrator.j2"


@dataclass(frozen=True, slots=True)
class LLMNarratorSettings:
    max_chars: int = 320
    """Longest narration shown (cut with an ellipsis)."""
    max_tokens: int = 96
    temperature: float = 0.8
    seed: int = 0
    attempts: int = 2
    """Model answers per moment before the template line is used (the issue: re-ask once)."""
    history: int = 6
    """Recent moments (fact and narration) shown to the model."""
    speeches: int = 4
    """Recent public speeches shown (cleaned, cut to ``speech_chars``)."""
    speech_chars: int = 160
    template_keys: tuple[str, ...] = ()
    """Pack key prefixes the template voices even in llm mode (e.g. ``("cue.",)`` for fixed role calls)."""
    log_prompts: bool = False
    """Keep the full prompt in each ModelCall record (otherwise only its hash)."""
    packs: tuple[str | Path, ...] = field(default_factory=tuple)
    """User prompt packs, searched before the built-in prompts."""
    deadline: float | None = 30.0
    """Seconds for one moment in all (every try, retry and stream); then the template line is used."""


@dataclass(frozen=True, slots=True)
class Told:
    """A moment already narrated: the fact (template line) and what was shown."""

    fact: str
    text: str


_CONTROL_ANYWHERE = re.compile(r"<</?SYS>>|\[/?INST\]|<\|[^<>|\s]{1,40}\|>|</?[A-Za-z][\w|]{0,24}>")
_LABEL = re.compile(r"^\s*[\w\s'()\-]{1,40}?[:：]\s*")


class LLMNarrator:
    """Narrates public records with a language model, checked against the public record."""

    mode = "llm"

    def __init__(
        self,
        variant: str,
        language: str,
        names: Sequence[str],
        backend: Backend,
        settings: LLMNarratorSettings | None = None,
    ) -> None:
        self.variant = variant
        self.language = language
        self.backend = backend
        self.settings = settings or LLMNarratorSettings()
        self.template = TemplateNarrator(variant, language, names)
        self.names = self.template.names
        self.checker = NarrationChecker(variant, language, self.names, self.template.pack)
        self.facts = PublicFacts(roles_known=frozenset(get_ruleset(variant).roles))
        self.spoken: list[str] = []
        self.told: list[Told] = []
        self.roots = search_roots(self.settings.packs)
        self._prompt = get_template(self.roots, PROMPT_FILE.format(language=language))
        self._words = words_for(self.roots, language)
        self.label = f"llm:{backend.name}:{backend.model}"

    # -- the narrator protocol -------------------------------------------------------
    async def narrate(self, records: Sequence[Record]) -> list[EventBody]:
        """ModelCall and Narration bodies for the public moments among ``records``."""
        out: list[EventBody] = []
        for record in records:
            if record.vis.scope != "public":
                continue
            self.facts.add(record)
            self.template.memory.add(record)
            moment = moment_of(record)
            if moment is None:
                continue
            rendered = self.template.render(moment)
            if rendered is None:
                continue
            key, fact = rendered
            self.spoken.append(fact)
            if key.startswith(self.settings.template_keys) and self.settings.template_keys:
                out.append(Narration(key=key, text=fact, about=record.seq, mode="template", language=self.language))
                self.told.append(Told(fact, fact))
                continue
            out.extend(await self._voice(moment, key, fact))
        return out

    # -- one moment ------------------------------------------------------------------
    async def _voice(self, moment: Moment, key: str, fact: str) -> list[EventBody]:
        out: list[EventBody] = []
        problem: Verdict | None = None
        seconds = self.settings.deadline
        deadline = None if seconds is None else asyncio.get_running_loop().time() + seconds
        for attempt in range(max(1, self.settings.attempts)):
            request = self.request(moment, fact, attempt, problem)
            started = time.perf_counter()
            try:
                async with asyncio.timeout_at(deadline):
                    completion = await self.backend.complete(request)
            except TimeoutError:
                waited = (time.perf_counter() - started) * 1000.0
                error = f"no narration within the {seconds:g} s deadline (the call was cut after {waited / 1000:.1f} s)"
                out.append(self._record(request, attempt, None, error=error, latency_ms=waited))
                break
            except LLMError as exc:  # a dead or misconfigured backend must not end the game
                retries = exc.attempts - 1 if isinstance(exc, TransportError) else 0
                error = f"{type(exc).__name__}: {exc}"[:500]
                out.append(self._record(request, attempt, None, error=error, retries=retries))
                break
            refusal = self.refusal(completion.text, request, fact)
            text = self.clean(completion.text)
            history = [(t.fact, t.text) for t in self.told]
            call = key.startswith("cue.")
            verdict = self.checker.check(text, self.facts, self.spoken, fact, call=call, history=history)
            if refusal is not None:
                verdict = Verdict(problems=(refusal, *verdict.problems))
            out.append(self._record(request, attempt, completion, parsed=text if verdict.ok else None, verdict=verdict))
            if verdict.ok:
                self.told.append(Told(fact, text))
                out.append(Narration(key=key, text=text, about=moment.record.seq, mode="llm", language=self.language))
                return out
            problem = verdict
        self.told.append(Told(fact, fact))
        out.append(
            Narration(key=key, text=fact, about=moment.record.seq, mode="llm", fallback=True, language=self.language)
        )
        return out

    def refusal(self, raw: str, request: CompletionRequest, fact: str = "") -> str | None:
        """Why the model's raw line is no narration (an echo of the prompt, a control token, a placeholder,
        nothing, a degenerate repeat: :func:`~llm_werewolf.prompting.answers.answer_problem`), else ``None``.
        Retelling the fact in its own words is what is asked: the fact is not counted as an echo."""
        lines = [line for line in raw.strip().splitlines() if line.strip()]
        first = lines[0] if lines else ""
        return answer_problem(
            first if not _CONTROL_ANYWHERE.search(raw) else raw,
            "narration",
            stable=request.system,
            rest=f"{request.user}\n{request.cue}".replace(fact, " ") if fact else f"{request.user}\n{request.cue}",
        )

    def clean(self, raw: str) -> str:
        """The model's first line, without a speaker label, as one safe line."""
        lines = [line for line in raw.strip().splitlines() if line.strip()]
        text = lines[0] if lines else ""
        head = _LABEL.match(text)
        if head and head.group(0).strip(" :：").casefold() in self._labels():
            text = text[head.end() :]
        return clean_line(text, self.settings.max_chars)

    def _labels(self) -> set[str]:
        words = {w.casefold() for w in self.template.pack.checker.get("speaker_labels", ())}
        narrator = self.context()["narrator"]
        return words | {str(narrator).casefold()} if narrator else words

    # -- the prompt ------------------------------------------------------------------
    def context(self) -> dict[str, Any]:
        vocabulary = self.template.terms
        return {
            "lang": self.language,
            "variant": self.variant,
            "game": str(vocabulary.get("game") or ""),
            "narrator": str(vocabulary.get("narrator") or vocabulary.get("moderator") or ""),
            "storyteller": self.template.pack.storyteller,
            "words": self._words,
        }

    def request(self, moment: Moment, fact: str, attempt: int, problem: Verdict | None) -> CompletionRequest:
        profile = self.backend.profile
        players = [
            {"number": i + 1, "name": name, "alive": self.facts.alive(i), "label": self.template.seat_label(i)}
            for i, name in enumerate(self.names)
        ]
        speeches = [
            {"name": self.names[seat], "number": seat + 1, "text": clean_line(text, self.settings.speech_chars)}
            for seat, text in self.facts.speeches[-self.settings.speeches :]
            if clean_line(text)
        ]
        history = self.told[-self.settings.history :] if self.settings.history else []
        variables = {
            **self.context(),
            "style": profile.style,
            "players": players,
            "speeches": speeches,
            "history": [{"fact": t.fact, "text": t.text} for t in history],
            "fact": fact,
            "key": moment.keys[0],
            "problems": sorted(problem.codes()) if problem is not None else [],
            "max_chars": self.settings.max_chars,
        }
        system = self._prompt.render(part="system", **variables).strip()
        user = self._prompt.render(part="user", **variables).strip()
        cue = self._prompt.render(part="cue", **variables) if profile.style == "transcript" else ""
        return CompletionRequest(
            system=system,
            user=user,
            cue=cue,
            mode="text",
            max_chars=self.settings.max_chars,
            max_tokens=self.settings.max_tokens,
            stop=("\n",),
            temperature=self.settings.temperature if attempt == 0 else max(0.2, self.settings.temperature - 0.3),
            seed=self._seed(moment.record.seq, attempt),
            language=self.language,
            purpose="narration",
        )

    def _seed(self, seq: int, attempt: int) -> int:
        key = f"{self.settings.seed}:narration:{seq}:{attempt}".encode()
        return int.from_bytes(hashlib.blake2b(key, digest_size=4).digest(), "big") & 0x7FFFFFFF

    def _record(
        self,
        request: CompletionRequest,
        attempt: int,
        completion: Completion | None,
        *,
        parsed: str | None = None,
        verdict: Verdict | None = None,
        error: str | None = None,
        retries: int = 0,
        latency_ms: float = 0.0,
    ) -> ModelCall:
        fields: dict[str, Any] = {
            "seat": None,
            "decision_id": None,
            "purpose": "narration",
            "backend": self.backend.name,
            "model": self.backend.model,
            "attempt": attempt,
            "prompt_hash": request.prompt_hash(),
            "prompt": request.prompt_text() if self.settings.log_prompts else None,
            "parsed": parsed,
            "error": error or (None if verdict is None or verdict.ok else f"refused: {verdict}"),
            "retries": retries,
            "latency_ms": round(latency_ms, 1),
        }
        if completion is not None:
            fields.update(
                raw_output=completion.text[:RAW_OUTPUT_CHARS],
                prompt_tokens=completion.prompt_tokens,
                completion_tokens=completion.completion_tokens,
                latency_ms=round(completion.latency_ms, 1),
                retries=completion.retries,
                note=completion.note,
            )
        call = ModelCall(**fields)
        tracing.record_model_call(call, request)  # a no-op unless tracing is on (llm_werewolf/tracing.py)
        return call
