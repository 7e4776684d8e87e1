"""Rules versions: each ruleset's recorded history of switch defaults, and the defaults of any version."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any, Literal, cast

import pytest
from pydantic import Field

from llm_werewolf.cli.commands.variants import describe_ruleset
from llm_werewolf.rules import (
    BaseOptions,
    DefaultChange,
    OptionsError,
    Ruleset,
    RulesVersion,
    all_rulesets,
    get_ruleset,
)
from llm_werewolf.rules.versions import (
    changed_defaults,
    changes_since,
    check_version,
    current_version,
    defaults_at,
    defaults_now,
    left_at_default,
)

RULESETS = [r for r in all_rulesets() if r.id != "toy"]


@pytest.mark.parametrize("ruleset", RULESETS, ids=[r.id for r in RULESETS])
def test_history_is_numbered_from_two_and_names_real_switches(ruleset: Ruleset[Any, Any]) -> None:
    assert [entry.version for entry in ruleset.history] == list(range(2, len(ruleset.history) + 2))
    latest: dict[str, Any] = {}
    for entry in ruleset.history:
        assert entry.summary
        assert entry.defaults or entry.unswitched, f"{ruleset.id} version {entry.version} records no change"
        for change in entry.defaults:
            assert change.switch in ruleset.options_model.model_fields
            assert change.before != change.after
            ruleset.parse_options({change.switch: change.before})  # a value the switch still accepts
            latest[change.switch] = change.after
    assert latest == {switch: defaults_now(ruleset)[switch] for switch in latest}


def test_chinese_werewolf_version_1_had_the_side_wipe_and_the_witch_shown_the_victim_while_she_held_the_antidote() -> (
    None
):
    ruleset = get_ruleset("chinese_werewolf")
    assert current_version(ruleset) == 2
    then = defaults_at(ruleset, 1)
    assert then["victory_mode"] == "side_wipe"
    assert then["witch_told_victim"] == "while_antidote"
    assert defaults_at(ruleset, 2) == defaults_now(ruleset)
    assert changed_defaults(ruleset, 1) == {
        "victory_mode": ("side_wipe", "all_good", (2,)),
        "witch_told_victim": ("while_antidote", "always", (2,)),
    }
    assert changed_defaults(ruleset, 2) == {}
    assert {k: v for k, v in then.items() if k not in ("victory_mode", "witch_told_victim")} == {
        k: v for k, v in defaults_now(ruleset).items() if k not in ("victory_mode", "witch_told_victim")
    }


@pytest.mark.parametrize("variant", ["city_mafia", "lebanese_ghouls", "online_mafia"])
def test_the_day_limit_change_is_recorded_as_one_no_switch_restores(variant: str) -> None:
    ruleset = get_ruleset(variant)
    (entry,) = changes_since(ruleset, 1)
    assert entry.version == 2 and not entry.defaults
    assert any("day limit" in what for what in entry.unswitched)
    assert changed_defaults(ruleset, 1) == {}


def test_one_night_is_at_its_first_version() -> None:
    ruleset = get_ruleset("one_night")
    assert current_version(ruleset) == 1
    assert defaults_at(ruleset, 1) == defaults_now(ruleset)


@pytest.mark.parametrize("version", [0, 3, 99])
def test_an_unknown_version_is_refused(version: int) -> None:
    with pytest.raises(OptionsError, match=r"chinese_werewolf has rules versions 1-2, not"):
        check_version(get_ruleset("chinese_werewolf"), version)


class _Options(BaseOptions):
    mode: Literal["a", "b", "c"] = Field("c")
    flag: bool = Field(False)


def _fake(*history: RulesVersion) -> Ruleset[Any, Any]:
    return cast(Ruleset[Any, Any], SimpleNamespace(id="fake", options_model=_Options, history=history))


def test_defaults_are_undone_newest_first() -> None:
    fake = _fake(
        RulesVersion(2, "a to b", defaults=(DefaultChange("mode", "a", "b"),)),
        RulesVersion(3, "b to c", defaults=(DefaultChange("mode", "b", "c"),)),
    )
    assert [defaults_at(fake, v)["mode"] for v in (1, 2, 3)] == ["a", "b", "c"]
    assert changed_defaults(fake, 1) == {"mode": ("a", "c", (2, 3))}
    assert changed_defaults(fake, 2) == {"mode": ("b", "c", (3,))}


def test_a_default_changed_and_changed_back_since_a_version_is_left_out() -> None:
    fake = _fake(
        RulesVersion(2, "on", defaults=(DefaultChange("flag", False, True),)),
        RulesVersion(3, "off again", defaults=(DefaultChange("flag", True, False),)),
    )
    assert defaults_at(fake, 2)["flag"] is True
    assert "flag" not in changed_defaults(fake, 1)
    assert changed_defaults(fake, 2) == {"flag": (True, False, (3,))}


def test_left_at_default_lists_the_switches_not_set_in_model_order() -> None:
    fake = _fake()
    assert left_at_default(fake, {"mode": "a"}) == ("max_days", "max_speech_chars", "flag")


def test_variants_describes_the_version_its_history_and_the_mixed_lovers_switch() -> None:
    described = describe_ruleset(get_ruleset("chinese_werewolf"))
    assert described["rules_version"] == 2
    (entry,) = described["versions"]
    assert entry["defaults"]["victory_mode"] == {"before": "side_wipe", "after": "all_good"}
    mixed = described["options"]["mixed_lovers"]
    assert mixed["default"] == "third_side" and "card_side" in mixed["description"]
