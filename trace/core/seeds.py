"""Seed derivation.

instance_seed = first 8 bytes (big-endian, top bit cleared) of
    sha256(canonical_json(["tracegen-instance", dataset_seed, task_id, split, index, salt]))

so train and validation, or dataset seeds 42 and 43, share no instance streams (unlike
``seed + index`` schemes).  Every instance then draws from *named* sub-streams, each a
PCG64 generator seeded by SeedSequence(instance_seed, spawn_key=(stream, attempt)):
changing how styles are drawn never moves the semantic state, and vice versa.
"""

from __future__ import annotations

import hashlib

import numpy as np

from .canonical import canonical_bytes

STREAMS = {
    "difficulty": 1,  # which difficulty level, when the config leaves it open
    "query": 2,       # which query id
    "semantic": 3,    # the scene's semantic state (one per rejection attempt)
    "params": 4,      # the task program's own choices (targets, thresholds, marks)
    "style": 5,       # palette, font, layout jitter, background
    "noise": 6,       # post-render pixel noise
    "prompt": 7,      # prompt wording and the format example
    "balance": 8,     # the answer-balancing target (one draw per instance)
}


def validate_seed(seed) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int) or not (0 <= seed < 2**63):
        raise ValueError(f"seed must be an integer in [0, 2^63), got {seed!r}")
    return seed


def instance_seed(dataset_seed: int, task_id: str, split: str, index: int, salt: int = 0) -> int:
    validate_seed(dataset_seed)
    payload = canonical_bytes(["tracegen-instance", dataset_seed, task_id, split, index, salt])
    return int.from_bytes(hashlib.sha256(payload).digest()[:8], "big") & (2**63 - 1)


def stream(seed: int, name: str, attempt: int = 0) -> np.random.Generator:
    ss = np.random.SeedSequence(seed, spawn_key=(STREAMS[name], attempt))
    return np.random.Generator(np.random.PCG64(ss))


def sub_seed(seed: int, name: str, attempt: int = 0) -> int:
    """A plain integer seed drawn from a named stream (stored in traces for replay)."""
    return int(stream(seed, name, attempt).integers(0, 2**31 - 1))
