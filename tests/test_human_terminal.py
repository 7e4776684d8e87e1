"""The terminal human: numbered menu, typed speeches, hot-seat hiding, and only the seat's own secrets."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import pytest
from typer.testing import CliRunner

from llm_werewolf.agents.heuristic import HeuristicAgent
from llm_werewolf.agents.human_terminal import HotSeat, TerminalHumanAgent, terminal_humans
from llm_werewolf.cli import app
from llm_werewolf.cli.common import UsageError
from llm_werewolf.rules import Game, GameConfig
from llm_werewolf.rules.events import ChoiceMade, Info, Speech
from llm_werewolf.table import Table
from llm_werewolf.web.present import Presenter

NAMES = ("Ann", "Bob", "Cyd", "Dee")


class ScriptIO:
    """A scripted terminal: answers prompts with ``answer(prompt)``; logs everything in order."""

    def __init__(self, answer: Callable[[str], str]) -> None:
        self.answer = answer
        self.log: list[tuple[str, str]] = []

    def show(self, text: str) -> None:
        self.log.append(("show", text))

    def read(self, prompt: str) -> str:
        reply = self.answer(prompt)
        self.log.append(("read", prompt))
        return reply

    def clear(self) -> None:
        self.log.append(("clear", ""))

    @property
    def screen(self) -> str:
        return "\n".join(text for kind, text in self.log if kind != "clear")


def first_option_and_say(text: str) -> Callable[[str], str]:
    def answer(prompt: str) -> str:
        return text if "Type what you say" in prompt else "1"

    return answer


def _play(game: Game, humans: dict[int, TerminalHumanAgent]) -> None:
    agents = [humans.get(i) or HeuristicAgent(seed=i) for i in range(len(game.state.seats))]
    asyncio.run(Table(game, agents).play())


def test_a_human_plays_a_whole_game_and_sees_only_its_own_secrets() -> None:
    game = Game(GameConfig(variant="one_night", names=NAMES, seed=3, language="en"))
    io = ScriptIO(first_option_and_say("I am a plain villager."))
    _play(game, {0: TerminalHumanAgent(0, io=io)})
    assert game.over
    spoken = [r.event for r in game.records if isinstance(r.event, Speech) and r.event.seat == 0]
    assert spoken and all(s.text == "I am a plain villager." for s in spoken)
    dealt = game.state.seat(0).start_role
    presenter = Presenter("en", "one_night", NAMES)
    assert f"Your card: {presenter.role(dealt)}" in io.screen
    mine = {r.seq for r in game.records if r.vis.visible_to(0)}
    for record in game.records:
        if isinstance(record.event, Info) and record.seq not in mine:
            item = presenter.item(record, 0)
            assert item is not None
            assert item.text not in io.screen, f"seat 0 was shown another seat's secret: {item.text}"
    assert not any(kind == "clear" for kind, _ in io.log), "a single human needs no hot-seat hiding"


def test_bad_numbers_are_asked_again_and_the_chosen_number_is_the_option() -> None:
    game = Game(
        GameConfig(
            variant="toy",
            names=("A", "B", "C", "D", "E", "F"),
            seed=4,
            roles=("seer", "wolf", "villager", "villager", "wolf", "villager"),
        )
    )
    answers = ["3", "0", "99", "x"]
    io = ScriptIO(lambda prompt: answers.pop())
    decision = game.pending[0]
    assert decision.seat == 0
    agent = TerminalHumanAgent(0, io=io)
    from llm_werewolf.agents.base import DecisionRequest

    reply = asyncio.run(agent.decide(DecisionRequest(decision=decision, view=game.view(0))))
    assert reply.choice is not None and reply.choice.option == decision.options[2].id
    assert sum("Please type a number from 1 to" in text for kind, text in io.log if kind == "show") == 3


def test_too_long_speech_is_typed_again() -> None:
    game = Game(GameConfig(variant="one_night", names=NAMES, seed=3, language="en"))
    long_text = "blah " * 40
    replies = [long_text]

    def answer(prompt: str) -> str:
        if "Type what you say" not in prompt:
            return "1"
        return replies.pop() if replies else "short"

    io = ScriptIO(answer)
    _play(game, {0: TerminalHumanAgent(0, io=io, speech_limit=50)})
    assert "the limit is 50" in io.screen
    speeches = [r.event.text for r in game.records if isinstance(r.event, Speech) and r.event.seat == 0]
    assert speeches[0] == "short"


def test_hot_seat_clears_the_screen_around_every_human_turn() -> None:
    game = Game(GameConfig(variant="one_night", names=NAMES, seed=5, language="en"))
    io = ScriptIO(first_option_and_say("hello"))
    shared = HotSeat(hide=True)
    humans = {i: TerminalHumanAgent(i, io=io, hot_seat=shared) for i in (0, 1)}
    _play(game, humans)
    assert game.over
    # every card shown is preceded by a clear and a "pass the device" screen since the previous card
    turns = [i for i, (kind, text) in enumerate(io.log) if kind == "show" and text.startswith("You are seat")]
    assert len(turns) >= 4
    for previous, current in zip([0, *turns], turns, strict=False):
        between = io.log[previous:current]
        assert ("clear", "") in between
        assert any(text.startswith("Pass the device") for _, text in between)
    # after each answer the screen is hidden before anything else is shown
    hides = [i for i, (kind, text) in enumerate(io.log) if kind == "read" and text.startswith("Press Enter to hide")]
    assert hides and all(io.log[i + 1] == ("clear", "") for i in hides)
    for seat in (0, 1):
        assert any(isinstance(r.event, ChoiceMade) and r.event.seat == seat for r in game.records)


def test_terminal_humans_turn_on_hiding_only_for_two_or_more() -> None:
    assert not terminal_humans([2])[2].hot_seat.hide
    pair = terminal_humans([0, 3])
    assert pair[0].hot_seat is pair[3].hot_seat and pair[0].hot_seat.hide


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--variant", "one_night", "--players", "4", "--human", "9"], "seats are numbered 1 to 4"),
        (["--variant", "one_night", "--players", "4", "--human", "1", "--god"], "cannot be used with human"),
    ],
)
def test_play_refuses_bad_human_seats(args: list[str], message: str) -> None:
    result = CliRunner().invoke(app, ["play", "--no-transcript", "--agents", "heuristic", *args])
    assert isinstance(result.exception, UsageError)
    assert message in str(result.exception)


def test_play_with_a_human_seat_reads_the_terminal() -> None:
    lines = "\n".join(["1"] * 12 + ["hi"] * 3 + ["1"] * 30) + "\n"
    result = CliRunner().invoke(
        app,
        [
            "play",
            "--variant",
            "toy",
            "--players",
            "6",
            "--seed",
            "4",
            "--human",
            "1",
            "--agents",
            "heuristic",
            "--no-transcript",
            "--narrator",
            "off",
        ],
        input=lines,
    )
    assert "You are seat 1" in result.output, result.output[-2000:]


def test_a_terminal_human_makes_a_structured_role_claim_or_none() -> None:
    presenter = Presenter("en", "one_night", NAMES)
    labels = [claim["label"] for claim in presenter.claims()]
    seer = str(labels.index("Seer") + 1)
    claims = [seer, "", "x"]  # a bad answer is asked again; Enter alone claims nothing

    def answer(prompt: str) -> str:
        if prompt.startswith("Claim a role?"):
            return claims.pop() if claims else ""
        return "I saw a card." if "Type what you say" in prompt else "1"

    game = Game(GameConfig(variant="one_night", names=NAMES, seed=3, language="en"))
    io = ScriptIO(answer)
    _play(game, {0: TerminalHumanAgent(0, io=io)})
    spoken = [r.event for r in game.records if isinstance(r.event, Speech) and r.event.seat == 0]
    assert len(spoken) >= 2
    assert spoken[0].claim is None  # "" (after the bad "x") claims nothing
    assert spoken[1].claim == "seer"
    assert "Please type a number from 1 to" in io.screen
    assert "  1) " + labels[0] in io.screen
