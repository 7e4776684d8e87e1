"""A one_night seat whose card moved to the wolf side (an insomniac who woke as a werewolf, a robber who
took one) never tells the table its own card: model seats and heuristic players say a cover story,
marked as a lie in the seat's private note."""

from __future__ import annotations

from llm_werewolf.agents.heuristic import HeuristicAgent
from llm_werewolf.rules import Choice, Decision, GameConfig, SeatView
from llm_werewolf.rules.act_vocabulary import vocabulary
from llm_werewolf.rules.acts import Act
from llm_werewolf.rules.events import RoleAssigned, Speech
from llm_werewolf.sim import SyncAgent, play_with_agents
from llm_werewolf.speech.grounding import fabricated
from llm_werewolf.speech.intent import intent_acts
from llm_werewolf.speech.slot_picker import state_options

BAD = vocabulary("one_night").bad_roles


def _view_at_first_speech(players: int, seed: int, seat: int) -> SeatView:
    """The view of ``seat`` at its first speech of a heuristic game (the ladder's agent seeds)."""
    seen: list[SeatView] = []

    class Watching(HeuristicAgent):
        def choose(self, view: SeatView, decision: Decision) -> Choice:
            if decision.speech and not seen:
                seen.append(view)
            return super().choose(view, decision)

    config = GameConfig(variant="one_night", names=tuple(f"P{i + 1}" for i in range(players)), seed=seed)
    agents: list[SyncAgent] = [
        (Watching if i == seat else HeuristicAgent)(seed=seed * 1009 + i) for i in range(players)
    ]
    play_with_agents(config, agents)
    assert seen, "the seat never spoke"
    return seen[0]


def _self_incriminating(acts: list[Act] | tuple[Act, ...]) -> list[Act]:
    return [a for a in acts if a.kind == "result" and a.fact in ("woke_as", "robbed") and a.value in BAD]


def test_an_insomniac_who_woke_as_a_werewolf_is_offered_her_cover_not_her_card() -> None:
    view = _view_at_first_speech(7, 101, 6)  # dealt the insomniac, woke holding a werewolf
    assert view.role == "werewolf"
    offered = state_options(view, [])
    assert not _self_incriminating(offered)
    cover = Act("result", fact="woke_as", value="insomniac")
    assert cover in offered
    assert fabricated([cover], view.records, 6, "one_night") == [0]  # marked as the lie it is
    heuristic = intent_acts(view, "report", claim="insomniac")
    assert cover in heuristic and not _self_incriminating(heuristic)


def test_a_robber_who_took_a_werewolf_reports_a_plain_village_card() -> None:
    view = _view_at_first_speech(10, 388, 3)  # the robber took P5's werewolf
    assert view.role == "werewolf"
    offered = state_options(view, [])
    assert not _self_incriminating(offered)
    taken = [a for a in offered if a.fact == "robbed"]
    assert "villager" not in view.deck  # the first plain card of this deck is the hunter
    assert taken == [Act("result", target=4, fact="robbed", value="hunter")]
    heuristic = intent_acts(view, "report", claim="robber")
    assert taken[0] in heuristic and not _self_incriminating(heuristic)


def test_no_heuristic_seat_on_the_wolf_side_tells_its_own_card() -> None:
    told: list[tuple[int, int, Act]] = []
    for seed in range(1, 61):
        game = play_with_agents(
            GameConfig(variant="one_night", names=tuple(f"P{i + 1}" for i in range(10)), seed=seed),
            [HeuristicAgent(seed=seed * 1009 + i) for i in range(10)],
        )
        held: dict[int, str] = {}
        for record in game.records:
            event = record.event
            if isinstance(event, RoleAssigned):
                held[event.seat] = event.role
            elif type(event) is Speech and held.get(event.seat) in BAD:
                told.extend((seed, event.seat, a) for a in _self_incriminating(event.acts))
    assert told == []
