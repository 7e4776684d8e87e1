"""Speech decisions of model seats: acts next to the text, checked and recorded.

* Base and tiny models (transcript style, the embedded default): after speaking, the
  model picks its acts with the constrained picker (:mod:`.picker`). Its free text is
  said only when it passes the coherence check (:mod:`.coherence`), makes at least one
  of the acts it picked and contradicts none; otherwise the acts are voiced from the
  phrase bank. A seat whose vote commitment a public event released since it last spoke opens
  with taking it back («I said I'd vote X; after X's claim I take that back»: the bank's
  ``lead.released.claim`` and ``lead.released.result`` lines, :func:`.commitments.released_vote`).
* Capable models (JSON answers) send ``speech`` and ``acts`` in one answer
  (:func:`acts_schema`). Illegal acts are dropped, contradictions with the text flagged.

Either way the table logs a ``SpeechCheck`` record saying which it was.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Awaitable, Callable, Mapping, Sequence
from functools import partial
from typing import Any

from ..llm.base import Completion, CompletionRequest
from ..rules import Choice, Decision, SeatView
from ..rules.act_legality import check_view_acts
from ..rules.act_vocabulary import ACT_KINDS, DISCOURSE_KINDS, MAX_ACTS, MAX_SPEECH_ACTS, QUESTIONS, REASONS, vocabulary
from ..rules.acts import Act
from ..rules.errors import IllegalAct
from ..rules.events import Speech
from ..table_notes import SpeechCheck
from ..texts import role_name
from .answered import answered
from .coherence import ACTS_ONLY, CARRIES_NO_ACT, Coherence, check_coherence, contradictions, earlier_speeches
from .commitments import nomination, released_vote, voted_seat
from .grammar import Gender
from .intent import floor_act
from .picker import MAX_PICKED, PickContext
from .plan_outline import SLOTS, record_seq
from .planner import Plan
from .promises import spoke_before
from .repeats import templates_said
from .slot_picker import OptionStep, pick_plan, pick_plan_at_once
from .voice import Speaker, voice

Complete = Callable[[CompletionRequest, str], Awaitable[Completion]]


def speaker_of(view: SeatView, persona: Any) -> Speaker:
    gender = getattr(persona, "gender", None)
    g: Gender | None = "female" if gender == "female" else "male" if gender == "male" else None
    assert view.seat is not None
    return Speaker(
        seat=view.seat,
        names=view.names,
        language=view.language,
        variant=view.variant,
        gender=g,
        persona=getattr(persona, "id", None),
    )


def _speech_rng(seed: int, decision: Decision) -> random.Random:
    return random.Random(f"speech:{seed}:{decision.id}:{decision.seat}")


async def base_model_speech(
    view: SeatView,
    decision: Decision,
    *,
    option: str,
    text: str,
    claim: str | None,
    prompt: Any,
    complete: Complete,
    persona: Any,
    seed: int,
    max_tokens: int,
    temperature: float,
    most: int = MAX_PICKED,
    at_once: bool = False,
    option_step: OptionStep | None = None,
    option_of: Callable[[str], str | None] | None = None,
    pick_option: Callable[[], Awaitable[str]] | None = None,
) -> tuple[Choice, SpeechCheck]:
    """Picked acts (at most ``most``, and never more than :data:`MAX_PICKED`: the profile's ``speech_acts``;
    ``0`` picks none), then the model's text if coherent, else the voiced acts. ``at_once``: the backend
    walks all the speech's slots in one call (``picks_sequences``); else one call per slot. The decision's
    option follows the speech's acts where they decide it (``commitments.nomination``); else it is
    ``option_step``'s (with ``at_once``: the call's last pick, its label read by ``option_of``; ``option``
    stands when the pick named none), or ``pick_option``'s (a call of its own after the slots' calls), or
    ``option``."""
    speaker = speaker_of(view, persona)
    close = prompt.stop[0] if prompt.stop else ""
    ctx = PickContext(
        system=prompt.system,
        user=prompt.user,
        cue=f"{prompt.cue}{text}{close}" if text else "",
        max_tokens=max_tokens,
        temperature=temperature,
        seed=seed * 1_000_003 + decision.id,
    )
    if most <= 0:
        return _said(
            view, decision, option=option, text=text, claim=claim, acts=[], prompt=prompt, speaker=speaker, seed=seed
        )
    last_words = decision.kind == "last_words"
    if at_once:
        if option_step is not None:
            option_step.needed = lambda acts: nomination(view, decision, acts) is None
        planned, _ = await pick_plan_at_once(
            view, ctx, complete, speaker=speaker, last_words=last_words, option=option_step
        )
    else:
        planned, _ = await pick_plan(view, ctx, complete, speaker=speaker, last_words=last_words)
    decided = nomination(view, decision, tuple(planned.acts))
    if decided is not None:
        option = decided
    elif option_step is not None and option_step.taken is not None and option_of is not None:
        option = option_of(option_step.labels[option_step.taken]) or option
    elif pick_option is not None:
        option = await pick_option()
    return _said(
        view,
        decision,
        option=option,
        text=text,
        claim=claim,
        acts=planned.acts,
        prompt=prompt,
        speaker=speaker,
        seed=seed,
        plan=planned,
    )


def speech_without_acts(
    view: SeatView,
    decision: Decision,
    *,
    option: str,
    text: str,
    claim: str | None,
    prompt: Any,
    persona: Any,
    seed: int,
) -> tuple[Choice, SpeechCheck]:
    """No time (or no backend) left to pick acts: the model's text only if it passes the coherence
    check, else a voiced question — never unchecked text."""
    speaker = speaker_of(view, persona)
    return _said(
        view, decision, option=option, text=text, claim=claim, acts=[], prompt=prompt, speaker=speaker, seed=seed
    )


def _said(
    view: SeatView,
    decision: Decision,
    *,
    option: str,
    text: str,
    claim: str | None,
    acts: Sequence[Act],
    prompt: Any,
    speaker: Speaker,
    seed: int,
    plan: Plan | None = None,
) -> tuple[Choice, SpeechCheck]:
    acts = _legal_prefix(view, acts)
    if not text and prompt.mode == "text":  # acts only (``Profile.speech_text`` off): nothing was asked for
        coherence = Coherence(False, (ACTS_ONLY,))
    else:
        coherence = check_coherence(text, view, prompt=f"{prompt.system}\n{prompt.user}")
    clashes = contradictions(text, acts, view) if coherence.ok else []
    if coherence.ok and not acts:
        # A base model's text that makes no act it picked is not said: from the embedded model such
        # texts named a player and said nothing about the game («يا نور، هل تعلمين أنّ هذا اللعبة من
        # العواصم؟»). Checked, it is recorded as not carrying an act.
        coherence = Coherence(False, (*coherence.reasons, CARRIES_NO_ACT))
    rng = _speech_rng(seed, decision)
    if coherence.ok and not clashes:
        said, source = text, "text"
    else:
        if not acts:  # nothing picked: the seat still asks someone a question
            acts = [floor_act(view)]
        said, source = _voiced(view, acts, speaker, rng, plan), "voiced"
    claims = [a.role for a in acts if a.kind == "claim"]
    final_claim = claims[0] if claims else (claim if source == "text" else None)
    check = SpeechCheck(
        seat=decision.seat,
        decision_id=decision.id,
        source=source,
        coherent=coherence.ok,
        reasons=coherence.reasons,
        contradictions=tuple(clashes),
        model_text="" if source == "text" else text[:500],
    )
    return Choice(option, text=said, claim=final_claim, acts=tuple(acts)), check


def chat_model_speech(
    view: SeatView,
    decision: Decision,
    *,
    option: str,
    text: str,
    claim: str | None,
    raw: str,
    claims: Mapping[str, str],
    prompt_text: str = "",
) -> tuple[Choice, SpeechCheck]:
    """The model's own text with the acts of its answer (illegal ones dropped, contradictions flagged)."""
    acts, dropped = parse_acts(raw, view, claims)
    clashes = contradictions(text, acts, view)
    coherence = check_coherence(text, view, prompt=prompt_text)
    if claim is None:
        claim = next((a.role for a in acts if a.kind == "claim"), None)
    elif any(a.kind == "claim" and a.role != claim for a in acts):
        clashes.append(f"the claim field says {claim} but the acts claim another role")
    check = SpeechCheck(
        seat=decision.seat,
        decision_id=decision.id,
        source="text",
        coherent=coherence.ok,
        reasons=coherence.reasons,
        contradictions=tuple(clashes),
        dropped=tuple(dropped),
    )
    return Choice(option, text=text, claim=claim, acts=tuple(acts)), check


def _voiced(view: SeatView, acts: Sequence[Act], speaker: Speaker, rng: random.Random, plan: Plan | None) -> str:
    """The acts in words: a plan's with its opening line, no phrasing said today again while another remains."""
    if plan is None:
        return voice(acts, speaker, rng, earlier_speeches(view), spoke_before=spoke_before(view))
    today = [r.event.text for r in view.records if r.phase == view.phase and type(r.event) is Speech and r.event.text]
    avoid = templates_said(view.language, view.variant, today)
    lead = None if plan.lead is None else Act("lead", fact=plan.lead, role=view.role)
    released = released_vote(view)
    if released is not None and voted_seat(tuple(acts), view.variant) != released.seat:
        lead = Act("lead", fact=f"released.{released.why}", target=released.seat)  # «I said I'd vote X; ...»
    close = None if plan.close is None else Act("lead", fact=plan.close, target=plan.close_target)
    spoke = spoke_before(view)
    return voice(acts, speaker, rng, earlier_speeches(view), avoid=avoid, lead=lead, close=close, spoke_before=spoke)


def _legal_prefix(view: SeatView, acts: Sequence[Act]) -> list[Act]:
    kept: list[Act] = []
    for act in acts:
        try:
            check_view_acts(view, [*kept, act])
        except IllegalAct:
            continue
        kept.append(act)
    return kept


# -- capable models: the acts field of the JSON answer ---------------------------------------------


def result_ids(variant: str) -> list[str]:
    """The ``result`` values a JSON answer may use: ``fact`` or ``fact:value`` (role values go in ``role``)."""
    out: list[str] = []
    for fact in vocabulary(variant).facts:
        if fact.values and not fact.takes_role:
            out.extend(f"{fact.id}:{v}" for v in fact.values)
        else:
            out.append(fact.id)
    return out


def acts_schema(view: SeatView, claim_labels: Sequence[str], most: int = MAX_ACTS) -> dict[str, Any]:
    """JSON schema of the ``acts`` field (every item field required, null where unused; at most ``most`` items).

    Each act names the plan's ``slot`` it fills (``react``, ``state``, ``reason``, ``propose``, ``ask``;
    the acts are said in that order); an ``answer`` names the asker in ``player`` and the question in
    ``fact``, a ``reason`` the fact in ``fact`` and the numbers of the records behind it in ``refs``."""
    players = list(view.names)

    def nullable(values: Sequence[str]) -> dict[str, Any]:
        return {"anyOf": [{"type": "string", "enum": list(values)}, {"type": "null"}]}

    item = {
        "type": "object",
        "properties": {
            "slot": {"type": "string", "enum": list(SLOTS)},
            "kind": {"type": "string", "enum": [*vocabulary(view.variant).kinds, *DISCOURSE_KINDS]},
            "player": nullable(players),
            "player2": nullable(players),
            "role": nullable(list(claim_labels)),
            "result": nullable(result_ids(view.variant)),
            "fact": nullable([*QUESTIONS, *REASONS]),
            "refs": {"type": "array", "items": {"type": "integer"}},
        },
        "required": ["slot", "kind", "player", "player2", "role", "result", "fact", "refs"],
        "additionalProperties": False,
    }
    return {"type": "array", "items": item, "maxItems": max(0, min(most, MAX_ACTS))}


def with_acts(
    schema: Mapping[str, Any] | None, view: SeatView, claim_labels: Sequence[str], most: int = MAX_ACTS
) -> dict[str, Any] | None:
    """``schema`` (a speech answer's) with the ``acts`` field added (at most ``most`` items; none: no field)."""
    if schema is None or "speech" not in schema.get("properties", {}) or most <= 0:
        return dict(schema) if schema is not None else None
    properties = {**schema["properties"], "acts": acts_schema(view, claim_labels, most)}
    return {**schema, "properties": properties, "required": [*schema.get("required", []), "acts"]}


def _json(raw: str) -> dict[str, Any] | None:
    start, end = raw.find("{"), raw.rfind("}")
    if start < 0 or end <= start:
        return None
    try:
        value = json.loads(raw[start : end + 1])
    except ValueError:
        return None
    return value if isinstance(value, dict) else None


def _seat(value: Any, names: Sequence[str]) -> int | None:
    if value is None:
        return None
    text = str(value).strip()
    if text in names:
        return names.index(text)
    folded = [n.casefold() for n in names]
    if text.casefold() in folded:
        return folded.index(text.casefold())
    number = re.fullmatch(r"\D{0,12}?(\d{1,3})", text)
    if number and 1 <= int(number.group(1)) <= len(names):
        return int(number.group(1)) - 1
    raise ValueError(f"{text!r} is not a player")


def _role(value: Any, view: SeatView, claims: Mapping[str, str]) -> str | None:
    if value is None:
        return None
    text = str(value).strip()
    if text in claims:
        return claims[text]
    if text in claims.values():
        return text
    for role in set(claims.values()):
        if role_name(view.language, view.variant, role).casefold() == text.casefold():
            return role
    raise ValueError(f"{text!r} is not a role of this game")


def parse_acts(raw: str, view: SeatView, claims: Mapping[str, str]) -> tuple[list[Act], list[str]]:
    """The legal acts of a JSON answer, and why each dropped one was dropped."""
    data = _json(raw)
    items = data.get("acts") if data else None
    if not isinstance(items, list):
        return [], []
    acts: list[Act] = []
    slots: list[int] = []
    dropped: list[str] = []
    for item in items[: MAX_SPEECH_ACTS * 2]:
        try:
            act = _act(item, view, claims)
            check_view_acts(view, [*acts, act])
        except (ValueError, TypeError) as exc:  # IllegalAct is a ValueError
            dropped.append(str(exc)[:200])
            continue
        acts.append(act)
        slots.append(_slot_index(item, act))
    order = sorted(range(len(acts)), key=lambda i: slots[i])  # said in the plan's order (stable within a slot)
    return [acts[i] for i in order], dropped


KIND_SLOTS = {"answer": "react", "disagree": "react", "claim": "state", "result": "state", "reason": "reason"}
"""The slot of an act whose answer names none: by its kind (others: ``propose``, an ``ask``: ``ask``)."""


def _slot_index(item: dict[str, Any], act: Act) -> int:
    slot = item.get("slot")
    if slot not in SLOTS:
        slot = "ask" if act.kind == "ask" else KIND_SLOTS.get(act.kind, "propose")
    return SLOTS.index(str(slot))


def _act(item: Any, view: SeatView, claims: Mapping[str, str]) -> Act:
    if not isinstance(item, dict):
        raise TypeError("an act must be an object")
    kind = str(item.get("kind", ""))
    if kind not in ACT_KINDS and kind not in DISCOURSE_KINDS:
        raise ValueError(f"{kind!r} is not a speech act")
    target = _seat(item.get("player"), view.names)
    other = _seat(item.get("player2"), view.names)
    role = _role(item.get("role"), view, claims)
    fact = item.get("fact")
    if kind == "claim":
        return Act("claim", role=role)
    if kind == "answer":
        return Act("answer", target=target, fact=str(fact or "vote"), other=other, role=role)
    if kind == "reason":
        refs = item.get("refs") or []
        if not isinstance(refs, list) or not all(isinstance(r, int) for r in refs):
            raise ValueError("reason: refs must be record numbers")
        seqs = tuple(record_seq(view, number) for number in refs)  # the prompt's numbers (plan_outline)
        return Act("reason", target=target, other=other, role=role, fact=str(fact or ""), refs=seqs)
    if kind == "ask":
        if fact in QUESTIONS and target is not None and answered(view, target, str(fact)):
            raise ValueError(f"ask: {view.names[target]} has told the table its {fact} already")
        return Act("ask", target=target, fact=fact if fact in QUESTIONS else None)
    if kind != "result":
        return Act(kind, target=target)
    result = str(item.get("result") or "")
    fact_id, _, value = result.partition(":")
    fact = vocabulary(view.variant).fact(fact_id)
    if fact is None:
        raise ValueError(f"{result!r} is not a result of this game")
    if fact.takes_role:
        value = role or ""
    return Act(
        "result",
        target=None if fact.target == "none" else target,
        other=other if fact.other else None,
        fact=fact_id,
        value=value or None,
    )


async def speak(
    agent: Any, view: SeatView, decision: Decision, prompt: Any, parsed: Any, calls: list[Any], attempt: int
) -> tuple[Choice, SpeechCheck]:
    """The one call the LLM agent makes for a speech decision it has parsed (see the module doc)."""
    from dataclasses import replace

    option = str(parsed.option)
    if prompt.mode == "text":

        async def complete(request: CompletionRequest, purpose: str) -> Completion:
            request = replace(
                request, language=view.language, seed=agent._seed(decision, attempt, f"acts:{purpose}:{len(calls)}")
            )
            result: Completion = await agent._complete(request, decision, attempt, calls, purpose)
            return result

        profile = agent.backend.profile
        in_speech = agent.option_in_speech(prompt, decision)

        return await base_model_speech(
            view,
            decision,
            option=option,
            text=parsed.text,
            claim=parsed.claim,
            prompt=prompt,
            complete=complete,
            persona=agent.persona,
            seed=agent.settings.seed,
            max_tokens=profile.choice_tokens,
            temperature=profile.temperature,
            most=profile.speech_acts,
            at_once=bool(getattr(agent.backend, "picks_sequences", False)),
            option_step=OptionStep(prompt.pick_cue, tuple(prompt.labels)) if in_speech else None,
            option_of=lambda label: agent.option_of(prompt, decision, label),
            pick_option=partial(agent.pick_after_speech, prompt, decision, attempt, calls)
            if agent.option_after_speech(prompt, decision)
            else None,
        )
    raw = next(
        (c.raw_output for c in reversed(calls) if c.purpose in ("decision", "language_switch") and c.raw_output), ""
    )
    return chat_model_speech(
        view,
        decision,
        option=option,
        text=parsed.text,
        claim=parsed.claim,
        raw=raw,
        claims=prompt.claims,
        prompt_text=f"{prompt.system}\n{prompt.user}",
    )
