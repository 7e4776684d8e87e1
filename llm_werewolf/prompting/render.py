"""Render a seat's prompt from its view, its persona and the game's language.

The shared part comes first: ``system`` (the rules of this table, the seats and the
deck, how to read the history: the same for every seat of the game) and, at the
start of ``user``, the public history (earlier days compacted, see
:mod:`.history`). The seat's private part comes last: its card, tips, persona,
private notes, the decision and the answer format. So a server's prompt cache
or llama.cpp's KV cache reuses everything up to the newest lines, across seats
too. Transcript-style models also get a ``cue`` to continue (``Bob: “``).

Nothing here reads the game state: only the :class:`SeatView` (records that
seat may see: the rules text comes from its public ``GameStarted`` record),
static ruleset metadata (role and side ids) and prompt data. History lines are
rendered once per record (or group of records) and cached per seat.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from string import Template
from typing import Any

from jinja2 import TemplateError

from ..llm.base import AnswerMode
from ..llm.profiles import Profile
from ..role_texts import layered
from ..rules import Decision, Option, SeatView, get_ruleset
from ..strings.sanitize import DELIMITERS, clean_line, clean_name
from ..texts import TextDataError
from .budgets import BUDGETS, PromptBudgets
from .environment import get_template, string_template
from .errors import PromptError as PromptError
from .history import HistoryBook, HistoryParts
from .packs import MissingPromptFile, merged_yaml, require_pack, search_roots
from .personas import Persona
from .rules_text import dealt_role_rules, role_flags, told_switches, view_options
from .say import Say, history_words, words_for

CUT_TO = 0.7
"""When the history outgrows its budget, it is cut down to this share of the budget."""


@dataclass(frozen=True, slots=True)
class Prompt:
    """A rendered prompt plus how the answer must look."""

    system: str
    user: str
    cue: str
    mode: AnswerMode
    labels: tuple[str, ...]
    """Model-facing option labels, aligned with ``decision.options``."""
    claims: Mapping[str, str] = field(default_factory=dict)
    """Model-facing role-claim labels -> role ids (speech decisions)."""
    schema: Mapping[str, Any] | None = None
    stop: tuple[str, ...] = ()
    max_chars: int = 0
    speech: bool = False
    pick_cue: str = ""
    """Transcript style, a speech with several options: after the speech, this cue asks for the option."""

    def text(self) -> str:
        parts = [self.system, self.user]
        if self.cue:
            parts.append(self.cue)
        return "\n\n".join(parts)


def names_apart(role_name: str, side_name: str) -> bool:
    """Whether a card's side needs naming next to its role: not when both names are one word
    (city_mafia's «Мафия (Мафия)», a lone killer whose side is himself)."""
    return role_name.casefold() != side_name.casefold()


class Phrasebook:
    """Ruleset phrases from ``decisions.yaml`` (``events``, ``options``, ``kinds``, ``roles``)."""

    def __init__(self, roots: tuple[Path, ...], language: str, variant: str) -> None:
        self.roots = roots
        self.language = language
        self.variant = variant
        self.common = merged_yaml(roots, [f"{language}/common/decisions.yaml"])
        self.data = merged_yaml(roots, [f"{language}/common/decisions.yaml", f"{language}/{variant}/decisions.yaml"])
        self.variant_data = merged_yaml(roots, [f"{language}/{variant}/decisions.yaml"])
        self.terms = merged_yaml(roots, [f"{language}/common/terms.yaml", f"{language}/{variant}/terms.yaml"])
        for merged, section in ((self.data, "decisions"), (self.variant_data, "decisions"), (self.terms, "terms")):
            layered(merged, roots, language, variant, section)  # the role files (prompts/<lang>/<variant>/roles/)
        self.separator = str(self.data.get("separator", ", "))
        quotes = self.data.get("quotes") or {}
        self.open_quote = str(quotes.get("open", "“"))
        self.close_quote = str(quotes.get("close", "”"))

    def section(self, name: str) -> dict[str, Any]:
        value = self.data.get(name) or {}
        return value if isinstance(value, dict) else {}

    def render(self, source: str, context: Mapping[str, Any], where: str) -> str:
        try:
            return string_template(self.roots, source).render(context).strip()
        except TemplateError as exc:
            raise PromptError(f"{where}: {type(exc).__name__}: {exc}") from None

    def instruction(self, kind: str, context: Mapping[str, Any], brief: bool = False) -> str:
        """The decision's instruction (``kinds``); with ``brief``, the kind's short form (``briefs``) where it
        has one."""
        briefs = (self.variant_data.get("briefs") or {}) if brief else {}
        short = briefs.get(kind) if isinstance(briefs, dict) else None
        if isinstance(short, str):
            return self.render(short, context, f"{self.language}/{self.variant}/decisions.yaml briefs.{kind}")
        kinds = self.variant_data.get("kinds") or {}
        source = kinds.get(kind) if isinstance(kinds, dict) else None
        if not isinstance(source, str):
            raise MissingPromptFile(
                f"prompts/{self.language}/{self.variant}/decisions.yaml has no instruction for decision kind {kind!r}"
            )
        return self.render(source, context, f"{self.language}/{self.variant}/decisions.yaml kinds.{kind}")

    def tip(self, role: str | None, context: Mapping[str, Any]) -> str:
        roles = self.variant_data.get("roles") or {}
        source = roles.get(role) if isinstance(roles, dict) and role else None
        if not isinstance(source, str):
            return ""
        return self.render(source, context, f"{self.language}/{self.variant}/decisions.yaml roles.{role}")

    def phrase(self, key: str, context: Mapping[str, Any]) -> str:
        """The line for ``key`` (``cue.wake``, ``announcement.peaceful_night``...), or "".

        ``decisions.yaml`` ``events`` (Jinja) come first; then the ruleset's ``terms.yaml``
        (``cues``, ``announcements``: ``$seats`` templates, substituted, never compiled; ``facts``).
        """
        events = self.section("events")
        source = events.get(key)
        if isinstance(source, str):
            return self.render(source, context, f"decisions.yaml events.{key}")
        return self._term_phrase(key, context)

    def _term_phrase(self, key: str, context: Mapping[str, Any]) -> str:
        group, _, name = key.partition(".")
        item = context.get("item")
        if not isinstance(item, Mapping):
            return ""
        if group == "cue":
            cues = self.terms.get("cues") or {}
            entry = cues.get(name) if isinstance(cues, dict) else None
            if isinstance(entry, dict):
                entry = entry.get(item.get("role"))
            return str(entry) if isinstance(entry, str) else ""
        if group == "info":
            facts = self.terms.get("facts") or {}
            entry = facts.get(name) if isinstance(facts, dict) else None
            if not isinstance(entry, str):
                return ""
            names = context.get("names") or []
            seats = [s for s in item.get("seats", ()) if 0 <= s < len(names)]
            subject = item.get("subject")
            if not seats and isinstance(subject, int) and 0 <= subject < len(names):
                seats = [subject]
            return f"{entry} {self.separator.join(names[s] for s in seats)}".strip() if seats else entry
        if group == "announcement":
            table = self.terms.get("announcements") or {}
            entry = table.get(name) if isinstance(table, dict) else None
            if not isinstance(entry, str):
                return ""
            names = context.get("names") or []
            joined = self.separator.join(names[s] for s in item.get("seats", ()) if 0 <= s < len(names))
            value = item.get("value")
            return Template(entry).safe_substitute(seats=joined, value="" if value is None else str(value))
        return ""

    def option_label(self, option_id: str) -> str:
        """Label of a plain option: the ruleset's decisions.yaml, its terms.yaml, then the shared labels."""
        for table in (
            self.variant_data.get("options"),
            self.terms.get("options"),
            self.terms.get("results"),
            self.common.get("options"),
        ):
            if isinstance(table, dict) and table.get(option_id) is not None:
                return str(table[option_id])
        return option_id

    def term(self, section: str, key: str | None) -> str:
        """``terms.yaml`` ``section.key`` (the key itself when there is none)."""
        table = self.terms.get(section) or {}
        value = table.get(key) if isinstance(table, dict) and key is not None else None
        return str(value) if value is not None else str(key)

    def narrator(self) -> str:
        """What the moderator is called (terms ``moderator``/``narrator``, else the shared label)."""
        for value in (self.terms.get("moderator"), self.terms.get("narrator"), self.common.get("narrator")):
            if isinstance(value, str) and value:
                return value
        return "Moderator"

    def status_name(self, status: str) -> str:
        names = self.terms.get("statuses") or {}
        name = names.get(status) if isinstance(names, dict) else None
        return str(name) if name else status

    def role_name(self, role: str | None) -> str:
        if role is None:
            return "?"
        names = self.terms.get("roles") or {}
        name = names.get(role) if isinstance(names, dict) else None
        return str(name) if name else role

    def side_name(self, side: str | None) -> str:
        if side is None:
            return "?"
        names = self.terms.get("sides") or {}
        name = names.get(side) if isinstance(names, dict) else None
        return str(name) if name else side

    def cause_name(self, cause: str | None) -> str:
        if cause is None:
            return ""
        names = self.terms.get("causes") or {}
        name = names.get(cause) if isinstance(names, dict) else None
        return str(name) if name else cause


class SeatPrompter:
    """Prompts for one seat of one game, with the seat's history lines cached."""

    def __init__(
        self,
        *,
        language: str,
        variant: str,
        seat: int,
        profile: Profile,
        persona: Persona | None = None,
        packs: Sequence[str | Path] = (),
        budgets: PromptBudgets = BUDGETS,
    ) -> None:
        self.language = language
        self.variant = variant
        self.seat = seat
        self.profile = profile
        self.persona = persona
        self.roots = search_roots(packs)
        require_pack(self.roots, language, variant)
        self.book = Phrasebook(self.roots, language, variant)
        self.ruleset = get_ruleset(variant)
        self._history_book: HistoryBook | None = None
        self._system_cache: str | None = None
        self._static: dict[str, Any] | None = None
        self.budgets = budgets

    # -- static context (names, roles, deck: fixed for a game) -----------------
    def _static_context(self, view: SeatView) -> dict[str, Any]:
        if self._static is not None:
            return self._static
        book = self.book
        names = [clean_name(name) for name in view.names]
        deck_counts: dict[str, int] = {}
        for role in view.deck:
            deck_counts[role] = deck_counts.get(role, 0) + 1
        roles = {role: book.role_name(role) for role in self.ruleset.roles}
        sides = {side: book.side_name(side) for side in self.ruleset.sides}
        claimable = sorted(role for role in self.ruleset.claimable_roles() if role in deck_counts)
        self._static = {
            "lang": self.language,
            "variant": self.variant,
            "style": self.profile.style,
            "names": names,
            "roles": roles,
            "sides": sides,
            "causes": {cause: book.cause_name(cause) for cause in self.ruleset.death_causes},
            "deck": [{"role": r, "name": roles.get(r, r), "count": n} for r, n in sorted(deck_counts.items())],
            "claimable": [{"id": r, "name": roles.get(r, r)} for r in claimable],
            "narrator": book.narrator(),
            "quote_open": book.open_quote,
            "quote_close": book.close_quote,
            "persona": self.persona.as_context() if self.persona else None,
            "limits": {
                "speech": self.profile.speech_chars,
                "thought": self.profile.thought_chars,
                "reason": self.profile.reason_chars,
                "acts": self.profile.speech_acts,
            },
        }
        rules = view_options(view)
        self._static["rules"] = rules
        self._static["has"] = role_flags(self.variant, view.deck)
        self._static["deck_roles"] = sorted(deck_counts)
        self._static["told"] = told_switches(self.roots, self.language, self.variant, rules, self._static)
        self._static["role_rules"] = dealt_role_rules(self.roots, self.language, self.variant, view.deck, self._static)
        self._static["label"] = self._label
        self._static["phrase"] = self._phrase
        self._static["role_name"] = book.role_name
        self._static["side_name"] = book.side_name
        self._static["cause_name"] = book.cause_name
        self._static["status_name"] = book.status_name
        self._static["term"] = book.term
        self._static["player"] = self._player
        self._static["say"] = Say(history_words(self.roots, self.language), self.language)
        self._static["words"] = words_for(self.roots, self.language)
        self._static["wake"] = self._wake
        self._static["female"] = self._seat_female
        self._static["role_of"] = self._role_of
        return self._static

    def rules(self, view: SeatView) -> str:
        """The rules text this seat reads (``rules.j2`` for this game's deck and switches, then the
        dealt roles' own sentences from their role files)."""
        context = self._static_context(view)
        text = self._render_file(f"{self.language}/{self.variant}/rules.j2", context)
        return "\n".join([text, *context["role_rules"]])

    def _wake(self, role: str | None) -> str:
        """The moderator's wake-up line for ``role`` in the card's own grammar: a card called in the
        feminine or the plural (``role_address`` in the ruleset's vocabulary: «العرّافة، استيقظي», «الغيلان،
        فيقوا») takes ``wake_female`` / ``wake_plural`` where the language has them."""
        from ..describe.vocabulary import vocabulary

        assert self._static is not None
        say: Say = self._static["say"]
        name = self.book.role_name(role)
        words = vocabulary(self.language, self.variant)
        form = words.word("role_address", role, default="") if role and words.has("role_address", role) else ""
        if form and f"wake_{form}" in say.words:
            if form == "plural" and role and words.has("role_plurals", role):
                name = words.word("role_plurals", role)
            return say(f"wake_{form}", role=name)
        return say("wake", role=name)

    def _player(self, seat: int | None) -> str:
        if seat is None or self._static is None:
            return "?"
        names: list[str] = self._static["names"]
        return names[seat] if 0 <= seat < len(names) else "?"

    def _seat_female(self, seat: int | None) -> bool:
        """Whether a seat is spoken of in the feminine (its persona's gender for this seat, else its name's)."""
        if seat is None or self._static is None or not 0 <= seat < len(self._static["names"]):
            return False
        if seat == self.seat:
            return self._female(self._static["names"][seat])
        from ..describe import seat_genders

        return seat_genders(self.language, self.variant, [self._static["names"][seat]])[0] == "female"

    def _role_of(self, role: str | None, seat: int | None = None) -> str:
        """A role's name agreeing with the seat it is said of, the reader's own seat when none is given
        («أنت الآن العرّاف» to a man, «العرّافة» to a woman; Arabic, Hebrew)."""
        from ..describe import vocabulary

        if role is None:
            return self.book.role_name(role)
        female = self._seat_female(self.seat if seat is None else seat)
        return vocabulary(self.language, self.variant).role(role, "female" if female else "male")

    def _label(self, option_id: str) -> str:
        if option_id.startswith("seat:"):
            return self._player(int(option_id[5:]))
        if option_id.startswith("center:"):
            number = int(option_id[7:]) + 1
            return self.book.phrase("option.center", {"n": number}) or f"center {number}"
        return self.book.option_label(option_id)

    def _phrase(self, key: str, **values: Any) -> str:
        context = dict(self._static or {})
        context.update(values)
        return self.book.phrase(key, context)

    # -- history ---------------------------------------------------------------
    def _history(
        self,
        view: SeatView,
        static: Mapping[str, Any],
        earlier_chars: int | None = None,
        current_chars: int | None = None,
        private_chars: int | None = None,
    ) -> HistoryParts:
        if self._history_book is None:
            template = get_template(self.roots, f"{self.language}/common/history.j2")
            module = template.make_module({**static, "me": {"seat": self.seat}})

            def render(macro: str, item: dict[str, Any]) -> str:
                found = getattr(module, macro, None)
                if found is not None:
                    return str(found(item))
                # A user pack's history.j2 from before the compacted history has only ``line``.
                line = module.line  # type: ignore[attr-defined]
                if macro == "ballot":
                    parts = [*item["votes"], *([item["tally"]] if item["tally"] else [])]
                    return "\n".join(str(line(part)).strip() for part in parts)
                if macro == "cues":
                    return "\n".join(str(line(part)).strip() for part in item["cues"])
                return str(line(item))

            self._history_book = HistoryBook(
                render,
                budget=self.profile.history_chars,
                cut_to=CUT_TO,
                where=f"{self.language}/common/history.j2",
                full_chars=min(self.profile.history_in_full, self.budgets.current_day),
            )
        from ..speech.voice import acts_text  # the speech package renders through prompting: import late

        # A transcript's private note states the seat's card (turn.j2): its dealt card's line would repeat it.
        # Its private part is evaluated again on every call (it follows the shared history): it is kept terse.
        transcript = self.profile.style == "transcript"
        stated_card = (self.seat, view.role) if transcript and view.role is not None else None

        # A base model continuing a transcript copies what it reads: its own past
        # thoughts would come back out in public speech, so it does not see them.
        return self._history_book.parts(
            view.records,
            quote_chars=self.profile.quote_chars,
            hide_thoughts=transcript,
            speech_acts=lambda event: acts_text(event, view, words_shown=self.profile.speech_words),
            speech_words=self.profile.speech_words,
            stated_card=stated_card,
            terse_private=transcript,
            earlier_chars=earlier_chars,
            current_chars=current_chars,
            private_chars=private_chars,
        )

    # -- the prompt ------------------------------------------------------------
    def _female(self, name: str) -> bool:
        """Whether the seat is addressed in the feminine (Hebrew and Arabic verbs, Russian past tense):
        the persona's gender when the seat bears the persona's name, else the seat name's gender in
        the phrase bank, else the persona's."""
        persona = self.persona.gender if self.persona is not None else None
        if self.persona is not None and persona in ("male", "female") and clean_name(self.persona.name) == name:
            return persona == "female"
        from ..speech.phrases import phrase_bank  # the speech package renders through prompting: import late

        try:
            known = phrase_bank(self.language, self.variant).genders.get(name)
        except TextDataError:
            known = None
        return (known or persona) == "female"

    def _options(self, decision: Decision) -> list[dict[str, Any]]:
        options: list[dict[str, Any]] = []
        seen: set[str] = set()
        for option in decision.options:
            label = clean_line(self._label(option.id), 80) or option.id
            if label.casefold() in seen:
                label = f"{label} ({option.id})"
            seen.add(label.casefold())
            options.append(_option_context(option, label))
        return options

    def prompt(
        self,
        view: SeatView,
        decision: Decision,
        *,
        error: str | None = None,
        attempt: int = 0,
        switch_language: bool = False,
    ) -> Prompt:
        if view.seat != self.seat:
            raise ValueError(f"this prompter serves seat {self.seat}, not {view.seat}")
        static = self._static_context(view)
        budgets = self.budgets
        earlier, current, private = budgets.earlier_days, budgets.current_day, budgets.private
        parts = self._history(view, static, earlier, current, private)
        role = view.role
        side = self.ruleset.roles[role].side if role is not None and role in self.ruleset.roles else None
        me = {
            "seat": self.seat,
            "number": self.seat + 1,
            "name": static["names"][self.seat],
            "role": role,
            "role_name": self.book.role_name(role),
            "side": side,
            "side_name": self.book.side_name(side),
            "side_told": names_apart(self.book.role_name(role), self.book.side_name(side)),
            "alive": view.alive[self.seat] if view.alive else True,
            "female": self._female(static["names"][self.seat]),
        }
        players = [
            {"seat": i, "number": i + 1, "name": name, "alive": view.alive[i], "me": i == self.seat}
            for i, name in enumerate(static["names"])
        ]
        phase_kind, _, phase_number = view.phase.partition(":")
        options = self._options(decision)
        context: dict[str, Any] = {
            **static,
            "me": me,
            "players": players,
            "phase": {"kind": phase_kind, "number": int(phase_number) if phase_number else 0},
        }
        context["tips"] = self.book.tip(role, context)
        if not self._writes_words(decision) and not self.profile.persona_in_picks:
            context.update(persona=None, tips="")  # see Profile.persona_in_picks
        context["persona"] = _persona_within(context.get("persona"), self.budgets.card - len(context["tips"]))
        decision_context: dict[str, Any] = {
            "kind": decision.kind,
            "options": options,
            "speech": decision.speech,
            "multi": len(options) > 1,
            "collective": decision.collective,
        }
        context["decision"] = decision_context
        decision_context["instruction"] = self.book.instruction(
            decision.kind, context, brief=self.profile.brief_instructions
        )
        context.update(
            history=parts.shared,
            compacted=parts.compacted,
            private=parts.private,
            omitted=parts.omitted,
            error=clean_line(error, 300) if error else None,
            attempt=attempt,
            switch_language=switch_language,
        )
        if decision.speech and self.profile.style == "chat" and view.seat is not None:
            from ..speech.plan_outline import plan_outline  # the discourse plan as structure (docs/speech-acts.md)

            context["plan"] = self._plan_within(plan_outline(view), context)
        system = self._render_system(context)
        user = self._render("turn.j2", context)
        cue = pick_cue = ""
        if self.profile.style == "transcript":
            context["part"] = "speech" if decision.speech else "pick"
            cue = self._render("cue.j2", context)
            if decision.speech and len(options) > 1:
                context["part"] = "pick"
                pick_cue = self._render("cue.j2", context)
        # The whole prompt within budgets.total: the history sections give up what is over, earlier days
        # first, then the current day, then the private notes.
        while _received(system, user, cue) > budgets.total and (earlier or current or private):
            over = _received(system, user, cue) - budgets.total
            # start from what each section holds now (a section under its budget gives only what it has)
            earlier, current, private = (
                min(budget, size) for budget, size in zip((earlier, current, private), parts.sizes, strict=True)
            )
            for_earlier = min(over, earlier)
            for_current = min(over - for_earlier, current)
            earlier, current = earlier - for_earlier, current - for_current
            private = max(0, private - (over - for_earlier - for_current))
            parts = self._history(view, static, earlier, current, private)
            context.update(
                history=parts.shared, compacted=parts.compacted, omitted=parts.omitted, private=parts.private
            )
            user = self._render("turn.j2", context)
        labels = tuple(o["label"] for o in options)
        claims = {c["name"]: c["id"] for c in static["claimable"]}
        shaped = self._shape(decision, system, user, cue, pick_cue, labels, claims)
        if shaped.mode == "json" and decision.speech:  # speech acts next to the text (docs/speech-acts.md)
            from dataclasses import replace

            from ..speech.model_speech import with_acts

            shaped = replace(shaped, schema=with_acts(shaped.schema, view, tuple(claims), self.profile.speech_acts))
        return shaped

    def _plan_within(self, plan: dict[str, Any], context: Mapping[str, Any]) -> dict[str, Any]:
        """The speech plan within ``budgets.plan``: its facts go from the last, then its questions."""
        plan = {**plan, "facts": list(plan.get("facts", ())), "questions": list(plan.get("questions", ()))}
        while len(self._render("plan.j2", {**context, "plan": plan})) > self.budgets.plan:
            if plan["facts"]:
                plan["facts"].pop()
            elif plan["questions"]:
                plan["questions"].pop()
            else:
                break
        return plan

    def _writes_words(self, decision: Decision) -> bool:
        """Whether the model writes text for this decision (a speech, unless a base model's profile has
        ``speech_text`` off: then its speech is picks too)."""
        return decision.speech and (self.profile.style != "transcript" or self.profile.speech_text)

    def _render(self, name: str, context: Mapping[str, Any]) -> str:
        return self._render_file(f"{self.language}/common/{name}", context)

    def _render_file(self, relative: str, context: Mapping[str, Any]) -> str:
        try:
            return get_template(self.roots, relative).render(context).strip("\n")
        except TemplateError as exc:
            raise PromptError(f"{relative}: {type(exc).__name__}: {exc}") from None

    def _render_system(self, context: Mapping[str, Any]) -> str:
        """The shared prefix: it depends only on the game (rules, table, language, style), so it is rendered once."""
        if self._system_cache is None:
            self._system_cache = self._render("system.j2", context)
        return self._system_cache

    def _shape(
        self,
        decision: Decision,
        system: str,
        user: str,
        cue: str,
        pick_cue: str,
        labels: tuple[str, ...],
        claims: dict[str, str],
    ) -> Prompt:
        profile = self.profile
        if profile.style == "transcript":
            if decision.speech:
                stops = (self.book.close_quote, "\n", *(c for c in DELIMITERS if c in '"”»」'))
                return Prompt(
                    system,
                    user,
                    cue,
                    "text",
                    labels,
                    claims,
                    stop=tuple(dict.fromkeys(stops)),
                    max_chars=profile.speech_chars,
                    speech=True,
                    pick_cue=pick_cue,
                )
            return Prompt(system, user, cue, "pick", labels, claims, speech=decision.speech)
        return Prompt(
            system,
            user,
            cue,
            "json",
            labels,
            claims,
            schema=answer_schema(decision, labels, tuple(claims), profile),
            speech=decision.speech,
        )


def _persona_within(persona: Mapping[str, Any] | None, budget: int) -> Mapping[str, Any] | None:
    """The persona's texts within ``budget`` characters (what the role's tips leave of the card's budget):
    its background is cut first, then its style."""
    if persona is None:
        return None
    texts = ("temperament", "style", "background")
    over = sum(len(str(persona.get(key) or "")) for key in texts) - max(0, budget)
    if over <= 0:
        return persona
    cut = dict(persona)
    for key in ("background", "style", "temperament"):
        text = str(cut.get(key) or "")
        keep = max(0, len(text) - over)
        over -= len(text) - keep
        cut[key] = clean_line(text, keep) if keep else ""
        if over <= 0:
            break
    return cut


def _received(system: str, user: str, cue: str) -> int:
    """Characters the model receives (:meth:`Prompt.text`)."""
    return len(system) + 2 + len(user) + (2 + len(cue) if cue else 0)


def _option_context(option: Option, label: str) -> dict[str, Any]:
    return {
        "id": option.id,
        "kind": option.kind,
        "label": label,
        "target": option.target,
        "number": option.target + 1 if option.target is not None else None,
    }


def answer_schema(
    decision: Decision, labels: tuple[str, ...], claims: tuple[str, ...], profile: Profile
) -> dict[str, Any]:
    """JSON schema of the answer: the options as an enum, bounded strings, every field required."""
    properties: dict[str, Any] = {}
    if decision.speech:
        if profile.thought_chars:
            properties["thought"] = {"type": "string", "maxLength": profile.thought_chars}
        if len(labels) > 1:
            properties["option"] = {"type": "string", "enum": list(labels)}
        properties["speech"] = {"type": "string", "maxLength": profile.speech_chars}
        # anyOf (not a type list): llama.cpp's schema-to-grammar converter honours the enum this way,
        # and OpenAI's strict mode accepts it.
        properties["claim"] = {"anyOf": [{"type": "string", "enum": list(claims)}, {"type": "null"}]}
    else:
        if profile.reason_chars:
            properties["reason"] = {"type": "string", "maxLength": profile.reason_chars}
        properties["option"] = {"type": "string", "enum": list(labels)}
    return {
        "type": "object",
        "properties": properties,
        "required": list(properties),
        "additionalProperties": False,
    }
