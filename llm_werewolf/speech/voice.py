"""Voicing: acts -> one speech in the game's language, deterministic from an RNG.

Each act picks one phrasing from the bank, fills its placeholders (names in the
right Russian case, role names, value words), makes verbs and adjectives agree
with the speaker's and the target's gender, and the sentences are joined; a
persona tic may open or close the speech.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import NamedTuple, TypeVar

from ..rules.acts import Act
from ..texts import TextDataError, role_name, terms
from .grammar import Gender, decline_ru, gender_or_default
from .heard_text import HeardText, heard_text
from .phrases import PhraseBank, phrase_bank
from .promises import unkept
from .repeats import Wear, fixed_text_of

_SLOT = re.compile(r"\{([a-z_]+)(?::([^{}]*))?\}")

SUMMARY_JOINERS = {"zh-Hant": "；", "ar": "؛ ", "ar-LB": "؛ "}

UNSUMMARIZED = frozenset({"answer", "reason"})
"""Act kinds the prompt's one-line summary of a speech leaves out (:func:`summarize`)."""

UNNAMED_VOTE_QUESTION = "ask.vote.unnamed"
"""The bank key of a vote question that says its addressee has named nobody (said only when grounded)."""

POINTED_SHARE = 0.5
"""How often a grounded vote question is worded as the fact (the speech's reason says it already)."""

TIC_SHARE = 0.35
"""How often a speech opens (or closes) with a tic of the speaker's persona."""


@dataclass(frozen=True)
class Speaker:
    """Who speaks, for agreement and flavour."""

    seat: int
    names: tuple[str, ...]
    language: str
    variant: str
    gender: Gender | None = None
    """The speaker's gender (a persona's); ``None``: from the seat name."""
    persona: str | None = None
    genders: Mapping[int, Gender] = field(default_factory=dict)
    """Known genders of other seats (their personas); the rest come from the names."""


def seat_gender(bank: PhraseBank, speaker: Speaker, seat: int | None) -> Gender:
    if seat is None:
        return "male"
    if seat == speaker.seat and speaker.gender is not None:
        return speaker.gender
    if seat in speaker.genders:
        return speaker.genders[seat]
    name = speaker.names[seat] if 0 <= seat < len(speaker.names) else ""
    return gender_or_default(bank.genders.get(name))


def phrase_key(act: Act) -> list[str]:
    """The bank keys that can voice ``act``, most specific first."""
    if act.kind == "result":
        base = f"result.{act.fact}"
        return [f"{base}.{act.value}", base] if act.value else [base]
    if act.kind == "answer":
        said = act.other is not None or act.role is not None
        return [f"answer.{act.fact}" if said else f"answer.{act.fact}.none"]
    if act.kind in ("reason", "lead"):
        return [f"{act.kind}.{act.fact}"]
    if act.kind == "ask" and act.fact is not None:
        return [f"ask.{act.fact}", "ask"]
    return [act.kind]


def _role(bank: PhraseBank, speaker: Speaker, role: str, own: bool) -> str:
    if own:
        own_forms = bank.roles_female if seat_gender(bank, speaker, speaker.seat) == "female" else bank.roles_male
        if role in own_forms:
            return own_forms[role]
    return role_name(speaker.language, speaker.variant, role)


def _role_of(bank: PhraseBank, speaker: Speaker, role: str, seat: int | None) -> str:
    """A role's name agreeing with the seat it is said of (the one vocabulary's gender forms)."""
    from ..describe import vocabulary

    return vocabulary(speaker.language, speaker.variant).role(role, seat_gender(bank, speaker, seat))


def _name(bank: PhraseBank, speaker: Speaker, seat: int | None, case: str | None) -> str:
    if seat is None or not 0 <= seat < len(speaker.names):
        raise TextDataError("a phrasing names a seat the act does not have")
    name = speaker.names[seat]
    if case and speaker.language == "ru":
        return decline_ru(name, case, seat_gender(bank, speaker, seat))
    return name


def _value_word(bank: PhraseBank, value: str | None, template: str) -> str:
    if value is not None and value in bank.words:
        return bank.words[value]
    groups = terms(bank.language, bank.variant).get("groups")
    if value is not None and isinstance(groups, dict) and isinstance(groups.get(value), str):
        return str(groups[value])
    raise TextDataError(f"{template!r}: no word for value {value!r} ({bank.language})")


def fill(template: str, act: Act, speaker: Speaker, bank: PhraseBank) -> str:
    """One phrasing with its placeholders filled (raises on an unknown placeholder)."""
    parts: list[str] = []
    for literal, slot, arg in _pieces(template):
        parts.append(literal)
        if slot is not None:
            parts.append(_slot_value(slot, arg, template, act, speaker, bank))
    return "".join(parts)


@lru_cache(maxsize=8192)
def _pieces(template: str) -> tuple[tuple[str, str | None, str | None], ...]:
    """``template`` cut at its placeholders, read once: (text before, slot, argument) per placeholder,
    then the rest with no slot. Filling the pieces left to right is ``_SLOT.sub`` on the template."""
    pieces: list[tuple[str, str | None, str | None]] = []
    at = 0
    for match in _SLOT.finditer(template):
        pieces.append((template[at : match.start()], match.group(1), match.group(2)))
        at = match.end()
    pieces.append((template[at:], None, None))
    return tuple(pieces)


def _slot_value(slot: str, arg: str | None, template: str, act: Act, speaker: Speaker, bank: PhraseBank) -> str:
    """What one placeholder ``{slot:arg}`` of ``template`` says for ``act`` and ``speaker``."""
    if slot in ("g", "t", "o"):
        forms = (arg or "").split("|")
        if len(forms) != 2:
            raise TextDataError(f"{template!r}: {{{slot}:...}} needs two forms, male|female")
        who = speaker.seat if slot == "g" else act.target if slot == "t" else act.other
        return forms[1] if seat_gender(bank, speaker, who) == "female" else forms[0]
    if slot == "target":
        return _name(bank, speaker, act.target, arg)
    if slot == "other":
        return _name(bank, speaker, act.other, arg)
    if slot == "me":
        return _name(bank, speaker, speaker.seat, arg)
    if slot in ("role", "card"):
        role = act.role if act.kind in ("claim", "answer", "reason", "lead") else act.value
        if role is None:
            raise TextDataError(f"{template!r}: {{{slot}}} but the act names no role")
        if slot == "role" and arg in ("me", "target"):  # the card as said of that seat: «أصبحتُ العرّاف» of a man
            return _role_of(bank, speaker, role, speaker.seat if arg == "me" else act.target)
        if arg:
            raise TextDataError(f"{template!r}: {{role:{arg}}}: say {{role:me}} or {{role:target}}")
        return _role(bank, speaker, role, own=slot == "role" and act.kind in ("claim", "answer", "lead"))
    if slot == "slot":
        if act.target is None:
            raise TextDataError(f"{template!r}: {{slot}} but the act names no center card")
        return str(act.target + 1)
    if slot == "value":
        return _value_word(bank, act.value, template)
    if slot in bank.words:
        return bank.words[slot]
    raise TextDataError(f"{template!r}: unknown placeholder {{{slot}}}")


class Fillings(NamedTuple):
    """What one act makes of a list of ``templates`` so far (memoised: :func:`_fillings`)."""

    said: list[str | None]
    """Each phrasing filled for the act (``None``: not filled yet)."""
    words: dict[tuple[str, str | None], str]
    """What each placeholder ``(slot, argument)`` says for the act (the same in every phrasing of it)."""
    one_sentence: list[bool | None]
    """Whether each phrasing filled is one sentence at most (:func:`_sentences`; ``None``: not known yet)."""
    probes: list[tuple[str, ...] | None]
    """What the said-before check looks for in the earlier speeches, per phrasing (:func:`_probes`;
    ``None``: not known yet)."""


_FILLED: dict[tuple[object, ...], tuple[PhraseBank, Sequence[str], Fillings]] = {}
_FILLED_MAX = 4096  # a game voices a few hundred (act, speaker) pairs; the memo is emptied when full


def _fillings(
    templates: Sequence[str], act: Act, speaker: Speaker, bank: PhraseBank, read: _Phrasings | None = None
) -> Fillings:
    """The phrasings of ``templates`` filled for ``act`` so far, and the placeholders' words found so far
    (:func:`_said` fills one phrasing when asked). Memoised, since filling is a pure function.
    ``read``: :func:`_phrasings` of ``templates``, when the caller has it.

    The key holds everything :func:`fill` reads: the templates, the act, what the templates read of
    the speaker (:func:`_speaker_read`), the seat names, language, ruleset and the speaker's gender,
    and the bank (one per language and ruleset): seats that say the same act in the same words share
    it. A speaker with known seat genders (personas) is filled afresh. Errors are raised every time,
    never stored.
    """
    if speaker.genders:
        return _unfilled(len(templates))
    key = (
        id(templates),  # a bank's lists are never changed; the entry holds the list, so the id is not reused
        act.kind,  # the act's fields: a tuple of them hashes and compares without the dataclass's Python code
        act.target,
        act.other,
        act.role,
        act.fact,
        act.value,
        act.refs,
        _speaker_read(read or _phrasings(templates, bank), act, speaker, bank),
        speaker.names,
        speaker.language,
        speaker.variant,
        speaker.gender,
        id(bank),
    )
    entry = _FILLED.get(key)
    if entry is not None and entry[0] is bank and entry[1] is templates:  # held: their ids are not reused
        return entry[2]
    fillings = _unfilled(len(templates))
    if len(_FILLED) >= _FILLED_MAX:
        _FILLED.clear()
    _FILLED[key] = (bank, templates, fillings)
    return fillings


def _speaker_read(read: _Phrasings, act: Act, speaker: Speaker, bank: PhraseBank) -> int | Gender | None:
    """What filling a list of phrasings (``read``: its :func:`_phrasings`) for ``act`` reads of the
    speaker, besides the seat names, language, ruleset and the speaker's gender (:func:`_slot_value`):
    its seat where a phrasing names it (``{me}``) or the act names it (a seat's own gender may be its
    persona's); its gender where a phrasing may agree with it (``{g:…}``, a role's form); else nothing."""
    if read.names_speaker or act.target == speaker.seat or act.other == speaker.seat:
        return speaker.seat
    if read.agrees_with_speaker:
        return seat_gender(bank, speaker, speaker.seat)
    return None


def _unfilled(count: int) -> Fillings:
    """:class:`Fillings` of ``count`` phrasings, none of them filled yet."""
    return Fillings([None] * count, {}, [None] * count, [None] * count)


def _said(
    fillings: Fillings, index: int, templates: Sequence[str], act: Act, speaker: Speaker, bank: PhraseBank
) -> str:
    """Phrasing ``index`` of ``templates`` filled for ``act`` (:func:`fill`), filled once and kept in
    ``fillings``; each placeholder's words are found once for all the act's phrasings."""
    filled, words = fillings.said, fillings.words
    said = filled[index]
    if said is None:
        template = templates[index]
        parts: list[str] = []
        for literal, slot, arg in _pieces(template):
            parts.append(literal)
            if slot is not None:
                word = words.get((slot, arg))
                if word is None:
                    word = words[slot, arg] = _slot_value(slot, arg, template, act, speaker, bank)
                parts.append(word)
        said = filled[index] = "".join(parts)
    return said


def _filled_all(templates: Sequence[str], act: Act, speaker: Speaker, bank: PhraseBank) -> list[str]:
    """Every phrasing of ``templates`` filled for ``act`` (through the memo of :func:`_fillings`)."""
    fillings = _fillings(templates, act, speaker, bank)
    return [_said(fillings, i, templates, act, speaker, bank) for i in range(len(templates))]


_UNWORN: Wear = (0, 0, 0)

_Rank = TypeVar("_Rank", Wear, tuple[bool, Wear])
"""A phrasing's rank (:func:`_ranks`): its wear, or whether it is avoided and its wear."""

_SENTENCE_END = re.compile(r"(?<=[.!?。！？؟])\s*")
_END_MARKS = frozenset(".!?。！？؟")
"""The marks :data:`_SENTENCE_END` ends a sentence after."""
_TRAILING_ENDS = re.compile(r"[.!?。！？؟\s]*\Z")


@lru_cache(maxsize=16384)
def _sentences(text: str) -> tuple[str, ...]:
    """The sentences of a phrasing long enough to be heard as said before (not «Okay.»)."""
    parts = [p.strip() for p in _SENTENCE_END.split(text) if p.strip()]
    return tuple(p for p in parts if len(p) >= 12 or (len(p) >= 6 and not p.isascii()))


def _unsaid(sentence: str, earlier: str) -> bool:
    """Whether neither a phrasing nor any sentence of it was said in ``earlier``."""
    if sentence in earlier:
        return False
    parts = _sentences(sentence)
    return len(parts) < 2 or not any(part in earlier for part in parts)


def _probes_of(said: str) -> tuple[str, ...]:
    """What :func:`_unsaid` looks for: the phrasing's sentences when it has two or more (each is in
    the phrasing, so the phrasing is in no text that holds none of them), else the phrasing."""
    parts = _sentences(said)
    return parts if len(parts) >= 2 else (said,)


def _heard(speaker: Speaker, earlier: str) -> HeardText:
    """The table's :class:`HeardText`, having read the speeches ``earlier`` that ``speaker`` heard."""
    return heard_text((speaker.names, speaker.language, speaker.variant), speaker.seat, earlier)


def _not_said(
    group: list[int],
    templates: Sequence[str],
    fillings: Fillings,
    act: Act,
    speaker: Speaker,
    bank: PhraseBank,
    earlier: str,
    heard: HeardText,
    read: _Phrasings,
) -> list[int]:
    """The phrasings of ``group`` (positions in ``templates``) :func:`_unsaid` in ``earlier``. A phrasing
    of one sentence holds its template's fixed text; where no speech of the table holds that
    (``heard`` read every speech of ``earlier``), the phrasing was not said: it is neither searched
    for nor, when its words show it is one sentence, filled. ``read``: :func:`_phrasings` of ``templates``."""
    one_sentence, probes = fillings.one_sentence, fillings.probes
    fixed = read.fixed
    heard_fixed = heard.fixed
    fresh: list[int] = []
    for i in group:
        known = fixed[i]
        if known is not None and known not in heard_fixed:  # no phrasing of this template was heard
            one = one_sentence[i]
            if one is None:
                one = one_sentence[i] = _one_sentence(i, templates, fillings, act, speaker, bank, read)
            if one:
                fresh.append(i)
                continue
        looked_for = probes[i]
        if looked_for is None:
            looked_for = probes[i] = _probes_of(_said(fillings, i, templates, act, speaker, bank))
        for probe in looked_for:
            if probe in earlier:
                break
        else:
            fresh.append(i)
    return fresh


def _one_sentence(
    index: int,
    templates: Sequence[str],
    fillings: Fillings,
    act: Act,
    speaker: Speaker,
    bank: PhraseBank,
    read: _Phrasings | None = None,
) -> bool:
    """Whether phrasing ``index`` of ``templates`` filled for ``act`` is one sentence at most
    (:func:`_sentences`). Without filling it when no sentence ends in its fixed text but at its very
    end, nor in a word filled in (each placeholder's words are found once per act)."""
    template = templates[index]
    read = read or _phrasings(templates, bank)
    slots = read.one_sentence_slots[index] if fillings.said[index] is None else None
    if slots is not None:
        words = fillings.words
        for slot, arg in slots:
            word = words.get((slot, arg))
            if word is None:
                word = words[slot, arg] = _slot_value(slot, arg, template, act, speaker, bank)
            if not _END_MARKS.isdisjoint(word):
                break
        else:
            return True
    return len(_sentences(_said(fillings, index, templates, act, speaker, bank))) < 2


class _Phrasings(NamedTuple):
    """What voicing reads of each phrasing of one of a bank's lists, read once per list."""

    fixed: tuple[str | None, ...]
    """Its fixed text the table's speeches are read for (``repeats.fixed_text_of``), if any."""
    openings: tuple[str, ...]
    """How it opens (:func:`_opening`)."""
    one_sentence_slots: tuple[tuple[tuple[str, str | None], ...] | None, ...]
    """Its placeholders whose words may end a sentence, if its fixed text ends none but at its very end
    (:func:`_slots_if_one_sentence`)."""
    names_speaker: bool
    """Whether a phrasing of the list says the speaker's name (``{me}``)."""
    agrees_with_speaker: bool
    """Whether a phrasing of the list says a form that may agree with the speaker's gender
    (``{g:…}``, ``{role}``, ``{role:me}``, ``{card}``)."""
    promising: bool
    """Whether a phrasing of the list announces content (the bank's ``promises``): only then may
    a speech withhold one of them (:func:`_allowed`)."""


_PHRASINGS: dict[int, tuple[Sequence[str], _Phrasings]] = {}


def _phrasings(templates: Sequence[str], bank: PhraseBank) -> _Phrasings:
    """:class:`_Phrasings` of ``templates``, one of ``bank``'s lists (never changed: kept by its id)."""
    entry = _PHRASINGS.get(id(templates))
    if entry is not None and entry[0] is templates:
        return entry[1]
    fixed_of = fixed_text_of(bank.language, bank.variant)
    slots = {(slot, arg) for template in templates for _, slot, arg in _pieces(template) if slot is not None}
    read = _Phrasings(
        fixed=tuple(fixed_of.get(t) for t in templates),
        openings=tuple(_opening(t) for t in templates),
        one_sentence_slots=tuple(_slots_if_one_sentence(t) for t in templates),
        names_speaker=any(slot == "me" for slot, _ in slots),
        agrees_with_speaker=any(slot in ("g", "role", "card") for slot, _ in slots),
        promising=any(t in lines for lines in bank.promises.values() for t in templates),
    )
    if len(_PHRASINGS) >= _FILLED_MAX:
        _PHRASINGS.clear()
    _PHRASINGS[id(templates)] = (templates, read)
    return read


_ALLOWED: dict[tuple[int, frozenset[str]], tuple[Sequence[str], tuple[int, ...] | None]] = {}


def _allowed(templates: Sequence[str], read: _Phrasings, withheld: frozenset[str]) -> tuple[int, ...] | None:
    """The positions in ``templates`` (one of a bank's lists; ``read``: its :func:`_phrasings`) of the
    phrasings not ``withheld``; ``None`` where none of them is withheld. Found once per list and
    withheld set (a bank has a few of them: ``promises.unkept``)."""
    if not withheld or not read.promising:
        return None
    key = (id(templates), withheld)
    entry = _ALLOWED.get(key)
    if entry is not None and entry[0] is templates:  # held: the list's id is not reused
        return entry[1]
    kept = tuple(i for i, template in enumerate(templates) if template not in withheld)
    allowed = None if len(kept) == len(templates) else kept
    if len(_ALLOWED) >= _FILLED_MAX:
        _ALLOWED.clear()
    _ALLOWED[key] = (templates, allowed)
    return allowed


def _open(count: int, templates: Sequence[str], taken: set[str], allowed: tuple[int, ...] | None) -> list[int]:
    """The positions of the phrasings of ``templates`` neither withheld (``allowed``: :func:`_allowed`)
    nor ``taken``."""
    if allowed is None:
        return [i for i in range(count) if templates[i] not in taken] if taken else list(range(count))
    return [i for i in allowed if templates[i] not in taken] if taken else list(allowed)


@lru_cache(maxsize=8192)
def _slots_if_one_sentence(template: str) -> tuple[tuple[str, str | None], ...] | None:
    """The placeholders of ``template`` whose words may end a sentence, when its fixed text ends none
    but at its very end (then a filling whose words end none is one sentence); else ``None``.
    Agreeing forms (``{g:…|…}``) are fixed text."""
    skeleton: list[str] = []
    slots: list[tuple[str, str | None]] = []
    for literal, slot, arg in _pieces(template):
        skeleton.append(literal)
        if slot is None:
            continue
        if slot in ("g", "t", "o"):
            skeleton.append(arg or "")
            skeleton.append("|")  # a word between the two forms: they are never said together
        else:
            skeleton.append("|")
            slots.append((slot, arg))
    text = "".join(skeleton)
    body = text[: _TRAILING_ENDS.search(text).start()]  # type: ignore[union-attr]
    return None if not _END_MARKS.isdisjoint(body) else tuple(slots)


@lru_cache(maxsize=8192)
def _opening(template: str) -> str:
    """How a phrasing opens (its text before the first placeholder, when that is long enough to be
    heard as a formula: «Keep in mind that»): a speech opens two sentences the same way at most once."""
    head = template.split("{", 1)[0].strip()
    return f"\x01{head[:12]}" if len(head) >= 6 else ""


def _joined(used: Sequence[str]) -> str:
    """The earlier speeches as one string: a sentence (never holding NUL) is in one of them iff it is in this."""
    return "\x00".join(used)


def voice_act(
    act: Act,
    speaker: Speaker,
    rng: random.Random,
    bank: PhraseBank | None = None,
    used: Sequence[str] = (),
    skip: set[str] | None = None,
    earlier: str | None = None,
    avoid: frozenset[str] = frozenset(),
    optional: bool = False,
    grounded: bool = False,
    worn: Mapping[str, Wear] | None = None,
    heard: HeardText | None = None,
    withheld: frozenset[str] = frozenset(),
) -> str:
    """One act as one sentence; a phrasing already said in ``used`` is avoided while others remain.

    ``grounded``: a question to a seat that the speech's own ``quiet`` reason shows named nobody
    today; it may be worded as such (``ask.vote.unnamed``). Without it, only neutral wordings.

    ``skip``: phrasings (templates) already chosen in this speech, avoided too; the chosen one is added.
    ``avoid``: phrasings said earlier today (with any names), avoided while others remain.
    ``earlier``: ``used`` joined by ``_joined`` when the caller has it already (one join per speech).
    ``worn``: how worn each phrasing said in the game is (``repeats.templates_worn``); the least worn
    is picked, and a ``lead`` or ``optional`` act whose every phrasing the game has heard is left out.
    ``heard``: ``heard_text.heard_text`` of ``earlier`` when the caller has it already (one per speech).
    ``withheld``: phrasings not to be said in this speech (``promises.unkept``), as if in ``skip``.
    A ``lead`` act (an opening or closing line) whose every phrasing was said is left out: ``""``;
    so is an ``optional`` one (an accusation the speech's vote says too, a vote its answer says).
    """
    bank = bank or phrase_bank(speaker.language, speaker.variant)
    keys = phrase_key(act)
    if act.kind == "defend" and act.target == speaker.seat:
        keys = ["defend_self"]
    if grounded and act.kind == "ask" and act.fact == "vote":
        keys = [UNNAMED_VOTE_QUESTION, *keys]
    for key in keys:
        templates = bank.acts.get(key)
        if templates:
            if earlier is None:
                earlier = _joined(used)
            if heard is None and used:
                heard = _heard(speaker, earlier)
            return _pick(templates, act, speaker, rng, bank, skip, earlier, avoid, optional, worn, heard, withheld)
    raise TextDataError(f"no phrasing for {' / '.join(keys)} in {speaker.language} ({speaker.variant})")


def _ranks(
    templates: Sequence[str], open_: list[int], avoid: frozenset[str], worn: Mapping[str, Wear] | None
) -> Iterator[tuple[Wear, list[int]]]:
    """The phrasings ``open_`` (positions in ``templates``) by rank, the least first: whether the
    phrasing is in ``avoid``, then how worn it is; each rank's phrasings in order, with their wear.
    The least rank is found without sorting; the others are sorted only when asked for. An empty
    ``worn`` ranks every phrasing unworn, as ``None`` does."""
    if worn is None and not avoid:
        yield _UNWORN, open_
        return
    if not open_:
        return
    heard = None if avoid else getattr(worn, "heard", None)
    if heard is not None:  # a phrasing the table never heard is unworn, and every other is worn
        unheard = [i for i in open_ if templates[i] not in heard]
        if unheard:
            yield _UNWORN, unheard
            if len(unheard) < len(open_):
                rest = [i for i in open_ if templates[i] in heard]
                yield from _in_order(rest, _wears(worn, [templates[i] for i in rest]))
            return
    wears = _wears(worn, templates if len(open_) == len(templates) else [templates[i] for i in open_])
    if avoid:
        avoided = [(templates[i] in avoid, wear) for i, wear in zip(open_, wears, strict=True)]
        for rank, group in _in_order(open_, avoided):
            yield rank[1], group
    else:
        yield from _in_order(open_, wears)


def _in_order(positions: list[int], ranks: list[_Rank]) -> Iterator[tuple[_Rank, list[int]]]:
    """``positions`` grouped by their ``ranks`` (one each), the least rank first: it is found without
    sorting, the others are sorted only when asked for."""
    least = min(ranks)
    yield least, [i for i, rank in zip(positions, ranks, strict=True) if rank == least]
    for other in sorted(set(ranks)):
        if other != least:
            yield other, [i for i, rank in zip(positions, ranks, strict=True) if rank == other]


def _wears(worn: Mapping[str, Wear] | None, templates: Sequence[str]) -> list[Wear]:
    """How worn each of ``templates`` is: one call of ``worn.wears`` where it has one
    (``table_reading.Worn``), else ``worn.get`` of each."""
    if worn is None:
        return [_UNWORN] * len(templates)
    many = getattr(worn, "wears", None)
    if many is not None:
        return list(many(templates))
    get = worn.get
    return [get(t, _UNWORN) for t in templates]


def _unheard_open(
    templates: Sequence[str],
    taken: set[str],
    avoid: frozenset[str],
    worn: Mapping[str, Wear] | None,
    allowed: tuple[int, ...] | None = None,
) -> list[int] | None:
    """The first group :func:`_ranks` gives where it is the phrasings not ``taken`` that the table
    never heard (nothing ``avoid``-ed, a ``worn`` that knows what the table heard), found in one pass
    over ``templates``; ``None`` where the ranks are found otherwise or every open phrasing was heard.
    ``allowed``: the positions not withheld (:func:`_allowed`; ``None``: every position)."""
    heard = None if avoid else getattr(worn, "heard", None)
    if heard is None:
        return None
    if allowed is not None:
        if taken:
            return [i for i in allowed if templates[i] not in heard and templates[i] not in taken] or None
        return [i for i in allowed if templates[i] not in heard] or None
    if taken:
        return [i for i, template in enumerate(templates) if template not in heard and template not in taken] or None
    return [i for i, template in enumerate(templates) if template not in heard] or None


def _pick(
    templates: Sequence[str],
    act: Act,
    speaker: Speaker,
    rng: random.Random,
    bank: PhraseBank,
    skip: set[str] | None,
    earlier: str,
    avoid: frozenset[str],
    optional: bool,
    worn: Mapping[str, Wear] | None,
    heard: HeardText | None,
    withheld: frozenset[str] = frozenset(),
) -> str:
    """One phrasing of ``templates`` for ``act``, as :func:`voice_act` describes (``heard``: what the
    table heard, every speech of ``earlier`` included; ``None`` when nothing was said).

    The phrasings the speaker may say are those not said in ``earlier`` (nor chosen in this speech);
    of them, those not in ``avoid`` when there are any, and of those the least worn. That is the
    phrasings of the least rank (in ``avoid``, wear) that are not said in ``earlier``: the phrasings
    are ranked first (neither needs the phrasing filled), and only the ranks down to the first with
    a phrasing not said yet are looked for (:func:`_not_said`), instead of every phrasing.
    """
    taken = skip if skip is not None else set()
    count = len(templates)
    read = _phrasings(templates, bank)
    allowed = _allowed(templates, read, withheld)  # ``withheld`` counts as ``taken`` (openings are never withheld)
    fillings = _fillings(templates, act, speaker, bank, read)
    open_: list[int] | None = None
    fresh: list[int] = []
    least = _UNWORN
    unheard = _unheard_open(templates, taken, avoid, worn, allowed)
    if unheard and heard is not None:  # the least rank at once (:func:`_ranks`' first group)
        fresh = _not_said(unheard, templates, fillings, act, speaker, bank, earlier, heard, read)
    if not fresh:
        open_ = _open(count, templates, taken, allowed)
        for wear, group in _ranks(templates, open_, avoid, worn):  # the least rank first
            least = wear
            if heard is not None:
                fresh = _not_said(group, templates, fillings, act, speaker, bank, earlier, heard, read)
            else:
                fresh = group
            if fresh:
                break
    if fresh and least != _UNWORN and (act.kind == "lead" or optional):  # the game heard every phrasing
        return ""
    openings = read.openings
    if taken:
        fresh = [i for i in fresh if not openings[i] or openings[i] not in taken] or fresh
    if not fresh and (act.kind == "lead" or optional):  # left out rather than said again
        return ""
    if not fresh and open_ is None:
        open_ = _open(count, templates, taken, allowed)
    fresh = fresh or open_ or list(range(count))
    index = rng.choice(fresh)
    taken.add(templates[index])
    if openings[index]:
        taken.add(openings[index])
    return _said(fillings, index, templates, act, speaker, bank)


class _Marks(NamedTuple):
    """What a speech's acts tell about how each act is said (:func:`voice`)."""

    answered: set[str]
    """The roles its answers about a role name (a claim of one of them is not said again)."""
    voted: set[int | None]
    """The targets of its votes (an accusation of one of them is optional)."""
    told: set[int | None]
    """The seats its answers about a vote name (a vote for one of them is optional)."""
    quiet: set[int | None]
    """The seats its ``quiet`` reasons are about (a question to one of them may say so)."""


def _marks(acts: Sequence[Act]) -> _Marks:
    """:class:`_Marks` of ``acts``, in one pass."""
    marks = _Marks(set(), set(), set(), set())
    for act in acts:
        kind = act.kind
        if kind == "answer":
            if act.fact == "role" and act.role:
                marks.answered.add(act.role)
            elif act.fact == "vote":
                marks.told.add(act.other)
        elif kind == "vote":
            marks.voted.add(act.target)
        elif kind == "reason" and act.fact == "quiet":
            marks.quiet.add(act.target)
    return marks


_TICS: dict[tuple[int, str | None, frozenset[str]], tuple[PhraseBank, list[str], list[str]]] = {}


def _tics(bank: PhraseBank, persona: str | None, withheld: frozenset[str]) -> tuple[list[str], list[str]]:
    """The opening and closing tics of ``persona`` (the bank's ``default`` ones when it has none) that
    are not ``withheld``, found once per bank, persona and withheld set (never changed by the caller)."""
    key = (id(bank), persona, withheld)
    entry = _TICS.get(key)
    if entry is not None and entry[0] is bank:  # held: the bank's id is not reused
        return entry[1], entry[2]
    tics = bank.tics.get(persona or "", {}) or bank.tics.get("default", {})
    opens, closes = tics.get("open", []), tics.get("close", [])
    if withheld:
        opens, closes = [t for t in opens if t not in withheld], [t for t in closes if t not in withheld]
    if len(_TICS) >= _FILLED_MAX:
        _TICS.clear()
    _TICS[key] = (bank, opens, closes)
    return opens, closes


def voice(
    acts: Sequence[Act],
    speaker: Speaker,
    rng: random.Random,
    used: Sequence[str] = (),
    joined: str | None = None,
    *,
    avoid: frozenset[str] = frozenset(),
    lead: Act | None = None,
    close: Act | None = None,
    worn: Mapping[str, Wear] | None = None,
    spoke_before: bool = False,
) -> str:
    """The speech that says ``acts`` (in order), with a persona tic now and then.

    ``used``: speeches already said in the game; their sentences are not said again while
    the bank has another phrasing. ``joined``: ``used`` joined by ``_joined``, when the caller keeps it.
    ``avoid``: phrasings said earlier today, not used again while others remain.
    ``worn``: the phrasings said in the game and how worn each is (``repeats.templates_worn``): the
    least worn phrasing of each act is said, and an opening or closing line the game heard in
    every phrasing is left out.
    ``lead``: a ``lead`` act (its ``fact`` names the bank's ``lead.<fact>`` lines) said first;
    ``close``: one said last.
    A phrasing or tic that announces what the speech does not say («Quick summary.» before a lone
    question) is not said (``promises.unkept``; ``spoke_before``: the speaker spoke at this table before).
    """
    bank = phrase_bank(speaker.language, speaker.variant)
    parts: list[str] = []
    withheld = unkept(bank, acts, speaker.seat, led=lead is not None, spoke_before=spoke_before)
    skip: set[str] = set()  # the phrasings chosen so far; ``withheld`` ones are not said either
    earlier = (joined if joined is not None else _joined(used)) if (acts or lead or close) and used else ""
    heard = _heard(speaker, earlier) if used and (acts or lead or close) else None
    answered, voted, told, quiet = _marks(acts)
    spoken = [a for a in acts if not (a.kind == "claim" and a.role in answered)] if answered else acts  # said once
    said = [*([lead] if lead is not None else []), *spoken, *([close] if close is not None else [])]
    for act in said:  # no sentence said earlier, or twice in this speech
        optional = (act.kind == "accuse" and act.target in voted) or (act.kind == "vote" and act.target in told)
        grounded = act.kind == "ask" and act.target in quiet and rng.random() < POINTED_SHARE
        sentence = voice_act(
            act, speaker, rng, bank, used, skip, earlier, avoid, optional, grounded, worn, heard, withheld
        )
        if sentence:
            parts.append(sentence)
    if not parts:
        parts = [fill(rng.choice(bank.phrasings("pass")), Act("pass"), speaker, bank)]
    opens, closes = _tics(bank, speaker.persona, withheld)
    core = bank.joiner.join(parts)
    if opens and rng.random() < TIC_SHARE:
        parts[0] = f"{fill(rng.choice(opens), Act('tic'), speaker, bank)}{bank.joiner}{parts[0]}"
    elif closes and rng.random() < TIC_SHARE / 2:
        parts.append(fill(rng.choice(closes), Act("tic"), speaker, bank))
    text = bank.joiner.join(parts)
    if text in used:  # every phrasing was said already (a long game of questions): another opening
        defaults = [t for t in bank.tics.get("default", {}).get("open", []) if t not in withheld]
        openers = list(dict.fromkeys([*opens, *defaults]))
        for opener in rng.sample(openers, len(openers)):
            again = f"{fill(opener, Act('tic'), speaker, bank)}{bank.joiner}{core}"
            if again not in used:
                return again
    return text


def summarize(acts: Sequence[Act], speaker: Speaker, words_shown: bool = True) -> str:
    """A short line naming each act (the prompt's history shows it after the speech). Answers and
    reasons are left out: the speech's words say them, and the line is there for claims, results
    and stances. Without ``words_shown`` (the line stands for the speech), a question names what it
    asks where the bank has its line (``summary`` ``ask.vote``...)."""
    bank = phrase_bank(speaker.language, speaker.variant)
    parts: list[str] = []
    for act in acts:
        if act.kind in UNSUMMARIZED:
            continue
        keys = [act.kind] if words_shown or act.kind != "ask" else [*phrase_key(act), act.kind]
        template = next((bank.summary[key] for key in keys if key in bank.summary), None)
        if template is None:
            raise TextDataError(f"no summary line for {act.kind!r} in prompts/{speaker.language}/common/phrases.yaml")
        if act.kind == "result":
            keys = [k for k in phrase_key(act) if bank.acts.get(k)]
            if not keys:
                raise TextDataError(f"no phrasing for {' / '.join(phrase_key(act))} in {speaker.language}")
            said = fill(bank.acts[keys[0]][0], act, speaker, bank)
            head, _, tail = template.partition("{text}")
            parts.append(fill(head, act, speaker, bank) + said + fill(tail, act, speaker, bank))
        else:
            parts.append(fill(template, act, speaker, bank))
    return SUMMARY_JOINERS.get(speaker.language, "; ").join(parts)


def acts_text(speech: object, view: object, words_shown: bool = True) -> str:
    """The summary of a ``Speech`` record's acts for a seat's prompt ("" without acts); ``words_shown``:
    see :func:`summarize`."""
    acts = getattr(speech, "acts", ())
    seat = getattr(speech, "seat", None)
    if not acts or seat is None:
        return ""
    names = tuple(getattr(view, "names", ()))
    speaker = Speaker(
        seat=seat,
        names=names,
        language=str(getattr(view, "language", "en")),
        variant=str(getattr(view, "variant", "")),
    )
    try:
        return summarize(acts, speaker, words_shown)
    except TextDataError:
        return ""
