"""The chronicle told by a model (``render GAME --format story --narrator llm``).

The plan is the template chronicle (:mod:`.chronicle`): for each scene the model is given the scene's
narrator lines (public facts only) and the players' words as cleaned claims, and writes one paragraph
in the game's language. The paragraph goes through the narration checker
(:class:`~llm_werewolf.narration.checker.NarrationChecker`) against what was public when the scene
ended and the template lines told so far, with the scene's plan as the fact it retells (every seat and
card the plan names must be told); an answer that is no paragraph (a repeat loop, the prompt echoed) is
refused too. A refused paragraph is asked once more with the reason,
then the scene keeps its template lines. Quotes, votes, the prologue and the cards stay as planned.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from ..llm.base import Backend, CompletionRequest
from ..llm.errors import LLMError
from ..narration.checker import NarrationChecker, Verdict
from ..narration.packs import load_pack
from ..narration.public import PublicFacts
from ..prompting.answers import answer_problem
from ..prompting.environment import get_template
from ..prompting.packs import search_roots
from ..rules.variant import get_ruleset
from ..seeds import derive_seed
from ..strings.sanitize import clean_line
from ..transcript import Transcript
from .chronicle import Chronicle, Quote, Scene
from .labels import Words

PROMPT = "en/common/chronicle.j2"


@dataclass(frozen=True)
class ChronicleModelSettings:
    attempts: int = 2
    max_chars: int = 900
    max_tokens: int = 700
    temperature: float = 0.7
    speech_chars: int = 200


@dataclass(frozen=True)
class SceneCall:
    """One model call for a scene: the answer and why it was refused (``""``: accepted), or the fault."""

    scene: int
    attempt: int
    answer: str
    problem: str


class ModelChronicler:
    def __init__(self, transcript: Transcript, backend: Backend, settings: ChronicleModelSettings | None = None):
        header = transcript.header
        self.transcript = transcript
        self.backend = backend
        self.settings = settings or ChronicleModelSettings()
        self.language = header.language
        self.names = list(header.names)
        pack = load_pack(header.language, header.variant)
        self.storyteller = pack.storyteller
        self.checker = NarrationChecker(header.variant, header.language, self.names, pack)
        self.game = Words(header.language, header.variant).game_title()
        self.roles_known = frozenset(get_ruleset(header.variant).roles)
        self.prompt = get_template(search_roots(), PROMPT)
        self.seed = derive_seed(header.seed, "chronicle-model")
        self.calls: list[SceneCall] = []

    def facts_until(self, seq: int) -> PublicFacts:
        facts = PublicFacts(roles_known=self.roles_known)
        for record in self.transcript.records:
            if record.seq > seq:
                break
            facts.add(record)
        return facts

    def request(self, index: int, scene: Scene, attempt: int, problem: Verdict | None) -> CompletionRequest:
        plan = [item for item in scene.items if isinstance(item, str)]
        claims = [
            {"name": item.speaker, "text": clean_line(item.text, self.settings.speech_chars)}
            for item in scene.items
            if isinstance(item, Quote) and clean_line(item.text)
        ]
        variables = {
            "language": self.language,
            "storyteller": self.storyteller,
            "game": self.game,
            "players": self.names,
            "max_chars": self.settings.max_chars,
            "heading": scene.heading,
            "plan": plan,
            "claims": claims,
            "problems": sorted(problem.codes()) if problem is not None else [],
        }
        return CompletionRequest(
            system=self.prompt.render(part="system", **variables).strip(),
            user=self.prompt.render(part="user", **variables).strip(),
            mode="text",
            max_chars=self.settings.max_chars,
            max_tokens=self.settings.max_tokens,
            temperature=self.settings.temperature,
            seed=(self.seed + index * 7 + attempt) % (2**31),
            language=self.language,
            purpose="narration",
        )

    async def scene(self, index: int, scene: Scene, spoken: Sequence[str]) -> Scene:
        plan = [item for item in scene.items if isinstance(item, str)]
        if not plan:
            return scene
        facts = self.facts_until(scene.until)
        problem: Verdict | None = None
        for attempt in range(max(1, self.settings.attempts)):
            request = self.request(index, scene, attempt, problem)
            try:
                completion = await self.backend.complete(request)
            except LLMError as exc:
                self.calls.append(SceneCall(index, attempt, "", f"{type(exc).__name__}: {exc}"[:300]))
                return scene
            text = " ".join(completion.text.split())
            # not an answer (a repeat loop, the prompt echoed, a control token), then the checker with the
            # plan as the fact the paragraph retells: every seat and card it names must still be told
            rest = request.user
            for line in plan:  # retelling the plan is what is asked: it is no echo of the prompt
                rest = rest.replace(line, " ")
            refusal = answer_problem(text, "narration", stable=request.system, rest=rest)
            verdict = self.checker.check(text, facts, [*spoken, *plan], " ".join(plan))
            if refusal is not None:
                verdict = Verdict(problems=(refusal, *verdict.problems))
            self.calls.append(SceneCall(index, attempt, text, "" if verdict.ok else str(verdict)))
            if verdict.ok:
                first = next(i for i, item in enumerate(scene.items) if isinstance(item, str))
                kept = [item for item in scene.items if not isinstance(item, str)]
                return replace(scene, items=[*kept[:first], text, *kept[first:]], told_by="llm")
            problem = verdict
        return scene

    async def tell(self, chronicle: Chronicle) -> Chronicle:
        spoken: list[str] = []
        scenes: list[Scene] = []
        for index, scene in enumerate(chronicle.scenes):
            scenes.append(await self.scene(index, scene, spoken))
            spoken += [item for item in scene.items if isinstance(item, str)]
        return replace(chronicle, scenes=scenes)
