"""Phrase banks: how each act is said, per language (data under ``prompts/``).

``prompts/<lang>/common/phrases.yaml`` holds the common acts, persona tics and
the gender of every default seat name; ``prompts/<lang>/<variant>/phrases.yaml``
holds the ruleset's results (and may override anything). Keys:

* ``acts``: phrase key -> list of phrasings (at least ten each, in every merged bank). Keys are the act kind
  (``claim``, ``accuse``, ``defend``, ``defend_self``, ``agree``, ``disagree``,
  ``vote``, ``ask``) or ``result.<fact>`` / ``result.<fact>.<value>``; the situational lines
  ``lead.parting`` (a bad seat killed at night or shot), ``lead.advice`` (a testament with nobody
  to name) and ``ask.vote.unnamed`` (a vote question to a seat shown to have named nobody) are
  among them (``tests/speech/test_last_words_and_questions.py``); a ruleset's bank may add
  ``lead.plan`` (a seer's next check, said after a check result: chinese_werewolf).
* ``words``: value words (``bad``, ``good``, investigation groups...).
* ``roles_female``: a role's name when a woman says it of herself.
* ``roles_male``: a role's name when a man says it of himself, where the terms file writes it in the
  feminine (one_night's العرّافة, lebanese_ghouls' البصّارة, online_mafia's מכשפה).
* ``tics``: ``default`` and per persona id: ``open`` and ``close`` lists.
* ``genders``: seat name -> ``male`` / ``female`` (persona names come from ``personas/<lang>.yaml``).
* ``joiner``: what joins two sentences (a space; nothing in Chinese).
* ``keywords``: act words of the language (the coherence check's "names an act").
* ``summary``: one short line per act kind, shown after a speech in the prompt's history (``ask.vote``,
  ``ask.trust``, ``ask.role``: a question's line where the history leaves the speech's words out).
* ``picker``: ``kinds`` (labels of the act kinds), ``end`` (no more acts) and the ``cue``
  lines a base model continues when it picks its acts.
* ``promises``: promise -> the phrasings (of ``acts`` and ``tics``, as written there) that announce
  it: a summary, facts, a read, points, a question... (``PROMISES``); voicing says one only in a
  speech that keeps what it announces (:mod:`.promises`).

Placeholders: ``{target}``, ``{other}``, ``{me}`` (a Russian case after a colon:
``{target:acc}``), ``{role}`` (a woman's own role in its ``roles_female`` form),
``{card}`` (a card's name as it is), ``{value}``, ``{slot}``, ``{bad}``, ``{good}``;
``{g:he-form|she-form}`` agrees with the speaker, ``{t:...|...}`` with the target.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from ..texts import TextDataError, merge_mapping, optional_yaml

MIN_PHRASINGS = 10
"""Fewest phrasings of a ruleset's result, and of any act key of a merged bank."""

MIN_COMMON_PHRASINGS = 10
"""Fewest phrasings of a common act, a question, an answer, a reason and a lead line (``COMMON_KEYS``)."""

COMMON_KEYS = (
    *("claim", "accuse", "defend", "defend_self", "agree", "disagree", "vote", "ask", "pass"),
    *("ask.vote", "ask.trust", "ask.role"),
    *("answer.vote", "answer.vote.none", "answer.trust", "answer.trust.none", "answer.role", "answer.role.none"),
    *("reason.voted", "reason.accused", "reason.claimed", "reason.named_first", "reason.quiet"),
    *("lead.testament", "lead.night", "lead.concede", "lead.doubt", "lead.open", "lead.check"),
)

PROMISES = frozenset(
    {"summary", "facts", "read", "suspicion", "points", "question", "question_next", "proof", "earlier"}
)
"""What a phrasing may announce (``promises`` of a bank; :mod:`.promises` says when a speech keeps each)."""


@dataclass(frozen=True)
class PhraseBank:
    language: str
    variant: str
    acts: dict[str, list[str]] = field(default_factory=dict)
    words: dict[str, str] = field(default_factory=dict)
    roles_female: dict[str, str] = field(default_factory=dict)
    roles_male: dict[str, str] = field(default_factory=dict)
    tics: dict[str, dict[str, list[str]]] = field(default_factory=dict)
    genders: dict[str, str] = field(default_factory=dict)
    joiner: str = " "
    keywords: tuple[str, ...] = ()
    summary: dict[str, str] = field(default_factory=dict)
    picker: dict[str, Any] = field(default_factory=dict)
    promises: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """Promise -> the phrasings that announce it (``PROMISES``)."""

    def phrasings(self, key: str) -> list[str]:
        found = self.acts.get(key)
        if not found:
            raise TextDataError(f"no phrasing {key!r} in prompts/{self.language}/…/phrases.yaml ({self.variant})")
        return found


def _persona_genders(language: str) -> dict[str, str]:
    """Persona name -> gender (``personas/<lang>.yaml``): model seats may sit under their persona's name."""
    data = optional_yaml("personas", f"{language}.yaml")
    personas = data.get("personas") if isinstance(data, dict) else None
    out: dict[str, str] = {}
    for persona in personas or []:
        if isinstance(persona, dict) and persona.get("name") and persona.get("gender") in ("male", "female"):
            out[str(persona["name"])] = str(persona["gender"])
    return out


@lru_cache(maxsize=64)
def phrase_bank(language: str, variant: str) -> PhraseBank:
    """The merged bank of ``language`` × ``variant`` (the ruleset file wins)."""
    merged: dict[str, Any] = {}
    found = False
    for relative in (f"{language}/common/phrases.yaml", f"{language}/{variant}/phrases.yaml"):
        data = optional_yaml("prompts", relative)
        found = found or data is not None
        merge_mapping(merged, data, f"prompts/{relative}")
    if not found:
        raise TextDataError(f"no phrase bank for {language} (prompts/{language}/common/phrases.yaml)")
    acts = merged.get("acts") or {}
    if not isinstance(acts, dict):
        raise TextDataError(f"prompts/{language}: 'acts' must be a mapping")
    tics = merged.get("tics") or {}
    promises = _promises(merged.get("promises") or {}, acts, tics, language)
    return PhraseBank(
        language=language,
        variant=variant,
        acts={str(k): [str(p) for p in v] for k, v in acts.items() if isinstance(v, list)},
        words={str(k): str(v) for k, v in (merged.get("words") or {}).items()},
        roles_female={str(k): str(v) for k, v in (merged.get("roles_female") or {}).items()},
        roles_male={str(k): str(v) for k, v in (merged.get("roles_male") or {}).items()},
        tics={
            str(k): {str(part): [str(p) for p in (lines or [])] for part, lines in v.items()}
            for k, v in tics.items()
            if isinstance(v, dict)
        },
        genders={**_persona_genders(language), **{str(k): str(v) for k, v in (merged.get("genders") or {}).items()}},
        joiner=str(merged.get("joiner", " ")),
        keywords=tuple(str(k) for k in (merged.get("keywords") or [])),
        summary={str(k): str(v) for k, v in (merged.get("summary") or {}).items()},
        picker=dict(merged.get("picker") or {}),
        promises=promises,
    )


def _promises(data: Any, acts: dict[str, Any], tics: dict[str, Any], language: str) -> dict[str, tuple[str, ...]]:
    """A bank's ``promises``, each phrasing found among its ``acts`` or ``tics`` (an edited phrasing
    left under its old wording would announce again what the speech lacks)."""
    if not isinstance(data, dict):
        raise TextDataError(f"prompts/{language}: 'promises' must be a mapping")
    known = {str(p) for lines in acts.values() if isinstance(lines, list) for p in lines}
    for parts in tics.values():
        if isinstance(parts, dict):
            known.update(str(p) for lines in parts.values() for p in lines or [])
    out: dict[str, tuple[str, ...]] = {}
    for promise, lines in data.items():
        if promise not in PROMISES:
            raise TextDataError(f"prompts/{language}: unknown promise {promise!r} (one of {sorted(PROMISES)})")
        missing = [str(line) for line in lines or [] if str(line) not in known]
        if missing:
            raise TextDataError(f"prompts/{language}: promises.{promise} names no phrasing of the bank: {missing}")
        out[str(promise)] = tuple(str(line) for line in lines or [])
    return out
