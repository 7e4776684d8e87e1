"""The seat's card line in its prompt names the side only when the side's name says something more:
a city_mafia Mafia card is «моя карта — Мафия», not «Мафия (Мафия)» (the real prompt builder)."""

from __future__ import annotations

import random

import pytest

from llm_werewolf.llm.profiles import get_profile
from llm_werewolf.prompting.render import SeatPrompter
from llm_werewolf.rules import Choice, Game, GameConfig
from llm_werewolf.texts import default_names

SEATS = {"city_mafia": 10, "online_mafia": 12, "one_night": 6}
DECKS = {
    "one_night": ("werewolf", "werewolf", "seer", "robber", "troublemaker", "tanner", "villager", "villager", "drunk")
}
"""A deck dealt where the standard table may lack the role (one_night deals three cards to the center)."""


def card_line(variant: str, language: str, role: str, profile: str) -> str:
    """The line of the prompt that states the seat's card, at the first decision of a seat dealt ``role``."""
    names = default_names(language, SEATS[variant])
    game = Game(GameConfig(variant=variant, names=names, seed=1, language=language, deck=DECKS.get(variant)))
    rng = random.Random(1)
    while game.pending:
        for decision in game.pending:
            view = game.view(decision.seat)
            if view.role == role:
                seat = decision.seat
                prompter = SeatPrompter(language=language, variant=variant, seat=seat, profile=get_profile(profile))
                lines = prompter.prompt(view, decision).user.splitlines()
                card = prompter.book.role_name(role)
                return next(line for line in lines if view.names[seat] in line and card in line)
        decision = game.pending[0]
        game.submit(decision.id, Choice(decision.options[rng.randrange(len(decision.options))].id))
    raise AssertionError(f"no decision of a {role} seat")


@pytest.mark.parametrize(
    ("variant", "language", "role", "said"),
    [
        ("city_mafia", "ru", "mafia", "моя карта — Мафия."),
        ("city_mafia", "en", "mafia", "my card is Mafia."),
        ("online_mafia", "he", "serial_killer", "הקלף שלי הוא רוצח סדרתי."),
        ("one_night", "ar", "tanner", "بطاقتي الدبّاغ."),
    ],
)
def test_a_card_named_like_its_side_is_named_once_in_the_local_note(
    variant: str, language: str, role: str, said: str
) -> None:
    line = card_line(variant, language, role, "local")
    assert line.endswith(said), line


def test_a_card_with_a_side_of_another_name_keeps_the_side() -> None:
    assert card_line("city_mafia", "ru", "citizen", "local").endswith("моя карта — Мирный житель (Мирные жители).")


def test_the_chat_prompt_names_the_card_once_too() -> None:
    assert card_line("city_mafia", "ru", "mafia", "openai").endswith("Ваша карта: Мафия.")
