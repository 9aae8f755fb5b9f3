# Evaluation stage: per (model, benchmark, seed) generation; LLM judging as its own job where the
# benchmark's contract needs it; scoring; the TRACE validation campaign per model.
#
# Partial reruns: every evaluation job depends on a per-benchmark and a per-(benchmark, seed) stamp.
#   snakemake --profile slurm results.json -R results/eval/stamps/mathvista.stamp          (one benchmark, all seeds)
#   snakemake --profile slurm results.json -R results/eval/stamps/mathvista/seed42.stamp   (one benchmark x seed)
# rebuild only that slice (generation, judging, scoring) and the aggregate.

wildcard_constraints:
    benchmark="|".join(BENCHMARKS),
    seed=r"\d+",


rule eval_stamp_benchmark:
    output:
        stamp="results/eval/stamps/{benchmark}.stamp",
        receipt=receipt("eval_stamp_benchmark", "benchmark"),
    log:
        "logs/eval_stamp/{benchmark}.log",
    container: container_for("data")
    params:
        receipt=receipt_args("eval"),
    shell:
        receipted("echo 'benchmark {wildcards.benchmark}' > {output.stamp}")


rule eval_stamp_seed:
    output:
        stamp="results/eval/stamps/{benchmark}/seed{seed}.stamp",
        receipt=receipt("eval_stamp_seed", "benchmark", "seed"),
    log:
        "logs/eval_stamp/{benchmark}-{seed}.log",
    container: container_for("data")
    params:
        receipt=receipt_args("eval"),
    shell:
        receipted("echo 'benchmark {wildcards.benchmark} seed {wildcards.seed}' > {output.stamp}")


rule fetch_benchmark:
    """Download a benchmark at its pinned revision and check rows/hashes (cluster; needs the network)."""
    output:
        data=directory("results/benchmarks/{benchmark}"),
        receipt=receipt("fetch_benchmark", "benchmark"),
    log:
        "logs/fetch_benchmark/{benchmark}.log",
    resources:
        **resources_for("data"),
    container: container_for("eval")
    params:
        receipt=receipt_args("eval"),
        suite=config["eval"]["suite"],
    shell:
        receipted("env HF_HUB_OFFLINE=0 HF_DATASETS_OFFLINE=0 TRANSFORMERS_OFFLINE=0 rlvr fetch-benchmark --suite {params.suite} --benchmark {wildcards.benchmark} --output {output.data}")


rule evaluate:
    input:
        model=lambda w: f"results/models/{w.model}",
        data=benchmark_data,
        stamp="results/eval/stamps/{benchmark}.stamp",
        seed_stamp="results/eval/stamps/{benchmark}/seed{seed}.stamp",
    output:
        generations="results/eval/{model}/{benchmark}/seed{seed}/generations.jsonl",
        receipt=receipt("evaluate", "benchmark", "model", "seed"),
    log:
        "logs/evaluate/{model}/{benchmark}/seed{seed}.log",
    benchmark:
        "benchmarks/evaluate/{model}/{benchmark}/seed{seed}.tsv"
    resources:
        **resources_for("eval"),
    container: container_for("eval")
    params:
        receipt=receipt_args("eval"),
        suite=config["eval"]["suite"],
    shell:
        receipted(
            "rlvr evaluate --suite {params.suite} --benchmark {wildcards.benchmark} --seed {wildcards.seed} "
            "--model {input.model} --data {input.data} --output {output.generations}"
        )


rule judge:
    """Qwen3-32B (thinking off, temperature 0) for benchmarks whose contract needs an LLM judge."""
    input:
        generations="results/eval/{model}/{benchmark}/seed{seed}/generations.jsonl",
    output:
        judged="results/eval/{model}/{benchmark}/seed{seed}/judged.jsonl",
        receipt=receipt("judge", "benchmark", "model", "seed"),
    log:
        "logs/judge/{model}/{benchmark}/seed{seed}.log",
    benchmark:
        "benchmarks/judge/{model}/{benchmark}/seed{seed}.tsv"
    resources:
        **resources_for("judge"),
    container: container_for("judge")
    params:
        receipt=receipt_args("judge"),
        suite=config["eval"]["suite"],
    shell:
        receipted("rlvr judge --suite {params.suite} --benchmark {wildcards.benchmark} "
                  "--input {input.generations} --output {output.judged}")


rule score:
    input:
        responses=responses_for_scoring,
    output:
        score="results/eval/{model}/{benchmark}/seed{seed}/score.json",
        receipt=receipt("score", "benchmark", "model", "seed"),
    log:
        "logs/score/{model}/{benchmark}/seed{seed}.log",
    resources:
        **resources_for("data"),
    container: container_for("eval")
    params:
        receipt=receipt_args("eval"),
        suite=config["eval"]["suite"],
    shell:
        receipted("rlvr score --suite {params.suite} --benchmark {wildcards.benchmark} --model {wildcards.model} "
                  "--seed {wildcards.seed} --input {input.responses} --output {output.score}")


rule trace_validation:
    """The TRACE validation campaign: the validation split, typed-answer extraction, judge fallback."""
    input:
        model=lambda w: f"results/models/{w.model}",
        validation="results/data/validation/parquet",
    output:
        summary="results/trace_validation/{model}/summary.json",
        receipt=receipt("trace_validation", "model"),
    log:
        "logs/trace_validation/{model}.log",
    resources:
        **resources_for("eval"),
    container: container_for("eval")
    params:
        receipt=receipt_args("eval"),
    shell:
        receipted("rlvr trace-validation --model {input.model} --data {input.validation} --output {output.summary}")
