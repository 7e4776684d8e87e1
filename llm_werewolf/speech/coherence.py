"""Is a model's free text a usable speech? Does it contradict its own acts?

**Coherence** (used for base and tiny models, whose free text is often broken):
a speech passes when every rule holds —

1. *length*: at least 3 words (Chinese: 6 characters) and at most 120 words;
2. *language*: most letters are in the game's script (``strings.script``);
3. *grounded*: it names a player at the table, a role of the ruleset, or an act
   word of the language (``coherence.keywords`` in the phrase bank: vote, suspect...);
4. *not a copy*: no run of 6 words (Chinese: 10 characters) taken from the prompt
   the model read, and not the same as a speech already said in this game;
5. *not a loop*: no word makes up more than half of it, no run of three words (Chinese: four
   characters) comes three times, no run of five words (Chinese: eight characters) comes twice,
   no pair of words said three times makes up 40% of it, it is not one sentence again and again;
6. *no made-up numbers*: no number (digits) larger than the table's seat count («15 werewolves»
   at a table of six).

For a base model (the act picker), a coherent text is said only when the model also picked at
least one act: a text that carries none is recorded with the reason :data:`CARRIES_NO_ACT` and
the seat's voiced acts (or a voiced question) are said instead.

**Contradictions** (for every model that sends acts with its text) are flagged,
never refused: a claim act for one role while the text claims another; an act about
a player the text never names; accusing and defending the same player.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..rules.acts import Act
from ..rules.events import Speech
from ..rules.views import SeatView
from ..strings.script import in_language
from ..texts import terms
from .phrases import phrase_bank

CARRIES_NO_ACT = "makes none of the acts the model picked"
"""The reason recorded when a base model's coherent text comes with no act picked (speech/model_speech.py)."""
ACTS_ONLY = "the profile asks a base model for acts only (speech_text = false)"
"""The reason recorded when no text was asked for: the speech is the model's picked acts, voiced."""
MIN_WORDS = 3
MAX_WORDS = 120
MIN_CJK_CHARS = 6
COPY_WORDS = 6
COPY_CJK_CHARS = 10


@dataclass(frozen=True, slots=True)
class Coherence:
    ok: bool
    reasons: tuple[str, ...] = ()


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", unicodedata.normalize("NFKC", text).casefold()).strip()


def _words(text: str) -> list[str]:
    return re.findall(r"\w+", _norm(text))


def _cjk(text: str) -> list[str]:
    return [c for c in text if unicodedata.name(c, "").startswith("CJK")]


def name_forms(name: str, language: str) -> set[str]:
    """The forms a player's name takes in a text (Russian: all six cases, either gender)."""
    forms = {_norm(name)}
    if language == "ru":
        from .grammar import CASES, decline_ru

        forms |= {_norm(decline_ru(name, case, g)) for case in CASES for g in ("male", "female")}
    return forms


def mentions(text: str, name: str, language: str) -> bool:
    norm = _norm(text)
    return any(form and form in norm for form in name_forms(name, language))


def _names_something(text: str, view: SeatView) -> bool:
    norm = _norm(text)
    if any(mentions(text, n, view.language) for n in view.names if len(n) >= 2):
        return True
    names: list[str] = []
    roles = terms(view.language, view.variant).get("roles", {})
    role_names = [str(v) for v in roles.values()] if isinstance(roles, dict) else []
    bank = phrase_bank(view.language, view.variant)
    keywords = (*bank.keywords, *bank.roles_female.values(), *bank.roles_male.values())
    return any(_norm(word) in norm for word in (*names, *role_names, *keywords) if len(_norm(word)) >= 2)


def _copied(text: str, prompt: str, chinese: bool) -> str | None:
    if not prompt:
        return None
    if chinese:
        chars = "".join(_cjk(text))
        source = "".join(_cjk(prompt))
        for i in range(0, max(0, len(chars) - COPY_CJK_CHARS + 1)):
            if chars[i : i + COPY_CJK_CHARS] in source:
                return chars[i : i + COPY_CJK_CHARS]
        return None
    words = _words(text)
    source = " ".join(_words(prompt))
    for i in range(0, max(0, len(words) - COPY_WORDS + 1)):
        run = " ".join(words[i : i + COPY_WORDS])
        if f" {run} " in f" {source} ":
            return run
    return None


def earlier_speeches(view: SeatView) -> list[str]:
    return [r.event.text for r in view.records if isinstance(r.event, Speech) and r.event.text]


def check_coherence(text: str, view: SeatView, *, prompt: str = "", earlier: Iterable[str] | None = None) -> Coherence:
    """Whether ``text`` passes the documented coherence rules (see the module doc)."""
    reasons: list[str] = []
    chinese = view.language == "zh-Hant"
    words = _words(text)
    if chinese:
        size = len(_cjk(text))
        if size < MIN_CJK_CHARS:
            reasons.append(f"too short ({size} characters)")
        units = _cjk(text)
    else:
        if len(words) < MIN_WORDS:
            reasons.append(f"too short ({len(words)} words)")
        if len(words) > MAX_WORDS:
            reasons.append(f"too long ({len(words)} words)")
        units = words
    if not text.strip() or not in_language(text, view.language):
        reasons.append("not in the game's language")
    if not _names_something(text, view):
        reasons.append("names no player, role or act")
    copy = _copied(text, prompt, chinese)
    if copy is not None:
        reasons.append(f"copies the prompt ({copy!r})")
    said = {_norm(s) for s in (earlier if earlier is not None else earlier_speeches(view))}
    if _norm(text) in said:
        reasons.append("repeats an earlier speech")
    if units:
        top, count = Counter(units).most_common(1)[0]
        if len(units) >= 4 and count * 2 > len(units):
            reasons.append(f"loops on {top!r}")
        size = 4 if chinese else 3  # four characters, or three words
        grams = Counter(tuple(units[i : i + size]) for i in range(len(units) - size + 1))
        if grams and grams.most_common(1)[0][1] >= 3:
            reasons.append("repeats a phrase")
        long_run = 8 if chinese else 5
        if any(
            n >= 2 for n in Counter(tuple(units[i : i + long_run]) for i in range(len(units) - long_run + 1)).values()
        ):
            reasons.append("repeats a clause")
        if not chinese:
            pairs = Counter(tuple(units[i : i + 2]) for i in range(len(units) - 1))
            if pairs and pairs.most_common(1)[0][1] >= 3 and 6 / len(units) >= 0.4:
                reasons.append("repeats a phrase")
        sentences = [s for s in re.split(r"[.!?。！？]+", _norm(text)) if s.strip()]
        if len(sentences) >= 2 and len(set(sentences)) == 1:
            reasons.append("repeats one sentence")
    numbers = [int(n) for n in re.findall(r"\d+", unicodedata.normalize("NFKC", text)) if len(n) <= 6]
    if any(n > len(view.names) for n in numbers):
        reasons.append(f"a number the table does not have ({max(numbers)})")
    return Coherence(not reasons, tuple(dict.fromkeys(reasons)))


def contradictions(text: str, acts: Sequence[Act], view: SeatView) -> list[str]:
    """Ways ``acts`` contradict ``text`` (empty: none found)."""
    from .claim_extractor import extract_claims

    found: list[str] = []
    claimed = [a.role for a in acts if a.kind == "claim" and a.role]
    said = extract_claims(text, view.language, view.variant) if text else []
    if claimed and said and claimed[0] not in said:
        found.append(f"the acts claim {claimed[0]} but the text claims {', '.join(said)}")
    for act in acts:
        for seat in (act.target, act.other):
            if act.kind == "result" and act.fact is not None and seat is not None and _center(act, view):
                continue
            named = seat is not None and 0 <= seat < len(view.names) and seat != view.seat
            if named and seat is not None and not mentions(text, view.names[seat], view.language):
                found.append(f"the {act.kind} act names {view.names[seat]}, the text does not")
                break
    accused = {a.target for a in acts if a.kind in ("accuse", "vote")}
    defended = {a.target for a in acts if a.kind == "defend"}
    for seat in sorted(s for s in accused & defended if s is not None):
        found.append(f"the acts both accuse and defend {view.names[seat]}")
    return found


def _center(act: Act, view: SeatView) -> bool:
    from ..rules.act_vocabulary import vocabulary

    fact = vocabulary(view.variant).fact(act.fact or "")
    return fact is not None and fact.target == "center"
