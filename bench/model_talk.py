"""Table-talk audit of recorded games (model seats): the measures of ``bench/table_talk.py``, read from transcripts.

    PYTHONPATH=. .venv/bin/python bench/model_talk.py runs/speech/*/*.jsonl [--json OUT]

One row per ruleset × language × seats, with the columns of ``bench/table_talk.py`` (its module doc
defines them), and of the day speeches (discussion, defence, campaign) with words, the share said in one
sentence and the mean sentences per speech; a speech's private note is the speaker's last ``thought``
record before it (where the agent marks its fabricated acts). Then, for the base-model seats, what the
model chose in each slot of its speeches (``slot_*`` model calls, or the lines of a ``slot_plan`` call;
``speech.slot_picker``): picks, and the share that took "nothing" (the phrase bank's
``picker.slots.none``), and model calls per speech decision. Last, whether the seats
keep their word within a day (``speech.commitments``):

* **vote follows speech**: of the day's ballots (``commitments.DAY_VOTES``) cast by a seat whose latest
  speech that day committed it to a seat that is on the ballot, the share cast for that seat; ballots
  a public event released (the seat's private note says ``vote released:``) are counted apart; on a
  yes/no ballot on one nominee (``Ruleset.seat_ballot``, city_mafia), yes on that seat and no on the
  nominees before it;
* **nomination follows speech** (city_mafia): of the speeches that nominate and commit to a seat, the
  share that nominate that seat, or no one when it is nominated already; and of those, how many still
  had the model pick the option (an ``option`` line of the speech's ``slot_plan`` call, or a
  ``decision:pick`` call: a pick the speech made useless);
* **trust violations**: acts against a seat (an accusation, a vote, grounds against it) in a speech whose
  speaker said it trusts that seat in an earlier speech the same day, with no public event in between
  that gives a reason (``commitments.release``), over the speeches that came after such trust.

And whether the seats ask what the table was told already:

* **questions already answered**: of the questions put to a seat (``ask`` acts with a question), those
  about what that seat had told the table already: its card after it claimed one (a ``claim`` act, a
  speech whose text named it), reported a result of its card or answered a role question in the game;
  its vote after it accused or named a vote or answered a vote question that day; whom it trusts after
  it answered that day.
"""

from __future__ import annotations

import argparse
import json
import statistics
from collections import Counter, defaultdict
from dataclasses import dataclass
from pathlib import Path

from table_talk import Tally, audit_game, share

from llm_werewolf.rules.act_vocabulary import QUESTIONS
from llm_werewolf.rules.events import ChoiceMade, Speech
from llm_werewolf.rules.variant import get_ruleset
from llm_werewolf.rules.views import SeatView
from llm_werewolf.speech.commitments import DAY_VOTES, RELEASED, against, release, trusted_seats, voted_seat
from llm_werewolf.speech.phrases import phrase_bank
from llm_werewolf.table_notes import ModelCall, SpeechCheck, Thought
from llm_werewolf.transcript.io import read_transcript


def _notes(records: list) -> dict[tuple[int, str], str]:  # type: ignore[type-arg]
    pending: dict[int, str] = {}
    notes: dict[tuple[int, str], str] = {}
    for record in records:
        event = record.event
        if isinstance(event, Thought):
            pending[event.seat] = event.text
        elif isinstance(event, Speech):
            note = pending.pop(event.seat, "")
            if note:
                notes[(event.seat, event.text)] = note
    return notes


@dataclass
class Word:
    """How the seats kept their word (module doc)."""

    ballots: int = 0
    followed: int = 0
    released: int = 0
    after_trust: int = 0
    violations: int = 0
    nominations: int = 0
    nominated: int = 0
    picked: int = 0


def keep_word(records: list, variant: str, word: Word) -> None:  # type: ignore[type-arg]
    """Tally the ballots that follow the voter's speech and the trust broken later the same day."""
    thoughts = {(r.event.seat, r.event.decision_id): r.event.text for r in records if isinstance(r.event, Thought)}
    picks = {r.event.decision_id for r in records if isinstance(r.event, ModelCall) and _picks_option(r.event)}
    committed: dict[tuple[str, int], int] = {}
    trusted: dict[tuple[str, int], dict[int, int]] = {}
    for index, record in enumerate(records):
        event = record.event
        if isinstance(event, ChoiceMade) and event.decision in DAY_VOTES:
            target = committed.get((record.phase, event.seat))
            if target is not None and not any(o.startswith("seat:") for o in event.options):
                view = SeatView(event.seat, "", variant, (), (), None, (), record.phase, tuple(records[:index]))
                on = get_ruleset(variant).seat_ballot(view)
                if on is None or target not in on.candidates:
                    continue
                word.ballots += 1
                word.followed += event.option == (on.yes if on.subject == target else on.no)
                continue
            if target is None or f"seat:{target}" not in event.options:
                continue
            if thoughts.get((event.seat, event.decision_id), "").startswith(RELEASED):
                word.released += 1
                continue
            word.ballots += 1
            word.followed += event.option == f"seat:{target}"
        if type(event) is not Speech or event.to is not None:
            continue
        key = (record.phase, event.seat)
        mine = trusted.setdefault(key, {})
        if mine:
            word.after_trust += 1
            view = SeatView(event.seat, "", "", (), (), None, (), record.phase, tuple(records[:index]))
            turned = {s for a in event.acts if (s := against(a)) in mine}
            word.violations += sum(release(view, mine[s], s, "for") is None for s in turned)
        seat = voted_seat(event.acts, variant)
        if seat is not None:
            committed[key] = seat
            asked = next((r.event for r in reversed(records[:index]) if isinstance(r.event, ChoiceMade)), None)
            if asked is not None and asked.seat == event.seat and any(o.startswith("seat:") for o in asked.options):
                word.nominations += 1
                word.picked += asked.decision_id in picks
                offered = f"seat:{seat}" in asked.options
                word.nominated += asked.option == f"seat:{seat}" if offered else not asked.option.startswith("seat:")
        for seat in trusted_seats(event.acts, event.seat, variant):
            mine[seat] = record.seq


@dataclass
class Asked:
    """The questions put to seats, and those the seat had answered already (module doc)."""

    questions: int = 0
    answered: int = 0


def ask_again(records: list, asked: Asked) -> None:  # type: ignore[type-arg]
    """Tally the questions about what the asked seat had told the table already."""
    told: set[tuple[int, str, str]] = set()  # (seat, question, phase: "" for the whole game)
    for record in records:
        event = record.event
        if not isinstance(event, Speech) or event.to is not None:
            continue
        for act in event.acts:
            if act.kind == "ask" and act.target is not None and act.fact in QUESTIONS:
                asked.questions += 1
                asked.answered += bool({(act.target, act.fact, ""), (act.target, act.fact, record.phase)} & told)
        me = event.seat
        if event.claim is not None:
            told.add((me, "role", ""))
        for act in event.acts:
            if act.kind in ("claim", "result") or (act.kind == "answer" and act.fact == "role"):
                told.add((me, "role", ""))
            elif act.kind in ("accuse", "vote"):
                told.add((me, "vote", record.phase))
            elif act.kind == "answer" and act.fact in QUESTIONS:
                told.add((me, act.fact, record.phase))


def _picks_option(call: ModelCall) -> bool:
    """A model call that picks a speech decision's option (its own call, or a line of the speech's call)."""
    if call.purpose == "decision:pick":
        return True
    return call.purpose == "slot_plan" and any(line.startswith("option: ") for line in call.raw_output.splitlines())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("paths", nargs="+", type=Path)
    parser.add_argument("--json", type=Path, help="write the rows here too")
    args = parser.parse_args()
    tallies: dict[tuple[str, str, int], Tally] = defaultdict(Tally)
    games: Counter[tuple[str, str, int]] = Counter()
    picks: dict[str, Counter[str]] = defaultdict(Counter)
    calls: list[int] = []
    word = Word()
    asked = Asked()
    per_game: list[int] = []
    for path in args.paths:
        transcript = read_transcript(path)
        header = transcript.header
        key = (header.variant, header.language, len(header.names))
        records = transcript.records
        audit_game(records, _notes(records), header.variant, header.language, tallies[key])
        keep_word(records, header.variant, word)
        ask_again(records, asked)
        per_game.append(sum(isinstance(r.event, ModelCall) for r in records))
        games[key] += 1
        nothing = str(phrase_bank(header.language, header.variant).picker["slots"]["none"])
        speech_decisions = {r.event.decision_id for r in records if isinstance(r.event, SpeechCheck)}
        per_decision: Counter[int | None] = Counter()
        for record in records:
            event = record.event
            if not isinstance(event, ModelCall):
                continue
            if event.decision_id in speech_decisions:
                per_decision[event.decision_id] += 1
            if event.purpose == "slot_plan":  # a whole speech in one call: one ``slot: label`` line per pick
                for line in (event.raw_output or "").splitlines():
                    slot, _, label = line.partition(": ")
                    picks[f"slot_{slot}"]["picks"] += 1
                    picks[f"slot_{slot}"]["nothing"] += label.strip() == nothing
            elif event.purpose.startswith("slot_"):
                picks[event.purpose]["picks"] += 1
                picks[event.purpose]["nothing"] += event.raw_output.strip() == nothing
        calls.extend(per_decision.values())
    rows = []
    print(
        "| ruleset | lang | seats | games | answered | reasons ok | liar reasons ok | lies marked | last words ok "
        "| repeat max / mean | template (day) max / mean | template (game) mean | sentences median | chars mean "
        "| one sentence | sentences mean |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    for (variant, language, seats), t in sorted(tallies.items()):
        row = {
            "ruleset": variant,
            "lang": language,
            "seats": seats,
            "games": games[(variant, language, seats)],
            "answered": share(t.answered, t.asked),
            "reasons_ok": share(t.reasons_ok, t.reasons),
            "liar_reasons_ok": share(t.liar_reasons_ok, t.liar_reasons),
            "lies_marked": share(t.lies_marked, t.lies),
            "last_words_ok": share(t.last_words_ok, t.last_words),
            "repeat": f"{max(t.repeat, default=0):.3f} / {statistics.fmean(t.repeat or [0]):.3f}",
            "template_day": f"{max(t.template, default=0):.3f} / {statistics.fmean(t.template or [0]):.3f}",
            "template_game": f"{statistics.fmean(t.template_game or [0]):.3f}",
            "sentences_median": statistics.median(t.sentences or [0]),
            "chars_mean": round(statistics.fmean(t.chars or [0])),
            "one_sentence": share(sum(1 for n in t.sentences if n == 1), len(t.sentences)),
            "sentences_mean": f"{statistics.fmean(t.sentences or [0]):.2f}",
        }
        rows.append(row)
        print("| " + " | ".join(str(v) for v in row.values()) + " |")
    print()
    print("| slot | picks | took nothing |")
    print("|---|---|---|")
    for slot, counts in sorted(picks.items()):
        print(f"| {slot} | {counts['picks']} | {share(counts['nothing'], counts['picks'])} |")
    print()
    if calls:
        print(f"model calls per speech decision: mean {statistics.fmean(calls):.2f}, max {max(calls)} ({len(calls)})")
    if per_game:
        print(f"model calls per game: mean {statistics.fmean(per_game):.2f} ({per_game})")
    print(f"questions already answered: {share(asked.answered, asked.questions)}")
    print(
        f"vote follows speech: {share(word.followed, word.ballots)} (released by a public event: {word.released}); "
        f"nomination follows speech: {share(word.nominated, word.nominations)} "
        f"(the model still picked the option: {word.picked}); "
        f"trust violations: {word.violations} in {word.after_trust} speeches after trust given the same day"
    )
    if args.json:
        slots = {slot: dict(counts) for slot, counts in picks.items()}
        kept = {"ballots": word.ballots, "followed": word.followed, "released": word.released}
        nominated = {"nominations": word.nominations, "followed": word.nominated, "option_picked": word.picked}
        trust = {"after_trust": word.after_trust, "violations": word.violations}
        report = {
            "rows": rows,
            "slots": slots,
            "calls_per_speech": calls,
            "vote_follows": kept,
            "nomination_follows": nominated,
            "trust": trust,
            "questions_already_answered": {"questions": asked.questions, "answered": asked.answered},
            "model_calls_per_game": per_game,
        }
        args.json.write_text(json.dumps(report, ensure_ascii=False, indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
