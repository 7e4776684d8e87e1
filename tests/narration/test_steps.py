"""Every step each ruleset's moderator voices renders in every language of the ruleset.

The steps are listed here from the rulesets' code and docs (docs/rules/<id>.md), including the
rare ones random games seldom reach (a first-day single nomination, a lovers' win, a day limit);
declared announcement keys and status lines the lists leave out are added from the rulesets'
declarations (:func:`with_declared`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

from llm_werewolf.narration import TemplateNarrator, moment_of
from llm_werewolf.narration.packs import load_pack, own_keys
from llm_werewolf.rules import get_ruleset
from llm_werewolf.rules.events import (
    PUBLIC,
    AnnouncedDeath,
    Announcement,
    Cue,
    DeathsAnnounced,
    EventBody,
    GameEnded,
    PhaseStarted,
    RolesRevealed,
    Speech,
    StatusChanged,
    VoteTally,
    WhisperNoticed,
    make_record,
)

from .support import RULESETS, languages

NAMES = tuple(f"P{i + 1}" for i in range(12))


def deaths(moment: str, *causes: str | None, role: str | None = None, empty: bool = False) -> list[EventBody]:
    """The moment with one and several deaths (each cause in turn), and with nobody when ``empty``."""
    out: list[EventBody] = [DeathsAnnounced(deaths=(), moment=moment)] if empty else []
    for cause in causes:
        out.append(DeathsAnnounced(deaths=(AnnouncedDeath(1, cause, role),), moment=moment))
    if causes:
        several = tuple(AnnouncedDeath(i + 1, c, role) for i, c in enumerate(causes))
        out.append(DeathsAnnounced(deaths=(*several, AnnouncedDeath(9, causes[0], role)), moment=moment))
    return out


def common(variant: str, sides: tuple[str, ...]) -> list[EventBody]:
    """Phases, every outcome reason the ruleset declares (``outcome_reasons``) and the final reveal."""
    rules = get_ruleset(variant)
    reasons = tuple(sorted(rules.reason_ids() - {"day_limit"}))
    roles = list(rules.roles)
    cards = tuple(roles[i % len(roles)] for i in range(len(NAMES)))
    out: list[EventBody] = [PhaseStarted(phase=p, number=n) for p in ("night", "day") for n in (1, 2, 3)]
    out += [GameEnded(winners=(0, 2), sides=sides, reason=reason) for reason in reasons]
    if "day_limit" in rules.reason_ids():
        out += [GameEnded(winners=(), sides=(), reason="day_limit")]
    out += [RolesRevealed(roles=cards, start_roles=cards[::-1], extra=tuple(roles[:3]))]
    return out


def wake_sleep(roles: tuple[str, ...], keys: tuple[str, ...] = ("wake", "sleep")) -> list[EventBody]:
    return [Cue(key=key, role=role) for role in roles for key in keys]


def tallies(ballots: tuple[str, ...], results: tuple[str, ...]) -> list[EventBody]:
    counts = (("seat:1", 3.0), ("seat:2", 1.5), ("skip", 1.0))
    return [VoteTally(ballot=b, counts=counts, result=r, targets=(1, 2)) for b in ballots for r in results]


def last_words() -> list[EventBody]:
    """A departing player's last words: voiced after the speech (the other stages are not)."""
    return [Speech(seat=4, text="Trust seat 2.", stage="last_words", claim="seer")]


def chinese_werewolf() -> Iterator[EventBody]:
    yield from wake_sleep(("thief", "cupid", "lovers", "guard", "seer", "werewolf", "witch"))
    yield from (Cue(key=k) for k in ("nightfall", "dawn"))
    yield Cue(key="hunt", role="werewolf")
    yield from deaths("morning", None, empty=True)
    yield from deaths("morning", None, role="hunter")
    yield from deaths("exile", "exile", None, role="hunter")
    yield from deaths("hunter_shot", "hunter", None)
    yield from deaths("self_destruct", "self_destruct", None, role="werewolf")
    yield from last_words()
    for key in ("peaceful_night", "sheriff_election"):
        yield Announcement(key=key)
    for key in ("speaking_order", "sheriff_candidates", "sheriff_withdrawn", "sheriff_tie", "exile_pk"):
        yield Announcement(key=key, seats=(0, 3, 5))
    for key in ("sheriff_elected", "badge_torn", "hunter_declined", "self_destruct"):
        yield Announcement(key=key, seats=(4,))
    for key in ("badge_passed", "hunter_shot"):
        yield Announcement(key=key, seats=(4, 6))
    yield from (Announcement(key="no_sheriff", value=v) for v in ("all_withdrew", "no_votes", "tie"))
    yield from (Announcement(key="no_exile", value=v) for v in ("tie", "no_votes", "no_majority"))
    yield from (StatusChanged(seat=3, status="sheriff", value=v) for v in ("on", "off"))
    yield from tallies(("sheriff_1", "sheriff_2"), ("elected", "tie", "no_votes"))
    yield from tallies(("exile_1", "exile_2"), ("exiled", "tie", "no_votes", "no_majority"))
    yield from unit_deaths()
    yield from common("chinese_werewolf", ("wolves",))


def unit_deaths() -> Iterator[EventBody]:
    """The deaths of every cause a chinese_werewolf role unit declares, each announced as the moment
    of its name (``units/``: no list here to edit), with its role's card shown."""
    from llm_werewolf.rules.variants.chinese_werewolf.units import UNITS

    for unit in UNITS:
        for cause in unit.death_causes:
            yield from deaths(cause, cause, None, role=unit.role.id)


def city_mafia() -> Iterator[EventBody]:
    yield from wake_sleep(("putana", "mafia", "don", "sheriff", "doctor", "maniac"))
    yield from (Cue(key=k) for k in ("night", "morning"))
    yield from deaths("morning", None, empty=True)
    yield from deaths("morning", None, role="maniac")
    yield from deaths("morning", "mafia", "maniac", "putana_client")
    yield from deaths("morning", "mafia", "maniac", role="maniac")
    yield from deaths("disqualified", "disqualified", role="mafia")
    yield from deaths("vote", "vote")
    yield from deaths("vote", "vote", role="maniac")
    yield from last_words()
    yield Announcement(key="opener", seats=(2,))
    yield Announcement(key="nomination", seats=(2, 5))
    yield Announcement(key="no_nominations")
    yield Announcement(key="single_nominee_not_voted", seats=(5,))
    yield from (Announcement(key="vote_on", seats=(5,), value=v) for v in ("elimination", "revote"))
    yield Announcement(key="leftover_votes", seats=(1, 2, 3), value="seat:5")
    yield from (Announcement(key="tie_resolved", seats=(1, 2), value=v) for v in ("all_removed", "none_removed"))
    yield Announcement(key="mafia_disqualified", seats=(1, 2))
    yield from tallies(("elimination", "revote"), ("eliminated", "tie"))
    yield from tallies(("remove_all",), ("all_removed", "none_removed"))
    yield from common("city_mafia", ("town",))


def lebanese_ghouls() -> Iterator[EventBody]:
    from llm_werewolf.rules.variants.lebanese_ghouls.units import UNITS

    woken = tuple(unit.role.id for unit in UNITS if unit.night_step() is not None)  # role units that wake
    yield from wake_sleep(("umm_lhaf", "bassara", "ghoul", "sahra", *woken))
    keys = ("night_opening", "night_falls", "lovers_wake", "lovers_sleep", "dawn", "discussion", "vote", "revote")
    yield from (Cue(key=k) for k in keys)
    yield from deaths("morning", "ghouls", "poison", "grief", empty=True)
    yield from deaths("execution", "execution", "grief", role="farmer")
    yield from deaths("shot", "shot", "grief")
    yield Announcement(key="saved", seats=(3,))
    yield Announcement(key="sayyad_card", seats=(3,), value="sayyad")
    yield Announcement(key="sayyad_holds_fire", seats=(3,))
    yield from tallies(("execution",), ("executed", "revote", "tie"))
    yield from tallies(("execution_revote",), ("executed", "tie"))
    yield from common("lebanese_ghouls", ("farmers",))


def one_night() -> Iterator[EventBody]:
    from llm_werewolf.rules.variants.one_night.roles import NIGHT_ORDER  # the role units' too

    yield from wake_sleep(NIGHT_ORDER)
    yield from wake_sleep(("insomniac",), ("doppel_wake", "doppel_sleep"))
    yield from (Cue(key=k) for k in ("discussion", "vote"))
    yield WhisperNoticed(seat=1, to=4)
    yield from deaths("vote", "vote", role="tanner", empty=True)
    yield from deaths("hunter", "hunter", role="werewolf")
    yield from tallies(("vote",), ("killed", "nobody"))
    for key in ("doppelganger_copied", "doppelganger_became", "investigator_became"):
        yield Announcement(key=key, value="werewolf")
    yield from common("one_night", ("village",))


def online_mafia() -> Iterator[EventBody]:
    from llm_werewolf.rules.variants.online_mafia.wake import WAKE_ORDER

    yield from wake_sleep(tuple(step for step, _ in WAKE_ORDER))
    yield from deaths("morning", "mafia", "butcher", "twin_soul", "guilt", empty=True)
    yield from deaths("morning", "mafia", "veteran", role="citizen")
    yield from deaths("execution", "execution", "twin_soul", role="jester")
    yield from deaths("execution", "volunteered", role="volunteer")
    for status in ("blackmailed", "judged"):
        yield from (StatusChanged(seat=2, status=status, value=v) for v in ("on", "off"))
    yield Announcement(key="silenced", seats=(2,))
    yield Announcement(key="jester_wins", seats=(2,))
    yield Announcement(key="volunteered", seats=(2, 5))
    yield Announcement(key="remembered", seats=(2,), value="doctor")
    yield from tallies(("nominate_1", "nominate_2"), ("trial", "no_trial"))
    yield from tallies(("verdict_1", "verdict_2"), ("guilty", "innocent"))
    yield from common("online_mafia", ("mafia", "jester"))


def with_declared(variant: str, listed: Callable[[], Iterator[EventBody]]) -> Callable[[], Iterator[EventBody]]:
    """The listed steps, then every declared announcement key they leave out in its plainest form
    (one seat) and every public status line of the ruleset's own pack they leave out: a key a role
    unit declares (``units/``) is voiced here without editing this file."""

    def steps() -> Iterator[EventBody]:
        events = list(listed())
        yield from events
        rules = get_ruleset(variant)
        keys = {e.key for e in events if isinstance(e, Announcement)}
        yield from (Announcement(key=k, seats=(4,)) for k in rules.announcement_keys if k not in keys)
        statuses = {(e.status, e.value) for e in events if isinstance(e, StatusChanged)}
        own = own_keys(rules.source_language, variant)
        for status in rules.statuses:
            for value in ("on", "off"):
                if (status, value) not in statuses and f"status.{status}.{value}" in own:
                    yield StatusChanged(seat=4, status=status, value=value)

    return steps


STEPS = {
    variant: with_declared(variant, listed)
    for variant, listed in (
        ("chinese_werewolf", chinese_werewolf),
        ("city_mafia", city_mafia),
        ("lebanese_ghouls", lebanese_ghouls),
        ("one_night", one_night),
        ("online_mafia", online_mafia),
    )
}
CASES = [(variant, language) for variant in RULESETS for language in languages(variant)]


def test_every_ruleset_has_its_steps_listed() -> None:
    assert set(STEPS) == set(RULESETS)


@pytest.mark.parametrize("variant", RULESETS)
def test_the_steps_cover_the_rulesets_declared_vocabulary(variant: str) -> None:
    """A key, result or reason the ruleset declares (announcement_keys, ballots, outcome_reasons)
    must be voiced: adding one to a ruleset fails here until a step (and its line) is added."""
    rules = get_ruleset(variant)
    events = list(STEPS[variant]())
    keys = {e.key for e in events if isinstance(e, Announcement)}
    assert set(rules.announcement_keys) <= keys, set(rules.announcement_keys) - keys
    reasons = {e.reason for e in events if isinstance(e, GameEnded)}
    assert rules.reason_ids() <= reasons, rules.reason_ids() - reasons
    for ballot in {e.ballot for e in events if isinstance(e, VoteTally)}:
        assert ballot in rules.ballots, f"{variant} declares no ballot {ballot!r}"
        results = {e.result for e in events if isinstance(e, VoteTally) and e.ballot == ballot}
        assert set(rules.ballots[ballot]) <= results, (ballot, set(rules.ballots[ballot]) - results)


@pytest.mark.parametrize(("variant", "language"), CASES)
def test_every_step_renders(variant: str, language: str) -> None:
    narrator = TemplateNarrator(variant, language, NAMES)
    own = own_keys(language, variant)
    pack = load_pack(language, variant)
    keys: set[str] = set()
    for seq, event in enumerate(STEPS[variant]()):
        moment = moment_of(make_record(seq, "day:1", PUBLIC, event))
        assert moment is not None
        found = pack.find(*moment.keys)
        assert found is not None, f"{variant}/{language}: nothing voices {moment.keys}"
        key = found[0]
        assert key in own, f"{variant}/{language}: {key} is not in the ruleset's own pack"
        silent = pack.lines[key] == ("",)
        # every alternative of the line (picked by sequence number) renders
        for shift in range(len(pack.lines[key])):
            shifted = moment_of(make_record(seq + shift * 10_000, "day:1", PUBLIC, event))
            assert shifted is not None
            rendered = narrator.render(shifted)
            assert (rendered is None) == silent, f"{variant}/{language}: {key} -> {rendered}"
            if rendered is not None:
                assert "seat:" not in rendered[1] and "{{" not in rendered[1], rendered
        keys.add(key)
    unused = own - keys
    assert not unused, f"{variant}/{language}: lines no step uses: {sorted(unused)}"


VOICED_SPEECH = {"chinese_werewolf", "city_mafia"}
"""The rulesets whose rules give a departing player last words."""


@pytest.mark.parametrize(("variant", "language"), CASES)
def test_last_words_are_closed_by_the_narrator_and_other_speech_is_not(variant: str, language: str) -> None:
    narrator = TemplateNarrator(variant, language, NAMES)
    speech = Speech(seat=4, text="I was the seer: seat 2 is a wolf.", stage="last_words", claim="seer")
    line = narrator.line_for(make_record(7, "day:1", PUBLIC, speech))
    if variant in VOICED_SPEECH:
        assert line is not None and line.key == "last_words" and line.about == 7
        assert narrator.seat_label(4) in line.text  # the table hears whose last words end
        assert "seat 2 is a wolf" not in line.text and narrator.role("seer") not in line.text
    else:
        assert line is None, f"{variant} has no last words but voices them: {line}"
    for stage in ("discussion", "defense", "campaign"):
        other = make_record(8, "day:1", PUBLIC, Speech(seat=4, text="Hello.", stage=stage))
        assert moment_of(other) is None


def test_the_rules_that_ask_for_last_words_are_the_voiced_ones() -> None:
    """Every ruleset whose decisions include last words has its closing line, in each language."""
    for variant in RULESETS:
        asks = "last_words" in get_ruleset(variant).decision_kinds
        assert asks == (variant in VOICED_SPEECH), variant
        for language in languages(variant):
            assert ("last_words" in own_keys(language, variant)) == asks, (variant, language)
