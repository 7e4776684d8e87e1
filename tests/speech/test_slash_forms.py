"""No slash forms («את/ה», «טוען/ת», «пошёл/пошла») in any player-facing text of a gendered language,
and the Hebrew prompt addresses a seat in its own gender."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from llm_werewolf.llm.profiles import get_profile
from llm_werewolf.prompting.personas import Persona
from llm_werewolf.prompting.render import SeatPrompter
from llm_werewolf.speech.phrases import phrase_bank
from llm_werewolf.texts import data_root

from .helpers import game_at_speech

SCRIPTS = {
    "he": "\u0590-\u05ff",
    "ar": "\u0600-\u06ff\u0750-\u077f",
    "ar-LB": "\u0600-\u06ff\u0750-\u077f",
    "ru": "\u0400-\u04ff",
}
JINJA_COMMENT = re.compile(r"\{#.*?#\}", re.S)
JINJA_TAG = re.compile(r"\{%.*?%\}", re.S)


def _strings(data: object) -> list[str]:
    if isinstance(data, dict):
        return [s for value in data.values() for s in _strings(value)]
    if isinstance(data, list):
        return [s for value in data for s in _strings(value)]
    return [data] if isinstance(data, str) else []


def player_texts(language: str) -> list[tuple[Path, str]]:
    """Every text of a language's prompt pack and personas: YAML values, templates without Jinja comments and tags."""
    found: list[tuple[Path, str]] = []
    paths = sorted((data_root("prompts") / language).rglob("*"))
    paths.append(data_root("personas") / f"{language}.yaml")
    for path in paths:
        if path.suffix in (".yaml", ".yml"):
            found += [(path, text) for text in _strings(yaml.safe_load(path.read_text(encoding="utf-8")))]
        elif path.suffix == ".j2":
            text = JINJA_TAG.sub("", JINJA_COMMENT.sub("", path.read_text(encoding="utf-8")))
            found += [(path, line) for line in text.splitlines()]
    return found


@pytest.mark.parametrize("language", sorted(SCRIPTS))
def test_no_slash_forms_in_player_text(language: str) -> None:
    letters = SCRIPTS[language]
    slash = re.compile(rf"[{letters}]\s?/\s?[{letters}]")
    texts = player_texts(language)
    assert len(texts) > 100, language  # the scan reads the whole pack
    root = data_root("prompts").parent
    offenders = [f"{path.relative_to(root)}: {found[0]}" for path, text in texts if (found := slash.search(text))]
    assert not offenders, offenders


def test_the_scan_finds_a_slash_form() -> None:
    slash = re.compile(rf"[{SCRIPTS['he']}]\s?/\s?[{SCRIPTS['he']}]")
    assert slash.search("את/ה משתתף/ת במשחק")
    assert slash.search("ספר / י")
    assert not slash.search("תורך לדבר: מה ידוע לך?")


def _prompt(gender: str, profile: str) -> str:
    game, decision = game_at_speech("online_mafia", language="he")
    name = game.view(decision.seat).names[decision.seat]
    persona = Persona(id="p", name=name, language="he", temperament="שקט", style="קצר", gender=gender)
    prompter = SeatPrompter(
        language="he", variant="online_mafia", seat=decision.seat, profile=get_profile(profile), persona=persona
    )
    prompt = prompter.prompt(game.view(decision.seat), decision)
    return "\n".join((prompt.system, prompt.user, prompt.cue))


def test_the_hebrew_prompt_addresses_the_seat_in_its_own_gender() -> None:
    female, male = _prompt("female", "openai"), _prompt("male", "openai")
    assert "את שחקנית מס'" in female and "אתה שחקן" not in female
    assert "אתה שחקן מס'" in male and "את שחקנית" not in male
    # a transcript's private note states the card only, in words without gender
    assert all(
        "הקלף שלי הוא" in p and "אני שחקן" not in p for p in (_prompt("female", "local"), _prompt("male", "local"))
    )


def test_without_a_persona_the_seat_name_gives_the_gender() -> None:
    game, decision = game_at_speech("online_mafia", language="he")
    bank = phrase_bank("he", "online_mafia")
    name = game.view(decision.seat).names[decision.seat]
    prompter = SeatPrompter(language="he", variant="online_mafia", seat=decision.seat, profile=get_profile("openai"))
    user = prompter.prompt(game.view(decision.seat), decision).user
    wanted = "את שחקנית מס'" if bank.genders[name] == "female" else "אתה שחקן מס'"
    assert wanted in user


def test_a_persona_under_another_name_does_not_change_the_seat_s_gender() -> None:
    """`llm-werewolf prompts` (and a table whose persona name was taken) seats a persona under the
    seat's own name: «נועה» is addressed as a woman whatever the persona."""
    game, decision = game_at_speech("online_mafia", language="he")
    bank = phrase_bank("he", "online_mafia")
    name = game.view(decision.seat).names[decision.seat]
    other = "female" if bank.genders[name] == "male" else "male"
    persona = Persona(id="p", name="אחר", language="he", temperament="שקט", style="קצר", gender=other)
    prompter = SeatPrompter(
        language="he", variant="online_mafia", seat=decision.seat, profile=get_profile("openai"), persona=persona
    )
    user = prompter.prompt(game.view(decision.seat), decision).user
    assert ("את שחקנית מס'" if bank.genders[name] == "female" else "אתה שחקן מס'") in user
