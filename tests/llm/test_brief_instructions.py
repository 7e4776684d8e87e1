"""Short decision instructions (``briefs`` in ``prompts/<lang>/<variant>/decisions.yaml``) for profiles that ask for
them: every brief renders, is shorter than its kind's full instruction, and shortens the local profile's decision
line; profiles that do not ask keep the full instruction."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from llm_werewolf.llm.profiles import get_profile
from llm_werewolf.prompting.packs import search_roots
from llm_werewolf.prompting.render import Phrasebook, SeatPrompter
from llm_werewolf.rules import get_ruleset

from .support import sample_decision, sample_view
from .test_templates import PLAYABLE

ROOTS = search_roots()
EVERY_KIND = (("chinese_werewolf", "zh-Hant"), ("chinese_werewolf", "en"))
"""Packs whose every decision kind has a brief."""


def _context(variant: str, language: str, kind: str) -> dict[str, Any]:
    """A prompt's own context for ``kind`` (what the brief and the full instruction render from)."""
    ruleset = get_ruleset(variant)
    roles = list(ruleset.roles)
    view = sample_view(variant, language, roles, roles[0])
    prompter = SeatPrompter(language=language, variant=variant, seat=0, profile=get_profile("local"))
    captured: dict[str, Any] = {}
    book = prompter.book
    real = book.instruction

    def spy(kind: str, context: Mapping[str, Any], brief: bool = False) -> str:
        captured.update(context)
        return real(kind, context, brief)

    book.instruction = spy  # type: ignore[method-assign]
    prompter.prompt(view, sample_decision(kind, speech=False))
    return captured


@pytest.mark.parametrize(("variant", "language"), [(v, lang) for v, lang, _ in PLAYABLE])
def test_every_brief_renders_shorter_than_its_full_instruction(variant: str, language: str) -> None:
    book = Phrasebook(ROOTS, language, variant)
    briefs = book.variant_data.get("briefs") or {}
    kinds = set(get_ruleset(variant).decision_kinds)
    assert set(briefs) <= kinds, f"briefs for kinds the ruleset has not: {sorted(set(briefs) - kinds)}"
    for kind in briefs:
        context = _context(variant, language, kind)
        brief = book.instruction(kind, context, brief=True)
        full = book.instruction(kind, context)
        assert brief and "{{" not in brief and "{%" not in brief, (variant, language, kind, brief)
        assert len(brief) < len(full), (variant, language, kind, brief, full)


@pytest.mark.parametrize(("variant", "language"), EVERY_KIND)
def test_the_reference_ruleset_has_a_brief_for_every_decision_kind(variant: str, language: str) -> None:
    briefs = Phrasebook(ROOTS, language, variant).variant_data.get("briefs") or {}
    assert sorted(briefs) == sorted(get_ruleset(variant).decision_kinds)


@pytest.mark.parametrize(("variant", "language"), EVERY_KIND)
@pytest.mark.parametrize("kind", ["speech", "exile_vote", "wolf_kill", "seer_check"])
def test_the_local_profile_s_decision_line_is_the_brief_and_shorter(variant: str, language: str, kind: str) -> None:
    roles = list(get_ruleset(variant).roles)
    view = sample_view(variant, language, roles, roles[0])
    local = get_profile("local")
    assert local.brief_instructions
    speech = kind == "speech"
    brief = SeatPrompter(language=language, variant=variant, seat=0, profile=local).prompt(
        view, sample_decision(kind, speech=speech)
    )
    full = SeatPrompter(
        language=language, variant=variant, seat=0, profile=local.with_overrides(brief_instructions=False)
    ).prompt(view, sample_decision(kind, speech=speech))
    book = Phrasebook(ROOTS, language, variant)
    context = _context(variant, language, kind)
    assert book.instruction(kind, context, brief=True) in brief.text()
    assert book.instruction(kind, context) not in brief.text()
    assert book.instruction(kind, context) in full.text()
    assert len(brief.text()) < len(full.text())


def test_profiles_that_do_not_ask_keep_the_full_instruction() -> None:
    variant, language = "chinese_werewolf", "zh-Hant"
    roles = list(get_ruleset(variant).roles)
    view = sample_view(variant, language, roles, roles[0])
    openai = get_profile("openai")
    assert not openai.brief_instructions
    prompt = SeatPrompter(language=language, variant=variant, seat=0, profile=openai).prompt(
        view, sample_decision("exile_vote", speech=False)
    )
    book = Phrasebook(ROOTS, language, variant)
    context = _context(variant, language, "exile_vote")
    assert book.instruction("exile_vote", context) in prompt.text()
    assert book.instruction("exile_vote", context, brief=True) not in prompt.text()
