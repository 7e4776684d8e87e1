"""Role claims in free text (human speech), in the six languages.

Model players send a structured claim with each speech (``Speech.claim``);
humans just talk. This extractor finds self-identifications — a cue such as
"I am", "我是", "أنا", "я", "אני" directly followed by a role name of the
ruleset in the game's language (``prompts/<lang>/<variant>/terms.yaml``) or an
alias, or a cue that governs an inflected form ("я являюсь шерифом", "я играю
за мафию") followed by that form — and returns the role ids in order. Claims about other players ("X is
the seer") and negated ones ("I am not the seer") are not claims.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache
from importlib import resources
from typing import Any

import yaml

from ..rules import get_ruleset
from ..texts import terms

_ARABIC_MARKS = re.compile("[\u0610-\u061a\u064b-\u065f\u0670\u06d6-\u06ed\u0640]")
_HEBREW_MARKS = re.compile("[\u0591-\u05c7]")
_ALEFS = str.maketrans({"أ": "ا", "إ": "ا", "آ": "ا", "ٱ": "ا", "ة": "ه", "ى": "ي"})
_ARABIC_LANGS = ("ar", "ar-LB")


def normalize(text: str, language: str) -> str:
    """Lower case, NFKC, single spaces; Arabic without diacritics/tatweel and unified alef; Hebrew without niqqud."""
    text = unicodedata.normalize("NFKC", text).lower()
    if language in _ARABIC_LANGS:
        text = _ARABIC_MARKS.sub("", text).translate(_ALEFS)
    elif language == "he":
        text = _HEBREW_MARKS.sub("", text)
    return re.sub(r"\s+", " ", text)


@cache
def _cue_data() -> dict[str, Any]:
    raw = resources.files(__package__).joinpath("data/claim_cues.yaml").read_text(encoding="utf-8")
    data = yaml.safe_load(raw)
    assert isinstance(data, dict)
    return data


def _role_forms(language: str, variant: str) -> dict[str, str]:
    """Normalised surface form -> role id (the role names as the terms file writes them, and aliases)."""
    forms: dict[str, str] = {}
    roles = set(get_ruleset(variant).roles)
    for lang in dict.fromkeys((language, "en")):
        names = terms(lang, variant).get("roles", {})
        if isinstance(names, dict):
            for role, name in names.items():
                if role in roles and isinstance(name, str) and name.strip():
                    forms.setdefault(normalize(name, lang), role)
        aliases = _cue_data().get(lang, {}).get("aliases", {}) or {}
        forms.update(_forms_of(aliases, roles, lang, forms))
    for role in roles:  # the ids themselves ("little_girl" / "little girl")
        forms.setdefault(role.replace("_", " "), role)
    return forms


def _forms_of(table: dict[str, Any], roles: set[str], language: str, taken: dict[str, str]) -> dict[str, str]:
    """``{role: [form, ...]}`` from the cue data -> normalised form -> role (forms already taken are kept)."""
    out: dict[str, str] = {}
    for role, words in table.items():
        if role in roles:
            for word in words or []:
                form = normalize(str(word), language)
                if form not in taken and form not in out:
                    out[form] = role
    return out


def _role_pattern(form: str, language: str) -> str:
    escaped = re.escape(form)
    if language in _ARABIC_LANGS:
        bare = form[2:] if form.startswith("ال") and len(form) > 3 else form
        return f"(?:ال)?{re.escape(bare)}"
    if language == "he":
        return f"(?:ה)?{escaped}"
    return escaped


def _spellings(form: str, language: str) -> set[str]:
    """``form`` and, in Chinese, the form OpenCC gives it: ``eval`` converts free text to Traditional
    characters before reading claims (OpenCC writes 才 as 纔, 著 as 着...), so a cue must match both."""
    if language != "zh-Hant":
        return {form}
    from ..strings.chinese import to_traditional

    return {form, to_traditional(form)}


def _alternation(words: list[str], language: str) -> str:
    spelled = {s for w in words for s in _spellings(normalize(w, language), language)}
    ordered = sorted(spelled, key=len, reverse=True)
    return "|".join(map(re.escape, ordered))


@cache
def _matcher(language: str, variant: str) -> tuple[re.Pattern[str], dict[str, str]]:
    """One pattern: the plain cues before a role's name (nominative), and each group of
    ``inflected`` cues before the role forms that group asks for (a case, a gender...)."""
    data = _cue_data()
    lang = data.get(language) or data["en"]
    spaced = language != "zh-Hant"
    prefixes = [normalize(p, language) for p in lang.get("prefixes", []) or []]
    left = r"(?<![\w])" if spaced else ""
    if prefixes:  # a cue may carry a one-letter conjunction ("وأنا", "ואני")
        left = "(?:" + "|".join([r"(?<![\w])", *(rf"(?<=\b{re.escape(p)})" for p in prefixes)]) + ")"
    sep = r"[\s:：,，—–\-]*" if spaced else r"[\s:：,，]*"
    articles = lang.get("articles", []) or []
    article = f"(?:(?:{_alternation(articles, language)}){sep})?" if articles else ""
    right = r"(?![\w])" if spaced else ""
    roles = set(get_ruleset(variant).roles)
    groups: dict[str, str] = {}
    branches: list[str] = []

    def branch(cues: list[str], forms: dict[str, str]) -> None:
        if not cues or not forms:
            return
        spelled = {s: role for form, role in forms.items() for s in _spellings(form, language)}
        names = []
        for form in sorted(spelled, key=len, reverse=True):
            group = f"r{len(groups)}"
            groups[group] = spelled[form]
            names.append(f"(?P<{group}>{_role_pattern(form, language)})")
        branches.append(f"(?:{_alternation(cues, language)}){sep}{article}(?:{'|'.join(names)})")

    branch(lang.get("cues", []), _role_forms(language, variant))
    for entry in lang.get("inflected", []) or []:
        branch(entry.get("cues", []), _forms_of(entry.get("forms", {}) or {}, roles, language, {}))
    pattern = f"{left}(?:{'|'.join(branches)}){right}"
    return re.compile(pattern), groups


_CLAUSE_END = re.compile(r"[,.;!?，。；！？、:：\n]")


@cache
def _hypothetical(language: str) -> re.Pattern[str] | None:
    """Words that make a following "I am X" in the same clause a supposition (see claim_cues.yaml)."""
    data = _cue_data()
    words = (data.get(language) or data["en"]).get("hypothetical", []) or []
    if not words:
        return None
    alternation = _alternation(words, language)
    if language == "zh-Hant":
        return re.compile(f"(?:{alternation})")
    return re.compile(rf"(?<![\w])(?:{alternation})(?![\w])")


def _supposed(text: str, start: int, language: str) -> bool:
    pattern = _hypothetical(language)
    if pattern is None:
        return False
    ends = [m.end() for m in _CLAUSE_END.finditer(text, 0, start)]
    clause = text[ends[-1] if ends else 0 : start]
    return pattern.search(clause) is not None


def extract_claims(text: str, language: str, variant: str) -> list[str]:
    """Role ids the speaker claims for himself, in the order said (duplicates kept once)."""
    pattern, groups = _matcher(language, variant)
    found: list[str] = []
    normalized = normalize(text, language)
    for match in pattern.finditer(normalized):
        if _supposed(normalized, match.start(), language):
            continue
        name = match.lastgroup
        role = groups.get(name) if name else None
        if role is not None and role not in found:
            found.append(role)
    return found


def first_claim(text: str, language: str, variant: str) -> str | None:
    claims = extract_claims(text, language, variant)
    return claims[0] if claims else None


def known_variant(variant: str) -> bool:
    try:
        get_ruleset(variant)
    except Exception:
        return False
    return True
