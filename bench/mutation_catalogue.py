"""The deliberate rule changes bench/mutations.py applies, per ruleset.

A :class:`Mutation` replaces one exact snippet ``old`` (it must occur exactly once) of
``llm_werewolf/rules/variants/<ruleset>/<file>`` with ``new``. Each says in ``what`` which
rule it breaks; the suite must notice every one of them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass


@dataclass(frozen=True)
class Mutation:
    ruleset: str
    id: str
    file: str
    old: str
    new: str
    what: str


def _cw(id: str, file: str, old: str, new: str, what: str) -> Mutation:
    return Mutation("chinese_werewolf", id, file, old, new, what)


CHINESE_WEREWOLF: tuple[Mutation, ...] = (
    _cw(
        "mixed_couple_inverted",
        "win.py",
        "    return first != second",
        "    return first == second",
        "a same-side couple counts as mixed and a mixed one as same-side",
    ),
    _cw(
        "same_side_couple_plays_for_lovers",
        "win.py",
        "if data.lovers is not None and seat in data.lovers and mixed_couple(state):",
        "if data.lovers is not None and seat in data.lovers:",
        "lovers of one side play for the lovers' side",
    ),
    _cw(
        "lover_wolf_counts_for_wolves",
        "win.py",
        "if not any(side_of(state, i) == WOLVES for i in state.living()):",
        "if not any(state.seat(i).role == WEREWOLF for i in state.living()):",
        "a mixed couple's wolf still counts as a living wolf for the wolves' win",
    ),
    _cw(
        "kept_thief_not_a_villager",
        "roles.py",
        "VILLAGER_LIKE = frozenset({VILLAGER, THIEF})",
        "VILLAGER_LIKE = frozenset({VILLAGER})",
        "a thief who kept his card does not count as a plain villager",
    ),
    _cw(
        "victory_mode_inverted",
        "win.py",
        'if state.options.victory_mode == "all_good":',
        'if state.options.victory_mode != "all_good":',
        "side wipe and all-good swapped",
    ),
    _cw(
        "lovers_win_same_side_too",
        "win.py",
        "if lovers is not None and set(living) == set(lovers) and mixed_couple(state):",
        "if lovers is not None and set(living) == set(lovers):",
        "any couple left alone wins as lovers",
    ),
    _cw(
        "everyone_dead_wrong_reason",
        "win.py",
        "return Outcome((), (), Reason.EVERYONE_DEAD)",
        "return Outcome((), (), Reason.GOOD_DEAD)",
        "an empty table is reported as the wolves' reason",
    ),
    _cw(
        "dead_members_do_not_win",
        "win.py",
        "return tuple(s.index for s in state.seats if side_of(state, s.index) == side)",
        "return tuple(s.index for s in state.seats if s.alive and side_of(state, s.index) == side)",
        "dead members of the winning side do not win",
    ),
    _cw(
        "exiled_hunter_cannot_shoot",
        "deaths.py",
        'SHOT_CAUSES = frozenset({"wolves", "guard_and_antidote", "exile"})',
        'SHOT_CAUSES = frozenset({"wolves", "guard_and_antidote"})',
        "an exiled hunter does not shoot",
    ),
    _cw(
        "poisoned_hunter_shoots",
        "deaths.py",
        'SHOT_CAUSES = frozenset({"wolves", "guard_and_antidote", "exile"})',
        'SHOT_CAUSES = frozenset({"wolves", "guard_and_antidote", "exile", "poison"})',
        "a poisoned hunter shoots",
    ),
    _cw(
        "hunter_silent_after_double_protection",
        "deaths.py",
        'SHOT_CAUSES = frozenset({"wolves", "guard_and_antidote", "exile"})',
        'SHOT_CAUSES = frozenset({"wolves", "exile"})',
        "a hunter dying of 同守同救 does not shoot",
    ),
    _cw(
        "no_grief",
        "deaths.py",
        "            partner = partner_of(ctx.data, seat)\n",
        "            partner = None\n",
        "a lover does not die of grief",
    ),
    _cw(
        "shooting_hunter_card_hidden",
        "deaths.py",
        "reveal = cause in FLIPPED_CAUSES or may_shoot(role, cause)",
        "reveal = cause in FLIPPED_CAUSES",
        "a hunter entitled to shoot does not flip his card",
    ),
    _cw(
        "badge_of_the_living",
        "deaths.py",
        "if sheriff is not None and sheriff in dying:",
        "if sheriff is not None and sheriff not in dying:",
        "the badge is handled for the wrong sheriff",
    ),
    _cw(
        "hunter_cannot_decline",
        "deaths.py",
        'ctx.ask(self.seat, "hunter_shot", [*options, SKIP_OPTION], default=SKIP)',
        'ctx.ask(self.seat, "hunter_shot", options)',
        "the hunter must shoot",
    ),
    _cw(
        "double_protection_saves",
        "day.py",
        "            if ctx.options.same_guard_same_save_dies:",
        "            if not ctx.options.same_guard_same_save_dies:",
        "同守同救 inverted",
    ),
    _cw(
        "guard_useless",
        "day.py",
        "        elif not guarded and not data.saved:",
        "        elif not data.saved:",
        "the guard does not protect the wolves' victim",
    ),
    _cw(
        "night_two_last_words",
        "day.py",
        'policy == "first_night_and_day" and ctx.state.phase.number == 1',
        'policy == "first_night_and_day" and ctx.state.phase.number == 2',
        "last words go to night 2's dead instead of night 1's",
    ),
    _cw(
        "sheriff_weighs_two", "day.py", "SHERIFF_WEIGHT = 1.5", "SHERIFF_WEIGHT = 2.0", "the sheriff's ballot weighs 2"
    ),
    _cw(
        "tie_exiles_first",
        "day.py",
        "        if len(top) == 1:\n            exiled",
        "        if len(top) >= 1:\n            exiled",
        "an exile tie exiles the first tied player",
    ),
    _cw(
        "tied_players_vote_in_pk",
        "day.py",
        "voters = tuple(s for s in ctx.state.living() if s not in tied)",
        "voters = ctx.state.living()",
        "the tied players vote in the PK revote",
    ),
    _cw(
        "sheriff_speaks_first",
        "day.py",
        "        order.append(sheriff)",
        "        order.insert(0, sheriff)",
        "the sheriff speaks first",
    ),
    _cw(
        "self_vote_by_default",
        "day.py",
        "if i != voter or self_vote]",
        "if i != voter or not self_vote]",
        "self-votes offered by default and refused when switched on",
    ),
    _cw(
        "guard_may_repeat",
        "night.py",
        "options = [seat_opt(i) for i in ctx.state.living() if i != last]",
        "options = [seat_opt(i) for i in ctx.state.living()]",
        "the guard may guard the same player twice running",
    ),
    _cw(
        "witch_poisons_herself",
        "night.py",
        "options: list[Option] = [seat_opt(i) for i in ctx.state.living() if i != witch]",
        "options: list[Option] = [seat_opt(i) for i in ctx.state.living()]",
        "the witch may poison herself",
    ),
    _cw(
        "witch_self_save_second_night",
        "night.py",
        'policy == "first_night_only" and ctx.state.phase.number == 1',
        'policy == "first_night_only" and ctx.state.phase.number == 2',
        "first_night_only self-save allowed on night 2 instead",
    ),
    _cw(
        "two_potions_a_night",
        "night.py",
        "            elif self._ask_poison(ctx, witch):\n                return",
        "            if self._ask_poison(ctx, witch):\n                return",
        "the witch may poison on the night she used the antidote",
    ),
    _cw(
        "seer_checks_herself",
        "night.py",
        "[seat_opt(i) for i in ctx.state.living() if i != seer]",
        "[seat_opt(i) for i in ctx.state.living()]",
        "the seer may check herself",
    ),
    _cw(
        "wolf_tie_kills",
        "night.py",
        "victim = key_seat(top[0]) if len(top) == 1 else None",
        "victim = key_seat(top[0])",
        "a tie among the wolves kills the first named",
    ),
    _cw(
        "thief_if_both_acts_as_if_any",
        "night.py",
        '(rule == "if_any" or len(wolf_slots) == len(extra))',
        '(rule == "if_any" or len(wolf_slots) >= 1)',
        "the thief is forced when only one extra card is a werewolf",
    ),
    _cw(
        "absent_thief_not_faked",
        "night.py",
        "        _wake(ctx, THIEF, always=True)",
        "        _wake(ctx, THIEF)",
        "night 1 does not fake the thief's step when nobody holds the card",
    ),
    _cw(
        "withdrawn_candidates_vote",
        "sheriff.py",
        "ctx.push(SheriffVote(staying, self.voters, 1))",
        "ctx.push(SheriffVote(staying, (*self.voters, *withdrawn), 1))",
        "withdrawn sheriff candidates vote",
    ),
    _cw(
        "three_sheriff_rounds",
        "sheriff.py",
        "        if self.round >= 2:",
        "        if self.round >= 3:",
        "a second sheriff tie leads to a third vote",
    ),
    _cw(
        "candidates_vote_for_sheriff",
        "sheriff.py",
        "voters = tuple(d.seat for d, c in answers if c.option != RUN)",
        "voters = tuple(d.seat for d, c in answers)",
        "sheriff candidates vote in the election",
    ),
    _cw(
        "election_every_day",
        "flow.py",
        "if number == 1 and ctx.options.sheriff:",
        "if ctx.options.sheriff:",
        "a sheriff election every day",
    ),
    _cw(
        "little_girl_always_caught",
        "night.py",
        "if chance > 0.0 and ctx.random() < chance:",
        "if ctx.random() >= chance:",
        "the little girl is caught when the chance says she is not",
    ),
    _cw(
        "self_destruct_keeps_the_day",
        "talk.py",
        "    ctx.update_data(day_over=True)\n",
        "",
        "a self-destruct does not end the day",
    ),
    _cw(
        "hunter_timing_ignored",
        "deaths.py",
        'if ctx.options.hunter_shot_timing == "after_win_check":',
        'if ctx.options.hunter_shot_timing == "never":',
        "the platform's win-check-first order is ignored",
    ),
    _cw(
        "witch_always_blind_after_antidote",
        "night.py",
        'if data.antidote or ctx.options.witch_told_victim == "always":',
        "if data.antidote:",
        "the witch is not told the victim after the antidote, even by default",
    ),
)

CATALOGUE: Mapping[str, tuple[Mutation, ...]] = {
    "chinese_werewolf": CHINESE_WEREWOLF,
}
