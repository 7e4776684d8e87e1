"""A model seat whose spoken vote a later claim released says so the next time it speaks (one_night's
second round of talk comes before the vote): «I said I'd vote for X; after X's claim, I take that back»."""

from __future__ import annotations

import random

import pytest

from llm_werewolf.agents.base import DecisionRequest
from llm_werewolf.agents.llm_agent import LLMAgent, LLMAgentSettings
from llm_werewolf.llm.base import CompletionRequest
from llm_werewolf.llm.fake import FakeBackend
from llm_werewolf.llm.profiles import get_profile
from llm_werewolf.rules import Act, Choice, Decision, Game, GameConfig
from llm_werewolf.speech.commitments import released_vote
from llm_werewolf.speech.phrases import phrase_bank
from llm_werewolf.speech.voice import Speaker, fill
from llm_werewolf.texts import default_names

SEATS = 6


def _at_talk(language: str) -> Game:
    """A one_night game at its first speech, the night's choices random (the test scripts each speech)."""
    game = Game(GameConfig(variant="one_night", names=default_names(language, SEATS), seed=5, language=language))
    rng = random.Random(5)
    while not any(d.speech for d in game.pending):
        decision = game.pending[0]
        game.submit(decision.id, Choice(decision.options[rng.randrange(len(decision.options))].id))
    return game


def _speak(game: Game, acts: tuple[Act, ...]) -> Decision:
    decision = next(d for d in game.pending if d.speech)
    game.submit(decision.id, Choice("speak", text="…", acts=acts))
    return decision


def _next_speech(game: Game) -> Decision:
    return next(d for d in game.pending if d.speech)


def avoiding(name: str) -> FakeBackend:
    """The embedded model's profile; each pick the first label that does not name ``name`` (a new vote)."""

    def script(request: CompletionRequest) -> str:
        assert request.mode == "pick", request.mode
        return next((label for label in request.labels if name not in label), request.labels[0])

    return FakeBackend(script, profile=get_profile("local"))


@pytest.mark.parametrize("language", ["en", "ar"])
async def test_a_seat_whose_vote_a_claim_released_takes_it_back_when_it_speaks_again(language: str) -> None:
    game = _at_talk(language)
    first = _next_speech(game)
    me = first.seat
    target = (me + 1) % SEATS
    _speak(game, (Act("vote", target=target),))  # «I vote for X»
    claimed = False
    while (decision := _next_speech(game)).seat != me:  # the rest of the first round
        acts = (Act("claim", role="villager"),) if decision.seat == target and not claimed else ()
        claimed = claimed or bool(acts)
        _speak(game, acts)
    assert claimed
    view = game.view(me)
    released = released_vote(view)
    assert released is not None and (released.seat, released.why) == (target, "claim")

    agent = LLMAgent(avoiding(view.names[target]), settings=LLMAgentSettings(seed=1))
    reply = await agent.decide(DecisionRequest(decision=decision, view=view))
    assert reply.choice is not None
    bank = phrase_bank(language, "one_night")
    speaker = Speaker(seat=me, names=view.names, language=language, variant="one_night")
    lines = [fill(t, Act("lead", target=target), speaker, bank) for t in bank.acts["lead.released.claim"]]
    assert any(line in reply.choice.text for line in lines), reply.choice.text
    assert not any(a.kind == "vote" and a.target == target for a in reply.choice.acts)


async def test_a_seat_says_it_once() -> None:
    game = _at_talk("en")
    me = _next_speech(game).seat
    target = (me + 1) % SEATS
    _speak(game, (Act("vote", target=target),))
    while (decision := _next_speech(game)).seat != me:
        _speak(game, (Act("claim", role="villager"),) if decision.seat == target else ())
    assert released_vote(game.view(me)) is not None
    _speak(game, ())  # its second speech (took nothing back in words here, but it spoke)
    assert released_vote(game.view(me)) is None
