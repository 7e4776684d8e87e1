"""A model seat keeps its word within a day: its ballot goes to the seat its speech gave reasons
against (and proposed), and a seat it said it trusts is not turned on later that day, unless a public
event in between gave a reason (``speech.commitments``)."""

from __future__ import annotations

import pytest

from llm_werewolf.llm.base import CompletionRequest
from llm_werewolf.rules.act_vocabulary import vocabulary
from llm_werewolf.rules.acts import Act
from llm_werewolf.rules.events import Announcement, ChoiceMade, PhaseStarted, Record, Speech, VoteTally
from llm_werewolf.speech.commitments import DAY_VOTES, KEPT, RELEASED, release
from llm_werewolf.table_notes import Thought

from .test_model_plan import Picker, first_label, last_label, played

MODELS: dict[str, Picker] = {"first": first_label, "last": last_label}
TABLES = [
    ("chinese_werewolf", "zh-Hant", 9, 2),
    ("lebanese_ghouls", "ar-LB", 8, 3),
    ("online_mafia", "he", 7, 3),
    ("one_night", "ar", 5, 2),
]


def committed_to(acts: tuple[Act, ...]) -> int | None:
    """The seat a speech says it votes for (its vote, else its answer's vote, else its accusation), else
    the seat a result found bad, else the seat of its first reason that is grounds against someone."""
    for act in acts:
        if act.kind == "vote":
            return act.target
    for act in acts:
        if act.kind == "answer" and act.fact == "vote" and act.other is not None:
            return act.other
    for act in acts:
        if act.kind == "accuse":
            return act.target
    for act in acts:
        if act.kind == "result" and act.value == "bad":
            return act.target
    return next((a.target for a in acts if a.kind == "reason" and a.fact != "claimed"), None)


def turns_on(act: Act) -> int | None:
    if act.kind in ("accuse", "vote"):
        return act.target
    if act.kind == "answer" and act.fact == "vote":
        return act.other
    if act.kind == "reason" and act.fact != "claimed":
        return act.target
    return None


def _notes(records: list[Record]) -> dict[tuple[int, int], str]:
    return {(r.event.seat, r.event.decision_id): r.event.text for r in records if isinstance(r.event, Thought)}


@pytest.mark.parametrize("model", sorted(MODELS))
@pytest.mark.parametrize(("variant", "language", "seats", "seed"), TABLES)
async def test_a_model_seat_votes_for_the_seat_its_speech_gave_reasons_against(
    variant: str, language: str, seats: int, seed: int, model: str
) -> None:
    records = await played(variant, language, seats, seed, MODELS[model])
    notes = _notes(records)
    kept = 0
    for record in records:
        choice = record.event
        if not isinstance(choice, ChoiceMade) or choice.decision not in DAY_VOTES:
            continue
        speeches = [
            r.event
            for r in records
            if r.seq < record.seq and r.phase == record.phase and type(r.event) is Speech
            if r.event.seat == choice.seat and r.event.to is None and committed_to(r.event.acts) is not None
        ]
        if not speeches:
            continue
        target = committed_to(speeches[-1].acts)
        if f"seat:{target}" not in choice.options:
            continue
        note = notes.get((choice.seat, choice.decision_id), "")
        if note.startswith(RELEASED):
            continue
        assert choice.option == f"seat:{target}", (choice.seat, speeches[-1].acts, choice.option)
        assert note.startswith(KEPT)
        kept += 1
    assert kept >= 2


@pytest.mark.parametrize(
    ("variant", "language", "seats", "seed"),
    [("chinese_werewolf", "zh-Hant", 9, 5), ("chinese_werewolf", "en", 9, 6), ("city_mafia", "ru", 10, 5)],
)
async def test_a_speech_later_the_same_day_is_not_offered_the_seat_its_speaker_trusted(
    variant: str, language: str, seats: int, seed: int
) -> None:
    """Every seat's first speech of a day says it trusts the next living seat; at every later speech of
    that day, a model that always picks the trusted seat where a label names it still says nothing
    against it (a public event in between excepted)."""
    import random

    from llm_werewolf.llm.base import Completion
    from llm_werewolf.rules import Choice, Game, GameConfig
    from llm_werewolf.speech.picker import PickContext
    from llm_werewolf.speech.slot_picker import pick_plan
    from llm_werewolf.speech.voice import Speaker
    from llm_werewolf.texts import default_names

    game = Game(GameConfig(variant=variant, names=default_names(language, seats), seed=seed, language=language))
    rng = random.Random(seed)
    trust: dict[tuple[str, int], tuple[int, int]] = {}
    later = 0
    while game.pending:
        decision = game.pending[0]
        view = game.view(decision.seat)
        if not decision.speech:
            game.submit(decision.id, Choice(decision.options[rng.randrange(len(decision.options))].id))
            continue
        acts: tuple[Act, ...] = ()
        given = trust.get((view.phase, decision.seat))
        if given is not None and decision.kind != "whisper":
            seat, since = given
            name = view.names[seat]

            async def complete(request: CompletionRequest, purpose: str, name: str = name) -> Completion:
                label = next((lb for lb in request.labels if name in lb), request.labels[-1])
                return Completion(text=label)

            speaker = Speaker(seat=decision.seat, names=view.names, language=language, variant=variant)
            ctx = PickContext(system="", user="", cue="")
            plan, _ = await pick_plan(view, ctx, complete, speaker=speaker, last_words=decision.kind == "last_words")
            turned = [a for a in plan.acts if turns_on(a) == seat]
            assert not turned or release(view, since, seat, "for") is not None, (decision.kind, name, plan.acts)
            later += 1
            acts = plan.acts
        elif decision.kind != "whisper" and view.alive[decision.seat]:
            living = [s for s in view.living() if s != decision.seat]
            seat = living[0]
            asker = living[-1]
            acts = (Act("answer", target=asker, fact="trust", other=seat),)
            trust[(view.phase, decision.seat)] = (seat, len(game.records))
        option = decision.options[rng.randrange(len(decision.options))].id
        game.submit(decision.id, Choice(option, text="...", acts=acts))
        if len(game.records) > 4000:
            break
    assert later >= 2


@pytest.mark.parametrize(
    ("variant", "language", "seats", "seed"),
    [("chinese_werewolf", "zh-Hant", 9, 2), ("chinese_werewolf", "zh-Hant", 6, 3), ("city_mafia", "ru", 10, 4)],
)
async def test_a_model_seat_that_picks_nothing_where_it_can_still_says_what_it_holds(
    variant: str, language: str, seats: int, seed: int
) -> None:
    """A model that takes "nothing" wherever it is offered: a truthful seat with a result it has not
    reported reports one, and a seat that may cite a fact that holds gives one (a reason, or a reading of
    the table in the state slot)."""
    import random

    from llm_werewolf.llm.base import Completion
    from llm_werewolf.rules import Choice, Game, GameConfig
    from llm_werewolf.speech.knowledge import known_results
    from llm_werewolf.speech.phrases import phrase_bank
    from llm_werewolf.speech.picker import PickContext
    from llm_werewolf.speech.slot_picker import fake_reasons, pick_plan, reason_options, turns
    from llm_werewolf.speech.voice import Speaker
    from llm_werewolf.texts import default_names

    nothing = str(phrase_bank(language, variant).picker["slots"]["none"])

    async def lazy(request: CompletionRequest, purpose: str) -> Completion:
        return Completion(text=nothing if nothing in request.labels else request.labels[0])

    game = Game(GameConfig(variant=variant, names=default_names(language, seats), seed=seed, language=language))
    rng = random.Random(seed)
    bad_roles = vocabulary(variant).bad_roles
    holding = facts = 0
    while game.pending and len(game.records) < 4000:
        decision = game.pending[0]
        if not decision.speech:
            game.submit(decision.id, Choice(decision.options[rng.randrange(len(decision.options))].id))
            continue
        view = game.view(decision.seat)
        acts: tuple[Act, ...] = ()
        if decision.kind not in ("whisper", "last_words"):
            speaker = Speaker(seat=decision.seat, names=view.names, language=language, variant=variant)
            plan, _ = await pick_plan(view, PickContext(system="", user="", cue=""), lazy, speaker=speaker)
            acts = plan.acts
            said = {(s.event.seat, a) for s in game.records if type(s.event) is Speech for a in s.event.acts}
            unreported = [a for a in known_results(view) if (decision.seat, a) not in said and a.target is not None]
            if view.role not in bad_roles and any(a.target is not None and view.alive[a.target] for a in unreported):
                holding += 1
                assert any(a.kind == "result" for a in acts), (decision.kind, unreported, acts)
            holds = [a for a in reason_options(view, []) if a not in fake_reasons(view)]
            if [a for a in holds if not turns(view, a, acts)]:  # a fact that holds, that the speech may give
                facts += 1
                assert any(a.kind == "reason" for a in acts), (decision.kind, acts)
        option = decision.options[rng.randrange(len(decision.options))].id
        game.submit(decision.id, Choice(option, text="...", acts=acts))
    assert facts >= 3
    assert holding >= 1


@pytest.mark.parametrize(
    ("variant", "language", "seats", "seed", "model"),
    [
        ("chinese_werewolf", "zh-Hant", 9, 2, "first"),
        ("online_mafia", "he", 7, 3, "echo"),
        ("one_night", "ar", 5, 2, "echo"),
    ],
)
async def test_a_speech_gives_no_grounds_against_the_seat_it_says_it_trusts(
    variant: str, language: str, seats: int, seed: int, model: str
) -> None:
    from .test_model_plan import echo_label

    records = await played(variant, language, seats, seed, {**MODELS, "echo": echo_label}[model])
    trusting = 0
    for record in records:
        speech = record.event
        if type(speech) is not Speech or speech.to is not None:
            continue
        trusted = {a.other for a in speech.acts if a.kind == "answer" and a.fact == "trust" and a.other is not None}
        trusting += bool(trusted)
        assert not {turns_on(a) for a in speech.acts} & trusted, (speech.seat, speech.acts)
    assert trusting >= 1


@pytest.mark.parametrize(
    ("variant", "language", "seats", "seed"),
    [("chinese_werewolf", "zh-Hant", 9, 5), ("chinese_werewolf", "zh-Hant", 9, 7), ("chinese_werewolf", "en", 9, 8)],
)
async def test_a_speech_later_the_same_day_does_not_trust_the_seat_its_speaker_went_against(
    variant: str, language: str, seats: int, seed: int
) -> None:
    """Every seat's first speech of a day accuses the next living seat; asked later that day whom it
    trusts, a model that always names that seat where it can still names another (or "not yet")."""
    import random

    from llm_werewolf.llm.base import Completion
    from llm_werewolf.rules import Choice, Game, GameConfig
    from llm_werewolf.speech.picker import PickContext
    from llm_werewolf.speech.slot_picker import pick_plan
    from llm_werewolf.speech.voice import Speaker
    from llm_werewolf.texts import default_names

    game = Game(GameConfig(variant=variant, names=default_names(language, seats), seed=seed, language=language))
    rng = random.Random(seed)
    accused: dict[tuple[str, int], tuple[int, int]] = {}
    answers = 0
    while game.pending and len(game.records) < 4000:
        decision = game.pending[0]
        view = game.view(decision.seat)
        if not decision.speech:
            game.submit(decision.id, Choice(decision.options[rng.randrange(len(decision.options))].id))
            continue
        acts: tuple[Act, ...] = ()
        given = accused.get((view.phase, decision.seat))
        if given is not None and decision.kind != "whisper":
            seat, since = given
            name = view.names[seat]

            async def complete(request: CompletionRequest, purpose: str, name: str = name) -> Completion:
                return Completion(text=next((lb for lb in request.labels if name in lb), request.labels[-1]))

            speaker = Speaker(seat=decision.seat, names=view.names, language=language, variant=variant)
            ctx = PickContext(system="", user="", cue="")
            plan, _ = await pick_plan(view, ctx, complete, speaker=speaker, last_words=decision.kind == "last_words")
            trusts = [a for a in plan.acts if a.kind == "answer" and a.fact == "trust"]
            answers += len(trusts)
            named = [a for a in trusts if a.other == seat]
            assert not named or release(view, since, seat, "against") is not None, (decision.kind, name, plan.acts)
            acts = plan.acts
        elif decision.kind != "whisper" and view.alive[decision.seat]:
            seat = next(s for s in view.living() if s != decision.seat)
            acts = (Act("accuse", target=seat), Act("ask", target=seat, fact="trust"))
            accused[(view.phase, decision.seat)] = (seat, len(game.records))
            for other in view.living():  # everyone asks the seats that spoke whom they trust
                if other != decision.seat and (view.phase, other) in accused:
                    acts = (*acts[:1], Act("ask", target=other, fact="trust"))
                    break
        option = decision.options[rng.randrange(len(decision.options))].id
        game.submit(decision.id, Choice(option, text="...", acts=acts))
    assert answers >= 1


@pytest.mark.parametrize("model", sorted(MODELS))
@pytest.mark.parametrize("seed", [4, 5])
async def test_a_model_seat_nominates_the_seat_its_speech_says_it_votes_for(model: str, seed: int) -> None:
    """city_mafia: a day speech also nominates; the nomination is the seat the speech committed to, or
    none when that seat is nominated already."""
    records = await played("city_mafia", "ru", 10, seed, MODELS[model])
    followed = declined = 0
    for index, record in enumerate(records):
        choice = record.event
        if not isinstance(choice, ChoiceMade) or choice.decision != "speech":
            continue
        speech = next(r.event for r in records[index + 1 :] if type(r.event) is Speech and r.event.seat == choice.seat)
        target = committed_to(speech.acts)
        if target is None:
            continue
        if f"seat:{target}" in choice.options:
            assert choice.option == f"seat:{target}", (choice.seat, speech.acts, choice.option)
            followed += 1
        elif target != choice.seat:  # nominated already: no other seat instead
            assert choice.option == "none", (choice.seat, speech.acts, choice.option)
            declined += 1
    assert followed >= 2
    assert declined >= 1


def _nominees_and_subject(records: list[Record], before: int) -> tuple[list[int], int | None]:
    """city_mafia: the day's nominees and the nominee voted on at record ``before``."""
    nominees: list[int] = []
    subject: int | None = None
    for record in records[:before]:
        event = record.event
        if isinstance(event, PhaseStarted) and event.phase == "day":
            nominees, subject = [], None
        elif isinstance(event, Announcement) and event.key == "nomination":
            nominees.append(event.seats[1])
        elif isinstance(event, Announcement) and event.key == "vote_on":
            subject = event.seats[0]
        elif isinstance(event, VoteTally) and event.result == "tie":
            nominees, subject = list(event.targets), None
    return nominees, subject


@pytest.mark.parametrize("model", sorted(MODELS))
@pytest.mark.parametrize("seed", [4, 5])
async def test_a_model_seat_says_yes_only_on_the_nominee_its_speech_votes_for(model: str, seed: int) -> None:
    """city_mafia votes yes/no on one nominee at a time: a seat committed to a nominee says yes on it
    and no on the nominees before it."""
    records = await played("city_mafia", "ru", 10, seed, MODELS[model])
    notes = _notes(records)
    kept = 0
    for index, record in enumerate(records):
        choice = record.event
        if not isinstance(choice, ChoiceMade) or choice.decision != "vote":
            continue
        speeches = [
            r.event
            for r in records[:index]
            if r.phase == record.phase and type(r.event) is Speech
            if r.event.seat == choice.seat and r.event.to is None and committed_to(r.event.acts) is not None
        ]
        if not speeches:
            continue
        target = committed_to(speeches[-1].acts)
        nominees, subject = _nominees_and_subject(records, index)
        if target not in nominees or notes.get((choice.seat, choice.decision_id), "").startswith(RELEASED):
            continue
        assert choice.option == ("yes" if subject == target else "no"), (choice.seat, target, subject)
        kept += 1
    assert kept >= 2
