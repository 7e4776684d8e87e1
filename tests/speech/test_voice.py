"""Every act of every ruleset is voiced in each of its languages, with the right grammar."""

from __future__ import annotations

import random
import re

import pytest

from llm_werewolf.rules import Act, get_ruleset
from llm_werewolf.rules.act_vocabulary import vocabulary
from llm_werewolf.speech.catalog import sample_acts
from llm_werewolf.speech.grammar import decline_ru, gender_or_default
from llm_werewolf.speech.phrases import MIN_PHRASINGS, phrase_bank
from llm_werewolf.speech.voice import Speaker, fill, phrase_key, voice, voice_act
from llm_werewolf.texts import data_root, default_names

from .helpers import PLAYERS

PAIRS = [(variant, language) for variant in sorted(PLAYERS) for language in get_ruleset(variant).languages]
LANGUAGES = ("en", "zh-Hant", "ar-LB", "ar", "ru", "he")
RAW_ID = re.compile(r"\b(seat:\d|center:\d|saw_role|saw_center|sheriff_check|took_center|woke_as|mafia_visited)\b")


def speaker(variant: str, language: str, seat: int = 0, gender: str | None = None) -> Speaker:
    names = default_names(language, PLAYERS[variant])
    return Speaker(seat=seat, names=names, language=language, variant=variant, gender=gender)  # type: ignore[arg-type]


@pytest.mark.parametrize(("variant", "language"), PAIRS)
@pytest.mark.parametrize("gender", ["female", "male"])
def test_every_act_is_voiced_with_every_phrasing(variant: str, language: str, gender: str) -> None:
    me = speaker(variant, language, gender=gender)
    bank = phrase_bank(language, variant)
    role_ids = set(get_ruleset(variant).roles) - {"mafia", "werewolf", "witch", "thief", "judge", "jester"}
    for act in sample_acts(variant):
        keys = ["defend_self"] if act.kind == "defend" and act.target == 0 else phrase_key(act)
        phrasings = next(bank.acts[k] for k in keys if k in bank.acts)
        assert len(phrasings) >= MIN_PHRASINGS, (language, keys)
        for template in phrasings:
            text = fill(template, act, me, bank)
            assert text.strip() and "{" not in text and "}" not in text, (template, text)
            assert not RAW_ID.search(text), text
            if language != "en":
                assert not re.search(r"[A-Za-z]", text), (language, text)
                assert not any(re.search(rf"\b{role}\b", text) for role in role_ids), text
            assert "/" not in text, text


def _strings(data: object) -> list[str]:
    """Every text value of a YAML tree (mapping keys are ids, not text)."""
    if isinstance(data, dict):
        return [s for value in data.values() for s in _strings(value)]
    if isinstance(data, list):
        return [s for value in data for s in _strings(value)]
    return [str(data)] if isinstance(data, str) else []


@pytest.mark.parametrize("language", LANGUAGES)
def test_phrase_banks_have_no_english_no_placeholder_and_no_slash_forms(language: str) -> None:
    import yaml

    paths = list((data_root("prompts") / language).glob("*/phrases.yaml"))
    assert paths
    for path in paths:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        texts = _strings({k: v for k, v in data.items() if k not in ("genders", "joiner")})
        for text in texts:
            bare = re.sub(r"\{(target|other|me)(:(gen|dat|acc|ins|pre))?\}", "", text)
            bare = re.sub(r"\{(role|card|value|slot|wolves|bad|good|text)\}|\{role:(me|target)\}", "", bare)
            bare = re.sub(r"\{[gto]:([^{}|]*)\|([^{}|]*)\}", r"\1\2", bare)
            assert "{" not in bare and "}" not in bare, (path.name, text)
            assert "TODO" not in text and "..." not in text and "XXX" not in text, (path, text)
            assert "/" not in bare, (path, text)
            if language != "en":
                assert not re.search(r"[A-Za-z]", bare), (path, text)


def test_every_default_name_has_a_gender() -> None:
    for language in LANGUAGES:
        bank = phrase_bank(language, "one_night")
        for name in default_names(language, 20):
            assert bank.genders.get(name) in ("male", "female"), (language, name)


def test_every_persona_has_tics() -> None:
    import yaml

    for language in LANGUAGES:
        personas = yaml.safe_load((data_root("personas") / f"{language}.yaml").read_text(encoding="utf-8"))["personas"]
        bank = phrase_bank(language, "one_night")
        for persona in personas:
            assert bank.tics.get(persona["id"], {}).get("open"), (language, persona["id"])


def _one(language: str, variant: str, key: str, contains: str) -> str:
    return next(p for p in phrase_bank(language, variant).acts[key] if contains in p)


@pytest.mark.parametrize(
    ("language", "variant", "key", "contains", "act", "male", "female"),
    [
        (
            "ru",
            "city_mafia",
            "result.check.bad",
            "Я проверил",
            Act("result", target=1, fact="check", value="bad"),
            "Я проверил Марию",
            "Я проверила Марию",
        ),
        ("ru", "city_mafia", "agree", "согласен", Act("agree", target=2), "согласен с Дмитрием", "согласна с Дмитрием"),
        ("he", "online_mafia", "accuse", "אני {g:", Act("accuse", target=1), "אני חושב ש", "אני חושבת ש"),
        ("ar-LB", "lebanese_ghouls", "accuse", "حاسس", Act("accuse", target=1), "أنا حاسس", "أنا حاسّة"),
        ("ar", "one_night", "defend", "متأكّد", Act("defend", target=1), "متأكّد من", "متأكّدة من"),
        # Read in a Lebanese sample: Rita said «أبدًا مش موافق مع أبو علي».
        ("ar-LB", "lebanese_ghouls", "disagree", "أبدًا", Act("disagree", target=1), "مش موافق مع", "مش موافقة مع"),
        ("ar-LB", "lebanese_ghouls", "agree", "متل ما", Act("agree", target=1), "هيك شايف.", "هيك شايفة."),
    ],
)
def test_speaker_gender_agreement(
    language: str, variant: str, key: str, contains: str, act: Act, male: str, female: str
) -> None:
    template = _one(language, variant, key, contains)
    bank = phrase_bank(language, variant)
    he = fill(template, act, speaker(variant, language, gender="male"), bank)
    she = fill(template, act, speaker(variant, language, gender="female"), bank)
    assert male in he and female not in he, he
    assert female in she, she


def test_target_gender_comes_from_the_name() -> None:
    bank = phrase_bank("he", "online_mafia")
    template = _one("he", "online_mafia", "accuse", "מדאיג")
    me = speaker("online_mafia", "he")  # names: נועה (f), איתי (m), ...
    assert "איתי מדאיג " in fill(template, Act("accuse", target=1), me, bank)
    assert "מאיה מדאיגה " in fill(template, Act("accuse", target=2), me, bank)


@pytest.mark.parametrize(
    ("language", "variant", "key", "contains", "male", "female"),
    [
        ("ar", "one_night", "agree", "على ما", "على ما قاله", "على ما قالته"),
        ("ar", "one_night", "agree", "كما", "كما قال ", "كما قالت "),
        ("ar", "one_night", "agree", "عن الفكرة", "عبّر ", "عبّرت "),
        ("ar-LB", "lebanese_ghouls", "agree", "متل ما", "متل ما قال ", "متل ما قالت "),
        ("ar-LB", "lebanese_ghouls", "agree", "أحسن منّي", " قالها ", " قالتها "),
        ("ar-LB", "lebanese_ghouls", "ask", "تصوّت", "تصوّت هلّق", "تصوّتي هلّق"),
    ],
)
def test_verbs_about_the_target_agree_with_the_target(
    language: str, variant: str, key: str, contains: str, male: str, female: str
) -> None:
    """What a man and what a woman «said» reads differently in Arabic (read in the samples)."""
    bank = phrase_bank(language, variant)
    template = _one(language, variant, key, contains)
    me = speaker(variant, language)
    names = me.names
    man = next(i for i in range(1, len(names)) if bank.genders.get(names[i]) == "male")
    woman = next(i for i in range(1, len(names)) if bank.genders.get(names[i]) == "female")
    assert male in fill(template, Act(key, target=man), me, bank)
    assert female in fill(template, Act(key, target=woman), me, bank)
    assert female not in fill(template, Act(key, target=man), me, bank)


def test_speaker_gender_defaults_to_the_seat_name() -> None:
    bank = phrase_bank("ru", "city_mafia")
    template = _one("ru", "city_mafia", "result.check.bad", "Я проверил")
    act = Act("result", target=2, fact="check", value="bad")
    assert "Я проверила Дмитрия" in fill(template, act, speaker("city_mafia", "ru", seat=1), bank)  # Мария
    assert "Я проверил Дмитрия" in fill(template, act, speaker("city_mafia", "ru", seat=0), bank)  # Алексей


def test_russian_cases() -> None:
    assert [decline_ru("Алексей", c, "male") for c in ("gen", "dat", "acc", "ins", "pre")] == [
        "Алексея",
        "Алексею",
        "Алексея",
        "Алексеем",
        "Алексее",
    ]
    assert decline_ru("Мария", "acc", "female") == "Марию"
    assert decline_ru("Наталья", "ins", "female") == "Натальей"
    assert decline_ru("Bob", "gen", "male") == "Bob"


def test_russian_fallback_table_matches_pytrovich_on_the_default_names() -> None:
    from llm_werewolf.speech.grammar import _decline_by_rules

    bank = phrase_bank("ru", "city_mafia")
    for name in default_names("ru", 20):
        gender = gender_or_default(bank.genders[name])
        for case in ("gen", "dat", "acc", "ins", "pre"):
            assert _decline_by_rules(name, case, gender) == decline_ru(name, case, gender), (name, case)


def test_remembered_russian_cases_are_the_cases_found_afresh() -> None:
    """``decline_ru`` remembers its answers: each is what declining the name again gives, in either gender."""
    fresh = decline_ru.__wrapped__
    for name in (*default_names("ru", 20), "Вера Павловна", "Bob"):
        for gender in ("male", "female"):
            for case in ("nom", "gen", "dat", "acc", "ins", "pre"):
                assert decline_ru(name, case, gender) == fresh(name, case, gender), (name, case, gender)
                assert decline_ru(name, case, gender) == fresh(name, case, gender), (name, case, gender)


def test_chinese_uses_measure_words_and_no_latin() -> None:
    me = speaker("chinese_werewolf", "zh-Hant")
    bank = phrase_bank("zh-Hant", "chinese_werewolf")
    votes = [fill(t, Act("vote", target=1), me, bank) for t in bank.acts["vote"]]
    assert any("這一票" in v for v in votes)
    saves = " ".join(bank.acts["result.saved"])
    assert "那瓶解藥" in saves


def test_voice_is_deterministic_from_the_rng_and_varied() -> None:
    me = speaker("city_mafia", "ru")
    acts = [Act("claim", role="sheriff"), Act("result", target=3, fact="check", value="bad"), Act("vote", target=3)]
    first = voice(acts, me, random.Random(7))
    assert first == voice(acts, me, random.Random(7))
    texts = {voice(acts, me, random.Random(seed)) for seed in range(30)}
    assert len(texts) >= 20


def test_a_persona_tic_can_open_a_speech() -> None:
    me = Speaker(seat=0, names=default_names("ru", 10), language="ru", variant="city_mafia", persona="ru-dmitry")
    texts = [voice([Act("accuse", target=2)], me, random.Random(seed)) for seed in range(40)]
    assert any(t.startswith("Короче") or t.startswith("Да ладно") for t in texts)


def test_every_result_of_every_ruleset_has_a_phrasing_in_each_language() -> None:
    for variant in PLAYERS:
        for language in get_ruleset(variant).languages:
            bank = phrase_bank(language, variant)
            for fact in vocabulary(variant).facts:
                values = fact.values if fact.values and not fact.takes_role else (None,)
                for value in values:
                    act = Act("result", fact=fact.id, value=value)
                    assert any(bank.acts.get(k) for k in phrase_key(act)), (variant, language, fact.id, value)


def test_voice_act_refuses_an_unknown_result() -> None:
    from llm_werewolf.texts import TextDataError

    with pytest.raises(TextDataError, match=r"no phrasing for result\.flew"):
        voice_act(Act("result", target=1, fact="flew"), speaker("city_mafia", "ru"), random.Random(0))


@pytest.mark.parametrize(("variant", "language"), PAIRS)
def test_every_voiced_phrasing_passes_the_coherence_check(variant: str, language: str) -> None:
    """What a seat says through acts is always a usable speech (the fallback for broken model text)."""
    from llm_werewolf.speech.coherence import check_coherence

    from .helpers import game_at_speech

    game, decision = game_at_speech(variant, language=language)
    view = game.view(decision.seat)
    me = Speaker(seat=decision.seat, names=view.names, language=language, variant=variant)
    bank = phrase_bank(language, variant)
    others = [i for i in view.living() if i != decision.seat]
    for act in sample_acts(variant, speaker=decision.seat, target=others[0], other=others[1]):
        keys = ["defend_self"] if act.kind == "defend" and act.target == decision.seat else phrase_key(act)
        key = next(k for k in keys if k in bank.acts)
        for template in bank.acts[key]:
            text = fill(template, act, me, bank)
            result = check_coherence(text, view, earlier=[])
            assert result.ok, (key, text, result.reasons)


def test_a_persona_name_at_the_table_has_the_persona_s_gender() -> None:
    names = ("جورج", "ندى", "أبو علي")  # ندى and أبو علي are persona names (personas/ar-LB.yaml)
    me = Speaker(seat=0, names=names, language="ar-LB", variant="lebanese_ghouls")
    bank = phrase_bank("ar-LB", "lebanese_ghouls")
    template = _one("ar-LB", "lebanese_ghouls", "accuse", "كذّاب واحد")
    assert "هيّي ندى" in fill(template, Act("accuse", target=1), me, bank)
    assert "هوّي أبو علي" in fill(template, Act("accuse", target=2), me, bank)


@pytest.mark.parametrize(("variant", "language"), PAIRS)
def test_every_voiced_claim_is_read_as_that_claim_by_the_free_text_extractor(variant: str, language: str) -> None:
    """Evaluation reads voiced claims like any speech: each phrasing of each role is found."""
    from llm_werewolf.speech.claim_extractor import extract_claims

    bank = phrase_bank(language, variant)
    for gender in ("male", "female"):
        me = speaker(variant, language, gender=gender)
        for role in sorted(get_ruleset(variant).roles):
            for template in bank.acts["claim"]:
                text = fill(template, Act("claim", role=role), me, bank)
                assert role in extract_claims(text, language, variant), text


@pytest.mark.parametrize(
    ("language", "variant", "role", "male", "female"),
    [
        ("ar", "one_night", "seer", "العرّاف", "العرّافة"),
        ("ar", "one_night", "villager", "القروي", "القروية"),
        ("ar-LB", "lebanese_ghouls", "bassara", "البصّار", "البصّارة"),
        ("he", "online_mafia", "judge", "שופט", "שופטת"),
        ("he", "online_mafia", "witch", "מכשף", "מכשפה"),
        ("ru", "city_mafia", "citizen", "Мирный житель", "Мирная жительница"),
    ],
)
def test_a_seat_claims_its_role_in_its_own_gender(
    language: str, variant: str, role: str, male: str, female: str
) -> None:
    bank = phrase_bank(language, variant)
    assert sum("{role}" in t for t in bank.acts["claim"]) >= 3
    for template in bank.acts["claim"]:
        he = fill(template, Act("claim", role=role), speaker(variant, language, gender="male"), bank)
        she = fill(template, Act("claim", role=role), speaker(variant, language, gender="female"), bank)
        if "{role}" in template:
            assert male in he and female not in he, he
            assert female in she, she


def test_a_speech_said_before_is_not_said_again_word_for_word() -> None:
    """A long game of questions runs out of phrasings: the same question then opens differently."""
    me = speaker("city_mafia", "ru", seat=0)
    bank = phrase_bank("ru", "city_mafia")
    act = Act("ask", target=1)
    used = [fill(t, act, me, bank) for t in bank.acts["ask"]]
    for seed in range(20):
        text = voice([act], me, random.Random(seed), used=used)
        assert text not in used and any(u in text for u in used), text
