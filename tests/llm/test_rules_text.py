"""The rules each player reads are the rules of the table: the dealt deck and the switches as set.

Random tables for every ruleset × language: random switch values (derived from each ruleset's options
model, so a new switch is drawn as soon as it exists) and random decks (the standard board for a random
player count, or a random custom deck the ruleset accepts). For each, the rules text a seat reads must

* name no role that is not in the deck (role names from ``terms.yaml``);
* state every switch that matters for this deck with the sentence of its value (``rules.yaml``), and no
  sentence of any other value;
* state nothing about a switch whose roles are not dealt.

Every switch of every options model is either stated (``rules.yaml``) or listed, with a reason, as
deliberately untold (:data:`llm_werewolf.prompting.rules_text.UNTOLD`).
"""

from __future__ import annotations

import random
import re
import types
import typing
from collections.abc import Iterator
from typing import Any, Literal

import pytest
from annotated_types import Ge, Le
from pydantic.fields import FieldInfo

from llm_werewolf import texts
from llm_werewolf.llm.profiles import get_profile
from llm_werewolf.prompting.packs import search_roots
from llm_werewolf.prompting.render import SeatPrompter
from llm_werewolf.prompting.rules_text import (
    applies,
    render_sentence,
    sentence_source,
    switch_entries,
    untold,
    value_key,
)
from llm_werewolf.rules import Game, GameConfig, Ruleset, SeatView, all_rulesets, build_view, get_ruleset
from llm_werewolf.rules.errors import RulesError

ROOTS = search_roots()
PAIRS = [(r.id, lang) for r in all_rulesets() if r.id != "toy" for lang in r.languages]
TABLES = 24

TEAM_WORDS: dict[tuple[str, str], tuple[str, ...]] = {
    # Words that name the game or a whole team and are also a role's name: not a mention of that card.
    ("one_night", "en"): ("One Night Ultimate Werewolf",),
    ("one_night", "ar"): ("المستذئب في ليلة واحدة",),
    ("city_mafia", "en"): ("Mafia",),
    ("city_mafia", "ru"): ("Мафия", "Мафии", "мафия", "мафии"),
}


# -- switch values, from the options model ------------------------------------------------------
def candidates(name: str, info: FieldInfo) -> list[Any]:
    """A few values of one switch: every value of an enum or bool, bounds and a middle for numbers."""
    annotation = info.annotation
    origin = typing.get_origin(annotation)
    args = typing.get_args(annotation)
    if annotation is bool:
        return [True, False]
    if origin is Literal:
        return list(args)
    if origin in (types.UnionType, typing.Union) and set(args) == {bool, type(None)}:
        return [True, False, None]
    low: Any = next((m.ge for m in info.metadata if isinstance(m, Ge)), None)
    high: Any = next((m.le for m in info.metadata if isinstance(m, Le)), None)
    if annotation is float:
        return [0.0, 0.25, 1.0] if (low, high) == (0.0, 1.0) else [low, high]
    if annotation is int:
        assert low is not None and high is not None, f"{name}: an int switch without bounds"
        return sorted({int(low), int(low) + 1, min(int(low) + 2, int(high)), int(high)})
    if origin is tuple and args and typing.get_origin(args[0]) is Literal:
        items = list(typing.get_args(args[0]))
        return [(), *((item,) for item in items), tuple(items[:2]), tuple(items)]
    raise AssertionError(f"switch {name}: no value generator for {annotation!r}: teach candidates() this type")


def switch_values(ruleset: Ruleset[Any, Any]) -> dict[str, list[Any]]:
    model = ruleset.options_model
    return {name: candidates(name, info) for name, info in model.model_fields.items()}


def random_options(ruleset: Ruleset[Any, Any], rng: random.Random) -> dict[str, Any]:
    values = switch_values(ruleset)
    untouched = {"max_days", "max_speech_chars"}
    return {name: rng.choice(choices) for name, choices in values.items() if name not in untouched}


def random_deck(ruleset: Ruleset[Any, Any], players: int, options: Any, rng: random.Random) -> tuple[str, ...] | None:
    """A random custom deck the ruleset accepts (cards for the seats plus any extra cards), or None."""
    roles = list(ruleset.roles)
    base = ruleset.standard_deck(players, options)
    for _ in range(60):
        deck = list(base)
        for _ in range(rng.randint(1, 4)):
            deck[rng.randrange(len(deck))] = rng.choice(roles)
        extra = ruleset.extra_cards(deck, options)
        if extra and len(deck) == players:
            deck += [rng.choice(roles) for _ in range(extra)]
        try:
            ruleset.check_deck(tuple(deck), players, options)
        except RulesError:
            continue
        return tuple(deck)
    return None


def tables(variant: str, language: str) -> Iterator[tuple[SeatView, dict[str, Any]]]:
    """Random tables: (seat 0's view at the start, the options given)."""
    ruleset = get_ruleset(variant)
    rng = random.Random(f"{variant}/{language}")
    made = custom = 0
    while made < TABLES:
        options = random_options(ruleset, rng)
        players = rng.randint(max(ruleset.min_players, 5), min(ruleset.max_players, 14))
        try:
            parsed = ruleset.parse_options(options)
            deck = random_deck(ruleset, players, parsed, rng) if rng.random() < 0.6 else None
            names = tuple(f"P{i + 1}" for i in range(players))
            config = GameConfig(variant=variant, names=names, seed=made, language=language, options=options, deck=deck)
            game = Game(config)
        except RulesError:
            continue
        made += 1
        custom += deck is not None
        yield build_view(game.records, 0), options
    assert custom >= TABLES // 4, "too few custom decks: the random deck generator no longer finds legal decks"


# -- matching role names ------------------------------------------------------------------------
def name_pattern(name: str, language: str) -> re.Pattern[str]:
    escaped = re.escape(name)
    if language == "zh-Hant":
        return re.compile(escaped)
    if language in ("ar", "ar-LB"):
        return re.compile(rf"(?<!\w)(?:[وفبلك]|لـ)?{escaped}(?!\w)")
    if language == "he":
        return re.compile(rf"(?<!\w)[והבלמשכ]{{0,3}}{escaped}(?!\w)")
    if language == "ru" and len(name) > 4 and name[-1] in "аяьйо":
        escaped = re.escape(name[:-1])
    return re.compile(rf"(?<!\w){escaped}")


def named_roles(text: str, variant: str, language: str) -> set[str]:
    terms = texts.terms(language, variant)  # the ruleset's terms and its role files (an added role's name)
    names: dict[str, str] = {role: str(terms["roles"][role]) for role in get_ruleset(variant).roles}
    for word in TEAM_WORDS.get((variant, language), ()):
        text = text.replace(word, " ")
    found: set[str] = set()
    # Longer names first, each blanked once found, so "Mystic Wolf" never counts as a "Wolf".
    for role, name in sorted(names.items(), key=lambda item: -len(item[1])):
        pattern = name_pattern(name, language)
        if pattern.search(text):
            found.add(role)
            text = pattern.sub(" ", text)
    return found


def prompter(variant: str, language: str) -> SeatPrompter:
    return SeatPrompter(language=language, variant=variant, seat=0, profile=get_profile("openai"))


# -- the tests ----------------------------------------------------------------------------------
@pytest.mark.parametrize(("variant", "language"), PAIRS)
def test_every_switch_is_stated_or_deliberately_untold(variant: str, language: str) -> None:
    fields = set(get_ruleset(variant).options_model.model_fields)
    stated = set(switch_entries(ROOTS, language, variant))
    left_out = set(untold(variant))
    assert not stated & left_out, f"both stated and untold: {sorted(stated & left_out)}"
    assert stated | left_out == fields, (
        f"prompts/{language}/{variant}/rules.yaml: switches neither stated nor listed as untold: "
        f"{sorted(fields - stated - left_out)}; unknown: {sorted((stated | left_out) - fields)}"
    )


@pytest.mark.parametrize(("variant", "language"), PAIRS)
def test_the_rules_text_names_only_dealt_roles(variant: str, language: str) -> None:
    for view, options in tables(variant, language):
        text = prompter(variant, language).rules(view)
        absent = named_roles(text, variant, language) - set(view.deck)
        assert not absent, f"{variant}/{language}, deck {sorted(view.deck)}, {options}: names {sorted(absent)}\n{text}"


@pytest.mark.parametrize(("variant", "language"), PAIRS)
def test_every_switch_is_described_as_set(variant: str, language: str) -> None:
    ruleset = get_ruleset(variant)
    values = switch_values(ruleset)
    entries = switch_entries(ROOTS, language, variant)
    for view, _ in tables(variant, language):
        seat = prompter(variant, language)
        text = seat.rules(view)
        context = seat._static_context(view)
        rules: dict[str, Any] = context["rules"]
        for name, entry in entries.items():
            where = f"{variant}/{language} switch {name}"

            def said(value: Any, entry: Any = entry, where: str = where, context: Any = context) -> str:
                return render_sentence(ROOTS, sentence_source(entry, value), {**context, "value": value}, where)

            current = rules[name]
            if not applies(variant, name, view.deck):
                for value in values[name]:
                    sentence = said(value)
                    assert not sentence or sentence not in text, f"{where}: told although its roles are not dealt"
                continue
            mine = said(current)
            assert mine and mine in text, f"{where}={current!r}: its sentence {mine!r} is not in the rules\n{text}"
            for value in values[name]:
                other = said(value)
                if value_key(value) != value_key(current):
                    assert other != mine, f"{where}: {value!r} and {current!r} are told the same way"
                if other != mine:
                    assert other not in text, f"{where}={current!r}: the rules also state {value!r}: {other!r}"


def test_a_table_without_sheriff_hears_of_no_election() -> None:
    """The issue's table: 8 seats, 2 wolves, seer, guard, 4 villagers, sheriff off."""
    deck = ("werewolf", "werewolf", "seer", "guard", "villager", "villager", "villager", "villager")
    names = tuple(f"P{i + 1}" for i in range(8))
    for language in ("en", "zh-Hant"):
        config = GameConfig(
            variant="chinese_werewolf", names=names, language=language, deck=deck, options={"sheriff": False}
        )
        text = prompter("chinese_werewolf", language).rules(build_view(Game(config).records, 0))
        assert named_roles(text, "chinese_werewolf", language) <= {"werewolf", "seer", "guard", "villager"}
        if language == "en":
            assert "no sheriff" in text and "election" not in text
            for word in ("Thief", "Cupid", "Witch", "Little Girl", "Hunter", "lovers", "antidote"):
                assert word not in text
        else:
            assert "沒有警長" in text and "競選" not in text


def test_the_system_prompt_carries_the_rules_of_the_table() -> None:
    deck = ("werewolf", "werewolf", "seer", "guard", "villager", "villager", "villager", "villager")
    names = tuple(f"P{i + 1}" for i in range(8))
    config = GameConfig(variant="chinese_werewolf", names=names, language="en", deck=deck, options={"sheriff": False})
    game = Game(config)
    view = build_view(game.records, game.pending[0].seat)
    seat = SeatPrompter(language="en", variant="chinese_werewolf", seat=view.seat or 0, profile=get_profile("openai"))
    prompt = seat.prompt(view, game.pending[0])
    assert seat.rules(view) in prompt.system
    assert "There is no sheriff in this game." in prompt.system
