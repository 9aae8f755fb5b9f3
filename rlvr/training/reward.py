"""veRL custom reward function: a thin adapter over ``tracegen.reward.score`` (answer mode).

veRL 0.9.1 loads it from ``reward.custom_reward_function.path=pkg://rlvr.training.reward`` and
``.name=compute_score`` (``verl.trainer.ppo.reward.get_custom_reward_fn``); its ``naive`` reward manager
calls ``compute_score(data_source=..., solution_str=..., ground_truth=..., extra_info=...)`` once per
response, with ``ground_truth`` = the row's ``reward_model.ground_truth`` and ``extra_info`` = the
row's ``extra_info`` (plus veRL's own ``num_turns`` / ``rollout_reward_scores``).

Reward: ``0.95 × exact answer + 0.05 × format``, the reference's ``(1 − fw)·task + fw·format`` with
``fw = 0.05`` and its answer rules (see ``tracegen.reward``); the annotation is never scored.  The row's
contract may be tracegen's (``trace-reward-v1``) or the public release's (``reward_contract_version: v0``).
A ground truth or contract the scorer rejects raises a ``ValueError`` naming the row (it is a data bug,
not a bad response): ``rlvr prepare-rl-data`` and ``rlvr train``'s pre-flight reject such rows before
training starts, so this is the last line of defence.  Rows of the online stream carry
``extra_info.online``: their scored responses are also appended to the run's rollout journal, which the
pass-rate curriculum reads (:mod:`rlvr.training.curriculum`; the score does not depend on it).
Standard library only (and tracegen's standard-library scorer), so it imports fast in reward workers.
"""

from __future__ import annotations

import json

from tracegen.reward import score

MODE = "answer"


def _as_dict(value, what: str):
    if isinstance(value, dict):
        return value
    if isinstance(value, (str, bytes)):
        try:
            out = json.loads(value)
        except json.JSONDecodeError as e:
            raise ValueError(f"{what} is not JSON: {e}") from None
        if isinstance(out, dict):
            return out
    if hasattr(value, "items"):  # numpy-backed / pyarrow struct rows arrive as dict-likes
        return dict(value.items())
    raise ValueError(f"{what} must be a dict or its JSON string, got {type(value).__name__}")


def compute_score(data_source, solution_str, ground_truth, extra_info=None, **kwargs) -> dict:
    """veRL's custom reward signature; returns ``{"score", "acc", "format"}`` (all floats)."""
    answer_gt = _as_dict(ground_truth, "ground_truth (answer_gt)")
    contract = None
    if extra_info:
        raw = extra_info.get("reward_contract") if hasattr(extra_info, "get") else None
        if raw is not None:
            contract = _as_dict(raw, "extra_info.reward_contract")
    result = score(solution_str, answer_gt, None, contract, mode=MODE)
    if result["error"]:
        raise ValueError(f"bad ground truth for {data_source!r} "
                         f"({(extra_info or {}).get('instance_id', '?')}): {result['error']}")
    out = {"score": float(result["overall"]), "acc": float(result["accuracy"]), "format": float(result["format"])}
    online = extra_info.get("online") if extra_info and hasattr(extra_info, "get") else None
    if online:
        journal(online, extra_info, solution_str, out)
    return out


def journal(online, extra_info, solution_str: str, result: dict) -> None:
    """An online row's response goes to the run's rollout journal (the curriculum's observations); the
    score itself is computed before and without it.  A journal that cannot be written fails the call:
    a curriculum that silently lost observations would steer on wrong pass rates."""
    from .curriculum import append

    online = _as_dict(online, "extra_info.online")
    append(online["journal"], int(online["step"]), {
        "step": int(online["step"]), "slot": int(online["slot"]), "task": extra_info.get("task"),
        "difficulty": online.get("difficulty"), "size": online.get("size"), "acc": result["acc"],
        "format": result["format"], "score": result["score"], "length": len(solution_str or "")})
