"""Key behaviours of the heuristic players (docs/heuristics.md), checked over whole games.

Each test plays real games with heuristic agents that see only their views and checks a
property of the record wherever the situation arises; each also checks that the situation
arose often enough for the property to mean something.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from functools import cache

import pytest

from llm_werewolf.agents.heuristic import HeuristicAgent
from llm_werewolf.agents.heuristics import chinese_werewolf
from llm_werewolf.agents.heuristics.talk import heard, parse
from llm_werewolf.ladder import LadderCell, SideAgent, heuristic_wins, naive_wins, seat_sides, sides_won
from llm_werewolf.rules import Choice, Decision, Game, GameConfig, SeatView, build_view, get_ruleset
from llm_werewolf.rules.events import ChoiceMade, DeathsAnnounced, Info, RoleAssigned, Speech, VoteCast
from llm_werewolf.sim import SyncAgent, parallel_map, play_with_agents
from llm_werewolf.texts import optional_yaml

from .rules.test_chinese_werewolf_support import Table


class NotingAgent(HeuristicAgent):
    """A heuristic agent that keeps the private note of every decision it answers."""

    def __init__(self, seed: int, notes: dict[int, str]) -> None:
        super().__init__(seed)
        self.notes = notes

    def choose(self, view: SeatView, decision: Decision) -> Choice:
        choice, note = self.choose_noted(view, decision)
        self.notes[decision.id] = note
        return choice


def play(variant: str, players: int, seed: int, notes: dict[int, str] | None = None) -> Game:
    names = tuple(f"P{i + 1}" for i in range(players))
    shared = notes if notes is not None else {}
    agents: list[SyncAgent] = [NotingAgent(seed * 1009 + i, shared) for i in range(players)]
    return play_with_agents(GameConfig(variant=variant, names=names, seed=seed), agents)


def dealt(game: Game) -> dict[int, str]:
    return {r.event.seat: r.event.role for r in game.records if isinstance(r.event, RoleAssigned)}


# -- speech travels as structured statements --------------------------------------------------


@pytest.mark.parametrize(
    ("language", "variant"),
    [
        ("zh-Hant", "chinese_werewolf"),
        ("en", "chinese_werewolf"),
        ("ru", "city_mafia"),
        ("en", "city_mafia"),
        ("ar-LB", "lebanese_ghouls"),
        ("en", "lebanese_ghouls"),
    ],
)
def test_every_canned_line_about_a_seat_is_read_back_with_its_key_and_seat(language: str, variant: str) -> None:
    names = ("Amal", "Bo", "Chen Wei", "Dmitri")
    data = optional_yaml("prompts", f"{language}/{variant}/canned.yaml")
    assert isinstance(data, dict)
    checked = 0
    for key, lines in data.items():
        for line in lines:
            if "$target" not in line or "$result" in line:
                continue
            for target in range(len(names)):
                text = line.replace("$target", names[target]).replace("$role", "")
                parsed = parse(language, variant, names, text)
                if "$role" in line:
                    continue  # a role name is part of the line: covered by the games below
                assert parsed is not None and parsed[1] == target, (key, text, parsed)
                checked += 1
    assert checked >= 8


def test_a_claim_in_a_players_own_words_names_its_one_seat() -> None:
    game = play("chinese_werewolf", 9, 3)
    view = game.view(0)
    statements = heard(view)
    assert statements and all(s.key for s in statements if s.claim is None)  # heuristics speak canned lines
    seer_reports = [s for s in statements if s.key in ("seer_wolf", "seer_good")]
    assert all(s.claim == "seer" and s.target is not None for s in seer_reports)


# -- chinese_werewolf ------------------------------------------------------------------------------


def test_a_seer_who_found_a_wolf_reveals_it_the_same_day() -> None:
    situations = 0
    for seed in range(1, 21):
        game = play("chinese_werewolf", 12, seed)
        roles = dealt(game)
        seer = next(s for s, r in roles.items() if r == "seer")
        found: dict[str, set[int]] = {}
        for record in game.records:
            event = record.event
            if isinstance(event, Info) and event.fact == "role" and event.value == "werewolf":
                day = "day:" + record.phase.split(":")[1]
                found.setdefault(day, set()).add(event.subject or 0)
        seen: set[int] = set()
        for day in sorted(found, key=lambda d: int(d.split(":")[1])):
            seen |= found[day]
            speeches = [
                r for r in game.records if r.phase == day and isinstance(r.event, Speech) and r.event.seat == seer
            ]
            if not speeches:
                continue  # the seer died before speaking that day
            situations += 1
            statements = [s for s in heard(game.view(None)) if s.speaker == seer and s.phase == day]
            named = {s.target for s in statements if s.key == "seer_wolf" and s.claim == "seer"}
            assert named & seen, (seed, day, statements)
    assert situations >= 5


def test_the_witch_saves_a_revealed_seer_and_keeps_the_antidote_otherwise() -> None:
    # seat: 0 seer, 1 witch, 2 hunter, 3-4 werewolves, 5-8 villagers; the wolves skip night 1
    roles = ["seer", "witch", "hunter", "werewolf", "werewolf", "villager", "villager", "villager", "villager"]
    table = Table(roles, language="en", sheriff=False)
    table.answer(0, "seer_check", 3).answer(3, "wolf_kill", "skip", 0).answer(4, "wolf_kill", "skip", 0)
    speech = table.run_to("speech", 0)
    claim = chinese_werewolf.decide(table.game.view(0), speech, random.Random(0))
    assert claim.claim == "seer"
    table.game.submit(speech.id, claim)
    antidote = table.run_to("witch_antidote")
    assert table.game.state.phase.label == "night:2"
    assert chinese_werewolf.decide(table.game.view(1), antidote, random.Random(0)).option == "antidote"
    # the same night with a villager as the victim: she keeps the antidote for the seer
    other = Table(roles, language="en", sheriff=False)
    other.answer(0, "seer_check", 3).answer(3, "wolf_kill", "skip", 6).answer(4, "wolf_kill", "skip", 6)
    speech = other.run_to("speech", 0)
    other.game.submit(speech.id, chinese_werewolf.decide(other.game.view(0), speech, random.Random(0)))
    antidote = other.run_to("witch_antidote")
    assert chinese_werewolf.decide(other.game.view(1), antidote, random.Random(0)).option == "skip"


def test_the_guard_protects_the_revealed_seer_once_the_antidote_is_spent() -> None:
    roles = ["seer", "witch", "hunter", "guard", "werewolf", "werewolf", "werewolf", "werewolf"]
    roles += ["villager"] * 4
    table = Table(roles, language="en", sheriff=False).answer(0, "seer_check", 4)
    table.answer(1, "witch_antidote", "antidote")  # night 1: a peaceful night
    speech = table.run_to("speech", 0)
    table.game.submit(speech.id, chinese_werewolf.decide(table.game.view(0), speech, random.Random(0)))
    guard = table.run_to("guard")
    assert table.game.state.phase.label == "night:2"
    assert chinese_werewolf.decide(table.game.view(3), guard, random.Random(0)).option == "seat:0"


@pytest.mark.parametrize(("variant", "players"), [("chinese_werewolf", 9), ("lebanese_ghouls", 12)])
def test_wolves_vote_out_a_partner_only_when_bussing_and_say_so(variant: str, players: int) -> None:
    evil = {"chinese_werewolf": "werewolf", "lebanese_ghouls": "ghoul"}[variant]
    buses = 0
    for seed in range(1, 51):
        notes: dict[int, str] = {}
        game = play(variant, players, seed, notes)
        roles = dealt(game)
        wolves = {s for s, r in roles.items() if r == evil}
        for record in game.records:
            event = record.event
            if isinstance(event, ChoiceMade) and event.seat in wolves and event.option.startswith("seat:"):
                target = int(event.option[5:])
                if event.decision in ("exile_vote", "vote") and target in wolves and target != event.seat:
                    # the note (in the game's language) names the partner voted out
                    assert game.config.names[target] in notes[event.decision_id], (seed, record.phase)
                    buses += 1
    assert buses >= 1


def _wolf_seer_claims(players: int, seeds: range) -> int:
    """How many games of the standard board had a wolf claiming seer (a counter-claim, 悍跳)."""
    games = 0
    for seed in seeds:
        game = play("chinese_werewolf", players, seed)
        wolves = {s for s, r in dealt(game).items() if r == "werewolf"}
        games += any(
            isinstance(r.event, Speech) and r.event.seat in wolves and r.event.claim == "seer" for r in game.records
        )
    return games


def test_wolves_counter_claim_seer_only_without_a_guard_in_the_deck() -> None:
    """With a guard the real seer lives longer and his checks expose a fake seer: the wolves do not bluff."""
    for players, guarded in ((12, True), (9, False)):
        names = tuple(f"P{i + 1}" for i in range(players))
        cards = {seat.role for seat in Game(GameConfig(variant="chinese_werewolf", names=names, seed=1)).state.seats}
        assert ("guard" in cards) == guarded
    assert _wolf_seer_claims(12, range(1, 31)) == 0
    assert _wolf_seer_claims(9, range(1, 31)) >= 1


# -- city_mafia --------------------------------------------------------------------------------------


def test_a_sheriff_with_a_black_check_claims_and_nominates_it() -> None:
    situations = 0
    for seed in range(1, 41):
        game = play("city_mafia", 9, seed)
        roles = dealt(game)
        sheriff = next(s for s, r in roles.items() if r == "sheriff")
        blacks: set[int] = set()
        alive = set(roles)
        for record in game.records:
            event = record.event
            if isinstance(event, Info) and event.fact == "mafia" and event.value == "yes":
                blacks.add(event.subject or 0)
            elif isinstance(event, ChoiceMade) and event.seat == sheriff and event.decision == "speech":
                living_blacks = blacks & alive
                if living_blacks:
                    situations += 1
                    assert event.claim == "sheriff", (seed, record.phase)
                    said = [s for s in heard(game.view(None)) if s.speaker == sheriff and s.phase == record.phase]
                    assert any(s.key == "reveal_mafia" and s.target in living_blacks for s in said), (seed, said)
                    taken = event.option == "none" or int(event.option[5:]) in living_blacks
                    assert taken, (seed, event.option)
            if isinstance(event, DeathsAnnounced):
                alive -= {d.seat for d in event.deaths}
    assert situations >= 5


def test_mafia_votes_for_a_partner_only_when_bussing() -> None:
    buses = 0
    votes_seen = 0
    for seed in range(1, 41):
        notes: dict[int, str] = {}
        game = play("city_mafia", 9, seed, notes)
        roles = dealt(game)
        team = {s for s, r in roles.items() if r in ("mafia", "don")}
        for record in game.records:
            event = record.event
            if isinstance(event, VoteCast) and event.seat in team and event.target in team:
                if event.ballot not in ("elimination", "revote"):
                    continue
                # a vote cast by answering "yes": find that answer's note
                answers = [
                    r.event
                    for r in game.records
                    if isinstance(r.event, ChoiceMade)
                    and r.event.seat == event.seat
                    and r.event.decision == "vote"
                    and r.event.option == "yes"
                    and r.phase == record.phase
                ]
                if not answers:
                    continue  # a leftover ballot went to the last nominee without a "yes"
                votes_seen += 1
                partner = game.config.names[event.target]
                assert any(partner in notes[a.decision_id] for a in answers), (seed, record.phase)
                buses += 1
    assert votes_seen == buses


# -- the strength ladder, reduced ---------------------------------------------------------------------


LADDER = [
    ("chinese_werewolf", 9, "village"),
    ("chinese_werewolf", 9, "wolves"),
    ("city_mafia", 9, "town"),
    ("city_mafia", 9, "mafia"),
    ("lebanese_ghouls", 12, "farmers"),
    ("lebanese_ghouls", 12, "ghouls"),
    ("one_night", 12, "village"),
    ("online_mafia", 15, "mafia"),
    ("online_mafia", 15, "town"),
    ("online_mafia", 15, "executioner"),  # +16.7 at 150 games; an Executioner turned Jester plays for this cell
]


LADDER_GAMES = 150
SERIAL_KILLER = ("online_mafia", 15, "serial_killer")


def _series(job: tuple[str, int, str | None, int]) -> Counter[str]:
    """Wins per side on seeds 1 to ``games``: every seat heuristic (side ``None``), or ``side``'s seats naive."""
    variant, players, side, games = job
    seeds = range(1, 1 + games)
    return heuristic_wins(variant, players, seeds) if side is None else naive_wins(variant, players, seeds, side)


@cache
def _ladder() -> dict[tuple[str, int, str | None], Counter[str]]:
    """Every series the ladder tests need, each played once (a board's all-heuristic series serves
    all its sides), on every core; the results do not depend on the worker count."""
    cells = [*LADDER, SERIAL_KILLER]
    jobs: list[tuple[str, int, str | None]] = [(v, p, None) for v, p in dict.fromkeys((v, p) for v, p, _ in cells)]
    jobs += cells
    return dict(zip(jobs, parallel_map(_series, [(*job, LADDER_GAMES) for job in jobs]), strict=True))


def play_cell(variant: str, players: int, side: str) -> LadderCell:
    """:func:`llm_werewolf.ladder.play_cell` on seeds 1-150."""
    series = _ladder()
    best, naive = series[(variant, players, None)], series[(variant, players, side)]
    return LadderCell(variant, players, side, LADDER_GAMES, best[side], naive[side])


@pytest.mark.parametrize(("variant", "players", "side"), LADDER)
def test_each_sides_heuristic_clearly_beats_its_naive_version(variant: str, players: int, side: str) -> None:
    cell = play_cell(variant, players, side)
    assert cell.margin >= 0.10, cell.as_dict()


def test_the_town_tries_a_silent_serial_killer() -> None:
    """online_mafia: the naive Serial Killer says nothing, and the town reads silence, so he rarely
    survives to win (13% of these games before the town read it, about 1% now). The margin of this
    ladder cell is then above 10 points as well."""
    cell = play_cell(*SERIAL_KILLER)
    assert cell.naive_rate < 0.05, cell.as_dict()
    assert cell.heuristic_rate > 0.15, cell.as_dict()


def test_an_executioner_turned_jester_plays_and_wins_for_the_executioners_cell() -> None:
    """online_mafia, ladder seed 2: P10 is dealt the Executioner, his target dies at night and he
    becomes a Jester; he then keeps silent like a Jester and is executed on day 2, which the rules
    list as a Jester's win. He is still the player dealt the Executioner card, so the ladder
    credits the Executioner's cell (not the Jester's, whose own card lost) and keeps his seat on
    the Executioner's side: naive in that side's naive series after the turn as well."""
    game = play("online_mafia", 15, 2)
    assert game.outcome is not None
    roles = [r.event for r in game.records if isinstance(r.event, RoleAssigned)]
    exe = next(e.seat for e in roles if e.role == "executioner" and e.reason == "deal")
    jester = next(e.seat for e in roles if e.role == "jester" and e.reason == "deal")
    turned = next(
        i
        for i, r in enumerate(game.records)
        if isinstance(r.event, RoleAssigned) and r.event.seat == exe and r.event.reason == "target_died"
    )
    assert exe in game.outcome.winners and jester not in game.outcome.winners
    assert "jester" in game.outcome.sides and "executioner" not in game.outcome.sides
    # before the turn he speaks in discussion; after it he keeps silent, as the Jester does
    speeches = [(i, r.event) for i, r in enumerate(game.records) if isinstance(r.event, Speech) and r.event.seat == exe]

    def said(e: Speech) -> bool:  # what the town reads as a speech: more than answers that name nobody
        dodges = bool(e.acts) and all(a.kind == "answer" and a.other is None and a.role is None for a in e.acts)
        return bool(e.claim) or (bool(e.acts) and not dodges) or (not e.acts and bool(e.text.strip()))

    talks = [said(e) for i, e in speeches if e.stage == "discussion"]
    after = [said(e) for i, e in speeches if e.stage == "discussion" and i > turned]
    assert any(talks) and after and not any(after)
    assert seat_sides(game)[exe] == "executioner"
    assert sides_won(game) == (set(game.outcome.sides) - {"jester"}) | {"executioner"}
    agent = SideAgent("executioner", "online_mafia", 0)
    assert agent.plays_for(build_view(game.records, exe)) == "executioner"
    assert SideAgent("jester", "online_mafia", 0).plays_for(build_view(game.records, jester)) == "jester"


@pytest.mark.parametrize("variant", ["chinese_werewolf", "city_mafia", "lebanese_ghouls", "one_night"])
def test_the_ladder_credits_the_outcomes_sides_where_no_role_change_keeps_a_side(variant: str) -> None:
    """Only online_mafia's turned Executioner keeps his side; elsewhere a seat follows its card
    (one_night's robbed and swapped cards included)."""
    for seed in range(1, 9):
        game = play(variant, 9, seed)
        assert game.outcome is not None
        assert sides_won(game) == set(game.outcome.sides), (variant, seed)


def test_the_ladder_covers_every_side_with_cards() -> None:
    ruleset = get_ruleset("city_mafia")
    from llm_werewolf.ladder import ladder_sides

    assert ladder_sides("city_mafia", 12) == [s for s in ruleset.sides if s in ("town", "mafia", "maniac")]
    assert list(itertools.chain(*(ladder_sides(v, 9) for v in ("one_night",)))) == ["village", "wolves", "tanner"]
