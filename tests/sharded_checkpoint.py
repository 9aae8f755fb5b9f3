"""Write a real FSDP2 checkpoint of a tiny model across ranks on CPU, the way veRL's trainer does.

Run under ``torch.distributed.run`` (gloo, one process per rank): every rank loads the same model,
wraps it with FSDP2 (``fully_shard`` on each decoder layer and the root, a 1-D "fsdp" mesh over all
ranks), takes one AdamW step so the optimizer has state, and saves with veRL's own
``FSDPCheckpointManager.save_checkpoint``: ``model_world_size_{W}_rank_{r}.pt`` (DTensor shards),
optimizer and extra state per rank, ``fsdp_config.json`` and ``huggingface/`` on rank 0. Rank 0 also saves
the full (unsharded) state dict after the step, ``expected.pt``, for the test to compare a merge with.

    python -m torch.distributed.run --standalone --nproc_per_node 2 tests/sharded_checkpoint.py MODEL OUT
"""

import os
import sys


def main(model_dir: str, out: str) -> None:
    import torch
    import torch.distributed as dist
    from omegaconf import OmegaConf
    from torch.distributed.device_mesh import init_device_mesh
    from torch.distributed.fsdp import fully_shard
    from transformers import AutoModelForImageTextToText, AutoProcessor
    from verl.utils.checkpoint.fsdp_checkpoint_manager import FSDPCheckpointManager

    dist.init_process_group("gloo")
    torch.manual_seed(0)
    world = dist.get_world_size()
    mesh = init_device_mesh("cpu", (world,), mesh_dim_names=("fsdp",))
    model = AutoModelForImageTextToText.from_pretrained(model_dir, torch_dtype=torch.float32)
    processor = AutoProcessor.from_pretrained(model_dir)
    for module in model.modules():
        if type(module).__name__.endswith("DecoderLayer"):
            fully_shard(module, mesh=mesh)
    fully_shard(model, mesh=mesh)
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-2)
    ids = torch.randint(3, 100, (2, 8))
    loss = model(input_ids=ids).logits.float().pow(2).mean()
    loss.backward()
    optimizer.step()
    manager = FSDPCheckpointManager(model, optimizer, processing_class=processor,
                                    checkpoint_config=OmegaConf.create({"save_contents": ["model", "optimizer",
                                                                                           "extra"],
                                                                        "load_contents": ["model"]}))
    manager.save_checkpoint(os.path.join(out, "global_step_1", "actor"), global_step=1)
    full = {k: (v.full_tensor() if hasattr(v, "full_tensor") else v).detach().clone()
            for k, v in model.state_dict().items()}
    if dist.get_rank() == 0:
        torch.save(full, os.path.join(out, "expected.pt"))
        with open(os.path.join(out, "latest_checkpointed_iteration.txt"), "w") as f:
            f.write("1")
    dist.barrier()
    dist.destroy_process_group()


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
