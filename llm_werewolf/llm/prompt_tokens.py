"""Tokenising a prompt once per new line: the lines an earlier prompt held come from a cache.

A game's prompts repeat each other (the rules, the table and the public history come first, and
each call adds a few lines), so tokenising every prompt whole spends most of its time on text the
previous call already tokenised (93k prompt tokens tokenised for 9.4k evaluated in one embedded
game). The prompt is cut after each run of newlines and each piece is tokenised once, then taken
from a bounded cache. Gemma's tokenizer (SentencePiece without a space prefix) never merges a
token across a newline run, so the pieces' tokens are exactly the whole prompt's
(``tests/llm/test_prompt_tokens.py`` checks that on the embedded model's vocabulary).
"""

from __future__ import annotations

import re
from collections import OrderedDict
from typing import Any

PIECE = re.compile(r"[^\n]*\n+|[^\n]+")
"""A line with the newlines that end it (the last piece may have none)."""
CAPACITY = 50_000
"""Most pieces kept (least recently used dropped first)."""


class PromptTokens:
    """Tokens of prompts for one llama.cpp model, each distinct piece tokenised once."""

    def __init__(self, capacity: int = CAPACITY) -> None:
        self.capacity = capacity
        self._pieces: OrderedDict[str, tuple[int, ...]] = OrderedDict()
        self.tokenized_chars = 0
        """Characters handed to the tokenizer (the rest came from the cache)."""
        self.cached_chars = 0
        """Characters whose tokens came from the cache."""

    def tokens(self, llama: Any, text: str, *, add_bos: bool) -> list[int]:
        out: list[int] = [int(llama.token_bos())] if add_bos else []
        for piece in PIECE.findall(text):
            out.extend(self.piece(llama, piece))
        return out

    def piece(self, llama: Any, text: str) -> tuple[int, ...]:
        """The tokens of ``text`` alone (no BOS), from the cache when it was tokenised before."""
        found = self._pieces.get(text)
        if found is not None:
            self._pieces.move_to_end(text)
            self.cached_chars += len(text)
            return found
        tokens = tuple(int(t) for t in llama.tokenize(text.encode("utf-8"), add_bos=False, special=False))
        self.tokenized_chars += len(text)
        self._pieces[text] = tokens
        if len(self._pieces) > self.capacity:
            self._pieces.popitem(last=False)
        return tokens
