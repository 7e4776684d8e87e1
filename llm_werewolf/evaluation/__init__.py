"""Evaluation: metrics over transcripts, ratings, tournaments, reports.

Modules (each small, each usable alone):

* :mod:`.facts` — what one transcript says (roles over time, ballots, claims, calls);
  :mod:`.load` reads one, checked, with the fallback's seats attributed (:mod:`.fallback_seats`);
* :mod:`.profiles` — per ruleset: exile ballots, village and wolf sides;
* metrics: :mod:`.outcomes` (win rate, margin, speed, KSR), :mod:`.voting` (IRP,
  VSS, bus rate), :mod:`.claims` (role-claim honesty, with
  :mod:`llm_werewolf.speech.claim_extractor`),
  :mod:`.adherence`, :mod:`.language`, :mod:`.leakage`, :mod:`.cost`,
  :mod:`.probe_metrics` (persuasion, suspicion calibration);
* :mod:`.ratings` — OpenSkill Plackett–Luce and bootstrapped team Elo;
* :mod:`.study` — load a folder of transcripts and compute everything;
* :mod:`.tournament` — plan, run and resume a tournament (in-process or Ray);
* :mod:`.report` — Markdown and HTML with plots.

The probes' answers (vote intents, suspicion estimates) are table notes
(:mod:`llm_werewolf.table_notes`), which the transcript schema registers.
"""
