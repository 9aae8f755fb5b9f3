"""The tiny CPU judge (``rlvr build-tiny-judge``): a Qwen3-architecture causal LM with the tiny tokenizer
of :mod:`rlvr.training.tiny`, built offline from a fixed seed."""

from __future__ import annotations

import argparse
import random
from pathlib import Path

from tracegen.core.canonical import pretty_json

TINY_SEED = 0
_FIT_STEPS = 40
_FIT_ANSWERS = ["A", "B", "C", "D", "Yes", "No", "12", "3", "0.5", "[1, 2, 3]"]


def _fit_examples(rng: random.Random, n: int = 32):
    from rlvr.training.tiny import CORPUS

    words = " ".join(CORPUS).split()
    examples = []
    for _ in range(n):
        question = " ".join(rng.choice(words) for _ in range(rng.randint(4, 24)))
        answer = rng.choice(_FIT_ANSWERS)
        messages = [{"role": "user", "content": question}]
        if rng.random() < 0.5:
            messages.insert(0, {"role": "system", "content": "You are a strict grader."})
        examples.append((messages, answer))
    return examples


def build_tiny_judge(output_dir, seed: int = TINY_SEED) -> Path:
    """Write a tiny Qwen3 causal LM judge (random init, float32) with the tiny tokenizer to ``output_dir``.

    The random initialisation is followed by a few deterministic teacher-forced steps on short
    chat answers (a word or a number, then ``<|im_end|>``), so that its greedy generations end
    within a small budget, as a judge's do; what it answers is still meaningless.
    """
    import torch
    from transformers import Qwen3Config, Qwen3ForCausalLM

    from rlvr.training.tiny import CHAT_TEMPLATE, build_tokenizer

    out = Path(output_dir)
    out.mkdir(parents=True, exist_ok=True)
    tokenizer = build_tokenizer()
    assert tokenizer.chat_template == CHAT_TEMPLATE
    end_id = tokenizer.convert_tokens_to_ids("<|im_end|>")
    pad_id = tokenizer.convert_tokens_to_ids("<|endoftext|>")
    config = Qwen3Config(
        vocab_size=len(tokenizer), hidden_size=64, intermediate_size=128, num_hidden_layers=2,
        num_attention_heads=4, num_key_value_heads=2, head_dim=16, max_position_embeddings=4096,
        rope_theta=1000000.0, tie_word_embeddings=True, bos_token_id=pad_id, eos_token_id=end_id,
        pad_token_id=pad_id,
    )
    torch.manual_seed(seed)
    model = Qwen3ForCausalLM(config).to(torch.float32)

    rows = []
    for messages, answer in _fit_examples(random.Random(seed)):
        prompt = tokenizer.apply_chat_template(messages, tokenize=False, add_generation_prompt=True)
        p_ids = tokenizer.encode(prompt, add_special_tokens=False)
        a_ids = tokenizer.encode(answer, add_special_tokens=False) + [end_id]
        rows.append((p_ids + a_ids, [-100] * len(p_ids) + a_ids))
    width = max(len(ids) for ids, _ in rows)
    input_ids = torch.tensor([ids + [pad_id] * (width - len(ids)) for ids, _ in rows])
    labels = torch.tensor([lab + [-100] * (width - len(lab)) for _, lab in rows])
    mask = torch.tensor([[1] * len(ids) + [0] * (width - len(ids)) for ids, _ in rows])
    optim = torch.optim.AdamW(model.parameters(), lr=1e-2, weight_decay=0.0)
    model.train()
    for _ in range(_FIT_STEPS):
        loss = model(input_ids=input_ids, attention_mask=mask, labels=labels).loss
        optim.zero_grad()
        loss.backward()
        optim.step()
    model.eval()
    model.generation_config.eos_token_id = end_id
    model.generation_config.pad_token_id = pad_id
    model.generation_config.do_sample = False
    model.save_pretrained(out)
    tokenizer.save_pretrained(out)
    (out / "tiny_judge.json").write_text(pretty_json(
        {"builder": "rlvr.evaluation.judge", "seed": seed, "fit_steps": _FIT_STEPS,
         "final_loss": round(float(loss.detach()), 4)}), encoding="utf-8")
    return out


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--output", required=True, help="directory to write the tiny judge into")
    parser.add_argument("--seed", type=int, default=TINY_SEED, help="weight seed (default %(default)s)")


def run(args) -> int:
    path = build_tiny_judge(args.output, seed=args.seed)
    print(f"tiny Qwen3 judge written to {path}")
    return 0
