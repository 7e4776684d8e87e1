"""Nobody is asked what it has already told the table: its card once it named it (or reported what it
learned with it) in the game, its vote or whom it trusts once it said so today (``speech.answered``,
``planner.question_for``)."""

from __future__ import annotations

import pytest

from llm_werewolf.rules import Act
from llm_werewolf.rules.events import PUBLIC, Announcement, EventBody, Info, Record, Speech, make_record
from llm_werewolf.rules.views import SeatView, build_view
from llm_werewolf.speech.grounding import NAMING
from llm_werewolf.speech.model_speech import parse_acts
from llm_werewolf.speech.planner import question_for

from .helpers import game_at_speech
from .test_discourse import PAIRS, played, public_speeches

ASKER, TARGET = 0, 2


def _told(records: list[Record], seat: int, phase: str) -> set[str]:
    """The questions ``seat`` answered before the end of ``records`` (read here from the records, not the reading)."""
    told: set[str] = set()
    for record in records:
        event = record.event
        if not isinstance(event, Speech) or event.seat != seat or event.to is not None:
            continue
        for act in event.acts:
            if act.kind in ("claim", "result") or (act.kind == "answer" and act.fact == "role"):
                told.add("role")
            if record.phase == phase and (act.kind in NAMING or (act.kind == "answer" and act.fact == "vote")):
                told.add("vote")
            if record.phase == phase and act.kind == "answer" and act.fact == "trust":
                told.add("trust")
    return told


@pytest.mark.parametrize(("variant", "language"), PAIRS)
def test_no_heuristic_seat_asks_what_the_table_was_told(variant: str, language: str) -> None:
    for seed in (1, 2, 3):
        game = played(variant, language, seed)
        for index, record, speech in public_speeches(game):
            for act in speech.acts:
                if act.kind == "ask" and act.target is not None:
                    told = _told(game.records[:index], act.target, record.phase)
                    assert act.fact not in told, f"seed {seed}: {speech.text}"


def _view_after(phase: str, *events: EventBody, padding: int = 0) -> SeatView:
    """The asker's view of a city_mafia game at its first speech, with ``events`` said in ``phase`` after it
    (``padding`` public notes more: the question a seat is asked turns with the number of records)."""
    game, _ = game_at_speech("city_mafia", language="ru")
    records = list(game.records)
    for event in [*events, *[Announcement(key="note") for _ in range(padding)]]:
        records.append(make_record(len(records), phase, PUBLIC, event))
    return build_view(records, ASKER)


def _questions(phase: str, *events: EventBody) -> set[str | None]:
    return {question_for(_view_after(phase, *events, padding=n), TARGET, ()) for n in range(3)}


def _says(*acts: Act) -> Speech:
    return Speech(seat=TARGET, text="…", acts=acts)


def test_every_question_is_asked_of_a_seat_that_told_nothing() -> None:
    assert _questions("day:1") == {"vote", "trust", "role"}


def test_a_seat_that_answered_a_role_question_is_not_asked_its_card_again_the_next_day() -> None:
    answer = _says(Act("answer", target=ASKER, fact="role", role="citizen"))
    assert "role" not in _questions("day:1", answer)
    game, _ = game_at_speech("city_mafia", language="ru")
    later = build_view([*game.records, make_record(len(game.records), "day:2", PUBLIC, answer)], ASKER)
    assert question_for(later, TARGET, ()) != "role"


def test_a_claim_made_in_the_text_a_result_reported_or_a_card_shown_is_not_asked_again() -> None:
    assert "role" not in _questions("day:1", Speech(seat=TARGET, text="…", claim="sheriff"))
    assert "role" not in _questions("day:1", _says(Act("result", target=3, fact="check", value="bad")))
    assert "role" not in _questions("day:1", Info(fact="role", subject=TARGET, value="citizen"))


def test_a_vote_or_trust_answered_today_is_not_asked_again_today() -> None:
    assert "vote" not in _questions("day:1", _says(Act("answer", target=1, fact="vote", other=3)))
    assert "trust" not in _questions("day:1", _says(Act("answer", target=1, fact="trust", other=3)))
    told_all = (
        _says(Act("claim", role="citizen")),
        _says(Act("vote", target=3)),
        _says(Act("answer", target=1, fact="trust", other=4)),
    )
    assert _questions("day:1", *told_all) == {None}


def test_a_model_question_about_what_was_answered_is_dropped() -> None:
    view = _view_after("day:1", _says(Act("answer", target=ASKER, fact="role", role="citizen")))
    name = view.names[TARGET]
    acts, dropped = parse_acts(f'{{"acts": [{{"kind": "ask", "player": "{name}", "fact": "role"}}]}}', view, {})
    assert not acts and dropped
    acts, _ = parse_acts(f'{{"acts": [{{"kind": "ask", "player": "{name}", "fact": "vote"}}]}}', view, {})
    assert acts == [Act("ask", target=TARGET, fact="vote")]
