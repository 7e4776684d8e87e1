"""A base-model seat's speech follows the discourse plan: it answers the questions put to it, its
reasons hold (or, from a liar, are marked), and it never contradicts its own earlier words."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from llm_werewolf.agents.llm_agent import LLMAgent, LLMAgentSettings
from llm_werewolf.evaluation.groundedness import marked_positions
from llm_werewolf.llm.base import CompletionRequest
from llm_werewolf.llm.fake import FakeBackend
from llm_werewolf.llm.profiles import get_profile
from llm_werewolf.rules import Decision, Game, GameConfig
from llm_werewolf.rules.act_vocabulary import vocabulary
from llm_werewolf.rules.events import DeathsAnnounced, Info, Record, RoleAssigned, Speech
from llm_werewolf.speech.grounding import by_seq, check_reason
from llm_werewolf.speech.intent import claim_of
from llm_werewolf.speech.plan_outline import shown_number
from llm_werewolf.table import Table, TableSettings
from llm_werewolf.table_notes import ModelCall, Thought
from llm_werewolf.texts import default_names

from .helpers import slots_chosen

TALK = ("discussion", "defense", "campaign")

Picker = Callable[[CompletionRequest], str]


def first_label(request: CompletionRequest) -> str:
    return request.labels[0]


def last_label(request: CompletionRequest) -> str:
    """An adversary of the plan: the last label shown (often "nothing"), and gibberish for the answers."""
    if request.purpose == "slot_answer":
        return "zzz"
    return request.labels[-1]


_ECHOED: dict[tuple[str, str], list[str]] = {}


def echo_label(request: CompletionRequest) -> str:
    """An adversary of the answers: the seat it already named in this speech, where it is offered again
    (trust in the seat its answer votes for), else the first label."""
    taken = _ECHOED.setdefault((request.system, request.user), [])
    label = next((label for label in request.labels if label in taken), request.labels[0])
    taken.append(label)
    return label


MODELS: dict[str, Picker] = {"first": first_label, "last": last_label, "echo": echo_label}
TABLES = [("city_mafia", "ru", 10, 4), ("chinese_werewolf", "zh-Hant", 9, 2), ("lebanese_ghouls", "ar-LB", 8, 3)]


async def played(variant: str, language: str, seats: int, seed: int, pick: Picker) -> list[Record]:
    def script(request: CompletionRequest) -> str:
        assert request.mode == "pick", request.mode
        return pick(request)

    backend = FakeBackend(script, profile=get_profile("local"))
    names = default_names(language, seats)
    game = Game(GameConfig(variant=variant, names=names, seed=seed, language=language, options={"max_days": 2}))
    agents = [LLMAgent(backend, settings=LLMAgentSettings(seed=i)) for i in range(seats)]
    await Table(game, agents, settings=TableSettings(max_attempts=2)).play()
    return list(game.records)


def _public_speeches(records: list[Record]) -> list[Record]:
    return [r for r in records if type(r.event) is Speech and r.event.to is None]


def _dead_before(records: list[Record], seq: int) -> set[int]:
    return {d.seat for r in records if type(r.event) is DeathsAnnounced and r.seq < seq for d in r.event.deaths}


@pytest.mark.parametrize("model", sorted(MODELS))
@pytest.mark.parametrize(("variant", "language", "seats", "seed"), TABLES)
async def test_a_model_seat_answers_the_question_put_to_it_in_its_next_speech(
    variant: str, language: str, seats: int, seed: int, model: str
) -> None:
    records = await played(variant, language, seats, seed, MODELS[model])
    speeches = [(r.seq, r.event) for r in _public_speeches(records) if isinstance(r.event, Speech)]
    asked = answered = 0
    for index, (_, speech) in enumerate(speeches):
        for act in speech.acts:
            if act.kind != "ask" or act.target is None:
                continue
            reply = next(((seq, s) for seq, s in speeches[index + 1 :] if s.seat == act.target), None)
            if reply is None or reply[1].stage not in TALK or speech.seat in _dead_before(records, reply[0]):
                continue
            asked += 1
            said = reply[1].acts
            answered += any(a.kind == "answer" and a.target == speech.seat and a.fact == act.fact for a in said)
    assert asked >= 2
    assert answered == asked
    chosen = {s for r in records if isinstance(r.event, ModelCall) for s in slots_chosen(r.event.raw_output)}
    assert "answer" in chosen  # the model chose what to answer (not a fixed line)


@pytest.mark.parametrize(("variant", "language", "seats", "seed"), TABLES)
async def test_a_truthful_model_seat_s_reasons_hold_and_a_liar_s_fabrications_are_marked(
    variant: str, language: str, seats: int, seed: int
) -> None:
    records = await played(variant, language, seats, seed, first_label)
    bad_roles = vocabulary(variant).bad_roles
    table = by_seq(records)
    roles = {r.event.seat: r.event.role for r in records if type(r.event) is RoleAssigned}
    notes: dict[int, str] = {}
    truthful = 0
    for record in records:
        event = record.event
        if isinstance(event, Thought):
            notes[event.seat] = event.text
            continue
        if type(event) is not Speech:
            continue
        note = notes.pop(event.seat, "")
        if event.to is not None:
            continue
        marked = marked_positions(note)
        for position, act in enumerate(event.acts):
            if act.kind != "reason":
                continue
            holds = check_reason(act, table, record.seq)
            if roles.get(event.seat) not in bad_roles:
                truthful += 1
                assert holds, (event.seat, act)
            else:
                assert holds or position in marked, (event.seat, act, note)
    assert truthful >= 3


@pytest.mark.parametrize("model", sorted(MODELS))
@pytest.mark.parametrize(("variant", "language", "seats", "seed"), TABLES)
async def test_a_model_seat_never_contradicts_itself(
    variant: str, language: str, seats: int, seed: int, model: str
) -> None:
    records = await played(variant, language, seats, seed, MODELS[model])
    claims: dict[int, set[str]] = {}
    team: dict[int, set[int]] = {}
    for record in records:
        event = record.event
        if type(event) is Info and event.fact == "team":
            for seat in event.seats:
                team.setdefault(seat, set()).update(s for s in event.seats if s != seat)
    for record in _public_speeches(records):
        speech = record.event
        assert isinstance(speech, Speech)
        dead = _dead_before(records, record.seq)
        partners = team.get(speech.seat, set())
        for act in speech.acts:
            role = claim_of(act)
            if role is not None:
                claims.setdefault(speech.seat, set()).add(role)
            if act.kind in ("accuse", "vote", "disagree"):
                assert act.target not in partners, (speech.seat, act)
            if act.kind == "answer" and act.fact == "vote":
                assert act.other not in partners, (speech.seat, act)
            if act.kind == "result" and act.target is not None:
                assert act.target not in dead, (speech.seat, act)
        # An answer takes a side: no vote for a seat the speech trusts, no vote but the one its answer named.
        trusted = {a.other for a in speech.acts if a.kind == "answer" and a.fact == "trust" and a.other is not None}
        voted = {a.target for a in speech.acts if a.kind in ("vote", "accuse")}
        assert not trusted & voted, (speech.seat, speech.acts)
        for question in ("vote", "role"):  # two askers of one question get one answer
            given = {(a.other, a.role) for a in speech.acts if a.kind == "answer" and a.fact == question}
            assert len(given) <= 1, (speech.seat, speech.acts)
        named = [a.other for a in speech.acts if a.kind == "answer" and a.fact == "vote"]
        if named:
            assert {a.target for a in speech.acts if a.kind == "vote"} <= {named[0]}, (speech.seat, speech.acts)
    assert claims and all(len(roles) == 1 for roles in claims.values()), claims


def test_a_chat_model_is_shown_the_plan_and_answers_in_its_slots_with_refs() -> None:
    """A capable model sees the question put to it and the facts it may cite with their record numbers;
    its acts name their slot and are said in the plan's order; a reason's refs are checked."""
    import json

    from llm_werewolf.prompting.render import SeatPrompter
    from llm_werewolf.rules import Act, Choice
    from llm_werewolf.speech.grounding import classify
    from llm_werewolf.speech.model_speech import chat_model_speech

    probe, first = _at_discussion()  # who speaks after the first speaker
    probe.submit(first.id, Choice(first.options[0].id, text="Слушайте все."))
    nxt_seat = next(d for d in probe.pending if d.speech).seat
    game, decision = _at_discussion()
    asker = decision.seat
    suspect = next(i for i in game.view(asker).living() if i not in (asker, nxt_seat))
    acts = (Act("accuse", target=suspect), Act("ask", target=nxt_seat, fact="vote"))
    game.submit(decision.id, Choice(decision.options[0].id, text="Слушайте все.", acts=acts))
    nxt = next(d for d in game.pending if d.speech)
    assert nxt.seat == nxt_seat
    view = game.view(nxt.seat)
    prompt = SeatPrompter(language="ru", variant="city_mafia", seat=nxt.seat, profile=get_profile("openai")).prompt(
        view, nxt
    )
    said = next(r for r in reversed(game.records) if type(r.event) is Speech)
    assert f'player "{view.names[asker]}", fact "vote"' in prompt.user, prompt.user[-900:]
    shown = shown_number(view, said.seq)  # the seat's own count of records, not the game's sequence number
    assert shown != said.seq, "the game has records this seat does not see"
    assert f"[{shown}] named_first:" in prompt.user
    item = (prompt.schema or {})["properties"]["acts"]["items"]
    assert {"slot", "fact", "refs"} <= set(item["required"])
    assert {"answer", "reason"} <= set(item["properties"]["kind"]["enum"])

    a, s = view.names[asker], view.names[suspect]
    raw = json.dumps(
        {
            "speech": f"{a}, я голосую за {s}.",
            "acts": [
                {
                    "slot": "propose",
                    "kind": "vote",
                    "player": s,
                    "player2": None,
                    "role": None,
                    "result": None,
                    "fact": None,
                    "refs": [],
                },
                {
                    "slot": "reason",
                    "kind": "reason",
                    "player": a,
                    "player2": s,
                    "role": None,
                    "result": None,
                    "fact": "named_first",
                    "refs": [shown],
                },
                {
                    "slot": "reason",
                    "kind": "reason",
                    "player": s,
                    "player2": None,
                    "role": None,
                    "result": None,
                    "fact": "quiet",
                    "refs": [shown],
                },
                {
                    "slot": "react",
                    "kind": "answer",
                    "player": a,
                    "player2": s,
                    "role": None,
                    "result": None,
                    "fact": "vote",
                    "refs": [],
                },
            ],
        },
        ensure_ascii=False,
    )
    choice, _ = chat_model_speech(
        view, nxt, option="speak", text=f"{a}, я голосую за {s}.", claim=None, raw=raw, claims={}
    )
    assert [x.kind for x in choice.acts] == ["answer", "reason", "reason", "vote"]
    assert choice.acts[0] == Act("answer", target=asker, fact="vote", other=suspect)
    at = game.records[-1].seq + 1
    grounded, wrong = choice.acts[1], choice.acts[2]
    assert classify(grounded, list(game.records), nxt.seat, "city_mafia", at, False) == "grounded"
    assert classify(wrong, list(game.records), nxt.seat, "city_mafia", at, False) == "hallucination"


def _at_discussion(variant: str = "city_mafia", language: str = "ru", seats: int = 10) -> tuple[Game, Decision]:
    """A game at its first discussion speech (the speeches before it said plainly)."""
    import random

    from llm_werewolf.rules import Choice

    game = Game(GameConfig(variant=variant, names=default_names(language, seats), seed=3, language=language))
    rng = random.Random(3)
    while True:
        decision = game.pending[0]
        if decision.speech and decision.kind == "speech":
            return game, decision
        text = "..." if decision.speech else ""
        game.submit(decision.id, Choice(decision.options[rng.randrange(len(decision.options))].id, text=text))


@pytest.mark.parametrize(
    ("variant", "language", "seats"),
    [
        ("chinese_werewolf", "zh-Hant", 9),
        ("chinese_werewolf", "en", 9),
        ("lebanese_ghouls", "ar-LB", 8),
        ("one_night", "ar", 6),
        ("city_mafia", "ru", 10),
        ("online_mafia", "he", 12),
    ],
)
def test_the_plan_shown_to_a_chat_model_names_the_question_and_the_facts(
    variant: str, language: str, seats: int
) -> None:
    from llm_werewolf.prompting.render import SeatPrompter
    from llm_werewolf.rules import Act, Choice

    probe, first = _at_discussion(variant, language, seats)
    probe.submit(first.id, Choice(first.options[0].id, text="..."))
    nxt_seat = next(d for d in probe.pending if d.speech).seat
    game, decision = _at_discussion(variant, language, seats)
    suspect = next(i for i in game.view(decision.seat).living() if i not in (decision.seat, nxt_seat))
    acts = (Act("accuse", target=suspect), Act("ask", target=nxt_seat, fact="trust"))
    game.submit(decision.id, Choice(decision.options[0].id, text="...", acts=acts))
    nxt = next(d for d in game.pending if d.speech)
    view = game.view(nxt.seat)
    prompt = SeatPrompter(language=language, variant=variant, seat=nxt.seat, profile=get_profile("openai")).prompt(
        view, nxt
    )
    said = next(r for r in reversed(game.records) if type(r.event) is Speech)
    react = [line for line in prompt.user.splitlines() if line.startswith("- react")]
    assert any(view.names[decision.seat] in line and '"trust"' in line for line in react), react
    shown = shown_number(view, said.seq)  # the seat's own count of records, not the game's sequence number
    assert shown != said.seq, "the game has records this seat does not see"
    assert f"[{shown}] named_first:" in prompt.user
    assert "{" not in prompt.user.split("named_first:")[1].split("\n")[0]  # the fact is voiced, agreement filled
