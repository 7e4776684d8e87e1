"""One player's speech: discussion, sheriff campaign, exile defense."""

from __future__ import annotations

from dataclasses import dataclass

from llm_werewolf.rules import Answers, Step, plain_option
from llm_werewolf.rules.events import Speech

from .data import CWCtx

SPEAK = "speak"


@dataclass(frozen=True, slots=True)
class Talk(Step):
    """Asks ``seat`` for a speech of decision kind ``kind``; silent if the seat has died."""

    seat: int
    kind: str = "speech"
    stage: str = "discussion"

    def run(self, ctx: CWCtx) -> None:
        if ctx.state.is_alive(self.seat):
            ctx.ask(self.seat, self.kind, [plain_option(SPEAK)], default=SPEAK, speech=True)

    def resolve(self, ctx: CWCtx, answers: Answers) -> None:
        _, choice = answers.single()
        ctx.emit(Speech(seat=self.seat, text=choice.text, stage=self.stage, claim=choice.claim, acts=choice.acts))


def clockwise_after(anchor: int, seats: int, direction: int = 1) -> list[int]:
    """Every seat index, starting next to ``anchor`` in ``direction`` and ending with it."""
    return [(anchor + direction * k) % seats for k in range(1, seats + 1)]
