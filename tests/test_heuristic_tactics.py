"""The tactics people use, as heuristic policies: scenario tests and small whole-game rates.

The rates are measured at full size by ``bench/tactics.py`` (docs/heuristics.md); the whole-game
tests here play fewer games and check the same direction.
"""

from __future__ import annotations

import random

from llm_werewolf.agents.heuristic import HeuristicAgent
from llm_werewolf.agents.heuristics import chinese_werewolf, city_mafia, online_mafia
from llm_werewolf.agents.heuristics.talk import heard, say
from llm_werewolf.rules import Choice, Decision, Game, GameConfig, SeatView, get_ruleset
from llm_werewolf.rules.events import Announcement, ChoiceMade, RoleAssigned, Speech, VoteCast, VoteTally
from llm_werewolf.rules.variants.online_mafia.tactics import TOWN_ROLES
from llm_werewolf.sim import SyncAgent, play_with_agents

from .rules.test_chinese_werewolf_support import Table
from .rules.test_city_mafia_support import Table as CityTable

# seat: 0 seer, 1 witch, 2 hunter, 3-5 werewolves, 6-8 villagers (the Tencent deck)
TENCENT = ["seer", "witch", "hunter", "werewolf", "werewolf", "werewolf", "villager", "villager", "villager"]


def play(variant: str, players: int, seed: int, preset: str | None = None) -> Game:
    names = tuple(f"P{i + 1}" for i in range(players))
    options = get_ruleset(variant).options_with_preset(preset, {})
    agents: list[SyncAgent] = [HeuristicAgent(seed * 1009 + i) for i in range(players)]
    return play_with_agents(GameConfig(variant=variant, names=names, seed=seed, options=options), agents)


def dealt(game: Game) -> dict[int, str]:
    roles: dict[int, str] = {}
    for record in game.records:
        if isinstance(record.event, RoleAssigned):
            roles.setdefault(record.event.seat, record.event.role)
    return roles


def _discuss(table: Table, lines: dict[int, tuple[str, int]]) -> None:
    """Today's discussion up to the exile vote: ``lines[seat]`` is what ``seat`` says (an intent key about a
    seat, as a heuristic says it), the seer (seat 0) speaks as the heuristic does, the rest say nothing."""
    while True:
        decision = table.run(lambda d: d.kind in ("speech", "exile_vote"))
        assert decision is not None
        if decision.kind == "exile_vote":
            return
        view = table.game.view(decision.seat)
        if decision.seat in lines:
            key, target = lines[decision.seat]
            choice = say(view, decision, random.Random(0), key, target=target)
        elif decision.seat == 0:
            choice = chinese_werewolf.decide(view, decision, random.Random(0))
        else:
            choice = table.choice_for(decision)
        table.game.submit(decision.id, choice)


# -- 狼人殺 ------------------------------------------------------------------------------------------


def test_the_town_reads_the_first_seat_to_name_a_target_as_the_lead_suspect() -> None:
    """Nobody has evidence; S3 is the first to name a vote target (S6): a villager votes S3, not S6."""
    table = Table(TENCENT, language="en", sheriff=False)
    table.answer(3, "wolf_kill", 7).answer(4, "wolf_kill", 7).answer(5, "wolf_kill", 7)
    _discuss(table, {0: ("neutral", 1), 3: ("vote_for", 6)})
    vote = table.run_to("exile_vote", 8)
    statements = [s for s in heard(table.game.view(8)) if s.target is not None]
    assert statements and statements[0].speaker == 3
    assert chinese_werewolf.decide(table.game.view(8), vote, random.Random(0)).option == "seat:3"


def test_the_witch_poisons_on_night_two_the_seat_the_evidence_marks() -> None:
    """S3 named the seer's vote first and voted the lone seer claimant: marked, not sure; she poisons him."""
    table = Table(TENCENT, language="en", sheriff=False)
    table.answer(0, "seer_check", 6).answer(3, "wolf_kill", 7).answer(4, "wolf_kill", 7).answer(5, "wolf_kill", 7)
    table.answer(1, "witch_antidote", "antidote")
    _discuss(table, {3: ("vote_for", 0)})
    table.answer(3, "exile_vote", 0).answer(4, "exile_vote", 8).answer(5, "exile_vote", 8)
    for voter in (0, 1, 2, 6, 7, 8):
        table.answer(voter, "exile_vote", 4)
    poison = table.run_to("witch_poison", 1)
    assert table.game.state.phase.label == "night:2"
    assert not table.game.state.is_alive(4)  # the day's exile
    assert chinese_werewolf.decide(table.game.view(1), poison, random.Random(0)).option == "seat:3"


def test_the_exiled_hunter_shoots_the_seat_that_led_his_exile() -> None:
    table = Table(TENCENT, language="en", sheriff=False)
    table.answer(3, "wolf_kill", 7).answer(4, "wolf_kill", 7).answer(5, "wolf_kill", 7)
    _discuss(table, {0: ("neutral", 1), 3: ("vote_for", 2)})
    for voter in (3, 4, 5):
        table.answer(voter, "exile_vote", 2)
    table.answer(0, "exile_vote", 6).answer(1, "exile_vote", 8).answer(6, "exile_vote", 0)
    shot = table.run_to("hunter_shot", 2)
    assert chinese_werewolf.decide(table.game.view(2), shot, random.Random(0)).option == "seat:3"


def test_wolves_counter_claim_seer_on_day_one_at_a_human_like_rate() -> None:
    """People's wolves jump (悍跳) in most recorded games; ours in 30–80% of Tencent-deck games."""
    games = 40
    jumps = 0
    for seed in range(1, games + 1):
        game = play("chinese_werewolf", 9, seed, "tencent")
        wolves = {s for s, r in dealt(game).items() if r == "werewolf"}
        jumps += any(
            isinstance(r.event, Speech) and r.phase == "day:1" and r.event.seat in wolves and r.event.claim == "seer"
            for r in game.records
        )
    assert 0.3 * games <= jumps <= 0.8 * games


def test_the_first_seat_to_name_a_target_is_not_nearly_always_a_wolf() -> None:
    days = wolf_first = 0
    for seed in range(1, 31):
        game = play("chinese_werewolf", 9, seed, "tencent")
        wolves = {s for s, r in dealt(game).items() if r == "werewolf"}
        first: dict[str, int] = {}
        for said in heard(game.view(None)):
            if said.stage == "discussion" and said.key in ("accuse", "vote_for") and said.target is not None:
                first.setdefault(said.phase, said.speaker)
        days += len(first)
        wolf_first += sum(seat in wolves for seat in first.values())
    assert days >= 20
    assert wolf_first <= 0.75 * days


# -- lebanese_ghouls -----------------------------------------------------------------------------------


def test_the_sayyad_shoots_when_he_can() -> None:
    offered = fired = 0
    for seed in range(1, 41):
        game = play("lebanese_ghouls", 12, seed)
        for record in game.records:
            if isinstance(record.event, ChoiceMade) and record.event.decision == "sayyad_shot":
                offered += 1
                fired += record.event.option.startswith("seat:")
    assert offered >= 5
    assert fired >= 0.7 * offered


# -- city_mafia ---------------------------------------------------------------------------------------


def test_a_citizen_nominates_when_a_day_without_a_vote_would_lose() -> None:
    """Two citizens against the Don and nobody nominated yet: the citizen always puts someone up."""
    roles = ["don", "sheriff", *["citizen"] * 5]
    table = CityTable(roles)
    table.run(lambda t: len(t.alive()) == 3 and any(d.kind == "speech" and d.seat != 0 for d in t.game.pending))
    assert not table.game.over and 0 in table.alive()
    (speech,) = [d for d in table.game.pending if d.kind == "speech"]
    assert not table.events(Announcement, key="nomination")
    for seed in range(20):
        choice = city_mafia.decide(table.game.view(speech.seat), speech, random.Random(seed))
        assert choice.option.startswith("seat:"), seed


# -- online_mafia -------------------------------------------------------------------------------------


def _first_trial(game: Game, seat: int) -> tuple[str, list[VoteCast]] | None:
    """The day and the verdict ballots of ``seat``'s first trial, if he was ever tried."""
    tally = next(
        (
            r
            for r in game.records
            if isinstance(r.event, VoteTally) and r.event.result == "trial" and seat in r.event.targets
        ),
        None,
    )
    if tally is None:
        return None
    ballots = [
        r.event
        for r in game.records
        if r.phase == tally.phase and isinstance(r.event, VoteCast) and r.event.ballot.startswith("verdict")
    ]
    return tally.phase, ballots


def test_the_town_acquits_the_mute_jester_on_day_one() -> None:
    """online_mafia 15, seed 1: the Jester (P12) keeps silent on day 1 (he says nothing of his own,
    only answers that name nobody) and is put on trial, the bait he lives by. The town reads it,
    since a Jester is dealt and a seat that never spoke is suspected for nothing else: it votes him
    innocent, so the day's one trial makes no Jester win."""
    game = play("online_mafia", 15, 1)
    roles = dealt(game)
    jester = next(seat for seat, role in roles.items() if role == "jester")
    assert jester == 11
    spoken = [
        r.event
        for r in game.records
        if isinstance(r.event, Speech) and r.event.seat == jester and r.event.stage == "discussion"
    ]
    assert spoken and all(online_mafia._silent(speech) for speech in spoken)
    trial = _first_trial(game, jester)
    assert trial is not None
    phase, ballots = trial
    assert phase == "day:1"
    town = [b for b in ballots if roles[b.seat] in TOWN_ROLES]
    assert town and all(b.option == "innocent" for b in town)
    assert jester not in (game.outcome.winners if game.outcome else ())


def test_a_mute_jester_tried_on_day_one_is_never_executed_that_day() -> None:
    """Over the first 24 seeds, a dealt Jester put on trial on day 1 is never executed that day."""
    tried = 0
    for seed in range(1, 25):
        game = play("online_mafia", 15, seed)
        jester = next(seat for seat, role in dealt(game).items() if role == "jester")
        trial = _first_trial(game, jester)
        if trial is None or trial[0] != "day:1":
            continue
        tried += 1
        verdict = next(
            r.event
            for r in game.records
            if isinstance(r.event, VoteTally) and r.phase == trial[0] and r.event.ballot.startswith("verdict")
        )
        assert verdict.result == "innocent", seed
    assert tried >= 5


class _NominationSpy(HeuristicAgent):
    """A heuristic seat that records, for each town nomination where a seat suspected only for never
    speaking is offered beside another suspect who spoke, whether it nominated the mute seat."""

    def __init__(self, seed: int, seen: list[bool]) -> None:
        super().__init__(seed)
        self.seen = seen

    def choose(self, view: SeatView, decision: Decision) -> Choice:
        choice = super().choose(view, decision)
        if decision.kind != "nominate" or view.role not in TOWN_ROLES:
            return choice
        facts = online_mafia.gather(view)
        talks = [r.event for r in view.records if isinstance(r.event, Speech) and r.event.stage == "discussion"]
        spoke = {e.seat for e in talks if e.text.strip() or e.acts or e.claim}
        silent = {s: sum(1 for e in talks if e.seat == s) for s in facts.living if s not in spoke}
        mute = {
            s
            for s, n in silent.items()
            if n
            and s not in facts.evil | facts.exposed
            and facts.suspicion(s) - n * online_mafia.SILENT_SPEECH < online_mafia.RECORD_SUSPECT
        }
        offered = {o.target for o in decision.options if o.target is not None}
        suspects = [s for s in facts.suspects() if s in offered]
        if any(s in mute for s in suspects) and any(s in spoke for s in suspects):
            self.seen.append(choice.option in {f"seat:{s}" for s in mute})
        return choice


def test_the_town_tries_a_mute_seat_only_when_no_other_suspect_is_on_offer() -> None:
    """online_mafia 15, seeds 1-40: a town seat that can nominate a suspect who spoke never nominates
    a seat suspected only for never speaking (the Jester's bait)."""
    names = tuple(f"P{i + 1}" for i in range(15))
    seen: list[bool] = []
    for seed in range(1, 41):
        agents: list[SyncAgent] = [_NominationSpy(seed * 1009 + i, seen) for i in range(15)]
        play_with_agents(GameConfig(variant="online_mafia", names=names, seed=seed), agents)
    assert len(seen) >= 50
    assert not any(seen)
