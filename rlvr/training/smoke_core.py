"""The CPU smoke backend's primitives: its settings, data and batches, prompt inputs, rollouts and log-probs.

The smoke backend's training loop (:mod:`rlvr.training.smoke`), its data sources
(:mod:`rlvr.training.smoke_data`) and the format warm start (:mod:`rlvr.training.warmstart`) all stand on
these; none of them is imported here.
"""

from __future__ import annotations

from pathlib import Path

from . import profiles as P

SMOKE_DEVICE = "cpu"
MODEL_FILE = "model_world_size_1_rank_0.pt"
OPTIM_FILE = "optim_world_size_1_rank_0.pt"
EXTRA_FILE = "extra_state_world_size_1_rank_0.pt"


class SmokeError(RuntimeError):
    """The smoke run cannot start (bad profile, data or output)."""


# --------------------------------------------------------------------------------------------------
# settings: everything from the profile's veRL overrides (the composed veRL config)
# --------------------------------------------------------------------------------------------------

def is_smoke_profile(profile: dict) -> bool:
    return profile["verl"]["overrides"].get("trainer.device") == SMOKE_DEVICE


def settings(profile: dict, *, steps: int | None = None, seed: int | None = None) -> dict:
    ov = profile["verl"]["overrides"]

    def get(key):
        if key not in ov:
            raise SmokeError(f"{profile['name']}: the smoke backend needs the override {key}")
        return ov[key]

    s = {
        "batch_size": get("data.train_batch_size"), "n": get("actor_rollout_ref.rollout.n"),
        "max_new_tokens": get("data.max_response_length"), "max_prompt_length": get("data.max_prompt_length"),
        "temperature": float(get("actor_rollout_ref.rollout.temperature")),
        "top_p": float(get("actor_rollout_ref.rollout.top_p")),
        "do_sample": get("actor_rollout_ref.rollout.do_sample"),
        "steps": get("trainer.total_training_steps"), "save_freq": get("trainer.save_freq"),
        "seed": get("data.seed"), "shuffle": get("data.shuffle"),
        "lr": float(get("actor_rollout_ref.actor.optim.lr")),
        "weight_decay": float(get("actor_rollout_ref.actor.optim.weight_decay")),
        "betas": [float(b) for b in get("actor_rollout_ref.actor.optim.betas")],
        "grad_clip": float(get("actor_rollout_ref.actor.grad_clip")),
        "norm_adv_by_std_in_grpo": get("algorithm.norm_adv_by_std_in_grpo"),
        "adv_estimator": get("algorithm.adv_estimator"),
        "loss_mode": get("actor_rollout_ref.actor.policy_loss.loss_mode"),
        "loss_agg_mode": get("actor_rollout_ref.actor.loss_agg_mode"),
        "ppo_epochs": get("actor_rollout_ref.actor.ppo_epochs"),
        "mini_batch": get("actor_rollout_ref.actor.ppo_mini_batch_size"),
        # validation (veRL's trainer.val_before_train / test_freq with rollout.val_kwargs)
        "val_before_train": ov.get("trainer.val_before_train", False),
        "test_freq": ov.get("trainer.test_freq", -1),
        "val_n": ov.get("actor_rollout_ref.rollout.val_kwargs.n", 1),
        "val_do_sample": ov.get("actor_rollout_ref.rollout.val_kwargs.do_sample", False),
        "val_temperature": float(ov.get("actor_rollout_ref.rollout.val_kwargs.temperature", 0.0)),
        "val_top_p": float(ov.get("actor_rollout_ref.rollout.val_kwargs.top_p", 1.0)),
    }
    if steps is not None:
        s["steps"] = steps
    if seed is not None:
        s["seed"] = seed
    if s["adv_estimator"] != "grpo":
        raise SmokeError(f"smoke backend implements GRPO only, profile asks {s['adv_estimator']!r}")
    if s["ppo_epochs"] != 1 or s["mini_batch"] != s["batch_size"]:
        raise SmokeError("smoke backend does one optimizer step per training step (ppo_epochs 1, mini = train batch)")
    if ov.get("actor_rollout_ref.rollout.top_k", -1) not in (-1, 0):
        raise SmokeError("smoke backend samples without top-k (rollout.top_k must be -1)")
    return s


def compose_run(profile: dict, train_files, val_files, init, output):
    """veRL's composed config of this run (the profile's overrides + the per-run keys)."""
    return P.compose(profile, {"data.train_files": list(train_files), "data.val_files": list(val_files) or list(train_files),
                               "actor_rollout_ref.model.path": str(init), "trainer.default_local_dir": str(output)})


def actor_config(profile: dict, data_dir, init, output):
    """veRL's own ActorConfig dataclass for the profile (compose + ``omega_conf_to_dataclass``)."""
    from omegaconf import OmegaConf

    from verl.utils.config import omega_conf_to_dataclass

    files = [str(f) for f in sorted((Path(data_dir) / "train").glob("*.parquet"))]
    vfiles = [str(f) for f in sorted((Path(data_dir) / "validation").glob("*.parquet"))]
    cfg = compose_run(profile, files or vfiles, vfiles, init, output)
    return omega_conf_to_dataclass(OmegaConf.select(cfg, "actor_rollout_ref.actor"))


# --------------------------------------------------------------------------------------------------
# data
# --------------------------------------------------------------------------------------------------

def load_rows(data_dir) -> list[dict]:
    import pyarrow.parquet as pq

    files = sorted((Path(data_dir) / "train").glob("*.parquet"))
    if not files:
        raise SmokeError(f"no prepared train parquet in {Path(data_dir) / 'train'} (run rlvr prepare-rl-data)")
    rows = []
    for f in files:
        rows.extend(pq.read_table(f).to_pylist())
    return rows


def batches(n_rows: int, batch_size: int, seed: int, shuffle: bool):
    """Endless stream of row-index batches: one seeded permutation per epoch (drop_last like veRL)."""
    import numpy as np

    if n_rows < batch_size:
        raise SmokeError(f"{n_rows} train rows < train_batch_size {batch_size}")
    epoch = 0
    while True:
        order = np.random.default_rng(seed + epoch).permutation(n_rows) if shuffle else np.arange(n_rows)
        for i in range(0, n_rows - batch_size + 1, batch_size):
            yield epoch, [int(x) for x in order[i:i + batch_size]]
        epoch += 1


def prompt_inputs(row: dict, processor):
    """Processor inputs for one prepared row (chat template + images resized like veRL's dataset)."""
    from verl.utils.dataset.vision_utils import process_image

    from .prepare import LengthCounter

    messages = LengthCounter(processor).messages(row["prompt"])
    text = processor.apply_chat_template(messages, add_generation_prompt=True, tokenize=False)
    images = [process_image(dict(img)) for img in (row.get("images") or [])]
    return processor(text=[text], images=images or None, return_tensors="pt")


# --------------------------------------------------------------------------------------------------
# model helpers
# --------------------------------------------------------------------------------------------------

def _repeat_inputs(inputs, n: int) -> dict:
    out = {}
    for k, v in inputs.items():
        if k in ("pixel_values", "image_grid_thw"):
            out[k] = v.repeat(n, *([1] * (v.dim() - 1)))  # n copies of the prompt's images, in order
        else:
            out[k] = v.repeat(n, 1)
    return out


def response_log_probs(model, inputs, responses, response_mask):
    """Log-prob of each response token given prompt + previous response tokens ([n, R])."""
    import torch

    n, R = responses.shape
    base = _repeat_inputs(inputs, n)
    prompt_len = base["input_ids"].shape[1]
    input_ids = torch.cat([base["input_ids"], responses], dim=1)
    attention = torch.cat([base["attention_mask"], response_mask.to(base["attention_mask"].dtype)], dim=1)
    kwargs = {k: v for k, v in base.items() if k not in ("input_ids", "attention_mask")}
    for k in ("mm_token_type_ids", "token_type_ids"):  # per-token ids: response tokens are text (0)
        if k in kwargs:
            kwargs[k] = torch.cat([kwargs[k], torch.zeros_like(responses)], dim=1)
    logits = model(input_ids=input_ids, attention_mask=attention, **kwargs).logits
    logits = logits[:, prompt_len - 1:prompt_len - 1 + R, :].float()
    logp = torch.log_softmax(logits, dim=-1)
    return torch.gather(logp, 2, responses.unsqueeze(-1)).squeeze(-1) * response_mask


VISION_TOKENS = ("<|vision_start|>", "<|vision_end|>", "<|vision_pad|>", "<|image_pad|>", "<|video_pad|>")


def vision_token_ids(tok) -> list[int]:
    """Vision placeholder ids, never sampled: a response holding ``<|image_pad|>`` cannot be re-scored
    (the model would look for image features for it).  A random tiny model samples them; a real one not."""
    return [i for i in (tok.convert_tokens_to_ids(t) for t in VISION_TOKENS) if i is not None and i >= 0]


def rollout(model, processor, row, s, generator_seed: int):
    """``n`` sampled responses for one prompt: (inputs, responses [n, R], mask [n, R], texts)."""
    import torch

    tok = processor.tokenizer
    eos = model.generation_config.eos_token_id
    eos = eos if isinstance(eos, int) else eos[0]
    pad = tok.pad_token_id
    inputs = prompt_inputs(row, processor)
    if inputs["input_ids"].shape[1] > s["max_prompt_length"]:
        raise SmokeError(f"{row['extra_info']['instance_id']}: prompt of {inputs['input_ids'].shape[1]} tokens "
                         f"> max_prompt_length {s['max_prompt_length']}")
    torch.manual_seed(generator_seed)
    with torch.no_grad():
        out = model.generate(**inputs, do_sample=s["do_sample"], temperature=s["temperature"], top_p=s["top_p"],
                             top_k=0, max_new_tokens=s["max_new_tokens"], num_return_sequences=s["n"],
                             eos_token_id=eos, pad_token_id=pad, suppress_tokens=vision_token_ids(tok))
    resp = out[:, inputs["input_ids"].shape[1]:]
    R = s["max_new_tokens"]
    responses = torch.full((s["n"], R), pad, dtype=torch.long)
    mask = torch.zeros((s["n"], R), dtype=torch.float32)
    texts = []
    for i in range(s["n"]):
        ids = resp[i].tolist()
        length = ids.index(eos) + 1 if eos in ids else len(ids)  # through the first eos, like veRL's mask
        responses[i, :length] = torch.tensor(ids[:length])
        mask[i, :length] = 1.0
        texts.append(tok.decode(ids[:length], skip_special_tokens=True))
    return inputs, responses, mask, texts


# --------------------------------------------------------------------------------------------------
# checkpoint (veRL FSDP layout)
