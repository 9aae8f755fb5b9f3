"""`rlvr evaluate`: generate one (model, benchmark, seed) slice with lm-eval's task system.

The task is one of the YAMLs in ``rlvr/evaluation/tasks`` (loaded with lm-eval's ``include_path``; the
built-in task index is skipped), the data directory reaches it through lm-eval's ``metadata``, and the
decoding parameters come from the suite manifest: sampling is real (``do_sample=True``; lm-eval decodes
greedily without it) and the seed reaches the backend (vLLM ``seed``, the OpenAI request ``seed``, and
torch's global generator that transformers' sampling draws from). Backends:

* ``hf``     lm-eval ``hf-multimodal`` (transformers, in process; the CPU path used here),
* ``vllm``   lm-eval ``vllm-vlm`` (GPU),
* ``openai`` lm-eval ``local-chat-completions`` against an OpenAI-compatible endpoint (``vllm serve``).

The model is loaded once per job. Output: one JSON line per document, in document order (the generation
rows of the evaluation contract), written to a temporary file and renamed.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

from . import suite as suite_mod

BACKENDS = ("hf", "vllm", "openai")
#: images one benchmark prompt may carry: the reference's generation servers took 24 (vLLM --limit-mm-per-prompt
#: '{"image": 24}': MAX_IMAGES default of rlvr/evaluation/scripts/start_vllm_endpoint_pool.sh:15, af32fe0e); a
#: row with more fails before the model loads (lm-eval would silently drop the images beyond its max_images)
MAX_IMAGES = 24


class EvaluateError(RuntimeError):
    pass


def decoding(params: dict, backend: str, *, max_tokens: int | None = None, temperature: float | None = None,
             top_p: float | None = None) -> dict:
    """lm-eval generation kwargs for a backend from the suite's decoding parameters.

    The workflow puts the decoding on every generation command (``--max-tokens --temperature --top-p``), so
    receipts and dry runs show what a job samples with: a temperature or top_p given there must be the
    suite's (the protocol fixes them); ``max_tokens`` may differ (tiny CPU runs shorten it)."""
    for name, given in (("temperature", temperature), ("top_p", top_p)):
        if given is not None and float(given) != float(params[name]):
            raise EvaluateError(f"--{name.replace('_', '-')} {given} differs from the suite's {name} {params[name]}")
    out = {"do_sample": params["temperature"] > 0, "temperature": float(params["temperature"]),
           "top_p": float(params["top_p"]), "max_gen_toks": int(max_tokens or params["max_tokens"]), "until": []}
    top_k = int(params.get("top_k", -1))
    if backend == "hf":
        out["top_k"] = top_k if top_k > 0 else 0   # transformers: 0 = no top-k filter
    else:
        out["top_k"] = top_k                         # vLLM: -1 = no top-k filter
    if backend == "openai":
        del out["do_sample"]                         # not an OpenAI request field; temperature decides
    return out


def model_spec(backend: str, model: str, *, seed: int, min_pixels: int, max_pixels: int, batch_size: int,
               base_url: str | None = None, served_name: str | None = None, tensor_parallel: int = 1,
               max_images: int = MAX_IMAGES) -> tuple[str, dict]:
    if backend == "hf":
        import torch

        device = "cuda" if torch.cuda.is_available() else "cpu"
        return "hf-multimodal", {"pretrained": model, "device": device,
                                 "dtype": "bfloat16" if device == "cuda" else "float32",
                                 "min_pixels": min_pixels, "max_pixels": max_pixels, "max_images": max_images,
                                 "trust_remote_code": False}
    if backend == "vllm":
        return "vllm-vlm", {"pretrained": model, "seed": seed, "tensor_parallel_size": tensor_parallel,
                            "max_images": max_images,
                            "mm_processor_kwargs": {"min_pixels": min_pixels, "max_pixels": max_pixels}}
    if backend == "openai":
        if not base_url:
            raise EvaluateError("backend openai needs --base-url (the OpenAI-compatible server, e.g. vllm serve)")
        return "local-chat-completions", {"model": served_name or Path(model).name,
                                          "base_url": base_url.rstrip("/") + "/chat/completions",
                                          "seed": seed, "num_concurrent": batch_size, "max_images": max_images,
                                          "tokenized_requests": False, "max_retries": 3}
    raise EvaluateError(f"unknown backend {backend!r} (choose from {', '.join(BACKENDS)})")


def run_lm_eval(task: str, data_dir: str, *, backend: str, model: str, seed: int, gen_kwargs: dict,
                min_pixels: int, max_pixels: int, batch_size: int = 8, base_url=None, served_name=None,
                tensor_parallel: int = 1, system_instruction: str | None = None, limit: int | None = None,
                max_images: int = MAX_IMAGES):
    """-> (samples sorted by doc_id, lm-eval results block). The model is loaded once."""
    import lm_eval
    from lm_eval.tasks import TaskManager

    name, args = model_spec(backend, model, seed=seed, min_pixels=min_pixels, max_pixels=max_pixels,
                            batch_size=batch_size, base_url=base_url, served_name=served_name,
                            tensor_parallel=tensor_parallel, max_images=max_images)
    manager = TaskManager(include_path=str(suite_mod.TASKS_DIR), include_defaults=False,
                          metadata={"data_dir": str(data_dir)})
    out = lm_eval.simple_evaluate(
        model=name, model_args=args, tasks=[task], task_manager=manager, gen_kwargs=dict(gen_kwargs),
        apply_chat_template=True, system_instruction=system_instruction, log_samples=True,
        batch_size={"hf-multimodal": batch_size, "vllm-vlm": "auto"}.get(name, 1),
        random_seed=seed, numpy_random_seed=seed, torch_random_seed=seed, fewshot_random_seed=seed,
        limit=limit, bootstrap_iters=0,
    )
    samples = sorted(out["samples"][task], key=lambda s: s["doc_id"])
    return samples, out["results"][task]


def _context(sample) -> str:
    arg = sample["arguments"][0]
    ctx = arg[0] if isinstance(arg, (list, tuple)) else arg
    return ctx if isinstance(ctx, str) else json.dumps(ctx, sort_keys=True, default=str)


def write_jsonl_atomic(path, rows) -> None:
    from tracegen.core.files import write_atomic

    write_atomic(path, "".join(json.dumps(row, sort_keys=True, ensure_ascii=False) + "\n" for row in rows))


def read_jsonl(path) -> list[dict]:
    rows = []
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if line.strip():
                try:
                    row = json.loads(line)
                except ValueError as e:
                    raise EvaluateError(f"{path}:{n}: not valid JSON: {e}") from None
                if not isinstance(row, dict):
                    raise EvaluateError(f"{path}:{n}: expected one JSON object per line, got a JSON "
                                        f"{type(row).__name__}")
                rows.append(row)
    return rows


def check_image_counts(counts, limit: int, what: str) -> None:
    """Every prompt carries at most ``limit`` images (EvaluateError naming the first row that carries more)."""
    over = [(i, n) for i, n in enumerate(counts) if n > limit]
    if over:
        i, n = over[0]
        more = f" (and {len(over) - 1} more rows)" if len(over) > 1 else ""
        raise EvaluateError(f"{what}: row {i} has {n} images, more than the {limit} a prompt may carry{more}")


def prompt_image_counts(benchmark: str, data_dir) -> list[int]:
    """The number of images each row's prompt carries (the benchmark's own prompt builder)."""
    from . import benchmarks
    from .common import dataset

    bench = benchmarks.get(benchmark)
    return [sum(1 for part in bench.build_prompt(row) if part["type"] == "image")
            for row in dataset.read(data_dir, benchmarks.Row)]


def generation_rows(samples, expected: int) -> list[dict]:
    """Generation rows from lm-eval's samples, whose docs are the task's loaded rows: index, the row's fields,
    the prompt (as text and as the reference's chat message), the response."""
    from .common.messages import flat_text
    from .tasks.utils import module_row

    if [s["doc_id"] for s in samples] != list(range(expected)):
        raise EvaluateError(f"lm-eval returned {len(samples)} samples for {expected} documents")
    rows = []
    for s in samples:
        bench, row = module_row(s["doc"])
        parts = bench.build_prompt(row)
        rows.append({"index": s["doc_id"], "fields": row.fields, "prompt": flat_text(parts),
                     "messages": bench.request_messages(row), "response": s["resps"][0][0],
                     "n_images": len(row.images), "context_sha256": hashlib.sha256(_context(s).encode()).hexdigest()})
    return rows


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--suite", required=True, help="suite manifest (config/eval/trace_eval_v1.json)")
    p.add_argument("--benchmark", required=True)
    p.add_argument("--seed", type=int, required=True)
    p.add_argument("--model", required=True, help="model directory (or served model name with --backend openai)")
    p.add_argument("--data", required=True, help="normalized benchmark directory (docs.parquet + manifest.json)")
    p.add_argument("--output", required=True, help="generations.jsonl")
    add_backend_arguments(p)


def check_model(model: str, backend: str) -> None:
    """The hf and vllm backends load a local model directory: one that is missing is named before anything
    loads (else lm-eval would take it for a hub repository id, seconds later)."""
    if backend != "openai" and not Path(model).is_dir():
        raise EvaluateError(f"--model {model}: no such model directory (the {backend} backend loads a local "
                            "model; --backend openai takes a served model name)")


def add_backend_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--backend", choices=BACKENDS, default="hf")
    p.add_argument("--base-url", help="OpenAI-compatible endpoint (backend openai), e.g. http://host:8000/v1")
    p.add_argument("--served-name", help="model name at the endpoint (backend openai)")
    p.add_argument("--tensor-parallel", type=int, default=1)
    p.add_argument("--batch-size", type=int, default=8)
    p.add_argument("--max-tokens", type=int, help="override the suite's max_tokens (local tiny runs)")
    p.add_argument("--temperature", type=float, help="the suite's temperature, stated (anything else is refused)")
    p.add_argument("--top-p", type=float, help="the suite's top_p, stated (anything else is refused)")
    p.add_argument("--limit", type=int, help="only the first N documents (debugging; never in the DAG)")


def run(args) -> int:
    from . import data as eval_data

    try:
        check_model(args.model, args.backend)
        manifest = suite_mod.load(args.suite)
        bench = suite_mod.benchmark(manifest, args.benchmark)
        expected = eval_data.read_manifest(args.data).get("rows")   # fails fast, before the model loads
        if not isinstance(expected, int):
            raise EvaluateError(f"{args.data}: manifest.json gives no row count")
        check_image_counts(prompt_image_counts(args.benchmark, args.data), MAX_IMAGES, args.data)
        if args.limit:
            expected = min(expected, args.limit)
        gen = manifest["generation"]
        kwargs = decoding(gen, args.backend, max_tokens=args.max_tokens, temperature=args.temperature,
                          top_p=args.top_p)
        samples, results = run_lm_eval(
            bench["lm_eval_task"], args.data, backend=args.backend, model=args.model, seed=args.seed,
            gen_kwargs=kwargs, min_pixels=gen["min_image_pixels"], max_pixels=gen["max_image_pixels"],
            batch_size=args.batch_size, base_url=args.base_url, served_name=args.served_name,
            tensor_parallel=args.tensor_parallel, limit=args.limit)
        rows = generation_rows(samples, expected)
        write_jsonl_atomic(args.output, rows)
    except (EvaluateError, suite_mod.SuiteError, ValueError, OSError) as e:
        print(f"rlvr evaluate: {e}", file=sys.stderr)
        return 1
    print(json.dumps({"benchmark": args.benchmark, "seed": args.seed, "rows": len(rows), "backend": args.backend,
                      "decoding": kwargs, "lm_eval": {k: v for k, v in results.items() if "," in k}},
                     sort_keys=True))
    return 0
