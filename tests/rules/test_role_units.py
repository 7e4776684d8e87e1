"""Role units and role files: a role added as one rules module and one text file per language.

The Idiot (白癡) of chinese_werewolf is the real example: its card, vocabulary and ability are
``units/idiot.py``; its words are ``prompts/<lang>/chinese_werewolf/roles/idiot.yaml``. These
tests check that every loader and the ruleset take them in without any other file naming them.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from llm_werewolf.llm.profiles import get_profile
from llm_werewolf.narration.packs import load_pack, own_keys
from llm_werewolf.prompting.packs import builtin_root, pack_files
from llm_werewolf.prompting.render import Phrasebook, SeatPrompter
from llm_werewolf.role_texts import role_file, role_files, role_section
from llm_werewolf.rules import Game, GameConfig, RoleInfo, ViewBuilder, get_ruleset, registry
from llm_werewolf.rules.units import RoleUnit, UnitError, roles_with_units, with_units
from llm_werewolf.rules.variants.chinese_werewolf import units as units_package
from llm_werewolf.rules.variants.chinese_werewolf.roles import GODS
from llm_werewolf.rules.variants.chinese_werewolf.ruleset import ChineseWerewolf
from llm_werewolf.rules.variants.chinese_werewolf.units import UNITS
from llm_werewolf.texts import TextDataError, role_name, terms

CW = "chinese_werewolf"
ROOTS = (builtin_root(),)
NAMES = ("Lin", "Liu", "Huang", "Zhou", "Wu", "Xu", "Chen")
WITH_IDIOT = ("seer", "werewolf", "werewolf", "idiot", "villager", "villager", "witch")
WITHOUT_IDIOT = ("seer", "werewolf", "werewolf", "hunter", "villager", "villager", "witch")


def test_every_module_of_units_is_a_role_of_the_ruleset() -> None:
    folder = Path(units_package.__file__).parent
    modules = sorted(path.stem for path in folder.glob("*.py") if path.stem != "__init__")
    assert "idiot" in modules
    assert sorted(unit.role.id for unit in UNITS) == modules, "a unit's role id is its module's name"
    assert set(modules) <= set(get_ruleset(CW).roles)


def test_the_idiot_unit_is_found_and_declares_its_vocabulary() -> None:
    ruleset = get_ruleset(CW)
    idiot = next(unit for unit in UNITS if unit.role.id == "idiot")
    assert ruleset.roles["idiot"] == RoleInfo("idiot", "village", power=True, description=idiot.role.description)
    assert {"idiot_revealed", "badge_lost"} <= set(ruleset.announcement_keys)
    assert "idiot_revealed" in ruleset.statuses
    assert "idiot" in GODS, "a village card with a power is a god for the side-wipe victory"


@pytest.mark.parametrize(("language", "name"), [("zh-Hant", "白癡"), ("en", "Idiot")])
def test_one_role_file_per_language_reaches_every_loader(language: str, name: str) -> None:
    assert "idiot" in role_files(ROOTS, language, CW)
    assert role_name(language, CW, "idiot") == name
    assert terms(language, CW)["roles"]["werewolf"], "the ruleset's own names are kept"
    book = Phrasebook(ROOTS, language, CW)
    assert book.term("statuses", "idiot_revealed") != "idiot_revealed"
    assert book.term("roles", "idiot") == name
    assert book.tip("idiot", {"roles": {"idiot": name}})
    pack = load_pack(language, CW)
    assert pack.find("announcement.idiot_revealed") is not None
    assert pack.find("announcement.badge_lost") is not None
    assert {"announcement.idiot_revealed", "announcement.badge_lost"} <= own_keys(language, CW)
    assert pack.find("announcement.badge_torn") is not None, "the ruleset's own lines are kept"
    hashed = [relative for relative, _ in pack_files(ROOTS, language, CW)]
    assert f"{language}/{CW}/roles/idiot.yaml" in hashed


def _system_prompt(roles: tuple[str, ...], language: str) -> str:
    game = Game(GameConfig(variant=CW, names=NAMES, seed=1, language=language, roles=roles))
    decision = game.pending[0]
    prompter = SeatPrompter(language=language, variant=CW, seat=decision.seat, profile=get_profile("openai"))
    view = ViewBuilder(decision.seat)
    view.extend(game.records)
    return prompter.prompt(view.view(), decision).system


SENTENCES = [("zh-Hant", "白癡被投票放逐時翻牌"), ("en", "The Idiot, voted out")]


@pytest.mark.parametrize(("language", "sentence"), SENTENCES)
def test_the_rules_text_explains_an_added_role_only_when_it_is_dealt(language: str, sentence: str) -> None:
    assert sentence in _system_prompt(WITH_IDIOT, language)
    assert sentence not in _system_prompt(WITHOUT_IDIOT, language)


def test_a_malformed_role_file_is_one_clear_error(tmp_path: Path) -> None:
    bad = tmp_path / "roles" / "jester.yaml"
    bad.parent.mkdir()
    bad.write_text("name: Jester\nnarations: {}\n", encoding="utf-8")
    with pytest.raises(TextDataError, match=r"jester.yaml: unknown key narations"):
        role_file(bad)
    bad.write_text("name: [Jester]\n", encoding="utf-8")
    with pytest.raises(TextDataError, match=r"'name' must be a string"):
        role_file(bad)


def test_a_user_pack_role_file_wins_over_the_builtin_one(tmp_path: Path) -> None:
    folder = tmp_path / "en" / CW / "roles"
    folder.mkdir(parents=True)
    (folder / "idiot.yaml").write_text("name: Fool\n", encoding="utf-8")
    roots = (tmp_path, *ROOTS)
    assert role_files(roots, "en", CW)["idiot"] == folder / "idiot.yaml"
    assert role_section(roots, "en", CW, "terms")["roles"]["idiot"] == "Fool"
    assert Phrasebook(roots, "en", CW).term("roles", "idiot") == "Fool"


def test_a_unit_may_not_redeclare_what_the_ruleset_has() -> None:
    unit = RoleUnit(RoleInfo("seer", "village"), statuses={"sheriff": "again"})
    with pytest.raises(UnitError, match="already has that role"):
        roles_with_units(get_ruleset(CW).roles, [unit])
    with pytest.raises(UnitError, match="status 'sheriff'"):
        with_units({"sheriff": "badge"}, [unit], lambda u: u.statuses, "status")


def test_a_ruleset_class_that_names_its_units_holds_their_vocabulary() -> None:
    jester = RoleUnit(
        RoleInfo("jester", "village"),
        decision_kinds={"jest": "a joke"},
        statuses={"jested": "laughed at"},
        posthumous_kinds=frozenset({"jest"}),
    )

    class WithJester(ChineseWerewolf):
        units = (jester,)

    assert WithJester.decision_kinds["jest"] == "a joke"
    assert WithJester.statuses["jested"] == "laughed at"
    assert "jest" in WithJester.posthumous_kinds
    assert set(get_ruleset(CW).statuses) < set(WithJester.statuses), "the ruleset's own are kept"
    with pytest.raises(UnitError, match="status 'sheriff'"):

        class Twice(ChineseWerewolf):
            units = (RoleUnit(RoleInfo("jester", "village"), statuses={"sheriff": "again"}),)


def test_a_ruleset_declares_how_its_speeches_are_heard(monkeypatch: pytest.MonkeyPatch) -> None:
    from llm_werewolf.rules.acts import Act
    from llm_werewolf.rules.heard import HeardKeys
    from llm_werewolf.speech.intent import heard_intent

    class Renamed(ChineseWerewolf):
        id = "renamed_werewolf"
        heard = HeardKeys(check=("found_wolf", "found_good"), seer_claim="oracle")

    monkeypatch.setitem(registry._REGISTRY, "renamed_werewolf", Renamed())
    said = [Act("claim", role="oracle"), Act("result", target=2, fact="check", value="bad")]
    assert heard_intent(said, "renamed_werewolf", NAMES).key == "found_wolf"
    assert heard_intent(said[:1], "renamed_werewolf", NAMES).key == "seer_claim"
    assert heard_intent(said, CW, NAMES).key == "seer_wolf"
