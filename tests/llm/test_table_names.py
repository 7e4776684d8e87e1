"""Model seats are called by their persona's name; the other seats take unused default names."""

from __future__ import annotations

from llm_werewolf.cli.llm_setup import table_names
from llm_werewolf.session import Session, seat_persona
from llm_werewolf.table.seating import AgentSpec


def test_model_seats_carry_their_persona_names_and_all_names_are_unique() -> None:
    specs = [AgentSpec("fake"), AgentSpec("heuristic"), AgentSpec("fake"), AgentSpec("random")] * 5
    names = table_names(Session(), "ar-LB", specs, seed=3)
    assert len(names) == 20 and len(set(names)) == 20
    for seat in (0, 2):
        persona = seat_persona("ar-LB", seat, 3)
        assert persona is not None and names[seat] == persona.name


def test_a_named_persona_gives_its_name() -> None:
    names = table_names(Session(), "ru", [AgentSpec("heuristic"), AgentSpec("fake", persona="ru-dmitry")], seed=0)
    assert names[1] == seat_persona("ru", 1, 0, "ru-dmitry").name  # type: ignore[union-attr]
