"""Helpers shared by the benchmark modules (tables, messages, judge protocol, constants, VLMEvalKit rules)."""
