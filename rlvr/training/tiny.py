"""A tiny Qwen2.5-VL-architecture model, built fully offline (CPU smoke path and tests).

``build_tiny_model(output_dir)`` writes a random-weight ``Qwen2_5_VLForConditionalGeneration``
(hidden 64, 2 layers, vision depth 2 / hidden 32, ``mrope_section [2, 3, 3]``) with a byte-level BPE
tokenizer trained with ``tokenizers`` on a few sentences and carrying Qwen's special tokens, a
Qwen2-VL chat template, and a ``Qwen2_5_VLProcessor`` (``Qwen2VLImageProcessor`` with small
min/max pixels + video processor).  Weights come from a fixed seed, so two builds give the same
tensors.  The directory loads with ``AutoProcessor`` / ``AutoModelForImageTextToText``.

Needs the training environment (torch, torchvision, transformers, tokenizers).
"""

from __future__ import annotations

import argparse
from pathlib import Path

SEED = 0
MIN_PIXELS = 28 * 28 * 4          # 4 merged image tokens at least
MAX_PIXELS = 28 * 28 * 64         # 64 merged image tokens at most

# Qwen2-VL / Qwen2.5-VL special tokens, in the order of the real tokenizer's added vocabulary.
SPECIAL_TOKENS = [
    "<|endoftext|>", "<|im_start|>", "<|im_end|>", "<|object_ref_start|>", "<|object_ref_end|>",
    "<|box_start|>", "<|box_end|>", "<|quad_start|>", "<|quad_end|>", "<|vision_start|>",
    "<|vision_end|>", "<|vision_pad|>", "<|image_pad|>", "<|video_pad|>",
]

# The Qwen2-VL chat template (as shipped with Qwen2.5-VL-*-Instruct).
CHAT_TEMPLATE = (
    "{% set image_count = namespace(value=0) %}{% set video_count = namespace(value=0) %}"
    "{% for message in messages %}{% if loop.first and message['role'] != 'system' %}"
    "<|im_start|>system\nYou are a helpful assistant.<|im_end|>\n{% endif %}"
    "<|im_start|>{{ message['role'] }}\n{% if message['content'] is string %}{{ message['content'] }}<|im_end|>\n"
    "{% else %}{% for content in message['content'] %}"
    "{% if content['type'] == 'image' or 'image' in content or 'image_url' in content %}"
    "{% set image_count.value = image_count.value + 1 %}{% if add_vision_id %}Picture {{ image_count.value }}: "
    "{% endif %}<|vision_start|><|image_pad|><|vision_end|>"
    "{% elif content['type'] == 'video' or 'video' in content %}{% set video_count.value = video_count.value + 1 %}"
    "{% if add_vision_id %}Video {{ video_count.value }}: {% endif %}<|vision_start|><|video_pad|><|vision_end|>"
    "{% elif 'text' in content %}{{ content['text'] }}{% endif %}{% endfor %}<|im_end|>\n{% endif %}{% endfor %}"
    "{% if add_generation_prompt %}<|im_start|>assistant\n{% endif %}"
)

CORPUS = [
    "You are a helpful, conversational assistant tasked with answering a question about an image.",
    "Reason carefully from the image and the question to determine the answer.",
    'End your response with a JSON object in this format: {"answer": 3}',
    "How many red circles are in the image? Which option is correct: A, B, C or D?",
    "The bar chart shows values 0 1 2 3 4 5 6 7 8 9 for each category.",
    '{"answer": "B"} {"answer": 12} {"answer": 0.5} [1, 2, 3]',
]


def build_tokenizer(vocab_size: int = 512):
    """The tiny byte-level BPE tokenizer over CORPUS, with CHAT_TEMPLATE (the tiny models and the tiny judge)."""
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, processors, trainers
    from transformers import PreTrainedTokenizerFast

    tok = Tokenizer(models.BPE())
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tok.decoder = decoders.ByteLevel()
    tok.post_processor = processors.ByteLevel(trim_offsets=False)
    trainer = trainers.BpeTrainer(vocab_size=vocab_size, special_tokens=SPECIAL_TOKENS, show_progress=False,
                                  initial_alphabet=pre_tokenizers.ByteLevel.alphabet())
    tok.train_from_iterator(CORPUS * 4, trainer=trainer)
    fast = PreTrainedTokenizerFast(
        tokenizer_object=tok, eos_token="<|im_end|>", pad_token="<|endoftext|>", unk_token=None,
        additional_special_tokens=SPECIAL_TOKENS[1:], model_max_length=32768,
    )
    fast.chat_template = CHAT_TEMPLATE
    return fast


def build_tiny_model(output_dir, *, seed: int = SEED, force: bool = False) -> Path:
    """Write model, processor and tokenizer to ``output_dir`` (staged, then published whole); returns the path.
    An existing ``output_dir`` is refused before anything loads, unless ``force``."""
    from tracegen.core.files import staged

    out = Path(output_dir)
    with staged(out, force=force) as staging:   # refuses an existing output first; torch loads inside
        _write_model(staging, seed)
    return out


def _write_model(out: Path, seed: int) -> None:
    import torch
    from transformers import (Qwen2_5_VLConfig, Qwen2_5_VLForConditionalGeneration, Qwen2_5_VLProcessor,
                              Qwen2VLImageProcessor)
    from transformers.models.qwen2_vl.video_processing_qwen2_vl import Qwen2VLVideoProcessor

    from tracegen.core.canonical import pretty_json

    tokenizer = build_tokenizer()
    ids = {t: tokenizer.convert_tokens_to_ids(t) for t in SPECIAL_TOKENS}
    vocab = len(tokenizer)
    config = Qwen2_5_VLConfig(
        text_config=dict(
            vocab_size=vocab, hidden_size=64, intermediate_size=128, num_hidden_layers=2,
            num_attention_heads=4, num_key_value_heads=2, max_position_embeddings=8192,
            rope_scaling={"type": "mrope", "mrope_section": [2, 3, 3]}, rope_theta=1000000.0,
            tie_word_embeddings=True, bos_token_id=ids["<|endoftext|>"], eos_token_id=ids["<|im_end|>"],
            pad_token_id=ids["<|endoftext|>"],
        ),
        vision_config=dict(
            depth=2, hidden_size=32, intermediate_size=64, num_heads=2, out_hidden_size=64, patch_size=14,
            spatial_merge_size=2, temporal_patch_size=2, window_size=112, fullatt_block_indexes=[1],
        ),
        image_token_id=ids["<|image_pad|>"], video_token_id=ids["<|video_pad|>"],
        vision_start_token_id=ids["<|vision_start|>"], vision_end_token_id=ids["<|vision_end|>"],
        bos_token_id=ids["<|endoftext|>"], eos_token_id=ids["<|im_end|>"], pad_token_id=ids["<|endoftext|>"],
        tie_word_embeddings=True,
    )
    torch.manual_seed(seed)
    model = Qwen2_5_VLForConditionalGeneration(config).to(torch.float32).eval()
    model.generation_config.eos_token_id = ids["<|im_end|>"]
    model.generation_config.pad_token_id = ids["<|endoftext|>"]
    model.save_pretrained(out)

    image_processor = Qwen2VLImageProcessor(min_pixels=MIN_PIXELS, max_pixels=MAX_PIXELS, patch_size=14,
                                            merge_size=2, temporal_patch_size=2)
    video_processor = Qwen2VLVideoProcessor(min_pixels=MIN_PIXELS, max_pixels=MAX_PIXELS, patch_size=14,
                                            merge_size=2, temporal_patch_size=2)
    processor = Qwen2_5_VLProcessor(image_processor=image_processor, tokenizer=tokenizer,
                                    video_processor=video_processor, chat_template=CHAT_TEMPLATE)
    processor.save_pretrained(out)
    tokenizer.save_pretrained(out)
    (out / "tiny_model.json").write_text(pretty_json(
        {"builder": "rlvr.training.tiny", "seed": seed, "min_pixels": MIN_PIXELS, "max_pixels": MAX_PIXELS}),
        encoding="utf-8")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--output", required=True, help="directory to write the tiny model into")
    parser.add_argument("--seed", type=int, default=SEED, help="weight seed (default %(default)s)")
    parser.add_argument("--force", action="store_true", help="replace an existing output directory")


def run(args) -> int:
    path = build_tiny_model(args.output, seed=args.seed, force=args.force)
    print(f"tiny Qwen2.5-VL model written to {path}")
    return 0
