"""Nonsense a small model says instead of a narration, found so the template line is shown instead.

Every code is a reason the checker (:mod:`.checker`) records like its others:

* ``meta_talk``: the line talks about its task or its instructions ("you retell these sentences in
  Russian"), or addresses the narrator itself;
* ``chatter``: assistant chatter ("accepted", "understood", "I wanted to say", "here is");
* ``seat_numbers``: a seat's name labelled with a number that is not that seat's, or one name
  labelled with two numbers ("Olga (#2) is Olga (#1)");
* ``prompt_fragment``: a label of the narrator's prompt ("Fact:", "Players:");
* ``markup``: template or chat markup (``{{ }}``, ``{% %}``, ``$name``, ``<tag>``, ``**``, a list marker);
* ``name_list``: a sentence that is nothing but seat names and numbers ("Alice, Ben, Clara, Alice.");
* ``repeats_itself``: one clause said twice in the line (a short one: three times);
* ``unfinished``: the line stops mid-sentence, on a comma, a colon, a dash or an opening bracket;
* ``stale``: the line is word for word what was shown for another moment, and no part of its own fact;
* ``adds_number``: a number (not a seat's) the fact does not say («Алексей (№1) — 2, Мария (№2) — 1» for a
  count of 3 and 2);
* ``fragment``: one word (in Chinese: two characters or fewer) for a fact of more;
* ``contradicts_fact``: the line says one side of a pair of opposites (night / day, falls asleep /
  wakes up) and the fact the other ("The town wakes" told as "Night falls").

The words are data, per language, in the ``checker`` section of
``prompts/<lang>/common/narration.yaml`` (``meta_words``, ``chatter_words``, ``prompt_labels``,
``opposites``: ``"words | words"``, comma-separated words on each side). An entry is
a phrase; a word ending in ``*`` takes any ending ("инструкци*"). A word the fact being retold says
itself is not counted (without a fact: a word of a template line already spoken): «Принято.» after a
nomination is chatter only when the moderator's line did not say it.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

from .vocabulary import ARABIC_PREFIX, HEBREW_PREFIX, SeatFinder, normalize, script_of, sentences

MARKUP = re.compile(r"\{\{|\}\}|\{%|%\}|\$[A-Za-z_]\w*|</?[A-Za-z][\w-]{0,24}>|\*\*|`|^\s*(?:[-*•]|\d+[.)])\s")
"""Template and chat markup: Jinja, ``$name`` placeholders, tags, bold, code, a list marker at the start."""
_CLAUSE = re.compile(r"[,،、，;؛:.!?。！？…—–-]+")
_SEPARATORS = re.compile(r"[\W\d_]+")
CLAUSE_WORDS = 3
"""A clause said twice counts from this many words (Chinese: from one character more)."""
REPEATS = 3
"""A shorter clause counts when said this many times ("until they vanish, until they vanish, until...")."""
_NUMBER = re.compile(r"\d+(?:[.,]\d+)?")
_UNFINISHED = re.compile(r"[,،、，:：;؛(\[«“—–-]\s*$")


def phrase_pattern(entry: str, script: str, after: str = "") -> re.Pattern[str] | None:
    """A pattern finding the phrase ``entry`` (``*`` after a word: any ending) in normalized text,
    followed by ``after`` (a pattern)."""
    words = [w for w in normalize(entry).split() if w.strip("*")]
    if not words:
        return None
    parts = [re.escape(w.rstrip("*")) + (r"\w*" if w.endswith("*") else "") for w in words]
    if script == "han":
        return re.compile("".join(parts) + after)
    prefix = ARABIC_PREFIX if script == "arabic" else HEBREW_PREFIX if script == "hebrew" else ""
    words_between = r"[\W_]+".join(parts)
    return re.compile(rf"(?<!\w){prefix}(?:{words_between})(?!\w)" + after)


class PhraseList:
    """The phrases of one word list, found in text unless the moderator's own lines say them."""

    def __init__(self, language: str, entries: Iterable[str], after: str = "") -> None:
        script = script_of(language)
        self._patterns = [(e, p) for e in entries if (p := phrase_pattern(e, script, after)) is not None]

    def found(self, text: str, allowed: Sequence[str] = ()) -> list[str]:
        """The entries ``text`` holds that none of the ``allowed`` lines holds."""
        normalized = normalize(text)
        said = [normalize(line) for line in allowed]
        return [
            entry
            for entry, pattern in self._patterns
            if pattern.search(normalized) and not any(pattern.search(line) for line in said)
        ]


class NonsenseCheck:
    """Finds the nonsense codes of a narration (one game: a language and a table of names)."""

    def __init__(self, language: str, word_lists: Mapping[str, Sequence[str]], seats: SeatFinder) -> None:
        self.script = script_of(language)
        self.meta = PhraseList(language, word_lists.get("meta_words", ()))
        self.chatter = PhraseList(language, word_lists.get("chatter_words", ()))
        self.labels = PhraseList(language, word_lists.get("prompt_labels", ()), after=r"\s*[:：]")
        self.seats = seats
        self.opposites = [
            (PhraseList(language, _words(left)), PhraseList(language, _words(right)))
            for pair in word_lists.get("opposites", ())
            for left, _, right in [pair.partition("|")]
        ]

    def problems(
        self, text: str, fact: str | None = None, spoken: Sequence[str] = (), told: Sequence[tuple[str, str]] = ()
    ) -> list[str]:
        """The nonsense codes of ``text`` (``code: detail``), given the fact it retells, the template lines
        spoken so far and the moments told before ((fact, shown line) pairs)."""
        said = [fact] if fact else list(spoken)
        problems = [f"meta_talk: {w}" for w in self.meta.found(text, said)]
        problems += [f"chatter: {w}" for w in self.chatter.found(text, said)]
        problems += [f"prompt_fragment: {w}" for w in self.labels.found(text, said)]
        problems += [f"markup: {m.group(0).strip()}" for m in [MARKUP.search(text)] if m]
        problems += self._seat_numbers(text)
        problems += self._name_list(text, fact)
        problems += self._repeats(text, fact)
        problems += self._stale(text, fact, told)
        problems += self._contradicts(text, fact)
        if _UNFINISHED.search(text) and not (fact and _UNFINISHED.search(fact)):
            problems.append(f"unfinished: {text.strip()[-12:]}")
        if fact is not None:
            problems += [f"adds_number: {n}" for n in sorted(self._numbers(text) - self._numbers(fact))]
            if self._size(text) <= 1 < self._size(fact):
                problems.append(f"fragment: {text.strip()}")
        return problems

    def _numbers(self, text: str) -> set[str]:
        """The numbers of ``text`` that are not seat numbers."""
        rest, _ = self.seats.without_names(text)
        return set(_NUMBER.findall(rest))

    def _size(self, text: str) -> int:
        """Words and numbers of ``text`` (Chinese: characters past the first, so two count as one word)."""
        words = re.findall(r"\w+", normalize(text))
        if self.script == "han":
            return max(0, len("".join(words)) - 1)
        return len(words)

    def _contradicts(self, text: str, fact: str | None) -> list[str]:
        """One side of a pair of opposites only in the line, the other only in the fact."""
        if fact is None:
            return []
        problems: list[str] = []
        for one, other in self.opposites:
            for said, against in ((one, other), (other, one)):
                in_fact = said.found(fact) and not against.found(fact)
                in_line = against.found(text) and not said.found(text)
                if in_fact and in_line:
                    problems.append(f"contradicts_fact: {against.found(text)[0]} / {said.found(fact)[0]}")
        return problems

    def _seat_numbers(self, text: str) -> list[str]:
        numbers: dict[int, list[int]] = {}
        for seat, number in self.seats.labels(text):
            numbers.setdefault(seat, []).append(number)
        problems: list[str] = []
        for seat, found in sorted(numbers.items()):
            distinct = sorted(set(found))
            if len(distinct) > 1:
                problems.append(f"seat_numbers: seat {seat + 1} labelled " + " and ".join(f"#{n}" for n in distinct))
            elif distinct[0] != seat + 1:
                problems.append(f"seat_numbers: seat {seat + 1} labelled #{distinct[0]}")
        return problems

    def _name_list(self, text: str, fact: str | None) -> list[str]:
        """A sentence of two or more seat names and nothing else, when the fact is not such a list."""
        if fact is not None and self._is_list(fact):
            return []
        return [f"name_list: {s}" for s in sentences(text) if self._is_list(s)]

    def _is_list(self, sentence: str) -> bool:
        rest, named = self.seats.without_names(sentence)
        return named >= 2 and not _SEPARATORS.sub("", rest)

    def _repeats(self, text: str, fact: str | None) -> list[str]:
        """A clause said ``REPEATS`` times, or one of ``CLAUSE_WORDS`` words or more said twice, when the fact
        does not say it as often."""
        said = Counter(self._clauses(fact, 1)) if fact else Counter()
        for clause, times in Counter(self._clauses(text, 1)).items():
            long = len(clause.split()) >= CLAUSE_WORDS or (self.script == "han" and len(clause) > CLAUSE_WORDS)
            if times >= (2 if long else REPEATS) and said[clause] < times:
                return [f"repeats_itself: {clause}"]
        return []

    @staticmethod
    def _clauses(text: str, words: int) -> list[str]:
        """The clauses of ``text`` (normalized) that hold a letter and at least ``words`` words."""
        out: list[str] = []
        for clause in _CLAUSE.split(normalize(text)):
            found = clause.split()
            if len(found) >= words and any(c.isalpha() for c in clause):
                out.append(" ".join(found))
        return out

    @staticmethod
    def _stale(text: str, fact: str | None, told: Sequence[tuple[str, str]]) -> list[str]:
        """The line is what was shown (or the fact that was given) for a moment with another fact, and is
        not part of this moment's fact ("The Mafia falls asleep." after "The Mafia falls asleep. Thank you.")."""
        if fact is None:
            return []
        line = _bare(text)
        if line in _bare(fact):
            return []
        for earlier_fact, earlier_text in told:
            if _bare(earlier_fact) == _bare(fact):
                continue
            if line in (_bare(earlier_text), _bare(earlier_fact)):
                return [f"stale: {earlier_text}"]
        return []


def _words(side: str) -> list[str]:
    return [w.strip() for w in side.split(",") if w.strip()]


def _bare(text: str) -> str:
    """``text`` normalized, its words only (a comma more or less is the same line)."""
    return " ".join(re.findall(r"\w+", normalize(text)))
