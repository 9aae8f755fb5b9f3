"""What veRL's vLLM rollout engine will actually use, computed from a profile's composed config.

Some values of veRL's config are not the values the engine runs with: veRL 0.9.1's vLLM server
(``verl/workers/rollout/vllm_rollout/vllm_async_server.py``, ``vLLMHttpServer._validate_configs`` and the
engine arguments it builds) resolves them when it starts, on the GPU node, where an offline check cannot
watch. This module applies the same rules to the composed config so the recipe table (``engine:`` rows of
``rlvr/profiles/recipe.yaml``) can pin the *effective* values -- a ``null`` that means "the model's 128,000
positions" is caught here, not in the first allocation:

* ``rollout.max_model_len``: the configured value, or (``null``) the model's ``max_position_embeddings``;
  a configured value above the model's positions is an error;
* ``rollout.max_num_batched_tokens``: with chunked prefill off, raised to ``max_model_len`` when smaller
  (vLLM must fit a whole sequence in one batch), else as configured;
* ``rollout.replica_seeds``: one vLLM engine per replica (``nnodes x n_gpus_per_node / tensor parallel``),
  seeded ``rollout.seed + replica rank``.

The model's ``max_position_embeddings`` comes from the profile (``base_model.max_position_embeddings``, the
pinned revision's ``config.json``); ``rlvr train`` checks it against the downloaded model before it launches.
"""

from __future__ import annotations

KEYS = ("rollout.max_model_len", "rollout.max_num_batched_tokens", "rollout.replica_seeds")


class EngineError(ValueError):
    """The composed config cannot start the rollout engine (one line)."""


def _select(config, key):
    from omegaconf import OmegaConf

    return OmegaConf.select(config, key, throw_on_missing=True)


def effective_rollout(config, profile: dict) -> dict:
    """{key: the value the rollout engine runs with} for :data:`KEYS` (see the module doc)."""
    positions = (profile.get("base_model") or {}).get("max_position_embeddings")
    if not isinstance(positions, int) or isinstance(positions, bool) or positions < 1:
        raise EngineError(f"{profile.get('name', '?')}: base_model.max_position_embeddings (the model's "
                          f"config.json) is needed to know the engine's limits, got {positions!r}")
    r = "actor_rollout_ref.rollout."
    max_model_len = _select(config, r + "max_model_len")
    if max_model_len is None:
        max_model_len = positions
    elif max_model_len > positions:
        raise EngineError(f"rollout.max_model_len {max_model_len} exceeds the model's {positions} positions")
    batched = _select(config, r + "max_num_batched_tokens")
    if not _select(config, r + "enable_chunked_prefill") and batched < max_model_len:
        batched = max_model_len
    gpus = _select(config, "trainer.nnodes") * _select(config, "trainer.n_gpus_per_node")
    tp = _select(config, r + "tensor_model_parallel_size")
    if tp < 1 or gpus % tp:
        raise EngineError(f"{gpus} GPUs do not split into tensor-parallel groups of {tp}")
    seed = _select(config, r + "seed")
    return {"rollout.max_model_len": max_model_len, "rollout.max_num_batched_tokens": batched,
            "rollout.replica_seeds": [seed + rank for rank in range(gpus // tp)]}
