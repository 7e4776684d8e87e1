"""Is a recorded utterance valid, attributable speech? One verdict per utterance.

Metrics read only *valid* utterances: a placeholder echoed from the answer
schema is not a lie, a run of «لا. لا. لا…» is not Arabic, and a model that
answered every turn with template tokens did not speak "100% on language".
The verdicts, checked in this order:

* ``empty`` — nothing but spaces, punctuation or symbols;
* ``template`` — chat-template or Jinja tokens (``<|im_start|>``, ``[INST]``,
  ``{{ … }}``, ``</s>``...): the model wrote the machinery, not a speech;
* ``placeholder`` — the schema's own placeholder (``<what you say aloud…>``,
  or any text wrapped whole in ``<…>``) or a fragment of it, in any language
  of ``prompts/*/common/words.yaml`` (the turn template's words);
* ``degenerate`` — repetition: one token is most of the text, or the text
  compresses to almost nothing (loops), or a single token repeated;
* ``off_language`` — real language identification (lingua, over the
  languages of the rulesets and the common ones a model drifts into) names
  another language; for ``zh-Hant`` games, Simplified characters outnumber
  Traditional ones (OpenCC's conversion tables tell which);
* ``valid`` — everything else.

Text too short to identify (fewer than ``MIN_LETTERS_TO_IDENTIFY`` letters)
is judged by its script alone. The player-side check of answers
(``prompting/answers.py``, ``answer_problem``) refuses the same things at the
table with the same patterns — its ``control_token`` is ``template`` here, its
``repeat`` is ``degenerate``; its ``echo`` and ``option_list`` need the prompt
and the options, which a transcript does not always keep. This module judges
what a transcript recorded, whoever produced it (people included).
"""

from __future__ import annotations

import re
import unicodedata
import zlib
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Literal

import yaml

from ..strings.chinese import chinese_script

Verdict = Literal["valid", "empty", "template", "placeholder", "degenerate", "off_language"]
VERDICTS: tuple[Verdict, ...] = ("valid", "empty", "template", "placeholder", "degenerate", "off_language")

MIN_LETTERS_TO_IDENTIFY = 6
"""Below this many letters lingua is not asked; the script decides."""
MIN_CONFIDENCE = 0.5
"""lingua's confidence in another language needed to call an utterance off-language."""
SAME_SCRIPT_MIN_LETTERS = 20
SAME_SCRIPT_CONFIDENCE = 0.9
"""Another language in the game's own script needs a longer text and a surer verdict (short Arabic
often looks Persian to a detector)."""

_TEMPLATE_RE = re.compile(
    r"<</?SYS>>|\[/?INST\]|</?(?:start|end)_of_turn>|<\|[^<>|\s]{1,40}\|>|</?s>|<(?:bos|eos|pad|unk)>"
    r"|</?think>|^\s*#{2,4}\s*(?:instruction|response|system|user|assistant|input)\b"
    r"|\{\{.*?\}\}|\{%.*?%\}",
    re.IGNORECASE | re.MULTILINE | re.DOTALL,
)
"""Chat-template and control tokens (the players' answer check's ``control_token`` list) and Jinja leftovers."""
_PLACEHOLDER_RE = re.compile(r"<\s*[^\W\d_][^<>\n]{2,}>|\{\s*\"(?:thought|option|speech|claim|reason|acts)\"")
"""An answer-format placeholder (``<what you say aloud ...>``) or a JSON template, as the answer check reads them."""
_REPEAT_RE = re.compile(r"(.{1,40}?)(?:\s*\1){3,}", re.DOTALL)
_WRAPPED_RE = re.compile(r"^\s*[<＜][^<>＜＞]{3,}[>＞]\s*$", re.DOTALL)
_SPEECH_PLACEHOLDER_RE = re.compile(r'"speech":\s*"<(.*?)>"', re.DOTALL)
_SLOT_RE = re.compile(r"\$\w+", re.ASCII)

LANGUAGE_NAMES: dict[str, str] = {
    "en": "ENGLISH",
    "ru": "RUSSIAN",
    "he": "HEBREW",
    "ar": "ARABIC",
    "ar-LB": "ARABIC",
    "zh-Hant": "CHINESE",
    "zh-Hans": "CHINESE",
}
SCRIPTS: dict[str, str] = {
    "ENGLISH": "latin",
    "FRENCH": "latin",
    "GERMAN": "latin",
    "SPANISH": "latin",
    "PORTUGUESE": "latin",
    "ITALIAN": "latin",
    "RUSSIAN": "cyrillic",
    "UKRAINIAN": "cyrillic",
    "ARABIC": "arabic",
    "PERSIAN": "arabic",
    "HEBREW": "hebrew",
    "CHINESE": "han",
    "JAPANESE": "han",
    "KOREAN": "hangul",
}
OTHER_LANGUAGES = ("FRENCH", "GERMAN", "SPANISH", "PORTUGUESE", "ITALIAN", "JAPANESE", "KOREAN", "PERSIAN", "UKRAINIAN")
"""Languages a model drifts into, so that lingua can name them rather than force a game language."""


def _letters(text: str) -> list[str]:
    return [c for c in text if c.isalpha()]


@cache
def placeholder_fragments() -> tuple[str, ...]:
    """The literal pieces (≥ 12 characters) of the speech placeholder in every language's turn words."""
    fragments: set[str] = set()
    root = _prompts_root()
    if root is None:
        return ()
    for path in sorted(root.glob("*/common/words.yaml")):
        turn = (yaml.safe_load(path.read_text(encoding="utf-8")) or {}).get("turn") or {}
        for phrase in turn.values():
            for match in _SPEECH_PLACEHOLDER_RE.finditer(str(phrase)):
                for piece in _SLOT_RE.split(match.group(1)):
                    piece = piece.strip(" ,.،，")
                    if len(piece) >= 12:
                        fragments.add(_fold(piece))
    return tuple(sorted(fragments, key=len, reverse=True))


def _prompts_root() -> Path | None:
    from ..texts import data_root

    try:
        return data_root("prompts")
    except FileNotFoundError:
        return None


def _fold(text: str) -> str:
    return re.sub(r"\s+", " ", unicodedata.normalize("NFKC", text).casefold()).strip()


def is_template(text: str) -> bool:
    return bool(_TEMPLATE_RE.search(text))


def is_placeholder(text: str) -> bool:
    if _WRAPPED_RE.match(text) or _PLACEHOLDER_RE.search(text):
        return True
    folded = _fold(text)
    return any(fragment in folded for fragment in placeholder_fragments())


def _tokens(text: str) -> list[str]:
    """Words; in scripts without spaces, single characters."""
    out: list[str] = []
    for word in re.findall(r"\w+", unicodedata.normalize("NFKC", text).casefold()):
        if any(unicodedata.name(c, "").startswith(("CJK", "HIRAGANA", "KATAKANA")) for c in word):
            out.extend(word)
        else:
            out.append(word)
    return out


def is_degenerate(text: str) -> bool:
    squashed = " ".join(text.split())
    if len(squashed) >= 12 and sum(len(m.group(0)) for m in _REPEAT_RE.finditer(squashed)) >= 0.5 * len(squashed):
        return True  # one short piece said over and over, covering half the text
    words = squashed.casefold().split()
    if len(words) >= 12 and len(set(words)) < 0.3 * len(words):
        return True
    tokens = _tokens(text)
    if len(tokens) >= 3:
        top = Counter(tokens).most_common(1)[0][1]
        if top / len(tokens) >= 0.5 and len(set(tokens)) <= max(2, len(tokens) // 4):
            return True
    raw = text.encode("utf-8")
    return len(raw) >= 80 and len(zlib.compress(raw, 9)) / len(raw) < 0.2


@cache
def _detector() -> object | None:
    try:
        from lingua import Language, LanguageDetectorBuilder
    except ImportError:  # the eval extra is not installed: fall back to the script check
        return None
    names = sorted({*LANGUAGE_NAMES.values(), *OTHER_LANGUAGES})
    languages = [getattr(Language, n) for n in names]
    return LanguageDetectorBuilder.from_languages(*languages).build()


def identify(text: str) -> tuple[str | None, float]:
    """lingua's best language name for ``text`` and its confidence (``None`` when it cannot say)."""
    detector = _detector()
    if detector is None:
        return None, 0.0
    values = detector.compute_language_confidence_values(text)  # type: ignore[attr-defined]
    if not values:
        return None, 0.0
    best = values[0]
    return best.language.name, float(best.value)


def _script_ok(text: str, language: str) -> bool | None:
    from ..strings.script import letter_share

    share = letter_share(text, "zh-Hant" if language == "zh-Hans" else language)
    return None if share is None else share >= 0.6


def in_game_language(text: str, language: str) -> bool | None:
    """Whether ``text`` is in ``language`` (``None``: nothing to judge, or a language we do not know)."""
    expected = LANGUAGE_NAMES.get(language)
    if expected is None:
        return None
    script = _script_ok(text, language)
    if script is False:
        return False
    if script is None:
        return None
    if expected == "CHINESE":
        written = chinese_script(text)
        if language == "zh-Hant" and written == "simplified":
            return False
        # the script check already asked for Han characters
        return not (language == "zh-Hans" and written == "traditional")
    if len(_letters(text)) < MIN_LETTERS_TO_IDENTIFY:
        return script
    found, confidence = identify(text)
    if found is None or found == expected:
        return True
    if SCRIPTS.get(found) == SCRIPTS.get(expected):  # Persian in an Arabic game, French in an English one
        return not (len(_letters(text)) >= SAME_SCRIPT_MIN_LETTERS and confidence >= SAME_SCRIPT_CONFIDENCE)
    return not confidence >= MIN_CONFIDENCE


def classify(text: str, language: str) -> Verdict:
    """The verdict on one recorded utterance in a game played in ``language``."""
    if not _letters(text) and not any(c.isdigit() for c in text):
        return "empty"
    if is_template(text):
        return "template"
    if is_placeholder(text):
        return "placeholder"
    if is_degenerate(text):
        return "degenerate"
    if in_game_language(text, language) is False:
        return "off_language"
    return "valid"
