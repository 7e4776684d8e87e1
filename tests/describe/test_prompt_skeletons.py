"""One prompt skeleton: the shared history/macros templates, their words per language, and the per-language
templates (system, turn, narrator) that must keep the same tag skeleton in every language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from jinja2 import Environment

from llm_werewolf.llm.profiles import get_profile
from llm_werewolf.prompting.packs import builtin_root, find_common, search_roots
from llm_werewolf.prompting.render import SeatPrompter
from llm_werewolf.prompting.say import Say, history_words
from llm_werewolf.texts import LANGUAGES, TextDataError

from ..llm.support import TOY_PACK, sample_decision, sample_view

ROOT = builtin_root()
ROOTS = search_roots()
PER_LANGUAGE = ("system.j2", "turn.j2", "narrator.j2")
SLOT = re.compile(r"\$(\w+)", re.ASCII)
_LEXER = Environment(trim_blocks=True, lstrip_blocks=True)


def skeleton(source: str) -> list[str]:
    """The tags of a template in order (strings blanked: they are the language's words), and every call of
    a shared macro (``m.name``) in a printed expression."""
    out: list[str] = []
    tag: list[str] | None = None
    before: list[tuple[str, str]] = [("", ""), ("", "")]
    for _, kind, value in _LEXER.lex(source):
        if kind == "block_begin":
            tag = []
        elif kind == "block_end" and tag is not None:
            out.append(" ".join(tag))
            tag = None
        elif tag is not None:
            if kind != "whitespace":
                tag.append("<text>" if kind == "string" else value)
        elif kind == "name" and before == [("name", "m"), ("operator", ".")]:
            out.append(f"m.{value}(…)")
        if kind != "whitespace":
            before = [before[1], (kind, value)]
    return out


@pytest.mark.parametrize("name", PER_LANGUAGE)
@pytest.mark.parametrize("language", [lang for lang in LANGUAGES if lang != "en"])
def test_per_language_templates_keep_the_english_tag_skeleton(name: str, language: str) -> None:
    english = skeleton((ROOT / "common" / name).read_text(encoding="utf-8"))
    other = skeleton((ROOT / language / "common" / name).read_text(encoding="utf-8"))
    assert english, name
    assert other == english, f"prompts/{language}/common/{name} drifted from prompts/common/{name}"


def test_the_skeleton_test_sees_a_drift() -> None:
    source = (ROOT / "common" / "turn.j2").read_text(encoding="utf-8")
    assert "{% if" in source
    drifted = source.replace("{% if", "{% if true or", 1)
    assert skeleton(drifted) != skeleton(source)
    assert "{{ m.option_line(" in source
    assert "m.option_line(…)" in skeleton(source)
    assert skeleton(source.replace("{{ m.option_line(", "{{ m.quote(", 1)) != skeleton(source)


@pytest.mark.parametrize("language", LANGUAGES)
def test_history_and_macros_are_one_shared_skeleton(language: str) -> None:
    for name in ("history.j2", "macros.j2"):
        assert not (ROOT / language / "common" / name).exists(), f"a {language} copy of {name} is back"
        assert find_common(ROOTS, language, name) == ROOT / "common" / name


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
