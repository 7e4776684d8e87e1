"""One vocabulary per language and ruleset: every word a person is shown about a game.

It merges, most specific last:

* ``prompts/<lang>/<variant>/terms.yaml`` over ``prompts/<lang>/common/terms.yaml`` (the ruleset's
  names: roles, sides, causes, the moderator's lines; :func:`llm_werewolf.texts.terms`);
* ``prompts/<lang>/common/vocabulary.yaml`` and ``prompts/<lang>/<variant>/vocabulary.yaml``: the
  words of the frame around the seeds' voice (phase titles, ballots, results, outcome reasons,
  facts, night actions, cue and announcement names) and the language's typography.

A regional language (``ar-LB``) falls back to its base language (``ar``) for the common files.
A value may be a mapping of gender forms (``male``/``female``/``neutral``); :meth:`Vocabulary.word`
picks the form that agrees with the seat it is said of. Nothing is ever shown as a raw id: a word
missing in a non-English language comes from English (and the vocabulary test fails on it).
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any, Literal

from ..texts import RTL_LANGUAGES, TextDataError, merge_mapping, optional_yaml, terms

FALLBACK_LANGUAGE = "en"
Gender = Literal["male", "female", "neutral"]
PLACEHOLDER = re.compile(r"\$(\w+)", re.ASCII)
_NUMBERED = re.compile(r"^(?P<base>[a-z_]+?)_(?P<n>\d+)$")
_ARABIC_INDIC = str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩")
FSI, PDI = "\u2068", "\u2069"

GROUPS: tuple[str, ...] = (
    "roles",
    "sides",
    "factions",
    "causes",
    "statuses",
    "options",
    "ballot_options",
    "results",
    "reasons",
    "facts",
    "actions",
    "action_cases",
    "role_address",
    "role_plurals",
    "stages",
    "ballots",
    "cue_keys",
    "announcement_keys",
    "values",
    "assignments",
    "words",
    "frame",
    "phrases",
    "decisions",
    "cue_lines",
    "games",
)
"""The word groups of a vocabulary (each a mapping id -> word or gender forms)."""


def _chain(language: str) -> list[str]:
    base = language.split("-")[0]
    chain = [base] if base != language else []
    return [*chain, language]


def _load(relative: str) -> Any:
    return optional_yaml("prompts", relative)


@cache
def _common(language: str) -> dict[str, Any]:
    merged: dict[str, Any] = {}
    for lang in _chain(language):
        merge_mapping(merged, _load(f"{lang}/common/vocabulary.yaml"), f"prompts/{lang}/common/vocabulary.yaml")
    return merged


@cache
def _variant_data(language: str, variant: str) -> dict[str, Any]:
    merged: dict[str, Any] = {}
    with contextlib.suppress(TextDataError):
        merge_mapping(merged, terms(language, variant), f"prompts/{language}/{variant}/terms.yaml")
    merge_mapping(
        merged, _load(f"{language}/{variant}/vocabulary.yaml"), f"prompts/{language}/{variant}/vocabulary.yaml"
    )
    return merged


@dataclass(frozen=True)
class Typography:
    """How a language writes lists, quotations and numbers."""

    list_separator: str = ", "
    quote_open: str = "\u201c"
    quote_close: str = "\u201d"
    digits: str = "western"
    rtl: bool = False
    last_separator: str | None = None
    """Before a list's last item ("A, B and C", «أ، ب وج»); ``None``: the list separator."""
    last_separator_before_digit: str | None = None
    """The same before an item that starts with a digit, where the language writes it so (Hebrew «ו־2.»)."""

    def join(self, items: Iterable[str]) -> str:
        return self.list_separator.join(items)

    def join_and(self, items: Iterable[str]) -> str:
        """A list with the language's "and" before its last item ("between A and B", «بين خليل وماريا»)."""
        found = list(items)
        if len(found) < 2 or self.last_separator is None:
            return self.join(found)
        last = self.last_separator
        if self.last_separator_before_digit is not None and found[-1][:1].isdigit():
            last = self.last_separator_before_digit
        return self.join(found[:-1]) + last + found[-1]

    def quote(self, text: str) -> str:
        return f"{self.quote_open}{text}{self.quote_close}"

    def number(self, value: float | int) -> str:
        text = f"{value:g}" if isinstance(value, float) else str(value)
        return text.translate(_ARABIC_INDIC) if self.digits == "arabic-indic" else text

    def isolate(self, text: str) -> str:
        """``text`` bidi-isolated in a right-to-left line (a name or a number in another direction)."""
        return f"{FSI}{text}{PDI}" if self.rtl else text


def _form(value: Any, gender: Gender | None) -> str | None:
    if isinstance(value, str):
        return value
    if isinstance(value, Mapping):
        for key in (gender, "neutral", "male", "female"):
            if key is not None and isinstance(value.get(key), str):
                return str(value[key])
    return None


def form_of(value: Any, gender: Gender | None) -> str | None:
    """A word given as a string or as gender forms (``male``/``female``/``neutral``), in ``gender``'s form."""
    return _form(value, gender)


def humanize(identifier: str) -> str:
    return identifier.replace("_", " ")


@dataclass(frozen=True)
class Vocabulary:
    """Every word of one game's language and ruleset (see the module docstring)."""

    language: str
    variant: str

    @property
    def rtl(self) -> bool:
        return self.language in RTL_LANGUAGES

    @property
    def data(self) -> dict[str, Any]:
        return _merged(self.language, self.variant)

    @property
    def typography(self) -> Typography:
        return _typography(self.language)

    @property
    def ruleset_terms(self) -> dict[str, Any]:
        """The ruleset's own names and lines as its seed gives them (``terms.yaml`` and the role files),
        without the frame words laid over them: the moderator's cue lines, announcements, reasons."""
        return _ruleset_terms(self.language, self.variant)

    def forms(self, group: str, key: str) -> tuple[str, ...]:
        """Every way ``key`` of ``group`` is written: the ruleset's word, each gender form, and (roles) the
        phrase banks' forms said of a woman or a man. For readers that must recognise any of them."""
        found: list[str] = []
        for table in (self.ruleset_terms.get(group), self.data.get(group)):
            value = table.get(key) if isinstance(table, Mapping) else None
            if isinstance(value, str):
                found.append(value)
            elif isinstance(value, Mapping):
                found += [str(v) for v in value.values() if isinstance(v, str)]
        if group == "roles":
            found += [f for g in ("female", "male") if (f := _own_role_forms(self.language, self.variant, g).get(key))]
        return tuple(dict.fromkeys(found))

    def _lookup(self, group: str, key: str, gender: Gender | None = None) -> str | None:
        table = self.data.get(group)
        if not isinstance(table, Mapping):
            return None
        return _form(table.get(key), gender)

    def word(self, group: str, key: str, gender: Gender | None = None, default: str | None = None) -> str:
        """The word for ``key`` in ``group``; English, then ``default``, then the humanized id when missing."""
        found = self._lookup(group, key, gender)
        if found is not None:
            return found
        if self.language != FALLBACK_LANGUAGE:
            english = Vocabulary(FALLBACK_LANGUAGE, self.variant)._lookup(group, key, gender)
            if english is not None and default is None:
                return english
        return default if default is not None else humanize(key)

    def has(self, group: str, key: str) -> bool:
        return self._lookup(group, key) is not None

    def phrase(self, key: str, gender: Gender | None = None) -> str:
        """A phrase with ``$slots`` (``died``: "$name died: $cause"), in the form agreeing with ``gender``."""
        found = self._lookup("phrases", key, gender)
        if found is None:
            found = _form(_labels(self.language).get(key), gender)
        if found is None and self.language != FALLBACK_LANGUAGE:
            return Vocabulary(FALLBACK_LANGUAGE, self.variant).phrase(key, gender)
        if found is None:
            raise TextDataError(f"no phrase {key!r} in prompts/{self.language}/common/vocabulary.yaml")
        return found

    def frame(self, key: str, **slots: object) -> str:
        """A line of the frame (``night``: "Night $n"...) with its ``$slots`` filled as text."""
        return fill_text(self.word("frame", key), **slots)

    # -- the ruleset's terms ------------------------------------------------------------------
    def role(self, role: str | None, gender: Gender | None = None) -> str:
        if role is None:
            return self.word("words", "unknown")
        if gender in ("female", "male") and (own := _own_role_forms(self.language, self.variant, gender).get(role)):
            return own
        for group in ("roles", "factions", "sides", "groups"):
            found = self._lookup(group, role, gender)
            if found is not None:
                return found
        return self.word("roles", role, gender)

    def side(self, side: str) -> str:
        found = self._lookup("sides", side) or self._lookup("factions", side)
        return found if found is not None else self.word("sides", side)

    def cause(self, cause: str, gender: Gender | None = None) -> str:
        return self.word("causes", cause, gender)

    def status(self, status: str, gender: Gender | None = None) -> str:
        return self.word("statuses", status, gender)

    def option(self, option: str) -> str:
        """A plain option word (``skip``, ``yes``, ``antidote``...)."""
        for group in ("options", "results", "values", "words"):
            found = self._lookup(group, option)
            if found is not None:
                return found
        return self.word("options", option)

    def result(self, result: str) -> str:
        found = self._lookup("results", result) or self._lookup("options", result)
        return found if found is not None else self.word("results", result)

    def reason(self, reason: str, gender: Gender | None = None) -> str:
        """Why the game ended; ``gender``: of the winners it is said of («ماتت الدبّاغة» when she won)."""
        return self.word("reasons", reason, gender)

    def fact(self, fact: str) -> str:
        return self.word("facts", fact)

    def action(self, action: str, gender: Gender | None = None) -> str:
        """A night action's verb, agreeing with who did it («سقى» / «سقت»)."""
        found = self._lookup("actions", action, gender) or self._lookup("options", action)
        return found if found is not None else self.word("actions", action, gender)

    def stage(self, stage: str) -> str:
        return self.word("stages", stage)

    def value(self, value: str) -> str:
        """An info value that is neither a role nor a side (``suspicious``, ``masons``, ``none``...)."""
        for group in ("values", "results", "options", "groups", "ballots", "sides", "factions", "words"):
            found = self._lookup(group, value)
            if found is not None:
                return found
        return self.word("values", value)

    def assignment(self, reason: str) -> str:
        return self.word("assignments", reason)

    def ballot(self, ballot: str) -> str:
        """A ballot's name; ``exile_2`` is the ``exile`` ballot's second round."""
        found = self._lookup("ballots", ballot)
        if found is not None:
            return found
        match = _NUMBERED.match(ballot)
        if match and (base := self._lookup("ballots", match["base"])) is not None:
            return fill_text(self.word("frame", "ballot_round"), ballot=base, n=self.typography.number(int(match["n"])))
        return self.word("ballots", ballot)

    def cue_name(self, key: str) -> str:
        return self.word("cue_keys", key)

    def announcement_name(self, key: str) -> str:
        return self.word("announcement_keys", key)

    def cue_line(self, key: str, role: str | None) -> str | None:
        """The moderator's own line for a cue (the ruleset's ``cues``), when it has one."""
        table = self.data.get("cues")
        if not isinstance(table, Mapping):
            return None
        value = table.get(key)
        if isinstance(value, Mapping) and role is not None:
            value = value.get(role)
        return value if isinstance(value, str) else None

    def announcement_line(self, key: str, gender: Gender | None = None) -> str | None:
        """The ruleset's own line for an announcement; given as gender forms, in ``gender``'s form."""
        return self._lookup("announcements", key, gender)

    def game_title(self) -> str:
        value = self.data.get("game")
        return value if isinstance(value, str) else self.word("games", self.variant)

    def join(self, items: Iterable[str]) -> str:
        return self.typography.join(items)

    def quote(self, text: str) -> str:
        return self.typography.quote(text)

    def number(self, value: float | int) -> str:
        return self.typography.number(value)


@cache
def _merged(language: str, variant: str) -> dict[str, Any]:
    merged: dict[str, Any] = {}
    merge_mapping(merged, _common(language), f"prompts/{language}/common/vocabulary.yaml")
    merge_mapping(merged, _variant_data(language, variant), f"prompts/{language}/{variant}")
    return merged


@cache
def _ruleset_terms(language: str, variant: str) -> dict[str, Any]:
    with contextlib.suppress(TextDataError):
        return dict(terms(language, variant))
    return {}


@cache
def _labels(language: str) -> dict[str, Any]:
    """The page labels of the renderings (``render.yaml``): phrases the vocabulary files need not repeat."""
    merged: dict[str, Any] = {}
    for lang in _chain(language):
        merge_mapping(merged, _load(f"{lang}/common/render.yaml"), f"prompts/{lang}/common/render.yaml")
    return merged


@cache
def _typography(language: str) -> Typography:
    data = _common(language).get("typography") or {}
    if not isinstance(data, Mapping):
        raise TextDataError(f"prompts/{language}/common/vocabulary.yaml: typography must be a mapping")
    quotes = data.get("quotes") or ["\u201c", "\u201d"]
    return Typography(
        list_separator=str(data.get("list_separator", ", ")),
        quote_open=str(quotes[0]),
        quote_close=str(quotes[1]),
        digits=str(data.get("digits", "western")),
        rtl=language in RTL_LANGUAGES,
        last_separator=str(data["last_separator"]) if "last_separator" in data else None,
        last_separator_before_digit=(
            str(data["last_separator_before_digit"]) if "last_separator_before_digit" in data else None
        ),
    )


def typography(language: str) -> Typography:
    """How ``language`` writes lists, quotations and numbers (its ``vocabulary.yaml``'s ``typography``)."""
    return _typography(language)


@cache
def _own_role_forms(language: str, variant: str, gender: Gender) -> dict[str, str]:
    """A role's name said of a woman or a man (the phrase banks' ``roles_female`` / ``roles_male``), where the
    language has one (Arabic writes some cards in the feminine: a man who claims العرّافة is العرّاف)."""
    from ..speech.phrases import phrase_bank

    try:
        bank = phrase_bank(language, variant)
    except TextDataError:
        return {}
    return dict(bank.roles_female if gender == "female" else bank.roles_male)


@cache
def vocabulary(language: str, variant: str) -> Vocabulary:
    return Vocabulary(language, variant)


def fill_text(template: str, **slots: object) -> str:
    """``template`` with its ``$slots`` replaced (unknown slots stay as they are); values are inserted as text."""

    def value(match: re.Match[str]) -> str:
        name = match.group(1)
        return str(slots[name]) if name in slots else match.group(0)

    return PLACEHOLDER.sub(value, template)
