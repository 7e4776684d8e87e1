"""Agents: who answers decisions (random, heuristic, scripted, model, human)."""
