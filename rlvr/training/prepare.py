"""``rlvr prepare-rl-data``: TRACE parquet -> veRL's multimodal RLHF parquet.

Input: parquet shards with the TRACE release columns (ours from ``tracegen export`` or the pinned
``maveryn/trace`` release): ``images`` (list of {bytes, path}), ``image_sizes``, ``prompt_answer``,
``answer_gt``, ``reward_contract`` (JSON strings), ``instance_id``, ``domain``, ``task``, ...

Output (``OUTPUT/``): ``train/*.parquet`` and ``validation/*.parquet`` (one output shard per input
shard, same row order) with the columns veRL's ``RLHFDataset`` and ``naive`` reward manager read:

* ``data_source``  -- the profile's ``dataset.data_source`` (``trace``)
* ``prompt``       -- chat messages ``[{role: system, content: <system prompt file, stripped>},
  {role: user, content: "<image>" * n_images + prompt_answer}]`` (the reference reads the prompt file
  with ``.strip()``; images first, Qwen's convention; a prompt that already carries one ``<image>`` per
  image -- the release's ``prompt_answer`` begins with its ``<image>`` marker -- is kept as is)
* ``images``       -- ``[{bytes, min_pixels, max_pixels}]``: the pixel bounds travel with each image
  (``qwen_vl_utils.fetch_image`` reads them; veRL has no global key)
* ``reward_model`` -- ``{style: rule, ground_truth: <answer_gt JSON string>}``
* ``extra_info``   -- ``{index, split, instance_id, task, domain, reward_contract}``

plus ``manifest.json`` (profile, source shard sha256s, output sha256s, row counts, prompt sha256, pixel
bounds, the contract dialects seen, and the prompt-length report when a model was given).  Every row's
ground truth and reward contract (tracegen's ``trace-reward-v1`` or the release's ``v0``) must be one the
reward accepts (``tracegen.reward.ground_truth_error``); offending rows fail the command with their
instance ids, so a bad row never reaches veRL's reward loop.  With ``--model DIR`` (the base model's
processor) every prompt's token length (system + user text + image tokens, exactly as veRL's
``RLHFDataset`` counts them) is checked against ``data.max_prompt_length``; offending rows fail the
command with their instance ids, before any training starts.
"""

from __future__ import annotations

import argparse
import json
import re
from pathlib import Path

from . import profiles as P

SPLITS = ("train", "validation")
REQUIRED_COLUMNS = ("images", "image_sizes", "answer_gt", "reward_contract", "instance_id", "domain", "task")
IMAGE_TOKEN = "<image>"


class BadGroundTruth(ValueError):
    def __init__(self, offenders):
        self.offenders = offenders
        ids = "; ".join(f"{o['instance_id']} ({o['split']}): {o['error']}" for o in offenders[:20])
        more = f" and {len(offenders) - 20} more" if len(offenders) > 20 else ""
        super().__init__(f"{len(offenders)} row(s) with a ground truth or reward contract the reward "
                         f"rejects: {ids}{more}")


def ground_truth_problem(prepared: dict, mode: str = "answer"):
    """The reward's verdict on a prepared row's ground truth + contract (``None`` when usable)."""
    from tracegen.reward import ground_truth_error

    try:
        answer_gt = json.loads(prepared["reward_model"]["ground_truth"])
        contract = json.loads(prepared["extra_info"]["reward_contract"])
    except (TypeError, ValueError, KeyError) as e:
        return f"unreadable ground truth or contract ({type(e).__name__})"
    return ground_truth_error(answer_gt, None, contract, mode)


def contract_dialect(prepared: dict):
    from tracegen.reward import contract_dialect as dialect

    return dialect(json.loads(prepared["extra_info"]["reward_contract"]))


class PromptTooLong(ValueError):
    def __init__(self, offenders, limit):
        self.offenders, self.limit = offenders, limit
        ids = ", ".join(f"{o['instance_id']} ({o['split']}, {o['tokens']} tokens)" for o in offenders[:50])
        more = f" and {len(offenders) - 50} more" if len(offenders) > 50 else ""
        super().__init__(f"{len(offenders)} prompt(s) exceed max_prompt_length={limit}: {ids}{more}")


def output_schema():
    import pyarrow as pa

    message = pa.struct([("role", pa.string()), ("content", pa.string())])
    image = pa.struct([("bytes", pa.binary()), ("min_pixels", pa.int64()), ("max_pixels", pa.int64())])
    reward = pa.struct([("style", pa.string()), ("ground_truth", pa.string())])
    extra = pa.struct([("index", pa.int64()), ("split", pa.string()), ("instance_id", pa.string()),
                       ("task", pa.string()), ("domain", pa.string()), ("reward_contract", pa.string())])
    return pa.schema([("data_source", pa.string()), ("prompt", pa.list_(message)), ("images", pa.list_(image)),
                      ("reward_model", reward), ("extra_info", extra)])


def parquet_files(path) -> list[Path]:
    p = Path(path)
    if p.is_file():
        return [p]
    files = sorted(p.glob("*.parquet"))
    if not files:
        raise FileNotFoundError(f"no parquet files in {p}")
    return files


def user_content(prompt: str, n_images: int) -> str:
    have = prompt.count(IMAGE_TOKEN)
    if have == n_images and n_images:
        return prompt
    if have:
        raise ValueError(f"prompt has {have} {IMAGE_TOKEN} placeholders for {n_images} images")
    return IMAGE_TOKEN * n_images + prompt


def _json_text(value, what) -> str:
    """A JSON-object column as canonical text (validated)."""
    obj = json.loads(value) if isinstance(value, (str, bytes)) else value
    if not isinstance(obj, dict):
        raise ValueError(f"{what} is not a JSON object")
    return P.canonical(obj)


def convert_rows(rows: list[dict], *, profile: dict, system_prompt: str, split: str, start_index: int) -> list[dict]:
    ds, im = profile["dataset"], profile["images"]
    out = []
    for k, row in enumerate(rows):
        missing = [c for c in REQUIRED_COLUMNS + (ds["prompt_column"],) if c not in row]
        if missing:
            raise KeyError(f"input row lacks columns {missing}")
        images = row["images"] or []
        prompt = row[ds["prompt_column"]]
        out.append({
            "data_source": ds["data_source"],
            "prompt": [{"role": "system", "content": system_prompt},
                       {"role": "user", "content": user_content(prompt, len(images))}],
            "images": [{"bytes": x["bytes"], "min_pixels": im["min_pixels"], "max_pixels": im["max_pixels"]}
                       for x in images],
            "reward_model": {"style": "rule",
                             "ground_truth": _json_text(row[ds["answer_column"]], ds["answer_column"])},
            "extra_info": {"index": start_index + k, "split": split, "instance_id": row["instance_id"],
                           "task": row["task"], "domain": row["domain"],
                           "reward_contract": _json_text(row["reward_contract"], "reward_contract")},
        })
    return out


def _row_sizes(rows: list[dict]) -> list[list[tuple[int, int]]]:
    return [[(int(s["height"]), int(s["width"])) for s in (r.get("image_sizes") or [])] for r in rows]


# --------------------------------------------------------------------------------------------------
# prompt length (the count veRL's RLHFDataset makes: chat template text + image tokens)
# --------------------------------------------------------------------------------------------------

class LengthCounter:
    """Token length of a prepared row, without decoding its images.

    Each image is first resized the way ``qwen_vl_utils.fetch_image`` does it (``smart_resize`` with
    the row's min/max pixels and factor ``image_patch_size × 2``), then counted with the processor's
    own ``_get_num_multimodal_tokens`` (which applies the processor's bounds); the text is the
    processor's chat template, tokenized, with each ``<|image_pad|>`` expanded to its image's tokens.
    A test checks that it equals veRL's own count (``build_multimodal_processor_inputs``).
    """

    def __init__(self, processor, image_patch_size: int = 14):
        self.processor = processor
        self.tokenizer = processor.tokenizer
        self.patch = image_patch_size
        self.pad_id = self.tokenizer.convert_tokens_to_ids(getattr(processor, "image_token", "<|image_pad|>"))

    def image_tokens(self, height: int, width: int, min_pixels: int, max_pixels: int) -> int:
        from qwen_vl_utils.vision_process import SPATIAL_MERGE_SIZE, smart_resize

        h, w = smart_resize(height, width, factor=self.patch * SPATIAL_MERGE_SIZE,
                            min_pixels=min_pixels, max_pixels=max_pixels)
        return int(self.processor._get_num_multimodal_tokens(image_sizes=[(h, w)]).num_image_tokens[0])

    def messages(self, prompt: list[dict]) -> list[dict]:
        out = []
        for m in prompt:
            parts = [s for s in re.split(f"({re.escape(IMAGE_TOKEN)})", m["content"]) if s]
            if len(parts) == 1 and parts[0] != IMAGE_TOKEN:
                out.append({"role": m["role"], "content": m["content"]})
            else:
                out.append({"role": m["role"], "content": [{"type": "image"} if s == IMAGE_TOKEN else
                                                           {"type": "text", "text": s} for s in parts]})
        return out

    def length(self, prepared: dict, sizes: list[tuple[int, int]]) -> int:
        text = self.processor.apply_chat_template(self.messages(prepared["prompt"]), add_generation_prompt=True,
                                                  tokenize=False)
        ids = self.tokenizer(text=text, add_special_tokens=False, return_attention_mask=False)["input_ids"]
        n_pad = sum(1 for t in ids if t == self.pad_id)
        if n_pad != len(sizes):
            raise ValueError(f"{prepared['extra_info']['instance_id']}: {n_pad} image slots for {len(sizes)} images")
        extra = sum(self.image_tokens(h, w, img["min_pixels"], img["max_pixels"]) - 1
                    for (h, w), img in zip(sizes, prepared["images"]))
        return len(ids) + extra


def load_processor(model_dir):
    from transformers import AutoProcessor

    return AutoProcessor.from_pretrained(str(model_dir))


# --------------------------------------------------------------------------------------------------

def prepare(profile_name, sources: dict, output, *, model=None, force: bool = False,
            batch_rows: int = 256) -> dict:
    """Convert ``sources`` ({split: parquet dir or file}) into ``output``; returns the manifest."""
    import pyarrow.parquet as pq

    from tracegen.core.canonical import pretty_json
    from tracegen.core.files import check_output, staged

    profile = P.load(profile_name)
    problems = P.validate(profile)
    if problems:
        raise P.ProfileError("; ".join(problems))
    system_prompt = P.read_system_prompt(profile).strip()
    limit = profile["verl"]["overrides"]["data.max_prompt_length"]
    patch = profile["verl"]["overrides"].get("data.image_patch_size", 14)
    counter = LengthCounter(load_processor(model), patch) if model else None

    output = Path(output)
    check_output(output, force)
    schema = output_schema().with_metadata({"rlvr": P.canonical({
        "profile": profile["name"], "system_prompt_sha256": profile["system_prompt"]["sha256"],
        "min_pixels": profile["images"]["min_pixels"], "max_pixels": profile["images"]["max_pixels"]})})
    manifest = {"schema": "rlvr-rl-data/v1", "profile": profile["name"],
                "profile_sha256": P.profile_sha256(profile),
                "system_prompt_sha256": profile["system_prompt"]["sha256"],
                "images": profile["images"], "max_prompt_length": limit, "splits": {}}
    offenders, longest, bad_rows, dialects = [], {}, [], {}
    mode = profile["reward"]["mode"]
    with staged(output, force=force) as staging:
        for split, src in sources.items():
            (staging / split).mkdir()
            index, entries = 0, []
            for f in parquet_files(src):
                dest = staging / split / f.name
                pf = pq.ParquetFile(f)
                with pq.ParquetWriter(dest, schema, compression="zstd") as writer:
                    for batch in pf.iter_batches(batch_size=batch_rows):
                        rows = batch.to_pylist()
                        prepared = convert_rows(rows, profile=profile, system_prompt=system_prompt, split=split,
                                                start_index=index)
                        for p in prepared:
                            problem = ground_truth_problem(p, mode)
                            if problem:
                                bad_rows.append({"instance_id": p["extra_info"]["instance_id"], "split": split,
                                                 "error": problem})
                            else:
                                d = contract_dialect(p)
                                dialects[d] = dialects.get(d, 0) + 1
                        if counter is not None:
                            for p, sizes in zip(prepared, _row_sizes(rows)):
                                n = counter.length(p, sizes)
                                longest[split] = max(longest.get(split, 0), n)
                                if n > limit:
                                    offenders.append({"instance_id": p["extra_info"]["instance_id"],
                                                      "split": split, "tokens": n})
                        writer.write_batch(_to_batch(prepared, schema))
                        index += len(rows)
                entries.append({"source": str(f), "source_sha256": P.file_sha256(f),
                                "file": f"{split}/{f.name}", "sha256": P.file_sha256(dest),
                                "rows": pf.metadata.num_rows})
            manifest["splits"][split] = {"rows": index, "files": entries}
        if bad_rows:
            raise BadGroundTruth(bad_rows)
        manifest["reward_contracts"] = dict(sorted(dialects.items()))
        if counter is not None:
            manifest["prompt_lengths"] = {"checked": True, "model": str(model), "longest": longest,
                                          "over_limit": len(offenders)}
            if offenders:
                raise PromptTooLong(offenders, limit)
        else:
            manifest["prompt_lengths"] = {"checked": False}
        (staging / "manifest.json").write_text(pretty_json(manifest), encoding="utf-8")
    return manifest


def _to_batch(rows, schema):
    import pyarrow as pa

    return pa.RecordBatch.from_pylist(rows, schema=schema)


def check_prompt_lengths(data_files, model, max_prompt_length: int, image_patch_size: int = 14) -> dict:
    """Length and ground-truth check of already prepared parquet files (``rlvr train`` before it launches)."""
    import io

    import pyarrow.parquet as pq
    from PIL import Image

    counter = LengthCounter(load_processor(model), image_patch_size)
    offenders, longest, rows, bad_rows = [], 0, 0, []
    for f in data_files:
        for batch in pq.ParquetFile(f).iter_batches(batch_size=256):
            for r in batch.to_pylist():
                problem = ground_truth_problem(r)
                if problem:
                    bad_rows.append({"instance_id": r["extra_info"]["instance_id"],
                                     "split": r["extra_info"]["split"], "error": problem})
                sizes = []
                for img in r["images"]:
                    with Image.open(io.BytesIO(img["bytes"])) as im:
                        sizes.append((im.height, im.width))
                n = counter.length(r, sizes)
                rows += 1
                longest = max(longest, n)
                if n > max_prompt_length:
                    offenders.append({"instance_id": r["extra_info"]["instance_id"],
                                      "split": r["extra_info"]["split"], "tokens": n})
    if bad_rows:
        raise BadGroundTruth(bad_rows)
    if offenders:
        raise PromptTooLong(offenders, max_prompt_length)
    return {"rows": rows, "longest": longest}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--profile", required=True, help="profile name or YAML path")
    parser.add_argument("--train", required=True, help="train parquet directory (or one file)")
    parser.add_argument("--validation", required=True, help="validation parquet directory (or one file)")
    parser.add_argument("--output", required=True, help="output directory (train/, validation/, manifest.json)")
    parser.add_argument("--model", default=None,
                        help="model directory whose processor counts prompt tokens; without it the "
                             "length check is skipped (and recorded as such in the manifest)")
    parser.add_argument("--force", action="store_true", help="replace an existing output directory")


def run(args) -> int:
    try:
        manifest = prepare(args.profile, {"train": args.train, "validation": args.validation}, args.output,
                           model=args.model, force=args.force)
    except (PromptTooLong, BadGroundTruth) as e:
        print(f"rlvr prepare-rl-data: error: {e}")
        return 1
    except (P.ProfileError, FileExistsError, FileNotFoundError, KeyError, ValueError) as e:
        print(f"rlvr prepare-rl-data: error: {e}")
        return 1
    counts = ", ".join(f"{s} {v['rows']} rows" for s, v in manifest["splits"].items())
    lengths = manifest["prompt_lengths"]
    note = (f"longest prompt {max(lengths['longest'].values(), default=0)} tokens" if lengths["checked"]
            else "prompt lengths NOT checked (no --model)")
    print(f"prepared {counts} for {manifest['profile']} in {args.output}; {note}")
    return 0
