"""The online_mafia heuristic: always legal, and the behaviours the brief asks for."""

from __future__ import annotations

import random

import pytest

from llm_werewolf.agents.heuristic import HeuristicAgent, policy_for
from llm_werewolf.agents.heuristics import online_mafia
from llm_werewolf.agents.heuristics.online_mafia import decide, gather
from llm_werewolf.rules import (
    PUBLIC,
    Choice,
    Decision,
    Game,
    GameConfig,
    Option,
    Record,
    SeatView,
    ViewBuilder,
    make_record,
)
from llm_werewolf.rules.events import (
    AnnouncedDeath,
    ChoiceMade,
    DeathsAnnounced,
    EventBody,
    PhaseStarted,
    Speech,
    VoteCast,
    VoteTally,
)
from llm_werewolf.rules.variants.online_mafia.setups import PRESET_LISTS
from llm_werewolf.sim import play_with_agents

from .test_online_mafia_support import start


class Checked(HeuristicAgent):
    """The heuristic, asserting every answer is one of the options."""

    def choose(self, view: SeatView, decision: Decision) -> Choice:
        choice = super().choose(view, decision)
        assert decision.option(choice.option) is not None, (decision.kind, choice)
        assert decision.speech or not choice.text
        return choice


def test_the_policy_is_registered() -> None:
    assert policy_for("online_mafia") is decide


@pytest.mark.parametrize("preset", sorted(PRESET_LISTS))
def test_heuristic_games_end_with_legal_answers(preset: str) -> None:
    for seed, players in enumerate((7, 10, 13, 16, 20)):
        names = tuple(f"P{i}" for i in range(players))
        config = GameConfig(variant="online_mafia", names=names, seed=seed, options={"preset": preset})
        game = play_with_agents(config, [Checked(seed * 50 + i) for i in range(players)])
        assert game.outcome is not None


def _play(roles: list[str], seed: int = 0, language: str = "en") -> list[object]:
    names = tuple(f"P{i}" for i in range(len(roles)))
    config = GameConfig(variant="online_mafia", names=names, roles=tuple(roles), seed=seed, language=language)
    game = play_with_agents(config, [Checked(seed * 50 + i) for i in range(len(roles))])
    return [r.event for r in game.records]


def test_the_mafia_agrees_on_one_victim_and_never_names_a_member() -> None:
    roles = ["godfather", "mafioso", "framer", "doctor", "detective", "citizen", "citizen", "citizen", "lookout"]
    for seed in range(10):
        events = _play(roles, seed)
        nights: dict[int, dict[int, str]] = {}
        night = 0
        for event in events:
            if isinstance(event, PhaseStarted) and event.phase == "night":
                night = event.number
            elif isinstance(event, ChoiceMade) and event.decision == "mafia_kill":
                nights.setdefault(night, {})[event.seat] = event.option
        assert nights
        for answers in nights.values():
            assert len(set(answers.values())) == 1
            assert not set(answers.values()) & {"seat:0", "seat:1", "seat:2"}


def test_an_investigator_with_a_finding_claims_and_names_the_target() -> None:
    roles = ["detective", "mafioso", "citizen", "citizen", "citizen", "citizen", "citizen"]
    for seed in range(20):
        events = _play(roles, seed)
        checked = [e for e in events if isinstance(e, ChoiceMade) and e.decision == "detective_check"]
        if checked and checked[0].option == "seat:1":
            claims = [e for e in events if isinstance(e, Speech) and e.seat == 0 and e.claim == "detective"]
            assert claims and "P1" in claims[0].text
            return
    pytest.fail("the detective never checked the mafioso in 20 games")


def test_the_town_tries_the_exposed_player_and_votes_guilty() -> None:
    game = start(["detective", "mafioso", "citizen", "citizen", "citizen", "citizen", "doctor"])
    builders = [ViewBuilder(i) for i in range(7)]
    for builder in builders:
        builder.extend(game.records)
    rng = random.Random(0)

    def answer(seat: int, kind: str, option: str | None = None) -> None:
        for decision in game.pending:
            if decision.seat == seat and decision.kind == kind:
                choice = Choice(option) if option else decide(builders[seat].view(), decision, rng)
                new = game.submit(decision.id, choice)
                for builder in builders:
                    builder.extend(new)
                return

    while game.state.phase.label == "night:1":
        pending = game.pending
        first = pending[0]
        forced = {"detective_check": "seat:1", "mafia_kill": "seat:2", "doctor_heal": "seat:0"}.get(first.kind)
        answer(first.seat, first.kind, forced)
    while game.state.phase.label == "day:1" and not any(
        isinstance(r.event, VoteCast) and r.event.ballot.startswith("verdict") for r in game.records
    ):
        first = game.pending[0]
        answer(first.seat, first.kind)
    nominations = {
        e.seat: e.target for r in game.records if isinstance((e := r.event), VoteCast) and e.ballot == "nominate_1"
    }
    assert all(nominations[s] == 1 for s in (0, 3, 4, 5, 6))
    verdicts = {
        e.seat: e.option for r in game.records if isinstance((e := r.event), VoteCast) and e.ballot == "verdict_1"
    }
    assert all(verdicts[s] == "guilty" for s in (0, 3, 4, 5, 6))


def test_the_doctor_protects_a_claimed_investigator() -> None:
    game = start(["doctor", "mafioso", "detective", "citizen", "citizen", "citizen", "citizen"])
    builder = ViewBuilder(0)
    builder.extend(game.records)
    claim = Speech(seat=2, text="I am the Detective.", claim="detective")
    builder.add(make_record(seq=10_000, phase="day:1", vis=PUBLIC, event=claim))
    (heal,) = [d for d in game.pending if d.kind == "doctor_heal"]
    for seed in range(5):
        assert decide(builder.view(), heal, random.Random(seed)).option == "seat:2"


MAFIA_15 = ["mafioso", "detective", "citizen", "doctor", "godfather", "investigator", "jester", "escort"]
MAFIA_15 += ["serial_killer", "framer", "lookout", "citizen", "outlaw", "executioner", "bodyguard"]


def test_the_mafia_never_casts_an_innocent_ballot() -> None:
    """A partner on trial gets an abstention, an outsider guilty or an abstention: never innocent.

    An innocent ballot for a partner who then flips mafia marks the voter in the town's verdict
    record; an innocent ballot for an outsider saves a player the mafia wants dead.
    """
    mafia = {i for i, role in enumerate(MAFIA_15) if role in ("mafioso", "godfather", "framer")}
    partner_trials = 0
    for seed in range(12):
        for event in _play(MAFIA_15, seed):
            if isinstance(event, VoteCast) and event.ballot.startswith("verdict") and event.seat in mafia:
                partner_trials += event.target in mafia
                assert event.option != "innocent", (seed, event)
    assert partner_trials > 0


def _trial_records(accused: int, flipped: str, ballots: dict[int, str]) -> list[Record]:
    """A public trial of ``accused``: the ballots cast, then the execution showing ``flipped``."""
    events: list[EventBody] = [VoteTally(ballot="nominate_1", counts=(), result="trial", targets=(accused,))]
    events += [VoteCast(seat=s, ballot="verdict_1", option=o, target=accused) for s, o in sorted(ballots.items())]
    death = AnnouncedDeath(seat=accused, cause="execution", role=flipped)
    events.append(DeathsAnnounced(deaths=(death,), moment="execution"))
    return [make_record(seq=10_000 + i, phase="day:1", vis=PUBLIC, event=e) for i, e in enumerate(events)]


def test_the_town_reads_an_abstention_on_a_player_who_flipped_mafia() -> None:
    """Nobody in the town abstains on a trial; a seat that would not vote against a mafia member is a suspect.

    The Detective checks him first, and every town player counts him among the suspects; the
    seats that voted guilty are not marked.
    """
    roles = ["detective", "mafioso", "godfather", "citizen", "citizen", "citizen", "doctor"]
    game = start(roles)
    ballots = {0: "guilty", 2: "skip", 3: "guilty", 4: "guilty", 5: "guilty", 6: "guilty"}
    records = _trial_records(1, "mafioso", ballots)
    (check,) = [d for d in game.pending if d.kind == "detective_check"]
    builder = ViewBuilder(0)
    builder.extend(game.records)
    for record in records:
        builder.add(record)
    for seed in range(6):
        assert decide(builder.view(), check, random.Random(seed)).option == "seat:2"
    citizen = ViewBuilder(3)
    citizen.extend([*game.records, *records])
    suspects = gather(citizen.view()).suspects()
    assert 2 in suspects
    assert not {0, 4, 5, 6} & set(suspects)


def test_an_abstention_on_a_player_who_flipped_town_marks_nobody() -> None:
    roles = ["detective", "mafioso", "godfather", "citizen", "citizen", "citizen", "doctor"]
    game = start(roles)
    records = _trial_records(3, "citizen", {0: "innocent", 1: "guilty", 2: "skip", 4: "innocent", 5: "innocent"})
    citizen = ViewBuilder(4)
    citizen.extend([*game.records, *records])
    facts = gather(citizen.view())
    assert facts.record.get(2, 0.0) == 0.0
    assert facts.record.get(1, 0.0) > 0.0  # a guilty ballot on a townie still counts


class Noting(Checked):
    """Keeps (seat, accused, ballot, note) for every verdict this agent answers."""

    def __init__(self, seed: int, kept: list[tuple[int, int, str, str]]) -> None:
        super().__init__(seed)
        self.kept = kept

    def choose(self, view: SeatView, decision: Decision) -> Choice:
        choice, note = self.choose_noted(view, decision)
        if decision.kind == "verdict":
            accused = gather(view).accused
            assert accused is not None
            self.kept.append((decision.seat, accused, choice.option, note))
        return choice


def test_the_mafia_votes_a_partner_guilty_only_as_a_recorded_bus() -> None:
    """A mafia member votes guilty on a partner only when the team chose to bus him, and says so in the note."""
    mafia = {i for i, role in enumerate(MAFIA_15) if role in ("mafioso", "godfather", "framer")}
    buses = abstentions = 0
    for seed in range(20):
        kept: list[tuple[int, int, str, str]] = []
        names = tuple(f"P{i}" for i in range(len(MAFIA_15)))
        config = GameConfig(variant="online_mafia", names=names, roles=tuple(MAFIA_15), seed=seed)
        play_with_agents(config, [Noting(seed * 50 + i, kept) for i in range(len(MAFIA_15))])
        for seat, accused, ballot, note in kept:
            if seat in mafia and accused in mafia:
                assert ballot != "innocent"
                assert (ballot == "guilty") == bool(note), (seed, seat, ballot, note)
                assert ballot != "guilty" or names[accused] in note  # the note names the partner
                buses += ballot == "guilty"
                abstentions += ballot == "skip"
            else:
                assert not note
    assert buses > 0 and abstentions > 0


def test_the_town_reads_who_nominated_a_player_who_flipped_town() -> None:
    """A seat that put a townie on trial (or tried to) is marked once his card shows town."""
    roles = ["detective", "mafioso", "godfather", "citizen", "citizen", "citizen", "doctor"]
    game = start(roles)
    nominations = [VoteCast(seat=s, ballot="nominate_1", option="seat:5", target=5) for s in (1, 2)]
    nominations.append(VoteCast(seat=3, ballot="nominate_1", option="seat:2", target=2))
    death = DeathsAnnounced(deaths=(AnnouncedDeath(seat=5, cause="mafia", role="citizen"),), moment="morning")
    records = [
        make_record(seq=10_000 + i, phase="day:1", vis=PUBLIC, event=e) for i, e in enumerate([*nominations, death])
    ]
    citizen = ViewBuilder(4)
    citizen.extend([*game.records, *records])
    facts = gather(citizen.view())
    assert facts.record.get(1, 0.0) > 0.0 and facts.record.get(2, 0.0) > 0.0
    assert facts.record.get(3, 0.0) == 0.0  # nominated a seat whose card is still hidden


# -- weighing a claim by evidence (issue 17: the town believed any lone claim) ------------------------------------


def _day_one(roles: list[str], night: dict[str, str], scripted: dict[int, Choice]) -> tuple[Game, list[ViewBuilder]]:
    """Night 1 with forced answers, then day 1's discussion up to the first seat without a script."""
    game = start(roles)
    builders = [ViewBuilder(i) for i in range(len(roles))]
    for builder in builders:
        builder.extend(game.records)

    def submit(decision: Decision, choice: Choice) -> None:
        new = game.submit(decision.id, choice)
        for builder in builders:
            builder.extend(new)

    while game.state.phase.label == "night:1":
        answered = {i for i, _ in game.state.answers}
        first = next(d for d in game.pending if d.id not in answered)
        forced = night.get(first.kind)
        submit(first, Choice(forced) if forced else decide(builders[first.seat].view(), first, random.Random(0)))
    while game.pending and game.pending[0].speech and game.pending[0].seat in scripted:
        first = game.pending[0]
        submit(first, scripted.pop(first.seat))
    return game, builders


def _fake_detective(target: str) -> Choice:
    return Choice("speak", text=f"I am the Detective. {target} is suspicious.", claim="detective")


def test_the_real_detective_counter_claims_a_fake_detective() -> None:
    """A claim of the Detective's own (unique) role is a lie he names at once, with his claim."""
    roles = ["citizen", "mafioso", "executioner", "citizen", "citizen", "detective", "doctor"]
    night = {"detective_check": "seat:3", "mafia_kill": "seat:0", "doctor_heal": "seat:6"}
    scripted = {1: Choice("speak", text="Hi."), 2: _fake_detective("S3"), 3: Choice("speak", text="Not me.")}
    scripted[4] = Choice("speak", text="Hm.")
    game, builders = _day_one(roles, night, scripted)
    (turn,) = [d for d in game.pending if d.seat == 5]
    for seed in range(5):
        speech = decide(builders[5].view(), turn, random.Random(seed))
        assert speech.claim == "detective"
        assert "S2" in speech.text and "S3" not in speech.text


def _claim_war() -> tuple[Game, list[ViewBuilder]]:
    """S2 (an Executioner) claims Detective and names S3; the real Detective S5 names S2 back."""
    roles = ["citizen", "mafioso", "executioner", "citizen", "investigator", "detective", "doctor"]
    night = {"detective_check": "seat:3", "mafia_kill": "seat:0", "doctor_heal": "seat:6"}
    night["investigator_check"] = "seat:6"
    scripted = {1: Choice("speak", text="Hi."), 2: _fake_detective("S3"), 3: Choice("speak", text="Not me.")}
    scripted[4] = Choice("speak", text="Hm.")
    scripted[5] = Choice("speak", text="I am the Detective. S2 is lying.", claim="detective")
    return _day_one(roles, night, scripted)


def test_two_claims_of_one_unique_role_convict_nobody_until_evidence_settles_them() -> None:
    """Two Detective claimants naming each other's side: neither is believed, neither is a suspect.

    The town used to believe the likelier claimant (a lean) and treat the other as exposed, so a
    lying claimant could send the real Detective (or his own target) to the gallows.
    """
    _, builders = _claim_war()
    facts = gather(builders[6].view())
    assert facts.suspects() == []
    assert facts.contested == {2, 5}


def test_an_investigator_checks_the_claimants_of_a_war_first() -> None:
    _, builders = _claim_war()
    night2 = start(["citizen", "mafioso", "executioner", "citizen", "investigator", "detective", "doctor"])
    (check,) = [d for d in night2.pending if d.kind == "investigator_check"]
    for seed in range(5):
        assert decide(builders[4].view(), check, random.Random(seed)).option in ("seat:2", "seat:5")


def test_an_investigation_that_contradicts_a_claim_exposes_the_claimant() -> None:
    """The Investigator saw the claimant's group, which holds no Detective: the claimant lies.

    The Investigator then names him with his own claim, and the lone claim's target is not a
    suspect for anyone who heard both.
    """
    roles = ["citizen", "mafioso", "executioner", "citizen", "investigator", "detective", "doctor"]
    night = {"detective_check": "seat:6", "mafia_kill": "seat:0", "doctor_heal": "seat:6"}
    night["investigator_check"] = "seat:2"
    scripted = {1: Choice("speak", text="Hi."), 2: _fake_detective("S3"), 3: Choice("speak", text="Not me.")}
    game, builders = _day_one(roles, night, scripted)
    investigator = gather(builders[4].view())
    assert investigator.suspects() == [2]
    (turn,) = [d for d in game.pending if d.seat == 4]
    speech = decide(builders[4].view(), turn, random.Random(0))
    assert speech.claim == "investigator" and "S2" in speech.text and "S3" not in speech.text
    new = game.submit(turn.id, speech)
    for builder in builders:
        builder.extend(new)
    citizen = gather(builders[6].view())
    assert 3 not in citizen.suspects()


def test_a_claim_whose_named_seat_flips_town_is_a_lie() -> None:
    """A claimed Detective whose 'suspicious' seat showed a town card lied: he is the suspect now.

    (The older code did this too; kept as a guard for the rewritten weighing.)
    """
    roles = ["citizen", "mafioso", "executioner", "citizen", "citizen", "detective", "doctor"]
    night = {"detective_check": "seat:6", "mafia_kill": "seat:0", "doctor_heal": "seat:6"}
    _, builders = _day_one(roles, night, {1: Choice("speak", text="Hi."), 2: _fake_detective("S3")})
    death = DeathsAnnounced(deaths=(AnnouncedDeath(seat=3, cause="execution", role="citizen"),), moment="execution")
    builders[4].add(make_record(seq=20_000, phase="day:1", vis=PUBLIC, event=death))
    facts = gather(builders[4].view())
    assert facts.suspects()[0] == 2


class JesterBallots(Checked):
    """Keeps, for every verdict a Jester answers, whether the accused was among his suspects and his ballot."""

    def __init__(self, seed: int, kept: list[tuple[bool, str]]) -> None:
        super().__init__(seed)
        self.kept = kept

    def choose(self, view: SeatView, decision: Decision) -> Choice:
        choice = super().choose(view, decision)
        if decision.kind == "verdict" and view.role == "jester":
            facts = gather(view)
            assert facts.accused is not None
            self.kept.append((facts.accused in facts.suspects(), choice.option))
        return choice


def test_the_jester_abstains_on_the_towns_suspects_so_the_verdict_record_marks_him(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A baiting Jester (``JESTER_BAITS``) wins by his own execution: he abstains on the players the town
    suspects (an abstention on a player who flips mafia makes a suspect) and votes guilty on the rest."""
    monkeypatch.setattr(online_mafia, "JESTER_BAITS", True)
    kept: list[tuple[bool, str]] = []
    for seed in range(30):
        names = tuple(f"P{i}" for i in range(len(MAFIA_15)))
        config = GameConfig(variant="online_mafia", names=names, roles=tuple(MAFIA_15), seed=seed)
        play_with_agents(config, [JesterBallots(seed * 50 + i, kept) for i in range(len(MAFIA_15))])
    on_suspects = [ballot for suspect, ballot in kept if suspect]
    others = [ballot for suspect, ballot in kept if not suspect]
    assert on_suspects and others
    assert set(on_suspects) == {"skip"}
    assert set(others) == {"guilty"}


# -- "claim or be lynched": a seat with nothing to say (issue 17, stop 19) --------------------------------------


def _discussion(speeches: dict[int, str], stage: str = "discussion") -> list[Record]:
    """Day 1's public speeches, ``seat -> text`` ("" for a seat that said nothing)."""
    events = [Speech(seat=s, text=t, stage=stage) for s, t in sorted(speeches.items())]
    return [make_record(seq=10_000 + i, phase="day:1", vis=PUBLIC, event=e) for i, e in enumerate(events)]


def test_the_town_suspects_a_seat_that_says_nothing_in_discussion() -> None:
    """Every heuristic seat speaks in discussion, if only to ask someone; a seat that says nothing is a suspect
    at once, the Detective checks him first and the town puts him on trial. A silent defense marks nobody."""
    roles = ["detective", "mafioso", "godfather", "citizen", "citizen", "citizen", "doctor"]
    game = start(roles)
    records = _discussion({1: "S3, what did you do last night?", 2: "", 3: "Who do you suspect, S4?"})
    records += _discussion({5: ""}, stage="defense")
    citizen = ViewBuilder(4)
    citizen.extend([*game.records, *records])
    facts = gather(citizen.view())
    assert facts.suspects() == [2]
    assert facts.record.get(1, 0.0) == facts.record.get(3, 0.0) == facts.record.get(5, 0.0) == 0.0
    (check,) = [d for d in game.pending if d.kind == "detective_check"]
    detective = ViewBuilder(0)
    detective.extend([*game.records, *records])
    for seed in range(6):
        assert decide(detective.view(), check, random.Random(seed)).option == "seat:2"


class DiscussionSpeeches(Checked):
    """Keeps (role, said something) for every discussion speech this agent makes: a claim, an act other
    than an answer that names nobody, or text without acts (what the town reads as a speech)."""

    def __init__(self, seed: int, kept: list[tuple[str, bool]]) -> None:
        super().__init__(seed)
        self.kept = kept

    def choose(self, view: SeatView, decision: Decision) -> Choice:
        choice = super().choose(view, decision)
        if decision.kind == "speech":
            dodges = bool(choice.acts) and all(
                a.kind == "answer" and a.other is None and a.role is None for a in choice.acts
            )
            said = (
                bool(choice.claim)
                or (bool(choice.acts) and not dodges)
                or (not choice.acts and bool(choice.text.strip()))
            )
            self.kept.append((view.role or "", said))
        return choice


def test_only_the_jester_keeps_silent_in_discussion() -> None:
    """Silence is read, so it must be a choice: every heuristic seat but the Jester says something in every
    discussion (the reading changes nothing in games without a Jester), and the Jester, whose win is his own
    execution, says nothing the town can read: at most an answer that names nobody (``JESTER_SILENT``)."""
    kept: list[tuple[str, bool]] = []
    for seed in range(10):
        names = tuple(f"P{i}" for i in range(len(MAFIA_15)))
        config = GameConfig(variant="online_mafia", names=names, roles=tuple(MAFIA_15), seed=seed)
        play_with_agents(config, [DiscussionSpeeches(seed * 50 + i, kept) for i in range(len(MAFIA_15))])
    jester = [spoke for role, spoke in kept if role == "jester"]
    others = [spoke for role, spoke in kept if role != "jester"]
    assert jester and others
    assert not any(jester)
    assert all(others)


# -- a town that knows a Jester is dealt (issue 17, stop 20; both switches measured and off) -------------------


def _outlaw_shot(seat: int, targets: range) -> Decision:
    options = tuple(Option(id=f"seat:{s}", kind="seat", target=s) for s in targets if s != seat)
    return Decision(
        id=90_000, seat=seat, kind="outlaw_shoot", options=(*options, Option(id="skip", kind="skip")), default="skip"
    )


def test_a_wary_town_tries_nobody_for_silence_alone_while_a_jester_may_hide(monkeypatch: pytest.MonkeyPatch) -> None:
    """``JESTER_WARY``: while the public list deals a Jester whose card has not been shown, a silent seat is
    the Detective's first check but not a suspect the town tries; once the Jester is shown, silence counts."""
    roles = ["detective", "mafioso", "godfather", "citizen", "jester", "citizen", "doctor"]
    game = start(roles)
    day = _discussion({1: "S3, what did you do last night?", 4: "", 5: "", 3: "Who do you suspect, S4?"})
    citizen = ViewBuilder(3)
    citizen.extend([*game.records, *day])
    assert gather(citizen.view()).suspects() == [4, 5]  # the default: silence makes a suspect
    monkeypatch.setattr(online_mafia, "JESTER_WARY", True)
    assert gather(citizen.view()).suspects() == []
    (check,) = [d for d in game.pending if d.kind == "detective_check"]
    detective = ViewBuilder(0)
    detective.extend([*game.records, *day])
    for seed in range(6):
        assert decide(detective.view(), check, random.Random(seed)).option in ("seat:4", "seat:5")
    shown = DeathsAnnounced(deaths=(AnnouncedDeath(seat=4, cause="execution", role="jester"),), moment="execution")
    citizen.extend([make_record(seq=20_000, phase="day:1", vis=PUBLIC, event=shown)])
    assert gather(citizen.view()).suspects() == [5]


@pytest.mark.parametrize(
    ("jester", "spares", "shot"), [(True, False, "seat:4"), (True, True, "skip"), (False, True, "seat:4")]
)
def test_an_outlaw_who_spares_silence_shoots_no_seat_suspected_for_it_alone_while_a_jester_may_hide(
    monkeypatch: pytest.MonkeyPatch, jester: bool, spares: bool, shot: str
) -> None:
    """``OUTLAW_SPARES_SILENCE``: the silent seat may be the Jester, whom the town can try by day at no cost;
    without a Jester or an Executioner in the public list the Outlaw shoots him as before."""
    monkeypatch.setattr(online_mafia, "OUTLAW_SPARES_SILENCE", spares)
    roles = ["outlaw", "mafioso", "godfather", "citizen", "jester" if jester else "citizen", "citizen", "doctor"]
    game = start(roles)
    outlaw = ViewBuilder(0)
    outlaw.extend([*game.records, *_discussion({3: "S5, what did you do last night?", 4: "", 5: "Who is it, S2?"})])
    for seed in range(4):
        assert decide(outlaw.view(), _outlaw_shot(0, range(7)), random.Random(seed)).option == shot
