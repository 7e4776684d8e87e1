"""Reading a narration the way an evasive model writes it: look-alike letters, hidden characters,
spaced-out words, number words for seats, and role words of every language.

The checker (:mod:`.checker`) reads every line in several *readings* and refuses what
any reading shows:

* the line as written;
* the line cleaned: invisible and formatting characters removed (zero-width spaces,
  direction marks such as RLO), letters that look like the language's own letters
  folded into them (Cyrillic ``е`` in an English line, Latin ``o`` in a Russian one,
  Greek look-alikes), accents stripped from Latin letters;
* the cleaned line with spaced-out words joined (``s e e r``, ``S.E.E.R``, ``A-l-i-c-e``).

:class:`SeatNumbers` finds seats named by number words next to a seat word ("the second
player", "player two", "игрок номер три", "اللاعب الثاني", "玩家二"), from the word lists
``seat_words`` and ``number.N`` of the narration pack's ``checker`` section.
:func:`role_terms` gathers the role and side words of every language: the ruleset's
``terms.yaml`` of each of its languages, their short forms ("Bassara (the fortune-teller)"
gives "Bassara" and "fortune-teller"), the synonyms ``role.ID`` / ``side.ID`` of every
language's narration pack, and from ``prompts/common/checker_words.yaml`` a role's names in
languages the project does not play in ("voyante", "loup-garou") and its periphrases ("sees
in the dark", "howls at the moon"). :class:`SplitWords` finds a role word written in pieces
("trouble maker", "were-wolf"); :class:`IndirectSeats` finds a seat pointed at without its
name ("the player whose name starts with A", "the one to the left of Bob").
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import Any

from .vocabulary import Lexicon, Term, normalize, script_of, term_pattern

# Letters of other scripts that look like Latin ones (and back, for Cyrillic lines).
_TO_LATIN = str.maketrans(
    {
        "а": "a", "в": "b", "е": "e", "ё": "e", "к": "k", "м": "m", "н": "h", "о": "o", "р": "p",
        "с": "c", "т": "t", "у": "y", "х": "x", "ѕ": "s", "і": "i", "ї": "i", "ј": "j", "ԁ": "d",
        "ԛ": "q", "ԝ": "w", "ɡ": "g", "һ": "h", "ӏ": "l", "ո": "n", "ս": "u", "ɩ": "i",
        "α": "a", "β": "b", "ε": "e", "ι": "i", "κ": "k", "ν": "v", "ο": "o", "ρ": "p", "τ": "t",
        "υ": "u", "χ": "x", "γ": "y", "ω": "w", "η": "n", "μ": "u", "ѡ": "w", "ɑ": "a", "ɛ": "e",
        "0": "o", "1": "l", "3": "e", "4": "a", "5": "s", "7": "t", "@": "a", "$": "s",
    }
)  # fmt: skip
_TO_CYRILLIC = str.maketrans(
    {
        "a": "а", "b": "в", "c": "с", "e": "е", "h": "н", "k": "к", "m": "м", "o": "о", "p": "р",
        "t": "т", "x": "х", "y": "у", "u": "и", "n": "п", "r": "г", "3": "з", "0": "о", "6": "б",
        "α": "а", "ε": "е", "ο": "о", "ρ": "р", "κ": "к", "τ": "т", "χ": "х",
    }
)  # fmt: skip
_SEPARATORS = re.compile(r"[\s.\-_*·•'’/|+~]")
_SPACED = re.compile(r"(?<![^\W_])(?:[^\W_][\s.\-_*·•'’/|+~]{1,3}){2,}[^\W_](?![^\W_])")
_HAN_GAP = re.compile(r"(?<=[\u3400-\u9fff])[\s.\-_*·•]+(?=[\u3400-\u9fff])")


def invisible(char: str) -> bool:
    """Formatting and zero-width characters (category Cf), and the variation selectors."""
    return unicodedata.category(char) == "Cf" or "\ufe00" <= char <= "\ufe0f" or char == "\u034f"


def stripped(text: str) -> str:
    """``text`` normalized (:func:`~.vocabulary.normalize`) without invisible characters."""
    return normalize("".join(c for c in unicodedata.normalize("NFKC", text) if not invisible(c)))


def clean(text: str, script: str) -> str:
    """``text`` stripped, with look-alike letters folded into ``script``'s (and Latin accents dropped)."""
    text = stripped(text)
    if script == "latin":
        folded = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
        return _fold_words(folded, _TO_LATIN)
    if script == "cyrillic":
        return _fold_words(text, _TO_CYRILLIC)
    return text


def _fold_words(text: str, table: dict[int, str]) -> str:
    """Fold look-alikes inside words only: a digit stays a digit unless it sits among letters."""

    def fold(match: re.Match[str]) -> str:
        word = match.group(0)
        if word.isdigit() or not any(c.isalpha() for c in word):
            return word
        return word.translate(table)

    return re.sub(r"[\w@$]+", fold, text)


def joined(text: str, keep_first: bool = False) -> str:
    """Spaced-out words joined: ``s e e r`` -> ``seer``, ``預 言 家`` -> ``預言家``.

    ``keep_first`` leaves a run's first letter apart (a one-letter word before a spaced name:
    ``к А л е к с е й`` -> ``к алексей``).
    """

    def join(match: re.Match[str]) -> str:
        run = match.group(0)
        if keep_first:
            return run[0] + " " + re.sub(_SEPARATORS, "", run[1:])
        return re.sub(_SEPARATORS, "", run)

    return _HAN_GAP.sub("", _SPACED.sub(join, text))


_TRAILING_LETTERS = re.compile(r"([^\W\d_]+)((?:[\s.\-_*·•/|+~]{1,3}[^\W\d_](?![^\W_])){2,})")


def glued(text: str) -> str:
    """Spaced-out letters glued to the word before them (Hebrew and Arabic one-letter prefixes:
    ``שנ ו ע ה`` -> ``שנועה``)."""
    return _TRAILING_LETTERS.sub(lambda m: m.group(1) + re.sub(_SEPARATORS, "", m.group(2)), text)


def apart(text: str) -> str:
    """A space wherever the script changes (``的Werewolf就`` -> ``的 Werewolf 就``)."""
    out: list[str] = []
    previous = ""
    for char in text:
        kind = _script_of_char(char)
        if out and kind and previous and kind != previous:
            out.append(" ")
        out.append(char)
        if kind:
            previous = kind
    return "".join(out)


def _script_of_char(char: str) -> str:
    if not char.isalpha():
        return ""
    name = unicodedata.name(char, "")
    for script in ("LATIN", "CYRILLIC", "GREEK", "ARABIC", "HEBREW", "CJK", "HIRAGANA", "KATAKANA", "HANGUL"):
        if name.startswith(script):
            return script
    return "OTHER"


def readings(text: str, language: str) -> list[str]:
    """The distinct readings of ``text`` the checker looks at (the text itself first)."""
    script = script_of(language)
    plain = apart(stripped(text))
    folded = apart(clean(text, script))
    out = [text]
    for reading in (plain, folded, *(apart(joined(base, keep)) for base in (plain, folded) for keep in (False, True))):
        if reading not in out:
            out.append(reading)
    if script in ("arabic", "hebrew"):
        for reading in (apart(joined(glued(plain))), apart(joined(glued(folded)))):
            if reading not in out:
                out.append(reading)
    return out


class SeatNumbers:
    """Seats named by a number word next to a seat word (at most one word between them).

    An ordinal (``ordinal.N``) may stand on either side ("the second player", "השחקן השני");
    a cardinal (``number.N``) only after the seat word ("player two"): "two players" is a count.
    """

    def __init__(self, language: str, words: Mapping[str, tuple[str, ...]], count: int) -> None:
        self.script = script_of(language)
        self.count = count
        seat_terms = [Term("seat", w) for w in words.get("seat_words", ())]
        number_terms = [
            Term(f"{kind[0]}:{number}", w)
            for key, values in words.items()
            for kind, _, number in [key.partition(".")]
            if kind in ("number", "ordinal") and number.isdigit()
            for w in values
        ]
        self._seat = _patterns(seat_terms, self.script)
        self._numbers = _patterns(number_terms, self.script)

    def seats(self, text: str) -> set[int]:
        if not self._seat or not self._numbers:
            return set()
        normalized = normalize(text)
        seat_spans = [m.span("core") for _, p in self._seat for m in p.finditer(normalized)]
        if not seat_spans:
            return set()
        found: set[int] = set()
        for term, pattern in self._numbers:
            for match in pattern.finditer(normalized):
                start, end = match.span("core")
                after_only = term.id.startswith("n:")
                if any(
                    self._near(normalized, (start, end), span) and not (after_only and span[0] > start)
                    for span in seat_spans
                ):
                    number = int(term.id[2:])
                    if 1 <= number <= self.count:
                        found.add(number - 1)
        return found

    def _near(self, text: str, a: tuple[int, int], b: tuple[int, int]) -> bool:
        if a[0] < b[1] and b[0] < a[1]:
            return False  # the same letters ("#" in a seat word and a number)
        gap = text[min(a[1], b[1]) : max(a[0], b[0])]
        if self.script == "han":
            return not gap.strip()  # 玩家二, 二號: side by side (兩名玩家 counts players)
        return len(re.findall(r"\w+", gap)) <= 1 and len(gap) <= 24


def _patterns(terms: Iterable[Term], script: str) -> list[tuple[Term, re.Pattern[str]]]:
    out = []
    for term in terms:
        pattern = term_pattern(term.text, script, term.exact)
        if pattern is not None:
            out.append((term, pattern))
    return out


def short_forms(text: str) -> list[str]:
    """``Bassara (the fortune-teller)`` -> [the whole, ``Bassara``, ``fortune-teller``]."""
    forms = [text]
    head, sep, rest = text.partition("(")
    if sep:
        forms.append(head.strip())
        inner = rest.split(")")[0].strip()
        inner = re.sub(r"^(?:the|a|an)\s+", "", inner, flags=re.IGNORECASE)
        forms.append(inner)
    return [f for f in forms if f]


@lru_cache(maxsize=1)
def checker_words() -> dict[str, Any]:
    """``prompts/common/checker_words.yaml``: foreign role names, periphrases, indirect seat phrases."""
    from ..texts import optional_yaml

    data = optional_yaml("prompts", "common/checker_words.yaml")
    return data if isinstance(data, dict) else {}


def _words(value: object) -> list[str]:
    return [str(w) for w in value if isinstance(w, str) and w.strip()] if isinstance(value, list) else []


def _unaccented(word: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", word) if not unicodedata.combining(c))


def _foreign_terms(roles: tuple[str, ...]) -> dict[str, list[Term]]:
    """Foreign role names of ``roles``, by the language whose script reads them (``en``: Latin, ``zh-Hant``: CJK)."""
    out: dict[str, list[Term]] = {}
    foreign = checker_words().get("foreign", {})
    if not isinstance(foreign, dict):
        return out
    for role in roles:
        for word in _words(foreign.get(role)):
            han = any(_script_of_char(c) in ("CJK", "HIRAGANA", "KATAKANA", "HANGUL") for c in word)
            bucket = out.setdefault("zh-Hant" if han else "en", [])
            bucket += [Term(f"role:{role}", form) for form in dict.fromkeys((word, _unaccented(word)))]
    return out


def _periphrases(roles: tuple[str, ...]) -> dict[str, list[Term]]:
    """Periphrases of ``roles`` by language."""
    out: dict[str, list[Term]] = {}
    table = checker_words().get("periphrases", {})
    if not isinstance(table, dict):
        return out
    for language, by_role in table.items():
        if isinstance(by_role, dict):
            out[str(language)] = [Term(f"role:{role}", w) for role in roles for w in _words(by_role.get(role))]
    return out


@lru_cache(maxsize=32)
def role_terms(
    variant: str, language: str, roles: tuple[str, ...], sides: tuple[str, ...], plain_role: str | None = None
) -> list[Lexicon]:
    """Lexicons of the role and side words of every language (``language``'s own script first).

    The plain role (villager, citizen...) is found only in the form written in ``terms.yaml``.
    """
    from ..rules.variant import get_ruleset
    from ..texts import LANGUAGES, TextDataError, terms
    from .packs import load_pack

    by_language: dict[str, list[Term]] = {}
    own_names: dict[str, str] = {}
    """Every role and side name of the ruleset (plain ones too) -> its id."""
    for other in get_ruleset(variant).languages:
        try:
            vocabulary: Mapping[str, Any] = terms(other, variant)
        except TextDataError:
            continue
        entries = by_language.setdefault(other, [])
        for kind, wanted in (("roles", roles), ("sides", sides)):
            table = vocabulary.get(kind)
            if not isinstance(table, dict):
                continue
            for key, text in table.items():
                if not isinstance(text, str):
                    continue
                plain = kind == "roles" and str(key) == plain_role
                forms = [Term(f"{kind[:-1]}:{key}", form, exact=plain) for form in short_forms(text)]
                own_names.update((normalize(t.text), t.id) for t in forms)
                own_names.update((normalize(t.text), t.id) for t in forms)
                if str(key) in wanted or plain:
                    entries += forms
    for other in LANGUAGES:
        try:
            pack = load_pack(other, variant)
        except TextDataError:
            continue
        entries = by_language.setdefault(other, [])
        for key, words in pack.checker.items():
            kind, _, ident = key.partition(".")
            plain = kind == "role" and ident == plain_role
            if (kind == "role" and ident in roles) or (kind == "side" and ident in sides) or plain:
                term_id = f"{kind}:{ident}"
                # a synonym that is the ruleset's own name of another role or side says that one
                entries += [
                    Term(term_id, w, exact=plain) for w in words if own_names.get(normalize(w), term_id) == term_id
                ]
    for extra in (_foreign_terms(roles), _periphrases(roles)):
        for other, found in extra.items():
            by_language.setdefault(other, []).extend(found)
    order = [language, *(lang for lang in by_language if lang != language)]
    return [Lexicon(lang, by_language[lang]) for lang in order if by_language.get(lang)]


@lru_cache(maxsize=32)
def split_words(variant: str, roles: tuple[str, ...], sides: tuple[str, ...]) -> SplitWords:
    """The role and side words of every language (one word each) as :class:`SplitWords`."""
    from ..rules.variant import get_ruleset
    from ..texts import LANGUAGES, TextDataError, terms
    from .packs import load_pack

    words: list[Term] = []
    for other in get_ruleset(variant).languages:
        try:
            vocabulary: Mapping[str, Any] = terms(other, variant)
        except TextDataError:
            continue
        for kind, wanted in (("roles", roles), ("sides", sides)):
            table = vocabulary.get(kind)
            if isinstance(table, dict):
                words += [
                    Term(f"{kind[:-1]}:{key}", form)
                    for key, text in table.items()
                    if str(key) in wanted and isinstance(text, str)
                    for form in short_forms(text)
                ]
    for other in LANGUAGES:
        try:
            pack = load_pack(other, variant)
        except TextDataError:
            continue
        for key, values in pack.checker.items():
            kind, _, ident = key.partition(".")
            if (kind == "role" and ident in roles) or (kind == "side" and ident in sides):
                words += [Term(f"{kind}:{ident}", w) for w in values]
    for found in _foreign_terms(roles).values():
        words += found
    return SplitWords(words)


class SplitWords:
    """Role words of Latin or Cyrillic letters written in pieces: ``trouble maker``, ``were-wolf``, ``Se er``.

    A word of five letters or more is found with up to two separators (space, hyphen, dot,
    apostrophe) between any two of its letters; a multi-word term is found with its spaces
    left out ("serialkiller"). Only in the candidate's readings, never in template lines.
    """

    MIN_LETTERS = 5

    def __init__(self, terms: Iterable[Term]) -> None:
        patterns: dict[str, list[str]] = {}
        for term in terms:
            letters = re.sub(r"[\s\-'’.]", "", normalize(term.text))
            if len(letters) < self.MIN_LETTERS or not all(c.isalpha() for c in letters):
                continue
            if not all(_script_of_char(c) in ("LATIN", "CYRILLIC") for c in letters):
                continue
            gap = r"[\s\-'’._·]{0,2}"
            patterns.setdefault(term.id, []).append(gap.join(re.escape(c) for c in letters))
        self._patterns = [
            (
                term_id,
                re.compile(r"(?<!\w)(?:" + "|".join(sorted(set(found), key=len, reverse=True)) + r")(?:s|es)?(?!\w)"),
            )
            for term_id, found in patterns.items()
        ]

    def find(self, text: str) -> set[str]:
        normalized = normalize(text)
        return {term_id for term_id, pattern in self._patterns if pattern.search(normalized)}


class IndirectSeats:
    """Phrases that point at a seat without naming it (``prompts/common/checker_words.yaml``, ``indirect``)."""

    def __init__(self, language: str) -> None:
        table = checker_words().get("indirect", {})
        phrases = _words(table.get(language)) if isinstance(table, dict) else []
        if language != "en" and isinstance(table, dict):
            phrases += _words(table.get("en"))  # an English phrase in another language's line points as well
        self._lexicon = Lexicon(language, [Term("indirect", p) for p in phrases])

    def found(self, text: str) -> bool:
        return bool(self._lexicon.find(text))
