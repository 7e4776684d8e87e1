"""The terminal human: numbered menu, typed speeches, hot-seat hiding, and only the seat's own secrets."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable

import pytest
from typer.testing import CliRunner

from llm_werewolf.agents.heuristic import HeuristicAgent
from llm_werewolf.agents.human_terminal import HotSeat, TerminalHumanAgent, menu_label, menu_numbers, terminal_humans
from llm_werewolf.cli import app
from llm_werewolf.cli.common import UsageError
from llm_werewolf.describe.present import Presenter, deck_of
from llm_werewolf.rules import Decision, Game, GameConfig, Option, get_ruleset
from llm_werewolf.rules.events import ChoiceMade, Info, Speech
from llm_werewolf.table import Table

NAMES = ("Ann", "Bob", "Cyd", "Dee")


MENU_LINE = re.compile(r"^  (\d+)\) (.*)$")
GATE = re.compile(r"type your seat number (\d+)")


class ScriptIO:
    """A scripted terminal: answers prompts with ``answer(prompt)``; logs everything in order.

    ``"first"`` answers a menu with the number of its first option; a hot-seat gate is opened with
    the seat number it asks for.
    """

    def __init__(self, answer: Callable[[str], str], *, open_gates: bool = True) -> None:
        self.answer = answer
        self.open_gates = open_gates
        self.log: list[tuple[str, str]] = []
        self.menu: list[str] = []

    def show(self, text: str) -> None:
        if text.startswith("» "):
            self.menu = []
        elif found := MENU_LINE.match(text):
            self.menu.append(found.group(1))
        self.log.append(("show", text))

    def read(self, prompt: str) -> str:
        reply = self.answer(prompt)
        if self.open_gates and (gate := GATE.search(prompt)):
            reply = gate.group(1)
        elif reply == "first":
            reply = self.menu[0]
        self.log.append(("read", prompt))
        return reply

    def clear(self) -> None:
        self.log.append(("clear", ""))

    @property
    def screen(self) -> str:
        return "\n".join(text for kind, text in self.log if kind != "clear")


def first_option_and_say(text: str) -> Callable[[str], str]:
    def answer(prompt: str) -> str:
        return text if "Type what you say" in prompt else "first"

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


def test_bad_numbers_are_asked_again_and_a_seat_is_chosen_by_its_own_number() -> None:
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
    assert reply.choice is not None and reply.choice.option == "seat:2"  # "3" is seat 3, C
    assert sum(text == "Please type one of the numbers shown." for kind, text in io.log if kind == "show") == 3
    menu = [text for kind, text in io.log if kind == "show" and MENU_LINE.match(text)]
    assert "  3) C" in menu
    for line in menu:  # one number per line: the seat's own, beside the bare name
        assert len(re.findall(r"\d+", line)) == 1, line


def test_a_menu_numbers_seats_by_seat_and_other_options_after_the_table() -> None:
    game = Game(GameConfig(variant="one_night", names=NAMES, seed=3, language="en"))
    decision = Decision(
        id=99,
        seat=0,
        kind="seer_look",
        options=(
            Option("seat:1", "seat", 1),
            Option("seat:3", "seat", 3),
            Option("center:0", "center", 0),
            Option("center:2", "center", 2),
            Option("skip", "skip"),
        ),
    )
    numbers = menu_numbers(decision, len(NAMES))
    assert numbers == {"seat:1": 2, "seat:3": 4, "center:0": 5, "center:2": 6, "skip": 7}
    p = Presenter.for_view(game.view(0))
    labels = [menu_label(p, option, decision) for option in decision.options]
    assert labels == ["Bob", "Dee", "the left center card", "the right center card", "nobody (skip)"]
    yes_no = Decision(id=98, seat=0, kind="verdict", options=(Option("yes", "yes"), Option("no", "no")))
    assert menu_numbers(yes_no, len(NAMES)) == {"yes": 1, "no": 2}


def test_the_claim_list_holds_only_the_cards_in_play() -> None:
    game = Game(GameConfig(variant="one_night", names=NAMES, seed=3, language="en"))
    view = game.view(0)
    deck = deck_of(view)
    assert deck is not None and len(set(deck)) < len(get_ruleset("one_night").claimable_roles())
    p = Presenter.for_view(view)
    claimed = {claim["id"] for claim in p.claims(deck)}
    assert claimed == set(deck) & get_ruleset("one_night").claimable_roles()
    speech = Decision(id=97, seat=0, kind="speech", options=(Option("speak", "speak"),), speech=True)
    on_screen = p.decision(speech, speech_limit=100, seconds_left=None, deck=deck)["claims"]
    assert {claim["id"] for claim in on_screen} == claimed


def test_the_hot_seat_gate_opens_only_on_the_seats_own_number() -> None:
    game = Game(GameConfig(variant="one_night", names=NAMES, seed=3, language="en"))
    decision = game.pending[0]
    seat = decision.seat
    typed = ["first", str(seat + 1), "7", ""]  # popped from the end: "first" answers the menu
    io = ScriptIO(lambda prompt: typed.pop() if typed else "first", open_gates=False)
    agent = TerminalHumanAgent(seat, io=io, hot_seat=HotSeat(hide=True))
    from llm_werewolf.agents.base import DecisionRequest

    asyncio.run(agent.decide(DecisionRequest(decision=decision, view=game.view(seat))))
    gates = [i for i, (kind, text) in enumerate(io.log) if kind == "read" and "seat number" in text]
    card = next(i for i, (kind, text) in enumerate(io.log) if kind == "show" and text.startswith("You are seat"))
    assert len(gates) == 3  # Enter alone and another seat's number opened nothing
    assert gates[-1] < card


def test_too_long_speech_is_typed_again() -> None:
    game = Game(GameConfig(variant="one_night", names=NAMES, seed=3, language="en"))
    long_text = "blah " * 40
    replies = [long_text]

    def answer(prompt: str) -> str:
        if "Type what you say" not in prompt:
            return "first"
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
    game = Game(GameConfig(variant="one_night", names=NAMES, seed=3, language="en"))
    labels = [claim["label"] for claim in presenter.claims(deck_of(game.view(0)))]  # the cards in play
    seer = str(labels.index("Seer") + 1)
    claims = [seer, "", "x"]  # a bad answer is asked again; Enter alone claims nothing

    def answer(prompt: str) -> str:
        if prompt.startswith("Claim a role?"):
            return claims.pop() if claims else ""
        return "I saw a card." if "Type what you say" in prompt else "first"

    io = ScriptIO(answer)
    _play(game, {0: TerminalHumanAgent(0, io=io)})
    spoken = [r.event for r in game.records if isinstance(r.event, Speech) and r.event.seat == 0]
    assert len(spoken) >= 2
    assert spoken[0].claim is None  # "" (after the bad "x") claims nothing
    assert spoken[1].claim == "seer"
    assert "Please type a number from 1 to" in io.screen
    assert "  1) " + labels[0] in io.screen
