"""Finding the bank's phrasings in a text: the indexed search finds what every pattern searched in full finds."""

from __future__ import annotations

import re
from itertools import pairwise

import pytest

from llm_werewolf.agents.heuristic import HeuristicAgent
from llm_werewolf.ladder import standard_boards
from llm_werewolf.rules import GameConfig, all_rulesets
from llm_werewolf.rules.events import Speech
from llm_werewolf.sim import play_with_agents
from llm_werewolf.speech import repeats
from llm_werewolf.speech.phrases import phrase_bank


def found_by_every_pattern(language: str, variant: str, text: str) -> list[tuple[str, tuple[int, int]]]:
    """Each phrasing's pattern searched over the whole text (no index, no shortcut)."""
    out: list[tuple[str, tuple[int, int]]] = []
    for key, templates in phrase_bank(language, variant).acts.items():
        if key == "pass":
            continue
        for template in templates:
            looked_for = repeats._SLOT.search(template) and len(repeats._SLOT.sub("", template).strip()) >= 6
            if looked_for and (m := repeats.template_pattern(template).search(text)) is not None:
                out.append((template, m.span()))
    return out


def found_indexed(language: str, variant: str, text: str) -> list[tuple[str, tuple[int, int]]]:
    patterns = repeats._patterns(language, variant)
    out: list[tuple[str, tuple[int, int]]] = []
    for i in repeats._candidates(language, variant, text):
        if patterns[i].literal in text and (span := repeats._span(patterns[i], text)) is not None:
            out.append((patterns[i].template, span))
    return out


def _game_texts(variant: str, language: str, seed: int) -> list[str]:
    players = standard_boards(variant)[0]
    names = tuple(list(phrase_bank(language, variant).genders)[:players])
    if len(names) < players:
        names = tuple(f"P{i + 1}" for i in range(players))
    game = play_with_agents(
        GameConfig(variant=variant, names=names, seed=seed, language=language),
        [HeuristicAgent(seed * 1009 + i) for i in range(players)],
    )
    return [e.text for r in game.records if type(e := r.event) is Speech and e.text]


BOARDS = [(r.id, language) for r in all_rulesets() for language in r.languages]


@pytest.mark.parametrize(("variant", "language"), BOARDS)
def test_indexed_search_finds_what_every_pattern_finds_in_real_speeches(variant: str, language: str) -> None:
    texts = _game_texts(variant, language, 2)
    assert texts
    found = 0
    for text in texts:
        expected = found_by_every_pattern(language, variant, text)
        assert found_indexed(language, variant, text) == expected, text
        found += len(expected)
    assert found > 0


def test_indexed_search_on_texts_that_defeat_the_shortcut() -> None:
    """Newlines (the placeholder does not cross them), a phrasing at the very start, a name longer than a
    placeholder's 40 characters, and speeches glued together: the same phrasings at the same places."""
    language, variant = "en", "chinese_werewolf"
    texts = _game_texts(variant, language, 3)
    tricky = [
        texts[0][:1] + texts[0],
        texts[0].replace(" ", "\n", 3),
        "\n".join(texts[:3]),
        " ".join(texts[:5]),
        re.sub(r"P\d+", "Bartholomew-the-very-long-named-player-from-the-far-north", " ".join(texts[:4])),
        texts[1][5:],
    ]
    for text in tricky:
        assert found_indexed(language, variant, text) == found_by_every_pattern(language, variant, text), text


def holding_by_every_literal(language: str, variant: str, text: str) -> tuple[int, ...]:
    """The phrasings whose longest fixed text ``text`` holds, each looked for (no index)."""
    return tuple(i for i, p in enumerate(repeats._patterns(language, variant)) if p.literal in text)


BANKS = sorted({(language, r.id) for r in all_rulesets() for language in ("en", *r.languages)})


@pytest.mark.parametrize(("language", "variant"), BANKS)
def test_the_index_finds_every_fixed_text_glued_to_names(language: str, variant: str) -> None:
    """Each phrasing's fixed text said with a name glued to its first and last word, on its own, two
    glued together, across a newline: the index offers every phrasing whose fixed text is there."""
    literals = [p.literal for p in repeats._patterns(language, variant)]
    texts = [
        *(f"Zq{literal}Zq" for literal in literals),
        *literals,
        *(a + b for a, b in pairwise(literals)),
        *(f"{a}\n{b}" for a, b in zip(literals, literals[7:], strict=False)),
    ]
    for text in texts:
        assert repeats._holding(language, variant, text) == holding_by_every_literal(language, variant, text), text


@pytest.mark.parametrize(("language", "variant"), BANKS)
def test_the_index_files_each_phrasing_under_a_word_its_fixed_text_always_holds(language: str, variant: str) -> None:
    index = repeats._search_index(language, variant)
    patterns = repeats._patterns(language, variant)
    filed = sorted(
        [i for positions in index.by_word.values() for i in positions]
        + [i for positions in index.by_gram.values() for i in positions]
        + list(index.short)
    )
    assert filed == list(range(len(patterns)))  # each phrasing once
    for word, positions in index.by_word.items():
        for i in positions:
            assert word in f"Zq{patterns[i].literal}Zq".split()
    for gram, positions in index.by_gram.items():
        for i in positions:
            assert gram in patterns[i].literal
