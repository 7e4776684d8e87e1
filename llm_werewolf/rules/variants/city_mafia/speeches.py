"""Speeches outside the discussion: last words and the tied players' second speech."""

from __future__ import annotations

from dataclasses import dataclass

from llm_werewolf.rules import Answers, Step, plain_option
from llm_werewolf.rules.events import Speech

from .common import SPEAK, CityCtx


@dataclass(frozen=True, slots=True)
class StageSpeech(Step):
    """One speech of ``seat`` at ``stage``; the decision kind is the stage name."""

    seat: int
    stage: str

    def run(self, ctx: CityCtx) -> None:
        ctx.ask(self.seat, self.stage, [plain_option(SPEAK)], default=SPEAK, speech=True)

    def resolve(self, ctx: CityCtx, answers: Answers) -> None:
        decision, choice = answers.single()
        ctx.emit(Speech(seat=decision.seat, text=choice.text, stage=self.stage, claim=choice.claim, acts=choice.acts))


def last_words(seat: int) -> StageSpeech:
    """Last words of a player who has just left the game (he is already dead)."""
    return StageSpeech(seat, "last_words")


def defense(seat: int) -> StageSpeech:
    """A tied player speaks again before the revote."""
    return StageSpeech(seat, "defense")
