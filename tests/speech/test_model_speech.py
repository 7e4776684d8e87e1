"""Model seats speak with acts: base models pick them and fall back to voicing; capable models send them."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from llm_werewolf.agents.llm_agent import LLMAgent, LLMAgentSettings
from llm_werewolf.llm.base import CompletionRequest
from llm_werewolf.llm.fake import FakeBackend
from llm_werewolf.llm.profiles import get_profile
from llm_werewolf.rules import Act, Game, GameConfig, get_ruleset
from llm_werewolf.rules.act_legality import check_view_acts
from llm_werewolf.rules.act_vocabulary import vocabulary
from llm_werewolf.rules.events import Speech
from llm_werewolf.speech.coherence import check_coherence, contradictions
from llm_werewolf.speech.model_speech import chat_model_speech
from llm_werewolf.speech.phrases import phrase_bank
from llm_werewolf.strings.script import in_language
from llm_werewolf.table import Table, TableSettings
from llm_werewolf.table_notes import ModelCall, SpeechCheck
from llm_werewolf.texts import default_names

from .helpers import PLAYERS, game_at_speech, slots_chosen

PAIRS = [(variant, language) for variant in sorted(PLAYERS) for language in get_ruleset(variant).languages]


WRITING_LOCAL = get_profile("local").with_overrides(speech_text=True)
"""The embedded model's profile with its own words asked for (``local`` asks for acts only)."""


def base_backend(text: str, rng_seed: int = 0) -> FakeBackend:
    rng = random.Random(rng_seed)

    def script(request: CompletionRequest) -> str:
        if request.mode == "text":
            return text
        if request.mode == "pick":
            return rng.choice(request.labels)
        raise AssertionError(request.mode)

    return FakeBackend(script, profile=WRITING_LOCAL)


async def play(game: Game, backend: FakeBackend, seats: int) -> None:
    agents = [LLMAgent(backend, settings=LLMAgentSettings(seed=i)) for i in range(seats)]
    await Table(game, agents, settings=TableSettings(max_attempts=2)).play()


async def test_a_base_model_s_broken_text_is_replaced_by_its_voiced_acts() -> None:
    names = default_names("ru", 10)
    game = Game(GameConfig(variant="city_mafia", names=names, seed=4, language="ru", options={"max_days": 2}))
    await play(game, base_backend("Я хочу играть, что вы?"), 10)
    checks = [r.event for r in game.records if isinstance(r.event, SpeechCheck)]
    speeches = [r.event for r in game.records if isinstance(r.event, Speech)]
    assert checks and speeches
    assert all(c.source == "voiced" and not c.coherent and c.model_text == "Я хочу играть, что вы?" for c in checks)
    assert all(s.text != "Я хочу играть, что вы?" and in_language(s.text, "ru") for s in speeches)
    assert sum(bool(s.acts) for s in speeches) > len(speeches) // 2
    assert len({s.text for s in speeches}) > len(speeches) * 0.7
    # the structured claim (what evaluation reads for machine seats) is the claim act's role
    assert all(s.claim == next((a.role for a in s.acts if a.kind == "claim"), None) for s in speeches)
    chosen = {s for r in game.records if isinstance(r.event, ModelCall) for s in slots_chosen(r.event.raw_output)}
    assert {"state", "propose", "ask"} <= chosen


async def test_a_coherent_text_is_said_with_the_acts_it_makes() -> None:
    game, decision = game_at_speech("chinese_werewolf", language="en")
    view = game.view(decision.seat)
    target = next(i for i in view.living() if i != decision.seat)
    name = view.names[target]
    text = f"I do not trust {name} at all, I will vote {name} today."
    picker = phrase_bank("en", "chinese_werewolf").picker

    def script(request: CompletionRequest) -> str:
        if request.mode == "text":
            return text
        if request.purpose == "slot_propose" and name in request.labels:
            return name
        return str(picker["slots"]["none"])

    backend = FakeBackend(script, profile=WRITING_LOCAL)
    agent = LLMAgent(backend, settings=LLMAgentSettings(seed=1))
    from llm_werewolf.agents.base import DecisionRequest

    reply = await agent.decide(DecisionRequest(decision=decision, view=view))
    assert reply.choice is not None
    check = reply.notes[0]
    assert isinstance(check, SpeechCheck)
    assert check.source == "text" and check.coherent, check
    assert reply.choice.text == text
    assert Act("vote", target=target) in reply.choice.acts


def test_the_coherence_check_rules() -> None:
    game, decision = game_at_speech("chinese_werewolf", language="zh-Hant")
    view = game.view(decision.seat)
    other = view.names[(decision.seat + 1) % len(view.names)]
    assert not check_coherence("我有事。我有事。我有事。我有事。", view).ok
    assert "too short" in check_coherence("我有事。", view).reasons[0]
    assert check_coherence(f"我覺得{other}很可疑，今天投{other}。", view).ok
    assert "names no player, role or act" in check_coherence("今天天氣很好，大家吃飯了嗎？", view).reasons
    copied = check_coherence(
        f"{other}說得對，請用一句話回答你的發言內容", view, prompt="請用一句話回答你的發言內容，不要重複"
    )
    assert any("copies the prompt" in r for r in copied.reasons)
    en_game, en_decision = game_at_speech("city_mafia", language="en")
    en_view = en_game.view(en_decision.seat)
    assert "not in the game's language" in check_coherence("Я мирный житель, честно", en_view).reasons


def test_the_coherence_check_refuses_what_the_embedded_model_said_in_a_sample_game() -> None:
    """Texts gemma-3-270m said in a one_night sample (6 seats) that the first rules let through."""
    game, decision = game_at_speech("one_night", language="ar")
    view = game.view(decision.seat)
    assert len(view.names) == 6
    other = view.names[(decision.seat + 1) % 6]
    clause = "إن كان المستذئب يمتلك أكثر من 5 مستذئب"
    looped = check_coherence(f"أنا، أعرف. لكن أنا قولي لها: {clause}، {clause}، ما رأيه؟", view)
    assert "repeats a clause" in looped.reasons, looped
    silent = check_coherence(f"أنا قولي لها: أنت صامت. {other}: أنت صامت! أنت صامت! أليس لديها صوتًا؟", view)
    assert "repeats a phrase" in silent.reasons, silent
    numbers = check_coherence("أنا لاعب مستذئب، من تشكّ لقاء 24 مستذئب على الأقل", view)
    assert numbers.reasons == ("a number the table does not have (24)",), numbers
    assert check_coherence(f"نظرت إلى ورقة الوسط رقم 2. {other} مستذئب، سأصوّت ضدّه.", view).ok


def test_a_capable_model_s_acts_are_parsed_dropped_and_contradictions_flagged() -> None:
    game, decision = game_at_speech("chinese_werewolf", language="en")
    view = game.view(decision.seat)
    others = [i for i in view.living() if i != decision.seat]
    a, b = view.names[others[0]], view.names[others[1]]
    raw = json.dumps(
        {
            "speech": f"I am the Witch. {a} is lying.",
            "claim": None,
            "acts": [
                {"kind": "claim", "player": None, "player2": None, "role": "Seer", "result": None},
                {"kind": "result", "player": a, "player2": None, "role": None, "result": "check:bad"},
                {"kind": "vote", "player": b, "player2": None, "role": None, "result": None},
                {"kind": "accuse", "player": "Nobody", "player2": None, "role": None, "result": None},
                {"kind": "result", "player": a, "player2": None, "role": None, "result": "protected"},
            ],
        }
    )
    claims = {"Seer": "seer", "Witch": "witch", "Werewolf": "werewolf"}
    choice, check = chat_model_speech(
        view, decision, option="speak", text=f"I am the Witch. {a} is lying.", claim=None, raw=raw, claims=claims
    )
    assert choice.acts[:3] == (
        Act("claim", role="seer"),
        Act("result", target=others[0], fact="check", value="bad"),
        Act("vote", target=others[1]),
    )
    check_view_acts(view, choice.acts)
    assert choice.claim == "seer"
    assert len(check.dropped) == 2
    assert any("'Nobody' is not a player" in d for d in check.dropped)
    assert any("a seer cannot report 'protected'" in d for d in check.dropped)
    assert any("the acts claim seer but the text claims witch" in c for c in check.contradictions)
    assert any(f"names {b}, the text does not" in c for c in check.contradictions)


def test_accusing_and_defending_one_player_is_a_contradiction() -> None:
    game, decision = game_at_speech("one_night", language="en")
    view = game.view(decision.seat)
    other = next(i for i in view.living() if i != decision.seat)
    name = view.names[other]
    found = contradictions(
        f"{name} is fine. {name} is bad.", [Act("accuse", target=other), Act("defend", target=other)], view
    )
    assert found == [f"the acts both accuse and defend {name}"]


def test_the_prompt_shows_earlier_speeches_with_their_acts_and_asks_for_acts() -> None:
    from llm_werewolf.prompting.render import SeatPrompter
    from llm_werewolf.rules import Choice

    game, decision = game_at_speech("city_mafia", language="ru")
    view = game.view(decision.seat)
    target = next(i for i in view.living() if i != decision.seat)
    acts = (Act("claim", role="sheriff"), Act("result", target=target, fact="check", value="bad"))
    game.submit(decision.id, Choice(decision.options[0].id, text="Слушайте все.", acts=acts))
    nxt = next(d for d in game.pending if d.speech)
    listener = game.view(nxt.seat)
    prompter = SeatPrompter(language="ru", variant="city_mafia", seat=nxt.seat, profile=get_profile("openai"))
    prompt = prompter.prompt(listener, nxt)
    declined = phrase_bank("ru", "city_mafia")
    assert "заявляет роль: Шериф" in prompt.user, prompt.user[-600:]
    assert "сообщает результат:" in prompt.user
    assert declined.summary["claim"].startswith("заявляет")
    schema = prompt.schema or {}
    assert "acts" in schema["properties"] and "acts" in schema["required"]
    item = schema["properties"]["acts"]["items"]
    assert "check:bad" in json.dumps(item["properties"]["result"], ensure_ascii=False)
    assert listener.names[target] in item["properties"]["player"]["anyOf"][0]["enum"]


def test_a_looping_text_and_a_two_word_name_in_russian() -> None:
    from llm_werewolf.speech.grammar import decline_ru

    game, decision = game_at_speech("lebanese_ghouls", language="ar-LB")
    view = game.view(decision.seat)
    name = view.names[1]
    looping = check_coherence(f"جت. غول: {name}. غول: {name}. غول: {name}. غول: {name}.", view)
    assert "repeats a phrase" in looping.reasons
    assert decline_ru("Вера Павловна", "acc", "female") == "Веру Павловну"


@pytest.mark.parametrize(("variant", "language"), PAIRS)
def test_voiced_acts_never_contradict_themselves_and_a_different_claim_is_flagged(variant: str, language: str) -> None:
    """In every language: the text voiced from acts agrees with them (names in any case, roles in
    either gender), and acts claiming a role the text does not claim are flagged."""
    import random as rnd

    from llm_werewolf.speech.voice import Speaker, voice

    game, decision = game_at_speech(variant, language=language)
    view = game.view(decision.seat)
    others = [i for i in view.living() if i != decision.seat]
    roles = sorted(get_ruleset(variant).claimable_roles())
    for gender in ("male", "female"):
        me = Speaker(seat=decision.seat, names=view.names, language=language, variant=variant, gender=gender)
        for seed in range(6):
            acts = [Act("claim", role=roles[seed % len(roles)]), Act("accuse", target=others[seed % len(others)])]
            text = voice(acts, me, rnd.Random(seed))
            assert contradictions(text, acts, view) == [], (text, acts)
            lie = [Act("claim", role=roles[(seed + 1) % len(roles)]), acts[1]]
            found = contradictions(text, lie, view)
            assert any(f"the acts claim {lie[0].role} but the text claims" in c for c in found), (text, found)


def test_the_picker_never_offers_two_results_of_one_check_on_one_seat() -> None:
    """From the city_mafia sample: a mafia bluffer said «Tatiana: mafia» and «Tatiana: town» in one speech."""
    from llm_werewolf.speech.picker import kind_options, open_results

    game, _ = game_at_speech("city_mafia", language="ru")
    mafia = next(s for s in range(len(game.view(0).names)) if game.view(s).role == "mafia")
    view = game.view(mafia)
    results = open_results(view, [])
    first = next(a for a in results if a.value == "bad")
    assert any(a.target == first.target and a.value == "good" for a in results)  # offered before
    left = open_results(view, [first])
    assert not any(a.target == first.target and a.fact == first.fact for a in left)
    assert "result" not in kind_options(view, [first]) or left


def test_the_picker_offers_no_confession() -> None:
    """From the city_mafia sample: a citizen picked «Я чистая. Вскрываюсь: я Мафия.»"""
    from llm_werewolf.speech.picker import claim_roles

    for variant in PLAYERS:
        game, _ = game_at_speech(variant)
        for seat in range(len(game.view(0).names)):
            view = game.view(seat)
            offered = claim_roles(view)
            bad = vocabulary(variant).bad_roles
            if view.role in ("tanner", "jester"):
                assert set(offered) == set(view.deck)
                continue
            assert offered and not set(offered) & bad, (variant, view.role, offered)
            roles = get_ruleset(variant).roles
            assert all(roles[r].side in ("village", "farmers", "town") or r == view.role for r in offered)
            village = view.role is not None and roles[view.role].side in ("village", "farmers", "town")
            if village:  # the village claims its own card
                assert offered == [view.role], (variant, view.role, offered)


async def test_with_no_backend_left_for_the_acts_the_text_is_still_checked() -> None:
    """From a measure game: the act picker's call ran out of time and the model's «حكيته لحالها»
    was said unchecked, without acts."""
    from llm_werewolf.agents.base import DecisionRequest
    from llm_werewolf.llm.errors import TransportError

    game, decision = game_at_speech("lebanese_ghouls", language="ar-LB")
    view = game.view(decision.seat)

    def script(request: CompletionRequest) -> str:
        if request.mode == "text":
            return "حكيته لحالها"
        raise TransportError("the server went away", attempts=3)

    agent = LLMAgent(FakeBackend(script, profile=WRITING_LOCAL), settings=LLMAgentSettings(seed=1))
    reply = await agent.decide(DecisionRequest(decision=decision, view=view))
    assert reply.choice is not None and reply.choice.text != "حكيته لحالها"
    check = reply.notes[0]
    assert isinstance(check, SpeechCheck) and check.source == "voiced" and not check.coherent
    assert reply.choice.acts and check_coherence(reply.choice.text, view).ok


def test_the_picker_offers_one_made_up_result_per_speech() -> None:
    """From the chinese_werewolf sample: a bluffing wolf «checked» two seats «last night»."""
    from llm_werewolf.speech.knowledge import known_results
    from llm_werewolf.speech.picker import open_results

    game, _ = game_at_speech("city_mafia", language="ru")
    mafia = next(s for s in range(len(game.view(0).names)) if game.view(s).role == "mafia")
    view = game.view(mafia)
    fake = next(a for a in open_results(view, []) if a not in known_results(view))
    assert all(a in known_results(view) for a in open_results(view, [fake]))


@pytest.mark.parametrize("most", [0, 1])
async def test_the_profile_bounds_the_acts_a_base_model_picks(most: int) -> None:
    """``speech_acts`` 0 asks a base model for no act at all; any other bound lets it build its speech slot by slot."""
    names = default_names("ru", 10)
    game = Game(GameConfig(variant="city_mafia", names=names, seed=4, language="ru", options={"max_days": 2}))
    backend = base_backend("Я хочу играть, что вы?")
    backend.profile = WRITING_LOCAL.with_overrides(speech_acts=most)
    await play(game, backend, 10)
    calls = [r.event for r in game.records if isinstance(r.event, ModelCall)]
    slot_calls = [c for c in calls if c.purpose.startswith("slot_")]
    speeches = [r.event for r in game.records if isinstance(r.event, Speech)]
    assert speeches
    if most == 0:
        assert slot_calls == [] and not [c for c in calls if c.purpose.startswith("act_")]
    else:
        per_speech = Counter((c.decision_id, c.attempt) for c in slot_calls)
        assert per_speech and max(per_speech.values()) == 1  # one call per speech
        picks = [Counter(s for s in slots_chosen(c.raw_output) if s != "answer") for c in slot_calls]
        assert max(n for p in picks for n in p.values()) == 1  # one pick per slot and speech


async def test_a_base_model_s_coherent_text_without_any_picked_act_is_not_said() -> None:
    """From the measure games: the embedded model named a player and said nothing about the game
    («يا نور، هل تعلمين أنّ هذا اللعبة من العواصم؟»), and picked no act. Such a text passes the
    coherence rules but is not said; a voiced question is."""
    from llm_werewolf.agents.base import DecisionRequest
    from llm_werewolf.speech.coherence import CARRIES_NO_ACT

    game, decision = game_at_speech("chinese_werewolf", language="en")
    view = game.view(decision.seat)
    name = view.names[next(i for i in view.living() if i != decision.seat)]
    text = f"{name}, do you know that this game comes from the capitals of the world?"
    assert check_coherence(text, view).ok  # it passes the mechanical rules
    picker = phrase_bank("en", "chinese_werewolf").picker

    def script(request: CompletionRequest) -> str:
        if request.mode == "text":
            return text
        return str(picker["end"])  # no act

    agent = LLMAgent(FakeBackend(script, profile=WRITING_LOCAL), settings=LLMAgentSettings(seed=1))
    reply = await agent.decide(DecisionRequest(decision=decision, view=view))
    assert reply.choice is not None and reply.choice.text != text
    check = reply.notes[0]
    assert isinstance(check, SpeechCheck) and check.source == "voiced" and not check.coherent
    assert CARRIES_NO_ACT in check.reasons and check.model_text == text
    assert reply.choice.acts and check_coherence(reply.choice.text, view).ok
