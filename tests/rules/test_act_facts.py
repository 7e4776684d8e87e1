"""Each ruleset and each role unit declares the results its roles report in a speech; legality asks
the ruleset (its roles, its results, its center cards), never compares ruleset names."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from llm_werewolf.rules import Act, IllegalAct, RoleInfo, all_rulesets, get_ruleset
from llm_werewolf.rules.act_legality import check_acts
from llm_werewolf.rules.act_vocabulary import ROLE, Fact, vocabulary
from llm_werewolf.rules.units import RoleUnit, UnitError, facts_with_units

ONE_NIGHT_DECK = ["werewolf", "werewolf", "seer", "apprentice_seer", "robber", "villager", "villager", "villager"]


def test_the_apprentice_seer_reports_the_center_card_she_viewed() -> None:
    acts = (Act("claim", role="apprentice_seer"), Act("result", target=1, fact="saw_center", value="werewolf"))
    check_acts("one_night", acts, speaker=0, alive=[True] * 5, deck=ONE_NIGHT_DECK, center=3)
    assert "apprentice_seer" in vocabulary("one_night").fact("saw_center").roles  # type: ignore[union-attr]


def test_the_apprentice_seer_names_no_player_card() -> None:
    acts = (Act("claim", role="apprentice_seer"), Act("result", target=1, fact="saw_role", value="werewolf"))
    with pytest.raises(IllegalAct, match="a apprentice_seer cannot report 'saw_role'"):
        check_acts("one_night", acts, speaker=0, alive=[True] * 5, deck=ONE_NIGHT_DECK, center=3)


def test_only_a_ruleset_with_center_cards_lets_a_result_name_one() -> None:
    assert [r.id for r in all_rulesets() if r.center_cards] == ["one_night"]
    acts = (Act("result", target=3, fact="saw_center", value="seer"),)
    with pytest.raises(IllegalAct, match="center card 4 does not exist"):
        check_acts("one_night", acts, speaker=0, alive=[True] * 5, deck=ONE_NIGHT_DECK, center=3)


def test_every_ruleset_reads_its_results_from_its_class() -> None:
    for ruleset in all_rulesets():
        found = vocabulary(ruleset.id)
        assert found is get_ruleset(ruleset.id).act_vocabulary
        assert found.facts == ruleset.speech_facts and found.bad_roles == ruleset.bad_roles
    assert vocabulary("no_such_ruleset").facts == ()


@dataclass(frozen=True)
class _Unit(RoleUnit):
    pass


def _unit(role: str, *facts: Fact) -> _Unit:
    return _Unit(RoleInfo(role, "village"), facts=facts)


BASE = (
    Fact("saw_center", ("seer",), ROLE, target="center", info="center_role"),
    Fact("robbed", ("robber",), ROLE, decisions=("robber_swap",)),
)


def test_a_units_result_joins_the_one_the_ruleset_declares_or_comes_last() -> None:
    merged = facts_with_units(
        BASE,
        [
            _unit("apprentice", Fact("saw_center", ("apprentice",), ROLE, target="center", info="center_role")),
            _unit("tracker", Fact("tracked", ("tracker",), other=True, decisions=("track",))),
        ],
    )
    assert [f.id for f in merged] == ["saw_center", "robbed", "tracked"]
    assert merged[0].roles == ("seer", "apprentice")
    assert merged[1] == BASE[1]


def test_a_units_result_of_another_shape_stops_the_import() -> None:
    odd = _unit("apprentice", Fact("saw_center", ("apprentice",), ROLE, target="seat", info="center_role"))
    with pytest.raises(UnitError, match="'apprentice' declares result 'saw_center' with another shape"):
        facts_with_units(BASE, [odd])
