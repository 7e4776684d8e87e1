"""One prompt skeleton: every template under prompts/common/ serves every language; each language gives only its
words (``vocabulary.yaml``'s ``history`` group, ``words.yaml``), with every key and only slots the skeleton gives."""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
from jinja2 import Environment, nodes

from llm_werewolf.llm.profiles import get_profile
from llm_werewolf.prompting.environment import get_template
from llm_werewolf.prompting.packs import SHARED_TEMPLATES, builtin_root, find_common, search_roots
from llm_werewolf.prompting.render import SeatPrompter
from llm_werewolf.prompting.say import Say, history_words, words_for
from llm_werewolf.texts import LANGUAGES, TextDataError

from ..llm.support import TOY_PACK, sample_decision, sample_view

ROOT = builtin_root()
ROOTS = search_roots()
SLOT = re.compile(r"\$(\w+)", re.ASCII)
SHARED_WITH_WORDS = ("system.j2", "turn.j2", "plan.j2", "cue.j2", "narrator.j2")
TABLES = ("narrator.refusals", "plan.questions")
"""Phrase keys that are tables (``words.table``): every language has the same entries as English."""


class Recording(Say):
    """The language's real words, and the key of every phrase the skeleton asks for, in order."""

    def __init__(self, real: Say) -> None:
        super().__init__(real.words, real.language, real.file, group="")
        self.asked: list[str] = []

    def __call__(self, key: str, /, **slots: Any) -> str:
        self.asked.append(key)
        return super().__call__(key, **slots)

    def table(self, key: str) -> Mapping[str, Any]:
        self.asked.append(key)
        return super().table(key)


def every_branch() -> list[dict[str, Any]]:
    """Contexts that between them take every branch of system.j2, turn.j2, plan.j2, cue.j2 and narrator.j2."""
    persona = {"name": "Kim", "temperament": "calm", "style": "dry", "background": "a baker", "bluffing": "high",
               "verbosity": "terse"}  # fmt: skip
    base: dict[str, Any] = {
        "narrator": "Mod", "quote_open": "«", "quote_close": "»", "names": ["Ann", "Bob"], "role_rules": ["R."],
        "deck": [{"count": 2, "name": "Wolf"}], "history": ["a line"], "omitted": 3, "tips": "a tip",
        "private": ["a secret"], "phase": {"kind": "day", "number": 1}, "claimable": [{"name": "Seer"}],
        "players": [{"name": "Ann", "alive": True}, {"name": "Bob", "alive": True}],
        "limits": {"thought": 9, "speech": 8, "acts": 2, "reason": 7}, "error": "no", "switch_language": True,
        "persona": persona, "storyteller": "Teller", "game": "Wolves", "max_chars": 99, "fact": "F.",
        "speeches": [{"name": "Ann", "number": 1, "text": "hi"}], "problems": ["empty", "odd_code"],
    }  # fmt: skip
    plans: tuple[dict[str, Any], ...] = (
        {"questions": [{"asker": "Bob", "question": "vote", "female": False},
                       {"asker": "Eve", "question": "role", "female": True}],
         "rebut": [{"name": "Bob", "female": False}, {"name": "Eve", "female": True}], "claim": "Seer",
         "facts": [{"refs": [3, 4], "fact": "voted", "text": "Bob voted for Ann."}]},
        {"questions": [], "rebut": [], "claim": None, "facts": []},  # a plan with nothing owed and no claim
    )  # fmt: skip
    options = [{"kind": "seat", "label": "Bob", "number": 2}, {"kind": "skip", "label": "nobody", "number": None}]
    contexts = []
    for style in ("chat", "transcript"):
        for speech, female, alive in ((True, False, True), (False, True, False)):
            me = {"name": "Ann", "number": 1, "role_name": "Seer", "side_name": "village", "alive": alive,
                  "female": female, "side_told": alive}  # fmt: skip
            decision = {"instruction": "Do it.", "speech": speech, "multi": True, "options": options}
            for part in ("system", "user", "cue", "speech", "pick"):
                plan = {"speech": plans[0], "user": plans[1]}.get(part, {})  # {}: no plan, the general advice
                contexts.append({**base, "style": style, "me": me, "decision": decision, "part": part, "plan": plan})
    players = [{"number": 1, "name": "Ann"}, {"number": 2, "name": "Bob"}]
    for context in contexts:
        context.setdefault("narrator_players", players)
    return contexts


@pytest.fixture(scope="module")
def stub_rules(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, ...]:
    """A pack whose ruleset ``stub`` has a one-line rules.j2 in every language (system.j2 includes it)."""
    root = tmp_path_factory.mktemp("stub_pack")
    for language in LANGUAGES:
        (root / language / "stub").mkdir(parents=True)
        (root / language / "stub" / "rules.j2").write_text("RULES", encoding="utf-8")
    return (root, *ROOTS)


def render_all(roots: tuple[Path, ...], language: str) -> tuple[list[str], list[str]]:
    """Every shared template rendered in ``language`` for every context: (texts, phrase keys asked, in order)."""
    texts: list[str] = []
    asked: list[str] = []
    for context in every_branch():
        words = Recording(words_for(roots, language))
        for name in SHARED_WITH_WORDS:
            if name == "plan.j2":
                continue  # rendered inside turn.j2 (alone, an empty plan renders nothing)
            local = {**context, "lang": language, "variant": "stub", "words": words}
            local["say"] = Say(history_words(roots, language), language)
            if name == "narrator.j2":
                local.update(players=context["narrator_players"], history=[{"fact": "E.", "text": "T."}])
            texts.append(get_template(roots, f"{language}/common/{name}").render(local))
        asked += [*words.asked, "|"]
    return texts, asked


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_language_renders_the_same_skeleton(language: str, stub_rules: tuple[Path, ...]) -> None:
    """Same sections in the same order: each language's prompts ask for the same phrases in the same order."""
    texts, asked = render_all(stub_rules, language)
    _, english = render_all(stub_rules, "en")
    assert asked == english
    assert set(asked) - {"|"} == set(skeleton_slots()), "the contexts take every branch of the skeleton"
    assert all(text.strip() for text in texts)


def test_the_skeleton_test_sees_a_drift(tmp_path: Path) -> None:
    """A language that keeps its own copy of a template, a section left out, asks for other phrases."""
    folder = tmp_path / "ru" / "common"
    folder.mkdir(parents=True)
    source = (ROOT / "common" / "turn.j2").read_text(encoding="utf-8")
    assert '{{ words("turn.options") }}' in source
    (folder / "turn.j2").write_text(source.replace('{{ words("turn.options") }}', "Варианты:"), encoding="utf-8")
    words = Recording(words_for(ROOTS, "ru"))
    context = {**every_branch()[0], "lang": "ru", "variant": "city_mafia", "words": words}
    context["say"] = Say(history_words(ROOTS, "ru"), "ru")
    get_template((tmp_path, *ROOTS), "ru/common/turn.j2").render(context)
    drifted = words.asked
    words = Recording(words_for(ROOTS, "ru"))
    get_template(ROOTS, "ru/common/turn.j2").render({**context, "words": words})
    assert "turn.options" in words.asked and "turn.options" not in drifted


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_language_keeps_a_copy_of_a_shared_template(language: str) -> None:
    for name in SHARED_TEMPLATES:
        assert not (ROOT / language / "common" / name).exists(), f"a {language} copy of {name} is back"
        assert find_common(ROOTS, language, name) == ROOT / "common" / name


def skeleton_slots() -> dict[str, set[str]]:
    """Each ``words("group.key", slot=...)`` call of the shared templates: the slots it gives."""
    env = Environment()
    slots: dict[str, set[str]] = {}
    for name in SHARED_WITH_WORDS:
        tree = env.parse((ROOT / "common" / name).read_text(encoding="utf-8"))
        for call in tree.find_all(nodes.Call):
            if isinstance(call.node, nodes.Name) and call.node.name == "words":
                key = call.args[0]
                assert isinstance(key, nodes.Const), f"{name}: words() takes a literal key"
                slots.setdefault(key.value, set()).update(keyword.key for keyword in call.kwargs)
            elif isinstance(call.node, nodes.Getattr) and call.node.attr == "table":
                key = call.args[0]
                assert isinstance(key, nodes.Const)
                slots.setdefault(key.value, set())
    return slots


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_words_file_has_every_key_with_slots_the_skeleton_gives(language: str) -> None:
    given = skeleton_slots()
    words = words_for(ROOTS, language).words
    assert set(words) == set(given), f"{language}: missing {set(given) - set(words)}, extra {set(words) - set(given)}"
    for key, phrase in words.items():
        if key in TABLES:
            assert set(phrase) == set(words_for(ROOTS, "en").words[key]), f"{language} {key}"
            continue
        forms = list(phrase.values()) if isinstance(phrase, dict) else [phrase]
        if isinstance(phrase, dict):
            assert set(phrase) == {"male", "female"}, f"{language} {key}: a gendered phrase has both forms"
        for form in forms:
            assert set(SLOT.findall(form)) <= given[key], f"{language} {key}: {form!r}"


def test_words_pick_the_gender_and_name_a_missing_phrase() -> None:
    words = Say({"k": {"male": "he $x", "female": "she $x"}}, "he", "he/common/words.yaml", group="")
    assert words("k", x=1, female=True) == "she 1"
    assert words("k", x=1, female=False) == "he 1"
    with pytest.raises(TextDataError, match=r"he/common/words\.yaml has no `nope`"):
        words("nope")
    hebrew = words_for(ROOTS, "he")
    assert hebrew("cue.pick", me_name="דנה", female=True) != hebrew("cue.pick", me_name="דנה", female=False)


def test_a_user_pack_may_reword_one_prompt_word(tmp_path: Path) -> None:
    folder = tmp_path / "en" / "common"
    folder.mkdir(parents=True)
    (folder / "words.yaml").write_text('turn:\n  options: "Your choices:"\n', encoding="utf-8")
    view = sample_view("toy", "en", ["wolf", "seer", "villager"], "seer")
    decision = sample_decision("exile_vote", speech=False)
    prompter = SeatPrompter(
        language="en", variant="toy", seat=0, profile=get_profile("openai"), packs=(str(tmp_path), *TOY_PACK)
    )
    text = prompter.prompt(view, decision).text()
    assert "Your choices:" in text and "\nOptions:" not in text
    assert "Your decision:" in text


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_language_has_every_history_phrase_with_the_same_slots(language: str) -> None:
    english = history_words(ROOTS, "en")
    words = history_words(ROOTS, language)
    assert set(words) == set(english), (
        f"{language}: missing {set(english) - set(words)}, extra {set(words) - set(english)}"
    )
    for key, phrase in english.items():
        forms = phrase.values() if isinstance(phrase, dict) else [phrase]
        allowed = {slot for form in forms for slot in SLOT.findall(form)}
        theirs = words[key].values() if isinstance(words[key], dict) else [words[key]]
        for form in theirs:
            assert set(SLOT.findall(form)) <= allowed, f"{language} history.{key}: {form!r}"
        if language != "en" and key not in ("sep", "pair_sep", "colon", "dash", "aside", "paren", "narrated"):
            assert re.search(r"[A-Za-z]{2,}", SLOT.sub("", str(words[key]))) is None, f"{language} history.{key}"


def test_say_fills_slots_picks_the_plural_and_names_a_missing_phrase() -> None:
    say = Say(history_words(ROOTS, "en"), "en")
    assert say("deaths", count=1, deaths="Ann") == "Ann is dead."
    assert say("deaths", count=2, deaths="Ann, Bo") == "Ann, Bo are dead."
    assert say("announcement", key="k", seats="", value=": 3") == "k: 3."
    with pytest.raises(TextDataError, match=r"history\.nope"):
        say("nope")
    with pytest.raises(TextDataError, match=r"\$who"):
        say("died", cause="x")


def test_lebanese_reads_its_own_words_over_the_arabic_ones() -> None:
    arabic, lebanese = Say(history_words(ROOTS, "ar"), "ar"), Say(history_words(ROOTS, "ar-LB"), "ar-LB")
    assert arabic("nobody_died") != lebanese("nobody_died")
    assert arabic("sep") == lebanese("sep") == "، "


def test_a_user_pack_may_still_ship_its_own_history_template(tmp_path: Path) -> None:
    folder = tmp_path / "en" / "common"
    folder.mkdir(parents=True)
    (folder / "history.j2").write_text(
        "{%- macro line(item) -%}MY LINE {{ item.kind }}{%- endmacro -%}\n", encoding="utf-8"
    )
    view = sample_view("toy", "en", ["wolf", "seer", "villager"], "seer")
    decision = sample_decision("exile_vote", speech=False)
    own = SeatPrompter(
        language="en", variant="toy", seat=0, profile=get_profile("openai"), packs=(str(tmp_path), *TOY_PACK)
    )
    shared = SeatPrompter(language="en", variant="toy", seat=0, profile=get_profile("openai"), packs=TOY_PACK)
    assert "MY LINE" in own.prompt(view, decision).text()
    assert "MY LINE" not in shared.prompt(view, decision).text()


def test_a_user_pack_may_reword_one_history_phrase(tmp_path: Path) -> None:
    folder = tmp_path / "en" / "common"
    folder.mkdir(parents=True)
    english = (ROOT / "en" / "common" / "vocabulary.yaml").read_text(encoding="utf-8")
    (folder / "vocabulary.yaml").write_text(
        english.replace('phase_night: "Night $n"', 'phase_night: "Nightfall #$n"'), encoding="utf-8"
    )
    view = sample_view("toy", "en", ["wolf", "seer", "villager"], "seer")
    decision = sample_decision("exile_vote", speech=False)
    prompter = SeatPrompter(
        language="en", variant="toy", seat=0, profile=get_profile("openai"), packs=(str(tmp_path), *TOY_PACK)
    )
    text = prompter.prompt(view, decision).text()
    assert "Nightfall #1" in text
