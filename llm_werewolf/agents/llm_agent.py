"""The LLM agent: prompt (from the seat's view) -> backend -> parse -> Reply.

One model call per decision, plus at most one more: the *switch*, when a
public utterance came back empty or in the wrong language/script, and, for
base models, the option pick that follows a speech with several options. A
bad answer never raises: the agent returns a :class:`~.base.Reply` without a
choice that says why (a parse error, or an answer that is no answer: see
:func:`llm_werewolf.prompting.answers.answer_problem`), and the table asks again
with that reason shown, then lets the heuristic agent answer. A transport fault
that survived the backend's retries, or the decision's deadline passing, is a
reply without a choice too (``fault`` ``transport`` or ``deadline``): the table
does not ask again. Every model call, failed ones included, is in ``Reply.calls``.

**Deadline.** Each decision has one wall-clock budget (``settings.deadline``
seconds from the first time the agent is asked it), spent across the table's
re-asks, the backend's retries and slow streams: an endpoint that trickles one
byte at a time or never answers costs at most that long per decision.
"""

from __future__ import annotations

import asyncio
import hashlib
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from .. import tracing
from ..llm.base import Backend, Completion, CompletionRequest
from ..llm.errors import TransportError
from ..llm.profiles import Profile
from ..prompting.answers import Parsed, parse_answer
from ..prompting.packs import pack_hash
from ..prompting.personas import Persona
from ..prompting.render import Prompt, SeatPrompter
from ..rules import Choice, Decision, SeatView
from ..speech.commitments import Ballot, ballot
from ..strings.script import in_language
from ..table_notes import ModelCall
from .base import DecisionRequest, Reply
from .heuristic import fabrication_note

RAW_OUTPUT_CHARS = 4000
ANSWER_CHARS = 200
"""Characters of a refused answer kept in the ``Rejected`` record."""


@dataclass(frozen=True, slots=True)
class LLMAgentSettings:
    switch_language: bool = True
    """Re-ask once when a public utterance is empty or not in the game's language/script."""
    language_threshold: float = 0.6
    max_speech_chars: int = 1000
    """Hard cap on a speech sent to the rules (the profile asks for less)."""
    log_prompts: bool = False
    """Keep the full prompt in each ModelCall record (otherwise only its hash)."""
    seed: int = 0
    packs: tuple[str | Path, ...] = field(default_factory=tuple)
    """User prompt packs, searched before the built-in prompts."""
    deadline: float | None = 120.0
    """Seconds for one decision in all (every re-ask, retry and stream); ``None``: no deadline."""


class DeadlinePassed(Exception):
    """Raised inside the agent when a decision's deadline has passed before a call could start."""


class OptionNotPicked(Exception):
    """Raised inside the agent when the option picked after a speech (``pick_after_speech``) names none."""

    def __init__(self, parsed: Parsed) -> None:
        super().__init__(parsed.error or "no legal option named")
        self.parsed = parsed


class LLMAgent:
    """A seat played by a language model."""

    kind = "llm"

    def __init__(
        self,
        backend: Backend,
        *,
        persona: Persona | None = None,
        settings: LLMAgentSettings | None = None,
    ) -> None:
        self.backend = backend
        self.persona = persona
        self.settings = settings or LLMAgentSettings()
        self.label = f"llm:{backend.name}:{backend.model}"
        self._prompter: SeatPrompter | None = None
        self._deadlines: dict[int, float] = {}
        """Decision id -> event-loop time by which it must be answered."""

    # -- prompt ----------------------------------------------------------------
    def prompter(self, view: SeatView) -> SeatPrompter:
        prompter = self._prompter
        if (
            prompter is None
            or prompter.seat != view.seat
            or prompter.language != view.language
            or prompter.variant != view.variant
        ):
            if view.seat is None:
                raise ValueError("an LLM agent plays a seat, not the spectators' view")
            prompter = SeatPrompter(
                language=view.language,
                variant=view.variant,
                seat=view.seat,
                profile=self.backend.profile,
                persona=self.persona,
                packs=self.settings.packs,
            )
            self._prompter = prompter
            self._deadlines.clear()
        return prompter

    def prompt_pack_hash(self, language: str, variant: str) -> str:
        from ..prompting.packs import search_roots

        return pack_hash(search_roots(self.settings.packs), language, variant)

    # -- the deadline ------------------------------------------------------------
    def _deadline(self, decision_id: int, attempt: int) -> float | None:
        """When the decision must be answered (event-loop time), set the first time it is asked
        (attempt 0: a decision id seen before belongs to an earlier game or probe)."""
        seconds = self.settings.deadline
        if seconds is None:
            return None
        now = asyncio.get_running_loop().time()
        deadline = self._deadlines.get(decision_id)
        if deadline is None or attempt == 0:
            if len(self._deadlines) > 64:  # decisions long answered
                for old in sorted(self._deadlines)[:32]:
                    del self._deadlines[old]
            deadline = self._deadlines[decision_id] = now + seconds
        return deadline

    def _deadline_error(self) -> str:
        return f"no answer within the {self.settings.deadline:g} s deadline of the decision"

    # -- deciding --------------------------------------------------------------
    async def decide(self, request: DecisionRequest) -> Reply:
        view, decision = request.view, request.decision
        # A base model's day ballot follows its speech (speech.commitments); a chat model, which writes its
        # own speech and acts, chooses its ballot itself.
        kept = ballot(view, decision) if self.backend.profile.style == "transcript" else Ballot(None, decision.options)
        if kept.option is not None:
            return Reply(Choice(kept.option), thought=kept.note)
        if kept.options != decision.options:
            decision = replace(decision, options=kept.options)
        prompter = self.prompter(view)
        deadline = self._deadline(decision.id, request.attempt)
        prompt = prompter.prompt(view, decision, error=request.error, attempt=request.attempt)
        calls: list[ModelCall] = []
        try:
            async with asyncio.timeout_at(deadline):
                if deadline is not None and asyncio.get_running_loop().time() >= deadline:
                    raise DeadlinePassed
                if self._acts_only(prompt):
                    parsed = await self._option_only(prompt, decision, request.attempt, calls)
                else:
                    parsed = await self._ask(prompt, decision, request.attempt, calls, purpose="decision")
                if not self._acts_only(prompt) and self._needs_switch(decision, parsed, view.language):
                    switched = prompter.prompt(
                        view, decision, error=request.error, attempt=request.attempt, switch_language=True
                    )
                    second = await self._ask(switched, decision, request.attempt, calls, purpose="language_switch")
                    if second.option is not None and second.text:
                        parsed = second
        except (TimeoutError, DeadlinePassed):
            return Reply.failed("deadline", self._deadline_error(), calls=tuple(calls))
        except TransportError as exc:
            return Reply.failed("transport", f"TransportError: {exc}", calls=tuple(calls))
        if parsed.option is None:
            error = parsed.error or "no legal option named"
            answer = calls[-1].raw_output[:ANSWER_CHARS] if calls else ""
            return Reply.failed(parsed.fault or "parse", error, answer=answer, calls=tuple(calls))
        if decision.speech:
            from ..speech.model_speech import speak  # acts next to the text (docs/speech-acts.md)

            check = None
            try:
                async with asyncio.timeout_at(deadline):
                    choice, check = await speak(self, view, decision, prompt, parsed, calls, request.attempt)
            except OptionNotPicked as exc:
                error = exc.parsed.error or "no legal option named"
                answer = calls[-1].raw_output[:ANSWER_CHARS] if calls else ""
                return Reply.failed(exc.parsed.fault or "parse", error, answer=answer, calls=tuple(calls))
            except (TimeoutError, TransportError):  # no time or no backend left for the acts: checked text alone
                from ..speech.model_speech import speech_without_acts

                choice, check = speech_without_acts(
                    view,
                    decision,
                    option=str(parsed.option),
                    text=parsed.text,
                    claim=parsed.claim,
                    prompt=prompt,
                    persona=self.persona,
                    seed=self.settings.seed,
                )
            notes = (check,) if check is not None else ()
            # A base model's made-up facts were offered to it as such (a liar's options): marked, as a heuristic
            # seat's are. A chat model's reason that does not hold is not marked: evaluation calls it a hallucination.
            marked = fabrication_note(view, choice) if prompt.mode == "text" else ""
            thought = "\n".join(t for t in (parsed.thought, marked) if t)
            return Reply(choice, thought=thought, error=parsed.error, calls=tuple(calls), notes=notes)
        thought = "\n".join(t for t in (parsed.thought, kept.note) if t)
        return Reply(Choice(parsed.option), thought=thought, error=parsed.error, calls=tuple(calls))

    def _acts_only(self, prompt: Prompt) -> bool:
        """A base model's speech under a profile with ``speech_text`` off: no text is asked for, the
        model picks the speech's acts and they are voiced (docs/speech-acts.md)."""
        return prompt.mode == "text" and prompt.speech and not self.backend.profile.speech_text

    def _option_with_speech(self, prompt: Prompt, decision: Decision) -> bool:
        """An acts-only speech with several options, under a profile that picks acts: the option is picked
        with the speech's acts, after them and not where they decide it, never in a call before them."""
        several = bool(prompt.pick_cue) and len(decision.options) > 1
        return several and self.backend.profile.speech_acts > 0 and self._acts_only(prompt)

    def option_in_speech(self, prompt: Prompt, decision: Decision) -> bool:
        """:meth:`_option_with_speech` on a backend that walks sequences: the option is the last pick of the
        speech's one call (speech/model_speech.py), not a call of its own."""
        return self._option_with_speech(prompt, decision) and bool(getattr(self.backend, "picks_sequences", False))

    def option_after_speech(self, prompt: Prompt, decision: Decision) -> bool:
        """:meth:`_option_with_speech` on a backend that picks slot by slot: the option is picked in a call
        of its own after the slots' calls (:meth:`pick_after_speech`)."""
        return self._option_with_speech(prompt, decision) and not getattr(self.backend, "picks_sequences", False)

    async def pick_after_speech(self, prompt: Prompt, decision: Decision, attempt: int, calls: list[ModelCall]) -> str:
        """The option of a speech whose acts left it open (:meth:`option_after_speech`)."""
        picked = await self._pick_option(prompt, decision, attempt, calls, prompt.pick_cue, "decision:pick")
        if picked.option is None:
            raise OptionNotPicked(picked)
        return picked.option

    def option_of(self, prompt: Prompt, decision: Decision, label: str) -> str | None:
        """The option id a label of ``prompt``'s option pick names."""
        shown = Prompt(prompt.system, prompt.user, prompt.pick_cue, "pick", prompt.labels, prompt.claims, speech=False)
        return parse_answer(shown, decision, label, max_speech_chars=self.settings.max_speech_chars).option

    async def _option_only(self, prompt: Prompt, decision: Decision, attempt: int, calls: list[ModelCall]) -> Parsed:
        """The option of an acts-only speech: the only one, or the model's pick among several (no text;
        where the pick comes with or after the speech's calls, the first option stands in until then)."""
        if not prompt.pick_cue or len(decision.options) == 1:
            return Parsed(decision.options[0].id, "")
        if self._option_with_speech(prompt, decision):
            return Parsed(decision.options[0].id, "")
        picked = await self._pick_option(prompt, decision, attempt, calls, prompt.pick_cue, "decision:pick")
        return Parsed(picked.option, "", error=picked.error, fault=picked.fault)

    async def _pick_option(
        self, prompt: Prompt, decision: Decision, attempt: int, calls: list[ModelCall], cue: str, purpose: str
    ) -> Parsed:
        """A base model names a speech's option after ``cue`` (a pick among the option labels)."""
        profile = self.backend.profile
        pick = CompletionRequest(
            system=prompt.system,
            user=prompt.user,
            cue=cue,
            mode="pick",
            labels=prompt.labels,
            max_tokens=profile.choice_tokens,
            temperature=profile.temperature,
            seed=self._seed(decision, attempt, purpose),
            language=prompt_language(self._prompter),
            purpose=purpose,
        )
        completion = await self._complete(pick, decision, attempt, calls, purpose)
        shown = Prompt(prompt.system, prompt.user, cue, "pick", prompt.labels, prompt.claims, speech=False)
        picked = parse_answer(shown, decision, completion.text, max_speech_chars=self.settings.max_speech_chars)
        _annotate(calls, picked)
        return picked

    def _needs_switch(self, decision: Decision, parsed: Parsed, language: str) -> bool:
        if not (decision.speech and self.settings.switch_language and parsed.option is not None):
            return False
        return not parsed.text or not in_language(parsed.text, language, self.settings.language_threshold)

    async def _ask(
        self, prompt: Prompt, decision: Decision, attempt: int, calls: list[ModelCall], *, purpose: str
    ) -> Parsed:
        profile = self.backend.profile
        request = CompletionRequest(
            system=prompt.system,
            user=prompt.user,
            cue=prompt.cue,
            mode=prompt.mode,
            schema=prompt.schema,
            labels=prompt.labels,
            max_chars=prompt.max_chars,
            max_tokens=_answer_tokens(prompt, profile),
            stop=prompt.stop,
            temperature=profile.temperature,
            seed=self._seed(decision, attempt, purpose),
            language=prompt_language(self._prompter),
            purpose=purpose,
        )
        completion = await self._complete(request, decision, attempt, calls, purpose)
        parsed = parse_answer(prompt, decision, completion.text, max_speech_chars=self.settings.max_speech_chars)
        _annotate(calls, parsed)
        if prompt.pick_cue and parsed.option is not None:
            # A base model spoke; now it names the option, continuing after its own speech.
            spoken = parsed.text
            cue = f"{prompt.cue}{spoken}{prompt.stop[0] if prompt.stop else ''}\n{prompt.pick_cue}"
            picked = await self._pick_option(prompt, decision, attempt, calls, cue, purpose + ":pick")
            if picked.option is None:
                parsed = Parsed(None, spoken, error=picked.error)
            else:
                parsed = Parsed(picked.option, spoken, None, parsed.thought, parsed.error)
        return parsed

    async def _complete(
        self, request: CompletionRequest, decision: Decision, attempt: int, calls: list[ModelCall], purpose: str
    ) -> Completion:
        backend = self.backend
        started = time.perf_counter()
        try:
            completion = await backend.complete(request)
        except TransportError as exc:
            calls.append(
                self._record(request, decision, attempt, purpose, None, error=str(exc), retries=exc.attempts - 1)
            )
            raise
        except asyncio.CancelledError:  # the decision's deadline (or the table) stopped the call
            waited = (time.perf_counter() - started) * 1000.0
            error = f"{self._deadline_error()} (the call was cut after {waited / 1000:.1f} s)"
            calls.append(self._record(request, decision, attempt, purpose, None, error=error, latency_ms=waited))
            raise
        calls.append(self._record(request, decision, attempt, purpose, completion))
        return completion

    def _record(
        self,
        request: CompletionRequest,
        decision: Decision,
        attempt: int,
        purpose: str,
        completion: Completion | None,
        *,
        error: str | None = None,
        retries: int = 0,
        latency_ms: float = 0.0,
    ) -> ModelCall:
        text = request.prompt_text()
        fields: dict[str, Any] = {
            "seat": decision.seat,
            "decision_id": decision.id,
            "purpose": purpose,
            "backend": self.backend.name,
            "model": self.backend.model,
            "attempt": attempt,
            "prompt_hash": request.prompt_hash(),
            "prompt": text if self.settings.log_prompts else None,
            "error": error,
            "retries": retries,
            "latency_ms": round(latency_ms, 1),
        }
        if completion is not None:
            fields.update(
                raw_output=completion.text[:RAW_OUTPUT_CHARS],
                prompt_tokens=completion.prompt_tokens,
                completion_tokens=completion.completion_tokens,
                latency_ms=round(completion.latency_ms, 1),
            )
            fields["retries"] = completion.retries
            fields["note"] = completion.note
        call = ModelCall(**fields)
        tracing.record_model_call(call, request, decision)  # a no-op unless tracing is on (llm_werewolf/tracing.py)
        return call

    def _seed(self, decision: Decision, attempt: int, purpose: str) -> int:
        key = f"{self.settings.seed}:{decision.seat}:{decision.id}:{attempt}:{purpose}".encode()
        return int.from_bytes(hashlib.blake2b(key, digest_size=4).digest(), "big") & 0x7FFFFFFF


def _answer_tokens(prompt: Prompt, profile: Profile) -> int:
    """Tokens the answer may take: a choice's, or a speech's with its acts' budget when the schema asks for acts."""
    if not (prompt.mode == "text" or prompt.speech):
        return profile.choice_tokens
    with_acts = prompt.schema is not None and "acts" in prompt.schema.get("properties", {})
    return profile.speech_answer_tokens(with_acts)


def prompt_language(prompter: SeatPrompter | None) -> str:
    return prompter.language if prompter is not None else "en"


def _annotate(calls: list[ModelCall], parsed: Parsed) -> None:
    """Fill the last call's parsed option, parse error and what was done to the answer (records are
    immutable: replace it)."""
    last = calls[-1]
    errors = [e for e in (last.error, parsed.error) if e]
    note = "; ".join(n for n in (last.note, parsed.note) if n)
    calls[-1] = replace(last, parsed=parsed.option, error="; ".join(errors) or None, note=note)
