"""Evaluation: metrics over transcripts, ratings, tournaments, reports.

Modules (each small, each usable alone):

* :mod:`.facts` — what one transcript says (roles over time, ballots, claims, calls);
* :mod:`.profiles` — per ruleset: exile ballots, village and wolf sides;
* metrics: :mod:`.outcomes` (win rate, margin, speed, KSR), :mod:`.voting` (IRP,
  VSS, bus rate), :mod:`.claims` and :mod:`.claim_extractor` (role-claim honesty),
  :mod:`.adherence`, :mod:`.language`, :mod:`.leakage`, :mod:`.cost`,
  :mod:`.probe_metrics` (persuasion, suspicion calibration);
* :mod:`.ratings` — OpenSkill Plackett–Luce and bootstrapped team Elo;
* :mod:`.study` — load a folder of transcripts and compute everything;
* :mod:`.tournament` — plan, run and resume a tournament (in-process or Ray);
* :mod:`.report` — Markdown and HTML with plots.

The probes' answers (vote intents, suspicion estimates) are table notes
(:mod:`llm_werewolf.table_notes`), which the transcript schema registers.
"""
