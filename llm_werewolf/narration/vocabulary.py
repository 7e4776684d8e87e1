"""Finding the game's words in free text, per language: seats (names, numbers) and terms.

A *term* is a word or phrase with an id: a role, a side or a status name from
the ruleset's ``terms.yaml``, or a death or victory word from the narration
pack's ``checker`` section. Matching is deliberately simple and the same for
every ruleset:

* text and terms are normalized: № → #, NFKC, case-folded, Arabic diacritics and
  tatweel removed, Arabic letter variants unified (أ إ آ → ا, ة → ه; ى stays, so
  the name علي is not the word على),
  Hebrew points removed, ё → е, Arabic-Indic digits → ASCII;
* Latin script (en): whole words, with the English plural forms;
* Cyrillic (ru): word starts, the term's last vowel dropped, up to three more
  letters (so «Мафия» finds «мафией», «мафии»);
* Arabic (ar, ar-LB): after up to three one-letter prefixes (و ف ب ل ك) and the
  article, up to three suffix letters; a term's own article is dropped;
* Hebrew (he): after up to three one-letter prefixes (ו ה ב ל מ ש כ), up to
  three suffix letters;
* Chinese (zh-Hant): substrings;
* in Arabic and Hebrew a two-letter term takes no suffix, and a match inside a
  longer term's match does not count (משרת is the Butler, not ש-רת; 狼人陣營
  is the wolves' side, not a Werewolf card).

It finds more than it should rather than less: the checker built on it
refuses a narration (and the template line is used) when in doubt.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

_ARABIC_MARKS = re.compile("[\u0610-\u061a\u064b-\u065f\u0670\u06d6-\u06ed\u0640]")
_HEBREW_MARKS = re.compile("[\u0591-\u05bd\u05bf-\u05c7]")
_ARABIC_LETTERS = str.maketrans({"أ": "ا", "إ": "ا", "آ": "ا", "ٱ": "ا", "ة": "ه", "ؤ": "و", "ئ": "ي"})
_DIGITS = str.maketrans("٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹", "01234567890123456789")
_OTHER = str.maketrans({"ё": "е", "\u05f3": "'", "\u2019": "'", "\u05be": " "})

ARABIC_PREFIX = "(?:[وفبلك]{0,3})(?:ال)?"
HEBREW_PREFIX = "[והבלמשכ]{0,3}"
RU_VOWELS = "аеиоуыэюяйь"


def script_of(language: str) -> str:
    """``latin``, ``cyrillic``, ``arabic``, ``hebrew`` or ``han``."""
    if language in ("ar", "ar-LB"):
        return "arabic"
    if language == "he":
        return "hebrew"
    if language == "ru":
        return "cyrillic"
    if language.startswith("zh"):
        return "han"
    return "latin"


def normalize(text: str) -> str:
    """The form both texts and terms are compared in (see the module docstring)."""
    text = unicodedata.normalize("NFKC", text.replace("№", "#")).casefold()
    text = _ARABIC_MARKS.sub("", text)
    text = _HEBREW_MARKS.sub("", text)
    return text.translate(_ARABIC_LETTERS).translate(_DIGITS).translate(_OTHER)


def _english_forms(word: str) -> list[str]:
    forms = [word, word + "s", word + "es", word + "'s"]
    if word.endswith("y") and len(word) > 2:
        forms.append(word[:-1] + "ies")
    if word.endswith("f"):
        forms.append(word[:-1] + "ves")
    if word.endswith("fe"):
        forms.append(word[:-2] + "ves")
    return forms


def _word_pattern(word: str, script: str, exact: bool = False) -> tuple[str, str, str]:
    """(prefix, core, suffix) patterns of one word of a term (``exact``: no plural or case endings)."""
    if exact:
        prefix = ARABIC_PREFIX if script == "arabic" else HEBREW_PREFIX if script == "hebrew" else ""
        suffix = "(?:'s)?" if script == "latin" else ""
        return prefix, re.escape(word), suffix
    if script == "latin":
        forms = sorted(set(_english_forms(word)), key=len, reverse=True)
        return "", "(?:" + "|".join(re.escape(f) for f in forms) + ")", ""
    if script == "cyrillic":
        stem = word[:-1] if len(word) >= 4 and word[-1] in RU_VOWELS else word
        return "", re.escape(stem), r"\w{0,3}"
    if script == "arabic":
        core = word[2:] if word.startswith("ال") and len(word) > 3 else word
        if len(core) > 3 and core.endswith("ه"):
            core = core[:-1]
        return ARABIC_PREFIX, re.escape(core), r"\w{0,3}" if len(core) > 2 else ""
    if script == "hebrew":
        core = word[1:] if word.startswith("ה") and len(word) > 3 else word
        return HEBREW_PREFIX, re.escape(core), r"\w{0,3}" if len(core) > 2 else ""
    return "", re.escape(word), ""


@lru_cache(maxsize=4096)
def term_pattern(term: str, script: str, exact: bool = False) -> re.Pattern[str] | None:
    """A compiled pattern finding ``term`` (already normalized or not) in normalized text.

    ``exact`` finds the term as written (a singular, not its plurals or case forms).
    """
    words = re.findall(r"[\w']+", normalize(term))
    words = [w.strip("'") for w in words if w.strip("'")]
    if not words:
        return None
    if script == "han":
        plural = "(?!們)" if exact else ""
        return re.compile(f"(?P<core>{re.escape(''.join(words))}){plural}")
    parts = [_word_pattern(w, script, exact) for w in words]
    first_prefix, first_core, first_suffix = parts[0]
    rest = "".join(rf"[\W_]*{p}{c}{x}" for p, c, x in parts[1:])  # "крестныйотец" too
    tail = r"(?!\w)(?!'t\b)" if script == "latin" else r"(?!\w)"
    return re.compile(rf"(?<!\w){first_prefix}(?P<core>{first_core}{first_suffix}{rest}){tail}")


@dataclass(frozen=True, slots=True)
class Term:
    """One way of saying something with an id (``role:seer``, ``side:wolves``, ``death``...)."""

    id: str
    text: str
    exact: bool = False
    """Find only this form (not plurals or other cases): for words everyone is called by in the plural."""


class Lexicon:
    """Terms of one language, found in text by :meth:`find`."""

    def __init__(self, language: str, terms: Iterable[Term]) -> None:
        self.language = language
        self.script = script_of(language)
        compiled: list[tuple[Term, re.Pattern[str]]] = []
        seen: set[tuple[str, str]] = set()
        for term in terms:
            key = (term.id, normalize(term.text))
            if key in seen:
                continue
            seen.add(key)
            pattern = term_pattern(term.text, self.script, term.exact)
            if pattern is not None:
                compiled.append((term, pattern))
        self._terms = compiled

    def find(self, text: str) -> set[str]:
        """Ids of every term that occurs in ``text`` (not counting a match inside a longer one)."""
        normalized = normalize(text)
        spans: list[tuple[int, int, str]] = []
        for term, pattern in self._terms:
            spans += [(m.start("core"), m.end("core"), term.id) for m in pattern.finditer(normalized)]
        found: set[str] = set()
        for start, end, term_id in spans:
            inside = any(
                s <= start and end <= e and (e - s) > (end - start) and other != term_id for s, e, other in spans
            )
            if not inside:
                found.add(term_id)
        return found

    def __len__(self) -> int:
        return len(self._terms)


def lexicon_from(language: str, tables: Mapping[str, Mapping[str, object]]) -> Lexicon:
    """A lexicon from ``{"role": {"seer": "Seer", ...}, "side": {...}}`` (ids become ``role:seer``).

    A value may also be a list of strings (several ways of saying the same thing).
    """
    terms: list[Term] = []
    for kind, table in tables.items():
        for key, value in table.items():
            values = value if isinstance(value, list) else [value]
            for text in values:
                if isinstance(text, str) and text.strip():
                    terms.append(Term(f"{kind}:{key}", text))
    return Lexicon(language, terms)


# -- seats ------------------------------------------------------------------------------------------

_HAN_NUMERALS = {"一": 1, "二": 2, "兩": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}


def han_number(text: str) -> int | None:
    """``十二`` -> 12 (1 to 99), ``None`` when ``text`` is not such a numeral."""
    if not text or any(c not in _HAN_NUMERALS and c != "十" for c in text):
        return None
    if "十" not in text:
        return _HAN_NUMERALS[text] if len(text) == 1 else None
    tens, _, units = text.partition("十")
    if "十" in units or len(tens) > 1 or len(units) > 1:
        return None
    value = (_HAN_NUMERALS[tens] if tens else 1) * 10
    return value + (_HAN_NUMERALS[units] if units else 0)


class SeatFinder:
    """Finds the seats a text names: by name, or by number through the language's seat patterns.

    ``patterns`` are regular expressions over normalized text with one group
    capturing a number (ASCII digits, or a Chinese numeral). ``strangers``
    are names that are not at this table (another table's default names):
    naming one counts as naming a seat that does not exist.
    """

    def __init__(
        self,
        language: str,
        names: Sequence[str],
        patterns: Sequence[str],
        strangers: Iterable[str] = (),
    ) -> None:
        self.script = script_of(language)
        self.count = len(names)
        self._names: list[tuple[int, re.Pattern[str]]] = []
        for seat, name in enumerate(names):
            pattern = self._name_pattern(name)
            if pattern is not None:
                self._names.append((seat, pattern))
        seated = {normalize(n) for n in names}
        self._strangers = [
            p for n in strangers if normalize(n) not in seated and (p := self._name_pattern(n)) is not None
        ]
        self._numbers = [re.compile(p) for p in patterns]

    def _name_pattern(self, name: str) -> re.Pattern[str] | None:
        text = normalize(name).strip()
        if not text:
            return None
        if self.script == "han":
            before = "(?<![a-z0-9])" if text[0].isascii() and text[0].isalnum() else ""
            after = "(?![a-z0-9])" if text[-1].isascii() and text[-1].isalnum() else ""
            return re.compile(before + re.escape(text) + after)
        if self.script == "cyrillic":  # a name's cases (Ольга, Ольгу, Ольгой); letters only: P1 is not P10
            stem = text[:-1] if len(text) >= 4 and text[-1] in RU_VOWELS else text
            return re.compile(rf"(?<!\w){re.escape(stem)}[^\W\d_]{{0,3}}(?!\w)")
        if self.script == "arabic":
            return re.compile(rf"(?<!\w)(?:[وفبلك]{{0,2}}){re.escape(text)}(?!\w)")
        if self.script == "hebrew":
            return re.compile(rf"(?<!\w){HEBREW_PREFIX}{re.escape(text)}(?!\w)")
        return re.compile(rf"(?<!\w){re.escape(text)}(?:'s)?(?!\w)")

    def numbers(self, text: str) -> list[int]:
        """Every seat number the text names through a seat pattern (1-based, possibly out of range)."""
        normalized = normalize(text)
        found: list[int] = []
        for pattern in self._numbers:
            for match in pattern.finditer(normalized):
                raw = match.group(1)
                value = int(raw) if raw.isdigit() else han_number(raw)
                if value is not None:
                    found.append(value)
        return found

    def seats(self, text: str) -> set[int]:
        """The seats (0-based) named in ``text`` that exist."""
        normalized = normalize(text)
        seats = {seat for seat, pattern in self._names if pattern.search(normalized)}
        seats |= {n - 1 for n in self.numbers(text) if 1 <= n <= self.count}
        return seats

    def _seat_numbers(self, normalized: str) -> list[tuple[int, int, int]]:
        """(start, end, value) of every seat number in the normalized ``normalized``."""
        numbers: list[tuple[int, int, int]] = []
        for pattern in self._numbers:
            for match in pattern.finditer(normalized):
                raw = match.group(1)
                value = int(raw) if raw.isdigit() else han_number(raw)
                if value is not None:
                    numbers.append((match.start(), match.end(), value))
        return numbers

    def mismatched(self, text: str, window: int = 12) -> list[str]:
        """Names labelled with another seat's number (``Alice (seat 2)`` when Alice sits in seat 1)."""
        normalized = normalize(text)
        numbers = self._seat_numbers(normalized)
        bad: list[str] = []
        for seat, pattern in self._names:
            for match in pattern.finditer(normalized):
                near = [
                    value
                    for start, end, value in numbers
                    if match.end() <= start <= match.end() + window or match.start() - window <= end <= match.start()
                ]
                if near and seat + 1 not in near:
                    bad.append(f"{match.group(0).strip()} #{near[0]}")
        return bad

    def labels(self, text: str, gap: int = 3) -> list[tuple[int, int]]:
        """(seat, number) of every name labelled with a seat number: the number right after the name
        (``Alice (seat 2)``), in Chinese right before it (``2號阿明``); at most ``gap`` characters between,
        none of them a letter or digit."""
        normalized = normalize(text)
        numbers = self._seat_numbers(normalized)
        found: list[tuple[int, int]] = []
        for seat, pattern in self._names:
            for match in pattern.finditer(normalized):
                edge = match.start() if self.script == "han" else match.end()
                for start, end, value in sorted(numbers, reverse=self.script == "han"):
                    between = normalized[end:edge] if self.script == "han" else normalized[edge:start]
                    if (end > edge if self.script == "han" else start < edge) or len(between) > gap:
                        continue
                    if any(c.isalnum() for c in between):
                        continue
                    found.append((seat, value))  # a label, and a label right after it: "Ann (seat 4) (seat 2)"
                    edge = start if self.script == "han" else end
        return found

    def without_names(self, text: str) -> tuple[str, int]:
        """``text`` (normalized) with every name and seat number taken out, and how many names were."""
        rest = normalize(text)
        count = 0
        for pattern in [*(p for _, p in self._names), *self._strangers]:
            rest, n = pattern.subn(" ", rest)
            count += n
        for pattern in self._numbers:
            rest = pattern.sub(" ", rest)
        return rest, count

    def unknown(self, text: str) -> list[str]:
        """Seat references that do not exist at this table (numbers out of range, strangers' names)."""
        normalized = normalize(text)
        bad = [f"#{n}" for n in self.numbers(text) if not 1 <= n <= self.count]
        bad += [p.pattern for p in self._strangers if p.search(normalized)]
        return bad


_SENTENCE_END = re.compile(r"(?<=[.!?;…])\s+|(?<=[。！？؟؛])\s*|\n+")


def sentences(text: str) -> list[str]:
    """``text`` cut into sentences (Latin, Arabic and Chinese end marks)."""
    return [part.strip() for part in _SENTENCE_END.split(text) if part and part.strip()]
