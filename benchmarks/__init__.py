"""Measurements of context-squeeze: speed and retention, each against a baseline of the same run."""
