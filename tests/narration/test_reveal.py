"""No role given away: the public narration of random games, in every ruleset, switch and language, never
names or implies a card the table was not shown (llm_werewolf.narration.reveal; bench/narration.py runs it
on 200 games per ruleset and language)."""

from __future__ import annotations

import pytest

from llm_werewolf.narration.reveal import RevealCheck, narrated, reveals
from llm_werewolf.rules.events import DeathsAnnounced, Died

from .support import RULESETS, languages, random_game

CASES = [(variant, language) for variant in RULESETS for language in languages(variant)]
GAMES = 20


@pytest.mark.parametrize(("variant", "language"), CASES)
def test_no_line_of_random_games_gives_a_card_away(variant: str, language: str) -> None:
    lines = 0
    for seed in range(GAMES):
        game = random_game(variant, seed, language)
        found = reveals(game, language, seed=seed)
        assert not found, f"{variant}/{language} seed {seed}: " + "; ".join(map(str, found))
        lines += len(narrated(game, language, seed=seed))
    assert lines > GAMES * 10


def test_leaving_with_the_putana_is_read_as_telling_who_the_putana_was() -> None:
    """The line the city_mafia pack used to say for a night of several victims: it named the Putana's client
    as leaving "with the Putana", so the other victim named in the line was the Putana."""
    told = 0
    for seed in range(200):
        game = random_game("city_mafia", seed, "ru")
        check = RevealCheck("city_mafia", "ru", game.config.names)
        cause_of: dict[int, str] = {}  # the true causes (god records): the announcement names none
        for record in game.records:
            event = record.event
            if isinstance(event, Died):
                cause_of[event.seat] = event.cause
            if not isinstance(event, DeathsAnnounced) or record.vis.scope != "public":
                continue
            causes = [cause_of.get(d.seat) for d in event.deaths]
            if "putana_client" not in causes or "mafia" not in causes:
                continue
            shot = next(d.seat for d in event.deaths if cause_of.get(d.seat) == "mafia")
            client = next(d.seat for d in event.deaths if cause_of.get(d.seat) == "putana_client")
            label = check.labeller.seat_label
            old = f"Этой ночью в городе 2 жертвы. Первый выстрел — мафии: {label(shot)}. "
            old += f"Вместе с Путаной игру покидает {label(client)}."
            found = check.lines(game, [(record, "deaths.morning.many", old)])
            if game.state.seats[shot].role == "putana":
                assert any(r.seat == shot and r.role == "putana" for r in found), old
                told += 1
    assert told >= 1
