"""Tests of individual rulesets."""
