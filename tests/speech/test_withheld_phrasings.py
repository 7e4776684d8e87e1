"""Phrasings a speech withholds (``promises.unkept``) are left out as if already chosen in it: the
positions kept per list and withheld set (``voice._allowed``) are those a fresh filter keeps, and
voicing with ``withheld`` says what voicing with those phrasings in ``skip`` says."""

from __future__ import annotations

import itertools
import random
from collections import Counter

from llm_werewolf.rules import all_rulesets
from llm_werewolf.rules.acts import Act
from llm_werewolf.speech import voice as voicing
from llm_werewolf.speech.phrases import PhraseBank, phrase_bank
from llm_werewolf.speech.promises import _by_phrasing
from llm_werewolf.speech.table_reading import Worn


def _withheld_sets(bank: PhraseBank) -> list[frozenset[str]]:
    """The withheld sets of every combination of kept promises of ``bank`` (a few hundred at most)."""
    tagged = _by_phrasing(bank)
    return [tagged.unkept_lines(kept) for kept in itertools.product((False, True), repeat=len(tagged.promises))]


def _lists(bank: PhraseBank) -> list[list[str]]:
    lists = [list(templates) for templates in bank.acts.values()]
    return [*lists, *(list(t) for tics in bank.tics.values() for t in tics.values())]


def test_allowed_positions_are_those_not_withheld_in_every_bank() -> None:
    checked = 0
    for ruleset in all_rulesets():
        for language in ruleset.languages:
            bank = phrase_bank(language, ruleset.id)
            tagged = {line for lines in bank.promises.values() for line in lines}
            for templates in bank.acts.values():
                read = voicing._phrasings(templates, bank)
                assert read.promising == any(t in tagged for t in templates)
                for withheld in _withheld_sets(bank):
                    expected = (
                        None
                        if withheld.isdisjoint(templates)
                        else tuple(i for i, t in enumerate(templates) if t not in withheld)
                    )
                    assert voicing._allowed(templates, read, withheld) == expected
                    assert voicing._allowed(templates, read, withheld) == expected  # from the memo
                    checked += expected is not None
    assert checked > 100, "some lists hold withheld phrasings"


def _worn(draw: random.Random, templates: list[str]) -> Worn:
    heard = draw.sample(templates, draw.randrange(len(templates) + 1))
    table = Counter({t: draw.randrange(1, 4) for t in heard})
    return Worn(table, Counter(), Counter())


def test_voicing_with_withheld_phrasings_is_voicing_with_them_skipped() -> None:
    names = ("Anna", "Boris", "Clara", "Dmitri")
    draw = random.Random(23)
    compared = 0
    for language, variant in (("en", "city_mafia"), ("he", "online_mafia"), ("zh-Hant", "chinese_werewolf")):
        bank = phrase_bank(language, variant)
        sets = [w for w in _withheld_sets(bank) if w]
        keys = [key for key, templates in bank.acts.items() if any(t in w for w in sets for t in templates)]
        assert keys
        speaker = voicing.Speaker(seat=0, names=names, language=language, variant=variant)
        for key in keys:
            kind, _, fact = key.partition(".")
            act = Act(kind, target=2, fact=fact or None, role=next(iter(bank.roles_male), None))
            templates = list(bank.acts[key])
            for _ in range(30):
                withheld = draw.choice(sets)
                used = draw.sample(templates, draw.randrange(len(templates) + 1))
                worn = _worn(draw, templates) if draw.random() < 0.7 else None
                chosen = set(draw.sample(templates, draw.randrange(2)))
                seed = draw.randrange(10**6)
                skipped = chosen | withheld
                try:
                    expected = voicing.voice_act(act, speaker, random.Random(seed), bank, used, skipped, worn=worn)
                except Exception as error:  # an act this bank cannot fill: it must fail the same way
                    expected = type(error).__name__
                taken = set(chosen)
                try:
                    got = voicing.voice_act(
                        act, speaker, random.Random(seed), bank, used, taken, worn=worn, withheld=withheld
                    )
                except Exception as error:
                    got = type(error).__name__
                assert got == expected
                assert taken | withheld == skipped
                compared += 1
    assert compared > 100


def test_tics_kept_per_withheld_set_are_the_persona_s_tics_not_withheld() -> None:
    for language, variant in (("en", "city_mafia"), ("he", "online_mafia"), ("zh-Hant", "chinese_werewolf")):
        bank = phrase_bank(language, variant)
        for persona in (None, "nonexistent", *bank.tics):
            tics = bank.tics.get(persona or "", {}) or bank.tics.get("default", {})
            for withheld in _withheld_sets(bank):
                expected = tuple([t for t in tics.get(side, []) if t not in withheld] for side in ("open", "close"))
                assert voicing._tics(bank, persona, withheld) == expected
                assert voicing._tics(bank, persona, withheld) == expected  # from the memo
