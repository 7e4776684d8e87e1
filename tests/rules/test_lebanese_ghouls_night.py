"""lebanese_ghouls: the night (Umm Lhaf, lovers, Bassara, ghouls, Jara, Sahra) and its cues."""

from __future__ import annotations

import pytest

from llm_werewolf.rules import Choice
from llm_werewolf.rules.events import ActionTaken, Announcement, Cue, Info, StatusChanged

from .test_lebanese_ghouls_support import announced, deaths, drive, events, idx, new_game, pending_kinds, records

FULL = ("umm_lhaf", "bassara", "ghoul", "ghoul", "sahra", "jara", "sayyad", "farmer", "farmer")
# A=umm_lhaf B=bassara C,D=ghouls E=sahra F=jara G=sayyad H,I=farmers


def cue_keys(game_events: list[Cue]) -> list[str]:
    return [f"{c.key}:{c.role}" if c.role else c.key for c in game_events]


def test_night_one_order_and_cues() -> None:
    game = new_game(*FULL)
    drive(
        game,
        {
            "A": {"umm_lhaf_first": ["H"], "umm_lhaf_second": ["I"]},
            "B": {"bassara_look": ["C"]},
            "C": {"ghoul_kill": ["H"]},
            "D": {"ghoul_kill": ["H"]},
            "F": {"jara_peek": ["sleep"]},
            "E": {"sahra_elixir": ["skip"], "sahra_poison": ["skip"]},
        },
    )
    night = [c for r in records(game, Cue) if r.phase == "night:1" and isinstance(c := r.event, Cue)]
    assert cue_keys(night) == [
        "night_opening",
        "wake:umm_lhaf",
        "sleep:umm_lhaf",
        "lovers_wake",
        "lovers_sleep",
        "wake:bassara",
        "sleep:bassara",
        "wake:ghoul",
        "sleep:ghoul",
        "wake:sahra",
        "sleep:sahra",
    ]
    day = [c for r in records(game, Cue) if r.phase == "day:1" and isinstance(c := r.event, Cue)]
    assert cue_keys(day)[:2] == ["dawn", "discussion"]


def test_later_nights_skip_umm_lhaf_and_open_with_night_falls() -> None:
    game = new_game("umm_lhaf", "bassara", "ghoul", "farmer", "farmer", "farmer")
    decision = drive(
        game,
        {
            "A": {"umm_lhaf_first": ["D"], "umm_lhaf_second": ["E"], "vote": ["B"]},
            "B": {"bassara_look": ["C"], "vote": ["A"]},
            "C": {"ghoul_kill": ["F"], "vote": ["A"]},
            "D": {"vote": ["A"]},
            "E": {"vote": ["A"]},
        },
    )
    assert decision is not None and (decision.kind, decision.seat) == ("bassara_look", idx("B"))
    night2 = [c for r in records(game, Cue) if r.phase == "night:2" and isinstance(c := r.event, Cue)]
    assert cue_keys(night2) == ["night_falls", "wake:bassara"]
    assert deaths(game) == [("F", "ghouls", "day:1"), ("A", "execution", "day:1")]


def test_umm_lhaf_links_two_lovers_who_learn_seats_not_cards() -> None:
    game = new_game(*FULL)
    decision = drive(game, {"A": {"umm_lhaf_first": ["C"], "umm_lhaf_second": ["H"]}})
    assert decision is not None and decision.kind == "bassara_look"
    assert game.state.data.lovers == (idx("C"), idx("H"))
    for seat, partner in (("C", "H"), ("H", "C")):
        view = game.view(idx(seat))
        lover_infos = [e for r in view.records if isinstance(e := r.event, Info) and e.fact == "lover"]
        assert [(i.subject, i.value) for i in lover_infos] == [(idx(partner), None)]
        status = [e for r in view.records if isinstance(e := r.event, StatusChanged)]
        assert [(s.seat, s.status, s.value) for s in status] == [(idx(seat), "lover", "on")]
    for outsider in ("B", "D", "E", "I"):
        view = game.view(idx(outsider))
        assert not any(isinstance(r.event, Info) and r.event.fact == "lover" for r in view.records)
    umm = game.view(idx("A"))
    link = [e for r in umm.records if isinstance(e := r.event, ActionTaken)]
    assert [(a.action, a.targets) for a in link] == [("link", (idx("C"), idx("H")))]


def test_umm_lhaf_may_choose_herself_and_second_pick_excludes_first() -> None:
    game = new_game(*FULL)
    first = game.pending[0]
    assert first.kind == "umm_lhaf_first" and "seat:0" in first.option_ids
    game.submit(first.id, Choice("seat:0"))
    second = game.pending[0]
    assert second.kind == "umm_lhaf_second" and "seat:0" not in second.option_ids
    assert len(second.option_ids) == 8
    game.submit(second.id, Choice("seat:6"))
    assert game.state.data.lovers == (0, 6)


def test_without_umm_lhaf_nobody_is_linked_and_no_lover_cues() -> None:
    game = new_game("bassara", "ghoul", "farmer", "farmer", "farmer")
    assert pending_kinds(game) == [("A", "bassara_look")]
    keys = [c.key for c in events(game, Cue)]
    assert "lovers_wake" not in keys and "wake" in keys
    assert game.state.data.lovers == ()


def test_bassara_sees_a_card_privately() -> None:
    game = new_game(*FULL)
    drive(game, {"A": {"umm_lhaf_first": ["H"], "umm_lhaf_second": ["I"]}, "B": {"bassara_look": ["D"]}})
    seen = [r for r in records(game, Info) if isinstance(r.event, Info) and r.event.fact == "role"]
    assert len(seen) == 1
    assert (seen[0].event.subject, seen[0].event.value) == (idx("D"), "ghoul")  # type: ignore[attr-defined]
    assert seen[0].vis.scope == "seats" and seen[0].vis.seats == (idx("B"),)
    options = next(d for d in game.records if getattr(d.event, "decision", None) == "bassara_look")
    assert "seat:1" not in options.event.options  # type: ignore[attr-defined]


def test_ghouls_learn_each_other_on_night_one() -> None:
    game = new_game(*FULL)
    drive(game, {"A": {"umm_lhaf_first": ["H"], "umm_lhaf_second": ["I"]}, "B": {"bassara_look": ["D"]}})
    team = [r for r in records(game, Info) if isinstance(r.event, Info) and r.event.fact == "team"]
    assert sorted(r.event.subject for r in team) == [idx("C"), idx("D")]  # type: ignore[attr-defined]
    assert all(r.vis.seats == (idx("C"), idx("D")) for r in team)
    kill_options = [d for d in game.pending if d.kind == "ghoul_kill"]
    assert len(kill_options) == 2
    assert all("seat:2" not in d.option_ids and "seat:3" not in d.option_ids for d in kill_options)
    assert all(d.collective and d.group == "ghouls" for d in kill_options)


BASE = {"A": {"umm_lhaf_first": ["H"], "umm_lhaf_second": ["I"]}, "B": {"bassara_look": ["C"]}}


def night(**extra: dict[str, list[str]]) -> dict[str, dict[str, list[str]]]:
    script = {k: dict(v) for k, v in BASE.items()}
    for seat, kinds in extra.items():
        script.setdefault(seat, {}).update(kinds)
    return script


def test_ghouls_plurality_with_three_ghouls() -> None:
    game = new_game("ghoul", "ghoul", "ghoul", "bassara", "farmer", "farmer", "farmer", "farmer")
    drive(
        game,
        {
            "D": {"bassara_look": ["A"]},
            "A": {"ghoul_kill": ["E"]},
            "B": {"ghoul_kill": ["E"]},
            "C": {"ghoul_kill": ["F"]},
        },
    )
    assert game.state.data.prey is None  # morning already ran
    assert deaths(game) == [("E", "ghouls", "day:1")]


def test_ghouls_tie_is_revoted_among_the_tied() -> None:
    game = new_game(*FULL)
    drive(game, night(C={"ghoul_kill": ["G"]}, D={"ghoul_kill": ["H"]}, F={"jara_peek": ["sleep"]}))
    revote = [d for d in game.pending if d.kind == "ghoul_kill"]
    assert [d.option_ids for d in revote] == [("seat:6", "seat:7")] * 2
    tied = [e for e in events(game, Info) if e.fact == "ghouls_tied"]
    assert [t.seats for t in tied] == [(idx("G"), idx("H"))]
    drive(game, {"C": {"ghoul_kill": ["H"]}, "D": {"ghoul_kill": ["H"]}, "E": {"sahra_elixir": ["skip"]}})
    victim = [e for e in events(game, Info) if e.fact == "ghoul_victim"]
    assert [v.subject for v in victim] == [idx("H")]


@pytest.mark.parametrize("seed", range(12))
def test_ghouls_second_tie_is_settled_by_the_seeded_rng(seed: int) -> None:
    def play() -> int | None:
        game = new_game(*FULL, seed=seed)
        drive(game, night(C={"ghoul_kill": ["G", "G"]}, D={"ghoul_kill": ["H", "H"]}, F={"jara_peek": ["sleep"]}))
        victim = [e for e in events(game, Info) if e.fact == "ghoul_victim"]
        return victim[0].subject

    first = play()
    assert first in (idx("G"), idx("H"))
    assert play() == first


def test_second_tie_outcomes_vary_with_the_seed() -> None:
    victims = set()
    for seed in range(30):
        game = new_game(*FULL, seed=seed)
        drive(game, night(C={"ghoul_kill": ["G", "G"]}, D={"ghoul_kill": ["H", "H"]}, F={"jara_peek": ["sleep"]}))
        victims.add(next(e.subject for e in events(game, Info) if e.fact == "ghoul_victim"))
    assert victims == {idx("G"), idx("H")}


def test_jara_peek_reveals_the_ghouls_seats_to_her_only() -> None:
    game = new_game(*FULL)
    drive(game, night(C={"ghoul_kill": ["H"]}, D={"ghoul_kill": ["H"]}, F={"jara_peek": ["peek"]}))
    seen = [r for r in records(game, Info) if isinstance(r.event, Info) and r.event.fact == "ghouls_seen"]
    assert len(seen) == 1
    assert seen[0].event.seats == (idx("C"), idx("D"))  # type: ignore[attr-defined]
    assert seen[0].vis.seats == (idx("F"),)


def test_jara_asleep_learns_nothing() -> None:
    game = new_game(*FULL)
    drive(game, night(C={"ghoul_kill": ["H"]}, D={"ghoul_kill": ["H"]}, F={"jara_peek": ["sleep"]}))
    assert not [e for e in events(game, Info) if e.fact == "ghouls_seen"]


def test_jara_decision_is_peek_or_sleep_defaulting_to_sleep() -> None:
    game = new_game(*FULL)
    drive(game, BASE)
    jara = next(d for d in game.pending if d.kind == "jara_peek")
    assert jara.option_ids == ("peek", "sleep") and jara.default == "sleep"


def test_caught_jara_dies_instead_of_the_prey() -> None:
    game = new_game(*FULL, jara_caught_probability=1.0)
    drive(game, night(C={"ghoul_kill": ["H"]}, D={"ghoul_kill": ["H"]}, F={"jara_peek": ["peek"]}))
    caught = [r for r in records(game, Info) if isinstance(r.event, Info) and r.event.fact == "caught_peeking"]
    assert len(caught) == 1 and caught[0].vis.seats == (idx("C"), idx("D"), idx("F"))
    victim = [e for e in events(game, Info) if e.fact == "ghoul_victim"]
    assert [v.subject for v in victim] == [idx("F")]
    drive(game, {"E": {"sahra_elixir": ["skip"], "sahra_poison": ["skip"]}})
    assert deaths(game) == [("F", "jara_caught", "day:1")]
    morning = announced(game)[0]
    assert [(d.seat, d.cause) for d in morning[1]] == [(idx("F"), "ghouls")]


def test_jara_not_caught_when_she_sleeps_even_with_probability_one() -> None:
    game = new_game(*FULL, jara_caught_probability=1.0)
    drive(
        game,
        night(
            C={"ghoul_kill": ["H"]},
            D={"ghoul_kill": ["H"]},
            F={"jara_peek": ["sleep"]},
            E={"sahra_elixir": ["skip"], "sahra_poison": ["skip"]},
        ),
    )
    assert deaths(game) == [("H", "ghouls", "day:1"), ("I", "grief", "day:1")]


def test_caught_probability_is_drawn_from_the_seeded_rng() -> None:
    outcomes = []
    for seed in range(40):
        game = new_game(*FULL, seed=seed, jara_caught_probability=0.5)
        drive(game, night(C={"ghoul_kill": ["H"]}, D={"ghoul_kill": ["H"]}, F={"jara_peek": ["peek"]}))
        outcomes.append(game.state.data.caught)
        again = new_game(*FULL, seed=seed, jara_caught_probability=0.5)
        drive(again, night(C={"ghoul_kill": ["H"]}, D={"ghoul_kill": ["H"]}, F={"jara_peek": ["peek"]}))
        assert again.state.data.caught == outcomes[-1]
    assert 5 < sum(outcomes) < 35


def test_sahra_is_shown_the_prey_and_may_save_it() -> None:
    game = new_game(*FULL)
    drive(
        game,
        night(
            C={"ghoul_kill": ["H"]},
            D={"ghoul_kill": ["H"]},
            F={"jara_peek": ["sleep"]},
            E={"sahra_elixir": ["elixir"], "sahra_poison": ["skip"]},
        ),
    )
    shown = [r for r in records(game, Info) if isinstance(r.event, Info) and r.event.fact == "ghoul_victim"]
    assert shown[0].vis.seats == (idx("E"),) and shown[0].event.subject == idx("H")  # type: ignore[attr-defined]
    assert deaths(game) == []
    assert announced(game)[0] == ("morning", ())
    saved = [e for e in events(game, Announcement) if e.key == "saved"]
    assert [s.seats for s in saved] == [(idx("H"),)]


def test_sahra_may_save_herself() -> None:
    game = new_game(*FULL)
    drive(
        game,
        night(
            C={"ghoul_kill": ["E"]},
            D={"ghoul_kill": ["E"]},
            F={"jara_peek": ["sleep"]},
            E={"sahra_elixir": ["elixir"], "sahra_poison": ["skip"]},
        ),
    )
    assert deaths(game) == []
    assert [e.seats for e in events(game, Announcement) if e.key == "saved"] == [(idx("E"),)]


def test_elixir_and_poison_in_the_same_night() -> None:
    game = new_game(*FULL)
    drive(
        game,
        night(
            C={"ghoul_kill": ["H"]},
            D={"ghoul_kill": ["H"]},
            F={"jara_peek": ["sleep"]},
            E={"sahra_elixir": ["elixir"], "sahra_poison": ["D"]},
        ),
    )
    assert deaths(game) == [("D", "poison", "day:1")]
    assert [(d.seat, d.cause, d.role) for d in announced(game)[0][1]] == [(idx("D"), "poison", None)]
    assert game.state.data.elixir_used and game.state.data.poison_used


def test_poison_options_exclude_herself_and_the_prey() -> None:
    game = new_game(*FULL)
    decision = drive(
        game,
        night(
            C={"ghoul_kill": ["H"]}, D={"ghoul_kill": ["H"]}, F={"jara_peek": ["sleep"]}, E={"sahra_elixir": ["skip"]}
        ),
    )
    assert decision is not None and decision.kind == "sahra_poison"
    assert decision.default == "skip"
    assert "seat:4" not in decision.option_ids and "seat:7" not in decision.option_ids
    assert decision.option_ids[-1] == "skip" and len(decision.option_ids) == 8


def test_each_potion_only_once_then_sahra_is_a_plain_farmer() -> None:
    roles = ("bassara", "ghoul", "sahra", "farmer", "farmer", "farmer", "farmer")
    game = new_game(*roles)
    script = {
        "A": {"bassara_look": ["D", "D", "C"], "vote": ["E", "D"]},
        "B": {"ghoul_kill": ["D", "F", "A"], "vote": ["E", "D"]},
        "C": {"sahra_elixir": ["elixir"], "sahra_poison": ["skip"], "vote": ["E", "D"]},
        "D": {"vote": ["E", "A"]},
        "E": {"vote": ["F"]},
        "F": {"vote": ["E"]},
        "G": {"vote": ["E"]},
    }
    decision = drive(game, script)
    # night 2: the elixir is spent, so only the poison is asked (she is still shown the prey)
    assert decision is not None and (decision.kind, decision.seat) == ("sahra_poison", idx("C"))
    night2 = [r.event for r in game.records if r.phase == "night:2" and isinstance(r.event, Info)]
    assert [e.subject for e in night2 if e.fact == "ghoul_victim"] == [idx("F")]
    game.submit(decision.id, Choice("seat:6"))
    drive(
        game,
        {
            "A": {"vote": ["D"], "bassara_look": ["C"]},
            "B": {"vote": ["D"], "ghoul_kill": ["A"]},
            "C": {"vote": ["D"]},
            "D": {"vote": ["A"]},
        },
    )
    night3 = [r for r in game.records if r.phase == "night:3"]
    assert night3, "the game reached night 3"
    assert not any(getattr(r.event, "decision", None) in ("sahra_elixir", "sahra_poison") for r in night3)
    night3_cues = [f"{e.key}:{e.role}" for r in night3 if isinstance(e := r.event, Cue)]
    assert "wake:sahra" in night3_cues and "sleep:sahra" in night3_cues  # call_inactive_roles is on
    assert deaths(game)[:4] == [
        ("E", "execution", "day:1"),
        ("F", "ghouls", "day:2"),
        ("G", "poison", "day:2"),
        ("D", "execution", "day:2"),
    ]


def test_inactive_roles_are_not_called_when_switched_off() -> None:
    roles = ("bassara", "ghoul", "sahra", "farmer", "farmer", "farmer", "farmer")
    game = new_game(*roles, call_inactive_roles=False)
    drive(
        game,
        {
            "A": {"bassara_look": ["D"]},
            "B": {"ghoul_kill": ["A", "D"], "vote": ["E"]},
            "C": {"sahra_elixir": ["skip"], "sahra_poison": ["skip"], "vote": ["E"]},
            "D": {"vote": ["E"]},
            "E": {"vote": ["F"]},
            "F": {"vote": ["E"]},
            "G": {"vote": ["E"]},
        },
    )
    night2 = [e for r in game.records if r.phase == "night:2" and isinstance(e := r.event, Cue)]
    assert [c.role for c in night2 if c.key == "wake"] == ["ghoul", "sahra"]


def test_dead_bassara_is_still_called_by_default() -> None:
    roles = ("bassara", "ghoul", "sahra", "farmer", "farmer", "farmer", "farmer")
    game = new_game(*roles)
    drive(
        game,
        {
            "A": {"bassara_look": ["D"]},
            "B": {"ghoul_kill": ["A"], "vote": ["E"]},
            "C": {"sahra_elixir": ["skip"], "sahra_poison": ["skip"], "vote": ["E"]},
            "D": {"vote": ["E"]},
            "E": {"vote": ["F"]},
            "F": {"vote": ["E"]},
            "G": {"vote": ["E"]},
        },
    )
    night2 = [e for r in game.records if r.phase == "night:2" and isinstance(e := r.event, Cue)]
    assert [f"{c.key}:{c.role}" for c in night2][1:3] == ["wake:bassara", "sleep:bassara"]
    assert pending_kinds(game) == [("B", "ghoul_kill")]
