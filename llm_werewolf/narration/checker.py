"""The narration checker: a model's line is shown only if the public record already says it.

The checker never sees a secret either. It compares the candidate line with
:class:`~.public.PublicFacts` and with the template lines spoken so far (the
public record as the moderator voices it), sentence by sentence:

* ``empty`` / ``wrong_language``: nothing left, or mostly another script;
* ``unknown_seat``: a seat number outside the table, a default name of
  another table (someone who is not playing), or a name labelled with
  another seat's number;
* ``speaks_for_player``: the line starts as a player's speech (``Name: ...``);
* ``quotes_speech``: it repeats a run of a player's public speech (a speech
  cannot get the narrator to say its words);
* ``death_not_public``: a seat and a death word in one sentence, and the
  table was not told that seat died;
* ``role_not_public``: a seat and a role, side, status or secret cause word
  in one sentence, or a seat and a role, side or status word anywhere in the
  line, and the table was not shown that about that seat (the winners of a
  finished game count as shown to play for the winning sides; once every card
  is turned over, nothing is secret). The line is read as written and as an
  evasive model writes it (:mod:`.evasion`): look-alike letters of other
  scripts, invisible characters, accents, spaced-out words, seats named by
  ordinals or number words ("the second player"), and the role words and
  common synonyms of every language ("oracle", "預言家"), role names of other
  languages ("voyante"), periphrases ("the one who sees in the dark"), role words
  written in pieces ("trouble maker"); a sentence that points at a seat without
  naming it ("the player whose name starts with A", "the one left of Bob") is read
  as naming every seat;
* ``result_not_public``: a victory word before the game ended, or a winner
  the end of the game did not name;
* ``omits_fact``: the line leaves out a seat, or a role, side or status word,
  that the fact it retells (the template line) names: a table must still hear
  who died, who is nominated, which role wakes;
* ``adds_fact``: a role call (a ``cue`` moment) names a role or side its fact
  does not: the table must not hear the wrong role called;
* ``meta_talk``, ``chatter``, ``seat_numbers``, ``prompt_fragment``, ``markup``,
  ``name_list``, ``repeats_itself``, ``stale``, ``contradicts_fact``: nonsense a small
  model says instead of a narration (:mod:`.nonsense`).

A sentence naming no seat is read with the seats of the sentence before it
("Alice died. She was the seer."); a sentence ties every seat it names to
every word it holds, so two facts told in one sentence may be refused. Words
every narration needs are treated gently: the side most seats play for is
left out of the role check, and its plain role (villager, citizen, farmer)
counts only in the form written in ``terms.yaml`` (a singular, so "the
villagers found Alice" passes and "Alice, a villager" does not). The
checker errs on the side of refusing: a refused line is asked again once,
then the template line is used.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from ..describe import vocabulary as vocabulary_of
from ..rules.variant import get_ruleset
from ..strings.script import in_language
from ..texts import optional_yaml
from .evasion import IndirectSeats, SeatNumbers, readings, role_terms, split_words
from .nonsense import NonsenseCheck
from .packs import NarrationPack, load_pack
from .public import PublicFacts
from .vocabulary import Lexicon, SeatFinder, Term, normalize, script_of, sentences

DEATH = "death"
VICTORY = "victory"
QUOTE_WORDS = 5
QUOTE_CHARS_HAN = 8


@dataclass(frozen=True, slots=True)
class Verdict:
    """The checker's answer: ``ok``, or the problems found (``code: detail``)."""

    problems: tuple[str, ...] = ()

    @property
    def ok(self) -> bool:
        return not self.problems

    def codes(self) -> set[str]:
        return {p.split(":", 1)[0] for p in self.problems}

    def __str__(self) -> str:
        return "; ".join(self.problems) if self.problems else "ok"


@dataclass(frozen=True, slots=True)
class Claims:
    """What a text asserts: (seat, term id) pairs said together, seat-free terms, unknown seats."""

    pairs: frozenset[tuple[int, str]]
    terms: frozenset[str]
    victory_sides: frozenset[str] = field(default_factory=frozenset)
    loose: frozenset[tuple[int, str]] = field(default_factory=frozenset)
    """Strict reading only: a role, side or status word of a sentence without a seat, with every seat of the line."""


def _table(vocabulary: Mapping[str, Any], name: str) -> dict[str, str]:
    value = vocabulary.get(name)
    if not isinstance(value, dict):
        return {}
    return {str(k): str(v) for k, v in value.items() if isinstance(v, str)}


@lru_cache(maxsize=16)
def stranger_names(language: str) -> tuple[str, ...]:
    """Default seat names and persona names of ``language`` (for ``unknown_seat``)."""
    found: list[str] = []
    names = optional_yaml("prompts", f"{language}/common/names.yaml")
    if isinstance(names, dict):
        found += [str(n) for n in names.get("names", []) if isinstance(n, str)]
    personas = optional_yaml("personas", f"{language}.yaml")
    if isinstance(personas, dict):
        for persona in personas.get("personas", []) or []:
            if isinstance(persona, dict) and isinstance(persona.get("name"), str):
                found.append(persona["name"])
    return tuple(found)


def common_words(variant: str) -> tuple[str | None, str | None]:
    """The side most seats play for and its most common role, in a standard table of the ruleset."""
    ruleset = get_ruleset(variant)
    players = min(max(ruleset.min_players, 10), ruleset.max_players)
    try:
        deck = ruleset.standard_deck(players, ruleset.parse_options({}))
    except Exception:  # a ruleset that cannot build a default table: leave every word in the check
        return None, None
    sides = Counter(ruleset.side_of_role(r) for r in deck)
    side = sides.most_common(1)[0][0] if sides else None
    roles = Counter(r for r in deck if ruleset.side_of_role(r) == side)
    role = roles.most_common(1)[0][0] if roles else None
    return side, role


class NarrationChecker:
    """Checks narrations of one game (one ruleset, one language, one table of names)."""

    def __init__(self, variant: str, language: str, names: Sequence[str], pack: NarrationPack | None = None) -> None:
        self.variant = variant
        self.language = language
        self.names = list(names)
        self.pack = pack or load_pack(language, variant)
        ruleset = get_ruleset(variant)
        self.side_of_role = {role: info.side for role, info in ruleset.roles.items()}
        one = vocabulary_of(language, variant)
        vocabulary = one.ruleset_terms
        plain_side, plain_role = common_words(variant)
        word_lists = self.pack.checker
        entries: list[Term] = []
        for role in _table(vocabulary, "roles"):  # every form: a role said of a woman or a man is the same role
            entries += [Term(f"role:{role}", text, exact=role == plain_role) for text in one.forms("roles", role)]
        for side in _table(vocabulary, "sides"):
            if side != plain_side:
                entries += [Term(f"side:{side}", text) for text in one.forms("sides", side)]
        for status in _table(vocabulary, "statuses"):
            entries += [Term(f"status:{status}", text.split("(")[0]) for text in one.forms("statuses", status)]
        for key, words in word_lists.items():
            if key.startswith("cause."):
                entries += [Term(f"cause:{key[6:]}", w) for w in words]
        self.lexicon = Lexicon(language, entries)
        self.sides_lexicon = Lexicon(language, [Term(f"side:{s}", t) for s, t in _table(vocabulary, "sides").items()])
        self.death_words = Lexicon(language, [Term(DEATH, w) for w in word_lists.get("death_words", ())])
        self.victory_words = Lexicon(language, [Term(VICTORY, w) for w in word_lists.get("victory_words", ())])
        self.causes = _table(vocabulary, "causes")
        self.seats = SeatFinder(
            language, self.names, word_lists.get("seat_patterns", ()), strangers=stranger_names(language)
        )
        self.script = script_of(language)
        self.seat_numbers = SeatNumbers(language, word_lists, len(self.names))
        roles = tuple(r for r in self.side_of_role if r != plain_role)
        sides = tuple(s for s in ruleset.sides if s != plain_side)
        self.other_words = role_terms(variant, language, roles, sides, plain_role)
        """Role and side words of every language, their short forms and common synonyms."""
        self.split_words = split_words(variant, roles, sides)
        self.indirect = IndirectSeats(language)
        self.nonsense = NonsenseCheck(language, word_lists, self.seats)
        self._spoken: dict[str, Claims] = {}

    # -- reading a text ------------------------------------------------------------
    def claims(self, text: str, *, strict: bool = False) -> Claims:
        """The (seat, term) pairs ``text`` asserts, sentence by sentence.

        ``strict`` (a candidate line, not a template line): every reading of :mod:`.evasion`,
        seats by number words, role words of every language, and a role, side or status word
        in a sentence without a seat ("The seer woke. Alice smiles.") paired with every seat
        the line names.
        """
        if not strict:
            return self._claims(text, extended=False)[0]
        pairs: set[tuple[int, str]] = set()
        found: set[str] = set()
        victory_sides: set[str] = set()
        seats: set[int] = set()
        orphans: set[str] = set()
        for reading in readings(text, self.language):
            claims, named, loose = self._claims(reading, extended=True)
            pairs |= claims.pairs
            found |= claims.terms
            victory_sides |= claims.victory_sides
            seats |= named
            orphans |= loose
        secret_words = {w for w in orphans if w.split(":", 1)[0] in ("role", "side", "status")}
        loose_pairs = {(seat, word) for seat in seats for word in secret_words}
        return Claims(frozenset(pairs), frozenset(found), frozenset(victory_sides), frozenset(loose_pairs))

    def _claims(self, text: str, *, extended: bool) -> tuple[Claims, set[int], set[str]]:
        """Claims, the seats named anywhere, and the words of sentences tied to no seat."""
        pairs: set[tuple[int, str]] = set()
        found: set[str] = set()
        victory_sides: set[str] = set()
        previous: set[int] = set()
        named: set[int] = set()
        orphans: set[str] = set()
        for sentence in sentences(text):
            seats = self.seats.seats(sentence)
            words = self.lexicon.find(sentence) | self.death_words.find(sentence)
            if extended:
                seats |= self.seat_numbers.seats(sentence)
                for lexicon in self.other_words:
                    words |= lexicon.find(sentence)
                words |= self.split_words.find(sentence)
                if not seats and words and self.indirect.found(sentence):
                    seats = set(range(len(self.names)))  # "the player whose name starts with A": any seat
            named |= seats
            seats = seats or previous
            if not seats:
                orphans |= words
            victory = self.victory_words.find(sentence)
            found |= words | victory
            if victory:
                victory_sides |= {t[5:] for t in self.sides_lexicon.find(sentence)}
            pairs |= {(seat, word) for seat in seats for word in words}
            previous = seats
        return Claims(frozenset(pairs), frozenset(found), frozenset(victory_sides)), named, orphans

    def spoken(self, line: str) -> Claims:
        """Claims of a template line (cached: the same lines come back every night)."""
        claims = self._spoken.get(line)
        if claims is None:
            claims = self._spoken[line] = self.claims(line)
        return claims

    # -- what is public --------------------------------------------------------------
    def allowed_pairs(self, facts: PublicFacts, spoken: Iterable[str]) -> set[tuple[int, str]]:
        allowed: set[tuple[int, str]] = set()
        for line in spoken:
            allowed |= self.spoken(line).pairs
        for seat, cause in facts.dead.items():
            allowed.add((seat, DEATH))
            if cause:
                allowed.add((seat, f"cause:{cause}"))
                phrase = self.causes.get(cause)
                if phrase:
                    allowed |= {(seat, t) for t in self.lexicon.find(phrase)}
        for seat, roles in facts.roles.items():
            allowed |= {(seat, f"role:{r}") for r in roles}
            allowed |= {(seat, f"side:{s}") for s in facts.revealed_sides(seat, self.side_of_role)}
        winning_roles = {r for r, side in self.side_of_role.items() if side in facts.sides}
        for seat in facts.winners:
            allowed |= {(seat, f"side:{s}") for s in facts.sides}
            allowed |= {(seat, f"role:{r}") for r in winning_roles}
        for seat, statuses in facts.statuses.items():
            allowed |= {(seat, f"status:{s}") for s in statuses}
        return allowed

    # -- the check -------------------------------------------------------------------
    def check(
        self,
        text: str,
        facts: PublicFacts,
        spoken: Sequence[str] = (),
        fact: str | None = None,
        *,
        call: bool = False,
        history: Sequence[tuple[str, str]] = (),
    ) -> Verdict:
        """Problems of narration ``text`` given the public ``facts`` and the template lines ``spoken``.

        ``fact`` is the template line that ``text`` retells (its seats and role words must be in
        ``text``); ``call`` marks a role call, which may name no other role; ``history`` the moments
        narrated before, (fact, shown line) (:mod:`.nonsense`: a line shown for another fact is stale).
        """
        problems: list[str] = []
        if not text.strip():
            return Verdict(("empty",))
        if not in_language(text, self.language):
            problems.append(f"wrong_language: not written in {self.language}")
        problems += [f"unknown_seat: {ref}" for ref in self.seats.unknown(text)]
        problems += [f"unknown_seat: {ref} is not that seat" for ref in self.seats.mismatched(text)]
        problems += self._speaker(text)
        problems += self._quotes(text, facts)
        problems += self.nonsense.problems(text, fact, spoken, history)
        claims = self.claims(text, strict=True)
        allowed = self.allowed_pairs(facts, spoken)
        told = self.claims(fact, strict=True) if fact is not None else None
        retold = told.terms if told is not None else frozenset()
        loose = {(seat, word) for seat, word in claims.loose if word not in retold}
        # a pair the template's own (public) line makes is no leak when the narration retells it
        kept = told.pairs if told is not None else frozenset()
        for seat, word in sorted((claims.pairs | loose) - allowed - kept):
            label = f"{seat + 1} {self.names[seat]}"
            if word == DEATH:
                problems.append(f"death_not_public: {label}")
            elif not facts.all_revealed:
                problems.append(f"role_not_public: {label} ~ {word}")
        problems += self._result(claims, facts, spoken)
        if fact is not None:
            problems += self._omitted(text, fact)
            if call:
                problems += [f"adds_fact: {t}" for t in sorted(self.lexicon.find(text) - self.lexicon.find(fact))]
        return Verdict(tuple(dict.fromkeys(problems)))

    def _omitted(self, text: str, fact: str) -> list[str]:
        missing = [f"seat {s + 1} {self.names[s]}" for s in sorted(self.seats.seats(fact) - self.seats.seats(text))]
        missing += sorted(self.lexicon.find(fact) - self.lexicon.find(text))
        return [f"omits_fact: {m}" for m in missing]

    def _speaker(self, text: str) -> list[str]:
        head = normalize(text.split(":", 1)[0]) if ":" in text[:60] else ""
        if head and any(normalize(name) == head.strip() for name in self.names):
            return [f"speaks_for_player: {head.strip()}"]
        return []

    def _quotes(self, text: str, facts: PublicFacts) -> list[str]:
        said = normalize(text)
        for seat, speech in facts.speeches:
            spoken = normalize(speech)
            if self.script == "han":
                size = QUOTE_CHARS_HAN
                compact = "".join(spoken.split())
                target = "".join(said.split())
                windows = (compact[i : i + size] for i in range(0, max(0, len(compact) - size + 1)))
            else:
                words = spoken.split()
                target = " ".join(said.split())
                windows = (" ".join(words[i : i + QUOTE_WORDS]) for i in range(0, len(words) - QUOTE_WORDS + 1))
            for window in windows:
                if window and window in target:
                    return [f"quotes_speech: seat {seat + 1}"]
        return []

    def _result(self, claims: Claims, facts: PublicFacts, spoken: Sequence[str]) -> list[str]:
        if VICTORY not in claims.terms:
            return []
        announced = [self.spoken(line) for line in spoken]
        said_before = any(VICTORY in c.terms for c in announced)
        if not facts.ended and not said_before:
            return ["result_not_public: a victory before the game ended"]
        public_sides = set(facts.sides)
        for c in announced:
            public_sides |= c.victory_sides
        wrong = sorted(claims.victory_sides - public_sides)
        return [f"result_not_public: {side} did not win" for side in wrong]


def check_narration(
    text: str, variant: str, language: str, names: Sequence[str], records: Iterable[Any], spoken: Sequence[str] = ()
) -> Verdict:
    """One-off check of ``text`` against the public records among ``records``."""
    facts = PublicFacts(roles_known=frozenset(get_ruleset(variant).roles))
    facts.extend(records)
    return NarrationChecker(variant, language, names).check(text, facts, spoken)
