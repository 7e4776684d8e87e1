"""Table-talk audit: does the heuristic table converse? One row per ruleset × language.

    PYTHONPATH=. .venv/bin/python bench/table_talk.py [--games 100] [--variant V ...] [--lang L ...] [--players N]

Seeds 1..N on the ruleset's first standard board (``--players`` overrides), every seat a
``HeuristicAgent`` (seed ``seed * 1009 + i``, as in the ladder), the phrase bank's default names
of each language. Measures (docs/speech-acts.md, "Table-talk audit"):

* ``answered``: of the questions (``ask`` acts) that could be answered, the share whose addressee's
  next discussion or defence speech answers the asker (an ``answer`` act to him). Left out, as
  unanswerable: the addressee never spoke in a discussion or defence again (it died first: its next
  speech is its last words, or none; or the game ended), or the asker had died when it did (an
  answer addresses a living player). An empty speech (a seat keeping silent) counts as unanswered;
* ``reasons ok``: ``reason`` acts of village-side speakers that hold against the god view
  (``speech.grounding.check_reason``); ``liar reasons ok``: the same for the bad side;
* ``lies marked``: acts the god view classes as lies (a claim or result against the speaker's own
  knowledge, or a reason that does not hold) that the seat's private note marks as fabricated;
* ``last words ok``: last words with no plea (``defend`` of oneself), and, from a village-side
  seat, no claim or result against its own knowledge;
* ``repeat``: per game, sentences said before in the game / sentences (interjections of fewer than
  four words or eight Chinese characters left out), the worst game and the mean;
* ``template``: per game, sentences whose phrasing (names aside) was said earlier the same day
  with another name / sentences (worst game and mean); ``template (game)``: earlier in the game;
* ``sentences``: median sentences per discussion speech; ``chars``: mean characters per discussion speech.
"""

from __future__ import annotations

import argparse
import re
import statistics
import unicodedata
from collections import defaultdict
from dataclasses import dataclass, field

from llm_werewolf.agents.heuristic import FABRICATED, HeuristicAgent
from llm_werewolf.ladder import standard_boards
from llm_werewolf.rules import Choice, Decision, GameConfig, SeatView, get_ruleset
from llm_werewolf.rules.act_vocabulary import vocabulary
from llm_werewolf.rules.events import DeathsAnnounced, Record, RoleAssigned, Speech
from llm_werewolf.sim import SyncAgent, play_with_agents
from llm_werewolf.speech.grounding import by_seq, check_reason, classify
from llm_werewolf.speech.intent import claim_of
from llm_werewolf.speech.phrases import phrase_bank
from llm_werewolf.speech.repeats import templates_in

TALK = ("discussion", "defense", "campaign")
_SENTENCE = re.compile(r"(?<=[.!?。！？؟])\s*")


class NotingAgent:
    """A heuristic seat that keeps its private notes (what the table records as ``Thought``)."""

    def __init__(self, seed: int, notes: dict[tuple[int, str], str]) -> None:
        self.agent = HeuristicAgent(seed=seed)
        self.notes = notes

    def choose(self, view: SeatView, decision: Decision) -> Choice:
        choice, note = self.agent.choose_noted(view, decision)
        if note and choice.text:
            self.notes[(decision.seat, choice.text)] = note
        return choice


@dataclass
class Tally:
    asked: int = 0
    answered: int = 0
    reasons: int = 0
    reasons_ok: int = 0
    liar_reasons: int = 0
    liar_reasons_ok: int = 0
    lies: int = 0
    lies_marked: int = 0
    last_words: int = 0
    last_words_ok: int = 0
    repeat: list[float] = field(default_factory=list)
    template: list[float] = field(default_factory=list)
    template_game: list[float] = field(default_factory=list)
    sentences: list[int] = field(default_factory=list)
    chars: list[int] = field(default_factory=list)


def sentences(text: str) -> list[str]:
    return [s.strip() for s in _SENTENCE.split(text) if s.strip()]


def substantial(sentence: str, language: str) -> bool:
    if language == "zh-Hant":
        return sum(1 for c in sentence if unicodedata.category(c) == "Lo") >= 8
    return len(sentence.split()) >= 4


def roles_at(records: list[Record], seq: int) -> dict[int, str]:
    held: dict[int, str] = {}
    for record in records:
        if record.seq >= seq:
            break
        event = record.event
        if isinstance(event, RoleAssigned):
            held[event.seat] = event.role
    return held


def audit_game(records: list[Record], notes: dict[tuple[int, str], str], variant: str, language: str, t: Tally) -> None:
    bad_roles = vocabulary(variant).bad_roles
    table = by_seq(records)
    speeches = [(i, r) for i, r in enumerate(records) if type(r.event) is Speech and r.event.to is None]
    said: set[str] = set()
    day_templates: dict[str, dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
    game_templates: dict[str, set[str]] = defaultdict(set)
    total = repeated = templated = templated_game = 0
    for order, (_, record) in enumerate(speeches):
        speech = record.event
        assert isinstance(speech, Speech)
        roles = roles_at(records, record.seq)
        bad = roles.get(speech.seat) in bad_roles
        note = notes.get((speech.seat, speech.text), "")
        marked = _marked(note)
        for position, act in enumerate(speech.acts):
            if act.kind == "reason":
                holds = check_reason(act, table, record.seq)
                if bad:
                    t.liar_reasons += 1
                    t.liar_reasons_ok += holds
                else:
                    t.reasons += 1
                    t.reasons_ok += holds
            if classify(act, records, speech.seat, variant, record.seq, position in marked) == "lie":
                t.lies += 1
                t.lies_marked += position in marked
            if act.kind == "ask" and act.target is not None:
                _question(speeches[order + 1 :], records, speech.seat, act.target, t)
        if speech.stage == "last_words":
            t.last_words += 1
            t.last_words_ok += _last_words_ok(speech, records, record.seq, variant, bad)
        if speech.stage in TALK and speech.text:
            parts = sentences(speech.text)
            t.sentences.append(len(parts))
            t.chars.append(len(speech.text))
        for sentence in sentences(speech.text):
            if not substantial(sentence, language):
                continue
            total += 1
            repeated += sentence in said
            said.add(sentence)
            found = templates_in(language, variant, sentence)
            today = day_templates[record.phase]
            templated += any(today[template] - {sentence} for template in found)
            templated_game += any(game_templates[template] - {sentence} for template in found)
            for template in found:
                today[template].add(sentence)
                game_templates[template].add(sentence)
    if total:
        t.repeat.append(repeated / total)
        t.template.append(templated / total)
        t.template_game.append(templated_game / total)


def _marked(note: str) -> set[int]:
    for line in note.splitlines():
        if line.startswith(FABRICATED):
            return {int(x) for x in line[len(FABRICATED) :].split(",") if x.strip()}
    return set()


def _question(later: list[tuple[int, Record]], records: list[Record], asker: int, asked: int, t: Tally) -> None:
    for _, record in later:
        speech = record.event
        assert isinstance(speech, Speech)
        if speech.seat != asked:
            continue
        if speech.stage not in TALK or not _alive(records, asker, record.seq):
            return
        t.asked += 1
        t.answered += any(a.kind == "answer" and a.target == asker for a in speech.acts)
        return


def _alive(records: list[Record], seat: int, seq: int) -> bool:
    """Whether the table had not been told of ``seat``'s death before ``seq``."""
    return not any(
        type(r.event) is DeathsAnnounced and r.seq < seq and any(d.seat == seat for d in r.event.deaths)
        for r in records
    )


def _last_words_ok(speech: Speech, records: list[Record], seq: int, variant: str, bad: bool) -> bool:
    if any(a.kind == "defend" and a.target == speech.seat for a in speech.acts):
        return False
    if bad:
        return True
    known = [r for r in records if r.seq < seq]
    return all(
        classify(a, known, speech.seat, variant, seq, False) != "lie"
        for a in speech.acts
        if a.kind in ("claim", "result") or claim_of(a) is not None
    )


def run(variant: str, language: str, players: int, games: int) -> Tally:
    names = tuple(list(phrase_bank(language, variant).genders)[:players])
    tally = Tally()
    for seed in range(1, games + 1):
        notes: dict[tuple[int, str], str] = {}
        agents: list[SyncAgent] = [NotingAgent(seed * 1009 + i, notes) for i in range(players)]
        game = play_with_agents(GameConfig(variant=variant, names=names, seed=seed, language=language), agents)
        audit_game(list(game.records), notes, variant, language, tally)
    return tally


def share(part: int, whole: int) -> str:
    return f"{part / whole:.3f} ({whole})" if whole else "— (0)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=100, help="Games per ruleset × language (default 100).")
    parser.add_argument("--variant", action="append", help="Only these rulesets (repeatable).")
    parser.add_argument("--players", type=int, help="Seats (default: the ruleset's first standard board).")
    parser.add_argument("--lang", action="append", help="Only these languages (repeatable).")
    args = parser.parse_args()
    print(
        "| ruleset | lang | seats | games | answered | reasons ok | liar reasons ok | lies marked | last words ok "
        "| repeat max / mean | template (day) max / mean | template (game) mean | sentences median | chars mean |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    for ruleset in (get_ruleset(v) for v in sorted(args.variant or _all())):
        players = args.players or standard_boards(ruleset.id)[0]
        for language in ruleset.languages:
            if args.lang and language not in args.lang:
                continue
            t = run(ruleset.id, language, players, args.games)
            print(
                f"| {ruleset.id} | {language} | {players} | {args.games} | {share(t.answered, t.asked)} "
                f"| {share(t.reasons_ok, t.reasons)} | {share(t.liar_reasons_ok, t.liar_reasons)} "
                f"| {share(t.lies_marked, t.lies)} | {share(t.last_words_ok, t.last_words)} "
                f"| {max(t.repeat, default=0):.3f} / {statistics.fmean(t.repeat or [0]):.3f} "
                f"| {max(t.template, default=0):.3f} / {statistics.fmean(t.template or [0]):.3f} "
                f"| {statistics.fmean(t.template_game or [0]):.3f} "
                f"| {statistics.median(t.sentences or [0])} | {statistics.fmean(t.chars or [0]):.0f} |",
                flush=True,
            )


def _all() -> list[str]:
    from llm_werewolf.rules import all_rulesets

    return [r.id for r in all_rulesets()]


if __name__ == "__main__":
    main()
