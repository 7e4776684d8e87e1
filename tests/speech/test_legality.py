"""Illegal speech acts are refused with a precise error; legal ones reach the records."""

from __future__ import annotations

from pathlib import Path

import pytest

from llm_werewolf.rules import Act, Choice, IllegalAct, TextNotAllowed
from llm_werewolf.rules.act_legality import check_acts, check_view_acts
from llm_werewolf.rules.act_vocabulary import vocabulary
from llm_werewolf.rules.events import ChoiceMade, Speech
from llm_werewolf.transcript import TranscriptWriter, read_transcript
from llm_werewolf.transcript.replay import replay_transcript
from llm_werewolf.transcript.schema import header_for

from .helpers import PLAYERS, game_at_speech

ALIVE8 = [True] * 8
CW_DECK = ["werewolf"] * 2 + ["seer", "witch", "hunter", "guard", "villager", "villager"]


def cw(*acts: Act, speaker: int = 0, alive: list[bool] | None = None) -> None:
    check_acts("chinese_werewolf", acts, speaker=speaker, alive=alive or ALIVE8, deck=CW_DECK)


@pytest.mark.parametrize(
    ("acts", "message"),
    [
        ((Act("shout", target=1),), "'shout' is not a speech act"),
        ((Act("accuse"),), "accuse: seat is missing"),
        ((Act("accuse", target=8),), "accuse: seat 9 is not a player (players 1-8)"),
        ((Act("vote", target=0),), "vote: a player cannot vote himself"),
        ((Act("claim", role="sheriff"),), "claim: 'sheriff' is not a role of chinese_werewolf"),
        ((Act("claim", role="cupid"),), "claim: 'cupid' is not in this game's deck"),
        ((Act("result", target=2, fact="check", value="purple"),), "result check: 'purple' is not one of bad, good"),
        ((Act("result", target=2, fact="check"),), "result check: the value is missing"),
        ((Act("result", target=2, fact="saw_role", value="seer"),), "result: 'saw_role' is not a result of"),
        (
            (Act("claim", role="guard"), Act("result", target=2, fact="check", value="bad")),
            "result: a guard cannot report 'check' (only seer)",
        ),
        ((Act("result", target=2, fact="linked", other=3),), "none is in this game's deck"),
        ((Act("claim", role="seer"), Act("claim", role="witch")), "one speech claims one role"),
        ((Act("accuse", target=1), Act("accuse", target=1)), "the same speech act is given twice"),
        (
            tuple(Act("accuse", target=i) for i in range(1, 6)) + tuple(Act("ask", target=i) for i in range(1, 5)),
            "at most 8 per speech",
        ),
        ((Act("reason", target=1, fact="quiet"),), "the records that support it are missing"),
        ((Act("reason", target=1, fact="gossip", refs=(3,)),), "'gossip' is not a reason"),
        ((Act("reason", target=1, fact="voted", refs=(3,)),), "second seat is missing"),
        ((Act("answer", target=0, fact="vote"),), "does not answer himself"),
        ((Act("answer", target=1, fact="weather"),), "'weather' is not a question"),
        ((Act("ask", target=1, fact="weather"),), "'weather' is not a question"),
        ((Act("accuse", target=1, refs=(3,)),), "only a reason carries record references"),
        ((Act("accuse", target=1, role="seer"),), "only a claim names a role"),
        ((Act("result", target=0, fact="check", value="good"),), "cannot report this about himself"),
    ],
)
def test_illegal_acts_are_refused_with_a_precise_error(acts: tuple[Act, ...], message: str) -> None:
    with pytest.raises(IllegalAct, match=None) as caught:
        cw(*acts)
    assert message in str(caught.value)


def test_dead_players_cannot_be_accused_but_can_be_vouched_for() -> None:
    alive = [True, False, *[True] * 6]
    with pytest.raises(IllegalAct, match="accuse: player 2 is dead"):
        cw(Act("accuse", target=1), alive=alive)
    cw(Act("defend", target=1), alive=alive)


def test_a_lie_is_legal() -> None:
    """What a seat knows is not checked: a wolf may claim the seer and report a fake check."""
    cw(Act("claim", role="seer"), Act("result", target=3, fact="check", value="bad"), Act("vote", target=3))


def test_one_night_center_cards_and_two_seat_results() -> None:
    deck = ["werewolf", "werewolf", "seer", "robber", "troublemaker", "villager", "villager", "drunk", "insomniac"]
    alive = [True] * 6

    def one_night(act: Act) -> None:
        check_acts("one_night", [act], speaker=0, alive=alive, deck=deck, center=3)

    one_night(Act("result", target=2, fact="saw_center", value="drunk"))
    with pytest.raises(IllegalAct, match="center card 4 does not exist"):
        one_night(Act("result", target=3, fact="saw_center", value="drunk"))
    with pytest.raises(IllegalAct, match="the two seats must differ"):
        one_night(Act("result", target=2, other=2, fact="swapped"))
    with pytest.raises(IllegalAct, match="second seat is missing"):
        one_night(Act("result", target=2, fact="swapped"))


@pytest.mark.parametrize("variant", sorted(PLAYERS))
def test_the_rules_refuse_illegal_acts_and_record_legal_ones(variant: str, tmp_path: Path) -> None:
    game, decision = game_at_speech(variant)
    option = decision.default or decision.options[0].id
    before = game.state
    with pytest.raises(IllegalAct, match="not a role of"):
        game.submit(decision.id, Choice(option, text="x", acts=(Act("claim", role="no_such_role"),)))
    assert game.state is before
    other = next(i for i in game.view(decision.seat).living() if i != decision.seat)
    acts = (Act("accuse", target=other), Act("vote", target=other))
    records = game.submit(decision.id, Choice(option, text="hello", acts=acts))
    made = [r.event for r in records if isinstance(r.event, ChoiceMade)]
    assert made[0].acts == acts
    spoken = [r.event for r in game.records if isinstance(r.event, Speech) and r.event.seat == decision.seat]
    assert spoken and spoken[-1].acts == acts
    path = tmp_path / "game.jsonl"
    writer = TranscriptWriter(path, header_for(game.config, "en", []))
    writer.write(game.records)
    writer.close()
    result = replay_transcript(read_transcript(path))
    assert [r.event for r in result.game.records if isinstance(r.event, Speech)] == spoken


def test_acts_on_a_non_speech_decision_are_refused() -> None:
    game, decision = game_at_speech("chinese_werewolf")
    game.submit(decision.id, Choice(decision.options[0].id, text="hi"))
    while not any(not d.speech and d.options for d in game.pending):
        d = game.pending[0]
        game.submit(d.id, Choice(d.options[0].id, text="hi" if d.speech else ""))
    target = next(d for d in game.pending if not d.speech)
    with pytest.raises(TextNotAllowed, match="takes no text, claim or speech acts"):
        game.submit(target.id, Choice(target.options[0].id, acts=(Act("accuse", target=0),)))


def test_every_ruleset_declares_results_for_roles_of_its_own() -> None:
    from llm_werewolf.rules import get_ruleset

    for variant in PLAYERS:
        vocab = vocabulary(variant)
        assert vocab.facts, variant
        roles = set(get_ruleset(variant).roles)
        assert vocab.reporting_roles() <= roles, variant
        assert vocab.bad_roles <= roles, variant


def test_the_view_check_matches_the_state_check() -> None:
    game, decision = game_at_speech("city_mafia")
    view = game.view(decision.seat)
    with pytest.raises(IllegalAct, match=r"is not in this game's deck|is not a role"):
        check_view_acts(view, [Act("claim", role="werewolf")])
