"""Voicing fills only the phrasings it needs, and picks what filling every phrasing picked."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence

from llm_werewolf.rules import all_rulesets
from llm_werewolf.rules.acts import Act
from llm_werewolf.speech import voice as voicing
from llm_werewolf.speech.grammar import Gender
from llm_werewolf.speech.phrases import PhraseBank, phrase_bank
from llm_werewolf.speech.repeats import Wear
from llm_werewolf.speech.table_reading import Worn
from llm_werewolf.texts import TextDataError

UNWORN: Wear = (0, 0, 0)


def every_bank(seats: int) -> Iterator[tuple[str, str, PhraseBank, tuple[str, ...], str]]:
    """Every ruleset's phrase bank in each of its languages, with ``seats`` names (the bank's gendered
    names first) and the ruleset's first role: ``(variant, language, bank, names, role)``."""
    for ruleset in all_rulesets():
        for language in ruleset.languages:
            bank = phrase_bank(language, ruleset.id)
            names = tuple(list(bank.genders)[:seats]) or tuple(f"P{i}" for i in range(seats))
            yield ruleset.id, language, bank, names, next(iter(ruleset.roles))


def eager_pick(
    templates: Sequence[str],
    act: Act,
    speaker: voicing.Speaker,
    rng: random.Random,
    bank: PhraseBank,
    used: Sequence[str],
    taken: set[str],
    avoid: frozenset[str],
    optional: bool,
    worn: Mapping[str, Wear] | None,
) -> str:
    """The choice as made by filling every phrasing first, then filtering (the reference)."""
    earlier = voicing._joined(used)
    said = [voicing.fill(t, act, speaker, bank) for t in templates]
    if used:
        fresh = [i for i, s in enumerate(said) if voicing._unsaid(s, earlier) and templates[i] not in taken]
    else:
        fresh = [i for i in range(len(said)) if templates[i] not in taken]
    if avoid:
        fresh = [i for i in fresh if templates[i] not in avoid] or fresh
    if worn and fresh:
        wear = [worn.get(templates[i], UNWORN) for i in fresh]
        least = min(wear)
        if least != UNWORN and (act.kind == "lead" or optional):
            return ""
        fresh = [i for i, w in zip(fresh, wear, strict=True) if w == least]
    opening = voicing._opening
    fresh = [i for i in fresh if not opening(templates[i]) or opening(templates[i]) not in taken] or fresh
    if not fresh and (act.kind == "lead" or optional):
        return ""
    fresh = fresh or [i for i in range(len(said)) if templates[i] not in taken] or list(range(len(said)))
    index = rng.choice(fresh)
    taken.add(templates[index])
    if opening(templates[index]):
        taken.add(opening(templates[index]))
    return said[index]


def test_the_lazy_pick_is_the_eager_pick() -> None:
    """Random histories of said phrasings, wear, phrasings to avoid and phrasings taken in the speech:
    the pick and the phrasings marked taken are those of filling and checking every phrasing."""
    names = ("Anna", "Boris", "Clara", "Dmitri")
    draw = random.Random(7)
    checked = 0
    for language, variant in (("en", "online_mafia"), ("ru", "city_mafia"), ("zh-Hant", "chinese_werewolf")):
        bank = phrase_bank(language, variant)
        speaker = voicing.Speaker(seat=1, names=names, language=language, variant=variant)
        for kind in ("accuse", "defend", "vote"):
            act = Act(kind, target=2)
            templates = bank.acts[kind]
            said = [voicing.fill(t, act, speaker, bank) for t in templates]
            for round_ in range(60):
                used = ["… " + s for s in draw.sample(said, draw.randrange(len(said) + 1))]
                avoid = frozenset(draw.sample(list(templates), draw.randrange(3)))
                worn = {t: (draw.randrange(2), draw.randrange(2), draw.randrange(3)) for t in draw.sample(templates, 4)}
                skip = set(draw.sample(list(templates), draw.randrange(2)))
                optional = round_ % 3 == 0
                seed = draw.randrange(10**6)
                expected_taken = set(skip)
                expected = eager_pick(
                    templates, act, speaker, random.Random(seed), bank, used, expected_taken, avoid, optional, worn
                )
                taken = set(skip)
                got = voicing.voice_act(
                    act, speaker, random.Random(seed), bank, used, taken, None, avoid, optional, False, worn or None
                )
                assert got == expected
                assert taken == expected_taken
                checked += 1
    assert checked == 540


def test_only_the_phrasings_needed_are_filled() -> None:
    """With no speech said yet, one phrasing is filled: the one chosen."""
    bank = phrase_bank("en", "online_mafia")
    speaker = voicing.Speaker(seat=0, names=("Ann", "Bob", "Cy"), language="en", variant="online_mafia")
    act = Act("accuse", target=2, value="lazy-check")
    voicing.voice_act(act, speaker, random.Random(1), bank)
    filled = voicing._fillings(bank.acts["accuse"], act, speaker, bank).said
    assert len(filled) > 1
    assert sum(f is not None for f in filled) == 1


def test_phrasings_filled_with_remembered_words_are_filled_afresh() -> None:
    """Each placeholder's words are found once per act and reused in its other phrasings: every
    phrasing of every bank, filled that way, is what ``fill`` makes of it alone (or fails alike)."""
    checked = 0
    for variant, language, bank, names, role in every_bank(6):
        speaker = voicing.Speaker(seat=1, names=names, language=language, variant=variant)
        for key, templates in bank.acts.items():
            kind, _, fact = key.partition(".")
            act = Act(kind, target=2, other=3, role=role, fact=fact or None)
            for index, template in enumerate(templates):
                try:
                    expected: str | None = voicing.fill(template, act, speaker, bank)
                except TextDataError:
                    expected = None
                fillings = voicing._fillings(templates, act, speaker, bank)
                try:
                    got: str | None = voicing._said(fillings, index, templates, act, speaker, bank)
                except TextDataError:
                    got = None
                assert got == expected, (language, key, template)
                checked += expected is not None
    assert checked > 1000


def test_a_phrasing_known_as_one_sentence_unfilled_is_one_sentence_filled() -> None:
    """Whether a phrasing is one sentence, told from its template and its act's words without filling
    it, is what the sentences of the filled phrasing say; names that end a sentence («Dr. Ray»)
    included."""
    told_unfilled = 0
    checked = 0
    for variant, language, bank, names, role in every_bank(4):
        for target in (2, 3):
            speaker = voicing.Speaker(seat=1, names=(*names[:3], "Dr. Ray"), language=language, variant=variant)
            for key, templates in bank.acts.items():
                kind, _, fact = key.partition(".")
                act = Act(kind, target=target, other=2, role=role, fact=fact or None)
                for index, template in enumerate(templates):
                    try:
                        expected = len(voicing._sentences(voicing.fill(template, act, speaker, bank))) < 2
                    except TextDataError:
                        continue
                    fillings = voicing._unfilled(len(templates))
                    got = voicing._one_sentence(index, templates, fillings, act, speaker, bank)
                    assert got == expected, (language, key, template, target)
                    told_unfilled += fillings.said[index] is None
                    checked += 1
    assert checked > 1000
    assert told_unfilled > checked // 2


def test_seats_saying_the_same_act_share_its_fillings_only_where_the_words_are_the_same() -> None:
    """Every seat of a table, with and without a gender of its own, fills every phrasing of every
    bank for the same acts (about other seats and about itself), one after the other through the
    memo that seats share: each phrasing is what ``fill`` makes of it for that seat alone."""
    checked = 0
    for variant, language, bank, names, role in every_bank(4):
        voicing._FILLED.clear()
        for seat in range(4):
            genders: tuple[Gender | None, ...] = (None, "female")
            for gender in genders:
                speaker = voicing.Speaker(seat, names, language, variant, gender=gender)
                for target in range(4):
                    for key, templates in bank.acts.items():
                        kind, _, fact = key.partition(".")
                        act = Act(kind, target=target, other=(target + 1) % 4, role=role, fact=fact or None)
                        fillings = voicing._fillings(templates, act, speaker, bank)
                        for index, template in enumerate(templates):
                            try:
                                expected: str | None = voicing.fill(template, act, speaker, bank)
                            except TextDataError:
                                expected = None
                            try:
                                got: str | None = voicing._said(fillings, index, templates, act, speaker, bank)
                            except TextDataError:
                                got = None
                            assert got == expected, (language, key, template, seat, gender, target)
                            checked += expected is not None
    assert checked > 10000


def _table_worn(draw: random.Random, templates: Sequence[str]) -> Worn:
    """A table's running wear counts (``table_reading.Worn``) for a few of ``templates``."""
    heard = draw.sample(list(templates), draw.randrange(len(templates) + 1))
    table = Counter({t: draw.randrange(1, 4) for t in heard})
    today = Counter({t: draw.randrange(table[t] + 1) for t in heard})
    mine = Counter({t: draw.randrange(table[t] + 1) for t in heard})
    return Worn(table, today, mine)


def test_phrasings_ranked_from_the_table_s_counts_are_ranked_as_by_each_wear() -> None:
    """The ranks of phrasings read from the table's counts at once (the unheard ones first, without
    their wear) are the phrasings grouped by (avoided, wear) of each, least first."""
    draw = random.Random(11)
    bank = phrase_bank("en", "online_mafia")
    templates = bank.acts["accuse"]
    for _ in range(300):
        worn = _table_worn(draw, templates)
        assert worn.wears(templates) == [worn.get(t, UNWORN) for t in templates]
        open_ = sorted(draw.sample(range(len(templates)), draw.randrange(len(templates) + 1)))
        avoid = frozenset(draw.sample(list(templates), draw.randrange(2)))
        groups: dict[tuple[bool, Wear], list[int]] = {}
        for i in open_:
            groups.setdefault((templates[i] in avoid, worn.get(templates[i], UNWORN)), []).append(i)
        expected = [(rank[1], group) for rank, group in sorted(groups.items())]
        assert list(voicing._ranks(templates, open_, avoid, worn)) == expected


def test_the_lazy_pick_with_the_table_s_counts_is_the_eager_pick() -> None:
    """As :func:`test_the_lazy_pick_is_the_eager_pick`, with the wear read from the table's counts."""
    names = ("Anna", "Boris", "Clara", "Dmitri")
    draw = random.Random(13)
    for language, variant in (("en", "online_mafia"), ("he", "online_mafia"), ("ar-LB", "lebanese_ghouls")):
        bank = phrase_bank(language, variant)
        for kind in ("accuse", "vote", "defend"):
            act = Act(kind, target=2)
            templates = bank.acts[kind]
            for seat in (0, 1):
                speaker = voicing.Speaker(seat=seat, names=names, language=language, variant=variant)
                said = [voicing.fill(t, act, speaker, bank) for t in templates]
                for round_ in range(40):
                    used = ["… " + s for s in draw.sample(said, draw.randrange(len(said) + 1))]
                    worn = _table_worn(draw, templates)
                    skip = set(draw.sample(list(templates), draw.randrange(2)))
                    optional = round_ % 3 == 0
                    seed = draw.randrange(10**6)
                    expected_taken = set(skip)
                    rng = random.Random(seed)
                    expected = eager_pick(
                        templates, act, speaker, rng, bank, used, expected_taken, frozenset(), optional, worn
                    )
                    taken = set(skip)
                    got = voicing.voice_act(
                        act, speaker, random.Random(seed), bank, used, taken, None, frozenset(), optional, False, worn
                    )
                    assert (got, taken) == (expected, expected_taken)


def test_the_unheard_phrasings_found_at_once_are_the_first_rank() -> None:
    """Where the phrasings the table never heard are found in one pass (``_unheard_open``), they are
    the first group of the ranks (``_ranks``), unworn; elsewhere the ranks are read in full."""
    draw = random.Random(17)
    bank = phrase_bank("en", "online_mafia")
    templates = bank.acts["accuse"]
    found = 0
    for _ in range(300):
        worn = _table_worn(draw, templates)
        taken = set(draw.sample(list(templates), draw.randrange(3)))
        avoid = frozenset(draw.sample(list(templates), draw.randrange(2)))
        open_ = [i for i, t in enumerate(templates) if t not in taken]
        first = next(voicing._ranks(templates, open_, avoid, worn), None)
        at_once = voicing._unheard_open(templates, taken, avoid, worn)
        if at_once is not None:
            assert first == (UNWORN, at_once)
            found += 1
        else:
            assert avoid or first is None or first[0] != UNWORN
    assert found > 100
