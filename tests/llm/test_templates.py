"""Every template × language × role × decision kind that exists renders under StrictUndefined."""

from __future__ import annotations

from pathlib import Path
from random import Random

import pytest

from llm_werewolf.agents.heuristic import HeuristicAgent
from llm_werewolf.llm.profiles import get_profile
from llm_werewolf.prompting.packs import (
    COMMON_TEMPLATES,
    MissingPromptFile,
    find_common,
    find_file,
    has_pack,
    require_pack,
    search_roots,
)
from llm_werewolf.prompting.render import SeatPrompter
from llm_werewolf.rules import Game, GameConfig, ViewBuilder, all_rulesets, get_ruleset
from llm_werewolf.texts import LANGUAGES

from .support import NAMES, TOY_PACK, sample_decision, sample_view

ROOTS = search_roots()
PROFILES = ("openai", "local")


def _declared() -> list[tuple[str, str]]:
    """Every (ruleset, language) a registered ruleset says it is played in: each must have prompts."""
    return [
        (ruleset.id, language) for ruleset in all_rulesets() if ruleset.id != "toy" for language in ruleset.languages
    ]


def _packs() -> list[tuple[str, str, tuple[str, ...]]]:
    declared = [(variant, language, ()) for variant, language in _declared()]
    extra = [
        (ruleset.id, language, ())
        for ruleset in all_rulesets()
        if ruleset.id != "toy"
        for language in LANGUAGES
        if language not in ruleset.languages and has_pack(ROOTS, language, ruleset.id)
    ]
    # The test ruleset "toy" has a small pack in every language: it exercises each shared layer.
    return [*declared, *extra, *(("toy", language, TOY_PACK) for language in LANGUAGES)]


DECLARED = _declared()
PACKS = _packs()
"""Declared packs are listed whether they exist or not, so a missing one fails its render tests."""
PLAYABLE = [(v, lang, p) for v, lang, p in PACKS if lang in get_ruleset(v).languages]


def test_the_shared_layer_exists_in_every_language() -> None:
    for language in LANGUAGES:
        for name in COMMON_TEMPLATES:
            assert find_common(ROOTS, language, name) is not None, f"{language}/common/{name}"
        assert find_file(ROOTS, f"{language}/common/decisions.yaml") is not None, f"{language}/common/decisions.yaml"


@pytest.mark.parametrize(("variant", "language"), DECLARED)
def test_every_declared_language_of_a_ruleset_has_its_prompt_pack(variant: str, language: str) -> None:
    assert has_pack(ROOTS, language, variant), f"the {variant} ruleset is played in {language} but has no prompts"
    require_pack(ROOTS, language, variant)  # rules.j2 and the kinds of decisions.yaml, or one error naming the file
    for name in COMMON_TEMPLATES:
        assert find_common(ROOTS, language, name) is not None, f"{language}/common/{name}"


@pytest.mark.parametrize(("variant", "language"), DECLARED)
def test_the_narrator_prompt_renders_for_every_declared_language(variant: str, language: str) -> None:
    """The llm narrator's template (``<lang>/common/narrator.j2``) renders for real moments of a game."""
    import asyncio

    from llm_werewolf.llm import FakeBackend
    from llm_werewolf.narration.llm import LLMNarrator
    from llm_werewolf.sim import random_policy, run_sync

    ruleset = get_ruleset(variant)
    players = max(ruleset.min_players, min(8, ruleset.max_players))
    names = tuple(f"{NAMES[i % len(NAMES)]}{i}" for i in range(players))
    game = run_sync(Game(GameConfig(variant=variant, names=names, seed=1, language=language)), random_policy(Random(1)))
    backend = FakeBackend()
    narrator = LLMNarrator(variant, language, names, backend)
    asyncio.run(narrator.narrate(game.records))
    assert backend.requests, "nothing was narrated"
    assert all(r.system and r.user and r.language == language for r in backend.requests)


def test_the_reference_ruleset_has_prompts_in_its_language_and_english() -> None:
    assert ("chinese_werewolf", "zh-Hant") in DECLARED and ("chinese_werewolf", "en") in DECLARED
    assert has_pack(ROOTS, "zh-Hant", "chinese_werewolf") and has_pack(ROOTS, "en", "chinese_werewolf")


@pytest.mark.parametrize(("variant", "language", "packs"), PACKS)
def test_every_role_and_decision_kind_renders(variant: str, language: str, packs: tuple[str, ...]) -> None:
    ruleset = get_ruleset(variant)
    roles = list(ruleset.roles)
    for profile_name in PROFILES:
        profile = get_profile(profile_name)
        for role in roles:
            view = sample_view(variant, language, roles, role)
            prompter = SeatPrompter(language=language, variant=variant, seat=0, profile=profile, packs=packs)
            for kind in ruleset.decision_kinds:
                for speech in (False, True):
                    prompt = prompter.prompt(view, sample_decision(kind, speech=speech), error="bad", attempt=1)
                    text = prompt.text()
                    assert view.names[1] in text
                    assert len(prompt.labels) == 5
                    if profile.style == "chat":
                        assert prompt.schema is not None
                        assert prompt.mode == "json"
                    else:
                        assert prompt.mode == ("text" if speech else "pick")
                        assert prompt.cue
            switched = prompter.prompt(view, sample_decision(kind, speech=True), switch_language=True)
            assert switched.text() != prompter.prompt(view, sample_decision(kind, speech=True)).text()


@pytest.mark.parametrize(("variant", "language", "packs"), PLAYABLE)
def test_real_games_render_at_every_decision(variant: str, language: str, packs: tuple[str, ...]) -> None:
    """Heuristic games: every decision of every seat renders from the records the rules really emit."""
    ruleset = get_ruleset(variant)
    players = max(ruleset.min_players, min(8, ruleset.max_players))
    seen: set[str] = set()
    for seed in range(3):
        names = tuple(f"{NAMES[i % len(NAMES)]}{i}" for i in range(players))
        game = Game(GameConfig(variant=variant, names=names, seed=seed, language=language))
        builders = [ViewBuilder(i) for i in range(players)]
        prompters = {
            (seat, name): SeatPrompter(
                language=language, variant=variant, seat=seat, profile=get_profile(name), packs=packs
            )
            for seat in range(players)
            for name in PROFILES
        }
        heuristic = HeuristicAgent(seed)
        published = 0
        while not game.over:
            for builder in builders:
                builder.extend(game.records[published:])
            published = len(game.records)
            for decision in game.pending:
                view = builders[decision.seat].view()
                for name in PROFILES:
                    prompt = prompters[(decision.seat, name)].prompt(view, decision)
                    assert prompt.labels and len(prompt.labels) == len(decision.options)
                seen.add(decision.kind)
                game.submit(decision.id, heuristic.choose(view, decision))
    assert seen, "no decision was asked"


def test_a_missing_ruleset_pack_is_one_clear_error_naming_the_file(tmp_path: Path) -> None:
    missing = [(r.id, lang) for r in all_rulesets() for lang in LANGUAGES if not has_pack(ROOTS, lang, r.id)]
    assert missing, "every ruleset has every language: pick another example"
    variant, language = missing[0]
    with pytest.raises(MissingPromptFile, match=rf"prompts/{language}/{variant}/(rules\.j2|decisions\.yaml)"):
        require_pack(ROOTS, language, variant)


def test_a_user_pack_overrides_one_template(tmp_path: Path) -> None:
    (tmp_path / "en" / "toy").mkdir(parents=True)
    (tmp_path / "en" / "toy" / "rules.j2").write_text("CUSTOM RULES {{ roles.wolf }}", encoding="utf-8")
    prompter = SeatPrompter(
        language="en", variant="toy", seat=0, profile=get_profile("openai"), packs=(str(tmp_path), *TOY_PACK)
    )
    view = sample_view("toy", "en", ["wolf", "seer", "villager"], "seer")
    text = prompter.prompt(view, sample_decision("exile_vote", speech=False)).text()
    assert "CUSTOM RULES Wolf" in text
    assert "Rules of the toy game" not in text


def test_user_packs_render_sandboxed(tmp_path: Path) -> None:
    (tmp_path / "en" / "toy").mkdir(parents=True)
    (tmp_path / "en" / "toy" / "rules.j2").write_text(
        "{{ roles.__class__.__mro__[1].__subclasses__() }}", encoding="utf-8"
    )
    prompter = SeatPrompter(
        language="en", variant="toy", seat=0, profile=get_profile("openai"), packs=(str(tmp_path), *TOY_PACK)
    )
    view = sample_view("toy", "en", ["wolf", "seer", "villager"], "seer")
    from llm_werewolf.prompting.render import PromptError

    with pytest.raises(PromptError, match=r"SecurityError|UndefinedError"):
        prompter.prompt(view, sample_decision("exile_vote", speech=False))
