"""``rlvr merge-checkpoint``: veRL FSDP checkpoint -> Hugging Face model directory, verified.

1. finds the latest step (``CHECKPOINTS/latest_checkpointed_iteration.txt``, as veRL writes it; or
   ``--step``) and its actor directory ``CHECKPOINTS/global_step_<N>/actor``;
2. runs veRL's own merger, unchanged, in a subprocess:
   ``python -m verl.model_merger merge --backend fsdp --local_dir <actor> --target_dir <staging>``;
3. verifies the result: it loads with ``AutoModelForImageTextToText.from_pretrained`` and
   ``AutoProcessor.from_pretrained``, has exactly the checkpoint's parameter names, and every tensor equals
   the checkpoint's tensor cast to the merged dtype (veRL's FSDP merger writes bfloat16: it casts every
   shard with ``.bfloat16()``; the fp32 -> bf16 rounding is recorded as ``max_abs_rounding``);
4. writes ``OUTPUT/merge_manifest.json``: the step, the merger command and veRL version, the sha256 of
   every checkpoint file it read and of every file it wrote (model shards, config, processor, tokenizer),
   and the verification; the output directory appears only when all of this passed.

The checkpoint shards are loaded with ``torch.load(weights_only=True)`` before anything else (veRL's merger
itself unpickles them with ``weights_only=False``): a shard that pickles more than tensors, DTensor
placements and plain containers is refused with one line and nothing is written.
"""

from __future__ import annotations

import argparse
import json
import pickle
import subprocess
import sys
from pathlib import Path

from tracegen.core.canonical import sha256_file as file_sha256

SCHEMA = "rlvr-merge-manifest/v1"
MANIFEST = "merge_manifest.json"


class MergeError(RuntimeError):
    pass


def latest_step(checkpoints) -> int:
    tracker = Path(checkpoints) / "latest_checkpointed_iteration.txt"
    if not tracker.exists():
        raise MergeError(f"{tracker} is missing (no completed checkpoint)")
    text = tracker.read_text(encoding="utf-8").strip()
    if not text.isdigit():
        raise MergeError(f"{tracker} holds {text!r}, not a step number")
    return int(text)


def actor_dir(checkpoints, step: int) -> Path:
    actor = Path(checkpoints) / f"global_step_{step}" / "actor"
    cfg = actor / "fsdp_config.json"
    if not cfg.exists():
        raise MergeError(f"{cfg} is missing")
    world = json.loads(cfg.read_text(encoding="utf-8")).get("world_size")
    missing = [f"model_world_size_{world}_rank_{r}.pt" for r in range(int(world or 0))
               if not (actor / f"model_world_size_{world}_rank_{r}.pt").exists()]
    if not world or missing or not (actor / "huggingface" / "config.json").exists():
        raise MergeError(f"{actor}: incomplete FSDP checkpoint (world_size {world}, missing {missing or 'huggingface/'})")
    return actor


def merger_command(actor: Path, target: Path) -> list[str]:
    return [sys.executable, "-m", "verl.model_merger", "merge", "--backend", "fsdp",
            "--local_dir", str(actor), "--target_dir", str(target)]


def checkpoint_tensors(actor: Path) -> dict:
    """Full tensors of a checkpoint: DTensor shards concatenated along their Shard dim (any world size).

    Loaded with ``torch.load(weights_only=True)``: a shard that holds anything but tensors and plain
    containers (a pickled object that would run code) is refused (``MergeError``)."""
    import torch
    from torch.distributed.tensor import DTensor

    world = json.loads((actor / "fsdp_config.json").read_text(encoding="utf-8"))["world_size"]
    # weights only: a checkpoint is data, never code (torch's allow-list covers DTensor, its device mesh and
    # placements, so veRL's FSDP2 shards load without unpickling arbitrary objects)
    shards = []
    for r in range(world):
        path = actor / f"model_world_size_{world}_rank_{r}.pt"
        try:
            shards.append(torch.load(path, map_location="cpu", weights_only=True))
        except pickle.UnpicklingError as e:
            first = str(e).strip().splitlines()[-1] if str(e).strip() else type(e).__name__
            raise MergeError(f"{path} is not a weights-only checkpoint (it pickles more than tensors and "
                             f"containers; refusing to load it): {first}") from None
    out = {}
    for key, first in shards[0].items():
        if isinstance(first, DTensor):
            (placement,) = first.placements
            locals_ = [s[key]._local_tensor for s in shards]
            out[key] = torch.cat(locals_, dim=placement.dim) if placement.is_shard() else locals_[0]
        else:
            out[key] = first
    return out


def verify(target: Path, actor: Path, trained: dict | None = None) -> dict:
    import torch
    from transformers import AutoModelForImageTextToText, AutoProcessor

    model = AutoModelForImageTextToText.from_pretrained(str(target))
    processor = AutoProcessor.from_pretrained(str(target))
    merged = model.state_dict()
    trained = checkpoint_tensors(actor) if trained is None else trained
    if set(merged) != set(trained):
        raise MergeError(f"parameter names differ: only merged {sorted(set(merged) - set(trained))[:5]}, "
                         f"only checkpoint {sorted(set(trained) - set(merged))[:5]}")
    dtypes = sorted({str(t.dtype) for t in merged.values()})
    unequal, rounding = [], 0.0
    for key, m in merged.items():
        t = trained[key]
        if m.shape != t.shape or not torch.equal(m, t.to(m.dtype)):
            unequal.append(key)
        rounding = max(rounding, float((m.float() - t.float()).abs().max()) if t.numel() else 0.0)
    if unequal:
        raise MergeError(f"{len(unequal)} merged tensors differ from the checkpoint: {unequal[:5]}")
    return {"loaded": {"model": type(model).__name__, "processor": type(processor).__name__},
            "tensors": len(merged), "parameters": int(sum(t.numel() for t in merged.values())),
            "merged_dtypes": dtypes, "equal_to_checkpoint": True,
            "compared_as": "checkpoint tensor cast to the merged dtype",
            "max_abs_rounding": rounding}


def _files(root: Path, skip=()) -> list[dict]:
    return [{"file": p.relative_to(root).as_posix(), "bytes": p.stat().st_size, "sha256": file_sha256(p)}
            for p in sorted(root.rglob("*")) if p.is_file() and p.name not in skip]


def merge(checkpoints, output, *, step: int | None = None, force: bool = False, log=print) -> dict:
    import verl

    from tracegen.core.canonical import pretty_json
    from tracegen.core.files import staged

    checkpoints, output = Path(checkpoints), Path(output)
    step = latest_step(checkpoints) if step is None else step
    actor = actor_dir(checkpoints, step)
    if output.exists() and not force:
        raise MergeError(f"output {output} already exists (use --force to replace it)")
    # the shards are read weights-only FIRST: veRL's merger unpickles them with weights_only=False, so it
    # never sees a checkpoint that holds anything but tensors
    trained = checkpoint_tensors(actor)
    with staged(output, force=force) as staging:
        cmd = merger_command(actor, staging)
        proc = subprocess.run(cmd, capture_output=True, text=True)
        log(proc.stdout[-4000:] + proc.stderr[-4000:])
        if proc.returncode != 0:
            raise MergeError(f"veRL merger failed (exit {proc.returncode}): {proc.stderr.strip()[-2000:]}")
        check = verify(staging, actor, trained)
        manifest = {
            "schema": SCHEMA, "checkpoints": str(checkpoints), "step": step, "actor": str(actor),
            "merger": {"command": ["python", *cmd[1:4], "--backend", "fsdp", "--local_dir",
                                   f"global_step_{step}/actor", "--target_dir", "<output>"],
                       "verl_version": verl.__version__},
            "inputs": _files(actor), "outputs": _files(staging), "verification": check,
        }
        (staging / MANIFEST).write_text(pretty_json(manifest), encoding="utf-8")
    return manifest


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--checkpoints", required=True, help="veRL checkpoint root (trainer.default_local_dir)")
    parser.add_argument("--output", required=True, help="Hugging Face model directory to write")
    parser.add_argument("--step", type=int, default=None, help="step to merge (default: latest_checkpointed_iteration)")
    parser.add_argument("--force", action="store_true", help="replace an existing output directory")


def run(args) -> int:
    try:
        manifest = merge(args.checkpoints, args.output, step=args.step, force=args.force, log=lambda s: None)
    except MergeError as e:
        print(f"rlvr merge-checkpoint: error: {e}")
        return 1
    v = manifest["verification"]
    print(f"merged step {manifest['step']} into {args.output}: {v['tensors']} tensors ({', '.join(v['merged_dtypes'])}) "
          f"equal to the checkpoint; {len(manifest['outputs'])} files hashed in {MANIFEST}")
    return 0
