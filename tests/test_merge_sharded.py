"""Merging a real multi-rank FSDP2 checkpoint on a CPU node: two gloo ranks shard a tiny Qwen2.5-VL with
FSDP2 and save it with veRL's own FSDPCheckpointManager (tests/sharded_checkpoint.py); `rlvr merge-checkpoint`
(veRL's model merger) must give back exactly the full weights FSDP itself gathers (cast to bfloat16)."""

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent
BIN = Path(sys.executable).parent
# `early`: two ranks of torch.distributed (~35 s of CPU); the suite starts it first
pytestmark = pytest.mark.early(35)


@pytest.mark.slow
def test_two_rank_fsdp2_checkpoint_merges_to_the_full_weights(tmp_path):
    import torch
    from transformers import AutoModelForImageTextToText

    from rlvr.training.tiny import build_tiny_model

    model = build_tiny_model(tmp_path / "model")
    ckpt = tmp_path / "ckpt"
    proc = subprocess.Popen([sys.executable, "-m", "torch.distributed.run", "--standalone", "--nproc_per_node", "2",
                             str(ROOT / "sharded_checkpoint.py"), str(model), str(ckpt)],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True)
    try:
        out, _ = proc.communicate(timeout=600)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == 0, out[-3000:]
    actor = ckpt / "global_step_1" / "actor"
    shards = torch.load(actor / "model_world_size_2_rank_0.pt", weights_only=True)
    from torch.distributed.tensor import DTensor

    assert any(isinstance(v, DTensor) and v.placements[0].is_shard() for v in shards.values())
    merged = tmp_path / "merged"
    r = subprocess.run([str(BIN / "rlvr"), "merge-checkpoint", "--checkpoints", str(ckpt), "--output", str(merged)],
                       capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-2000:]
    expected = torch.load(ckpt / "expected.pt", weights_only=True)
    got = AutoModelForImageTextToText.from_pretrained(str(merged)).state_dict()
    assert set(got) == set(expected)
    for key, full in expected.items():
        assert torch.equal(got[key], full.to(got[key].dtype)), key
