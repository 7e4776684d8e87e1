"""Role claims in free text (human speech), in the six languages.

Model players send a structured claim with each speech (``Speech.claim``);
humans just talk. This extractor finds self-identifications — a cue such as
"I am", "我是", "أنا", "я", "אני" directly followed by a role name of the
ruleset in the game's language (``prompts/<lang>/<variant>/terms.yaml``) or an
alias — and returns the role ids in order. Claims about other players ("X is
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
    """Normalised surface form -> role id."""
    forms: dict[str, str] = {}
    roles = set(get_ruleset(variant).roles)
    for lang in dict.fromkeys((language, "en")):
        names = terms(lang, variant).get("roles", {})
        if isinstance(names, dict):
            for role, name in names.items():
                if role in roles and isinstance(name, str) and name.strip():
                    forms.setdefault(normalize(name, lang), role)
        aliases = _cue_data().get(lang, {}).get("aliases", {}) or {}
        for role, words in aliases.items():
            if role in roles:
                for word in words:
                    forms.setdefault(normalize(str(word), lang), role)
    for role in roles:  # the ids themselves ("little_girl" / "little girl")
        forms.setdefault(role.replace("_", " "), role)
    return forms


def _role_pattern(form: str, language: str) -> str:
    escaped = re.escape(form)
    if language in _ARABIC_LANGS:
        bare = form[2:] if form.startswith("ال") and len(form) > 3 else form
        return f"(?:ال)?{re.escape(bare)}"
    if language == "he":
        return f"(?:ה)?{escaped}"
    return escaped


@cache
def _matcher(language: str, variant: str) -> tuple[re.Pattern[str], dict[str, str]]:
    data = _cue_data()
    lang = data.get(language) or data["en"]
    cues = sorted({normalize(c, language) for c in lang.get("cues", [])}, key=len, reverse=True)
    articles = sorted({normalize(a, language) for a in lang.get("articles", []) or []}, key=len, reverse=True)
    forms = _role_forms(language, variant)
    ordered = sorted(forms, key=len, reverse=True)
    spaced = language != "zh-Hant"
    left = r"(?<![\w])" if spaced else ""
    if language in _ARABIC_LANGS:
        left = r"(?:(?<![\w])|(?<=\bو)|(?<=\bف))"
    sep = r"[\s:：,，—–\-]*" if spaced else r"[\s:：,，]*"
    article = f"(?:(?:{'|'.join(map(re.escape, articles))}){sep})?" if articles else ""
    roles = "|".join(f"(?P<r{i}>{_role_pattern(f, language)})" for i, f in enumerate(ordered))
    right = r"(?![\w])" if spaced else ""
    pattern = f"{left}(?:{'|'.join(map(re.escape, cues))}){sep}{article}(?:{roles}){right}"
    groups = {f"r{i}": forms[f] for i, f in enumerate(ordered)}
    return re.compile(pattern), groups


def extract_claims(text: str, language: str, variant: str) -> list[str]:
    """Role ids the speaker claims for himself, in the order said (duplicates kept once)."""
    pattern, groups = _matcher(language, variant)
    found: list[str] = []
    for match in pattern.finditer(normalize(text, language)):
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
