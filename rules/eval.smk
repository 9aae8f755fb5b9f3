# Evaluation stage: per (model, benchmark, seed) generation with lm-eval; LLM judging as one job per judged
# benchmark (all its models and seeds: one judge server) where the reference's protocol calls the judge;
# scoring; the TRACE validation campaign per model (generate, judge the missing/ambiguous extractions, score).
#
# Partial reruns: every evaluation job depends on a per-benchmark and a per-(benchmark, seed) stamp.
#   snakemake --profile slurm results.json -R results/eval/stamps/mathvista.stamp          (one benchmark, all seeds)
#   snakemake --profile slurm results.json -R results/eval/stamps/mathvista/seed42.stamp   (one benchmark x seed)
# rebuild that slice's generations and scores and the aggregate; for a judged benchmark the one judge job
# reruns too (answers already asked come from the judge cache) and so do the scores of its other slices.

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
        receipt=receipt_args("data"),
    shell:
        receipted(script('echo "benchmark $1" > "$2"', "{wildcards.benchmark:q} {output.stamp:q}"))


rule eval_stamp_seed:
    output:
        stamp="results/eval/stamps/{benchmark}/seed{seed}.stamp",
        receipt=receipt("eval_stamp_seed", "benchmark", "seed"),
    log:
        "logs/eval_stamp/{benchmark}-{seed}.log",
    container: container_for("data")
    params:
        receipt=receipt_args("data"),
    shell:
        receipted(
            script('echo "benchmark $1 seed $2" > "$3"', "{wildcards.benchmark:q} {wildcards.seed:q} {output.stamp:q}")
        )


rule fetch_benchmark:
    """Download a benchmark at its pinned revision, check rows/hashes, normalize (cluster; needs the network)."""
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
        suite=SUITE_PATH,
    shell:
        receipted("env HF_HUB_OFFLINE=0 HF_DATASETS_OFFLINE=0 rlvr fetch-benchmark --suite {params.suite:q} "
                  "--benchmark {wildcards.benchmark:q} --raw results/benchmarks_raw/{wildcards.benchmark:q} "
                  "--output {output.data:q}")


rule benchmark_fixture:
    """CPU runs: a tiny fixture in the benchmark's own raw format, normalized by the same code and checks."""
    output:
        data=directory(f"{FIXTURES or 'results/benchmark_fixtures'}/{{benchmark}}"),
        receipt=receipt("benchmark_fixture", "benchmark"),
    log:
        "logs/benchmark_fixture/{benchmark}.log",
    container: container_for("eval")
    params:
        receipt=receipt_args("eval"),
        suite=SUITE_PATH,
    shell:
        receipted("rlvr fetch-benchmark --fixture --suite {params.suite:q} --benchmark {wildcards.benchmark:q} "
                  "--raw {output.data:q}.raw --output {output.data:q}")


rule evaluate:
    input:
        model=lambda w: model_dir(w.model),
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
        receipt=receipt_args("eval", backend=EVAL_BACKEND_ARGS, generation=EVAL_GENERATION_ARGS),
        suite=SUITE_PATH,
        backend=EVAL_BACKEND_ARGS,
        generation=EVAL_GENERATION_ARGS,
        preflight=gpu_preflight("eval"),
    shell:
        receipted(
            "{params.preflight:q} rlvr evaluate --suite {params.suite:q} --benchmark {wildcards.benchmark:q} --seed {wildcards.seed:q} "
            "--model {input.model:q} --data {input.data:q} --output {output.generations:q} {params.backend:q} "
            "{params.generation:q}"
        )


rule judge_model:
    """The judge model: Qwen3-32B at its pinned revision (cluster), or a tiny Qwen3 built offline (CPU runs)."""
    output:
        model=directory(JUDGE_MODEL_DIR),
        receipt=receipt("judge_model"),
    log:
        "logs/judge_model.log",
    resources:
        **resources_for("data"),
    container: container_for("judge")
    params:
        receipt=receipt_args("judge", judge=JUDGE),
        command=JUDGE_MODEL_COMMAND,
    shell:
        receipted("{params.command:q} --output {output.model:q}")


rule judge:
    """Qwen3-32B (thinking off) where the reference's protocol calls it: ONE job per judged benchmark serves all
    its models and seeds (one judge server start), every round's requests of all slices batched together."""
    input:
        generations=lambda w: [f"{d}/generations.jsonl" for d in judged_slices(w.benchmark)],
        judge_model=JUDGE_MODEL_DIR,
    output:
        judged=[f"{d}/judged.jsonl" for d in judged_slices("{benchmark}")],
        receipt=receipt("judge", "benchmark"),
    log:
        "logs/judge/{benchmark}.log",
    benchmark:
        "benchmarks/judge/{benchmark}.tsv"
    resources:
        **resources_for("judge"),
    container: container_for("judge")
    params:
        receipt=receipt_args("judge", judge=JUDGE),
        suite=SUITE_PATH,
        judge=JUDGE_ARGS,
        preflight=gpu_preflight("judge"),
    shell:
        receipted("{params.preflight:q} rlvr judge --suite {params.suite:q} --benchmark {wildcards.benchmark:q} "
                  "--input {input.generations:q} --output {output.judged:q} --judge-model {input.judge_model:q} "
                  "{params.judge:q}")


rule score:
    """Score one slice; the slice's rows must be the benchmark data's (and, unless a fixture, the suite's)."""
    input:
        responses=responses_for_scoring,
        data=benchmark_data,
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
        suite=SUITE_PATH,
    shell:
        receipted("rlvr score --suite {params.suite:q} --benchmark {wildcards.benchmark:q} --model {wildcards.model:q} "
                  "--seed {wildcards.seed:q} --input {input.responses:q} --output {output.score:q} --data {input.data:q}")


rule fetch_trace_validation:
    """The pinned release validation file (2,000 rows) with its sha256 and row count checked (cluster)."""
    output:
        data=directory("results/trace_validation/release"),
        receipt=receipt("fetch_trace_validation"),
    log:
        "logs/trace_validation/fetch.log",
    resources:
        **resources_for("data"),
    container: container_for("eval")
    params:
        receipt=receipt_args("eval"),
        suite=SUITE_PATH,
    shell:
        receipted("env HF_HUB_OFFLINE=0 rlvr trace-validation fetch --suite {params.suite:q} --output {output.data:q}")


rule trace_validation_generate:
    """The TRACE validation campaign, step 1: generate on the validation split (seed from the campaign)."""
    input:
        model=lambda w: model_dir(w.model),
        validation=TRACE_VALIDATION_DATA,
    output:
        generations="results/trace_validation/{model}/generations.jsonl",
        receipt=receipt("trace_validation_generate", "model"),
    log:
        "logs/trace_validation/{model}-generate.log",
    resources:
        **resources_for("eval"),
    container: container_for("eval")
    params:
        receipt=receipt_args("eval", backend=EVAL_BACKEND_ARGS, generation=TRACE_VALIDATION_GENERATION_ARGS),
        suite=SUITE_PATH,
        backend=EVAL_BACKEND_ARGS,
        generation=TRACE_VALIDATION_GENERATION_ARGS,
        preflight=gpu_preflight("eval"),
    shell:
        receipted("{params.preflight:q} rlvr trace-validation generate --suite {params.suite:q} --model {input.model:q} "
                  "--data {input.validation:q} --output {output.generations:q} {params.backend:q} "
                  "{params.generation:q}")


rule trace_validation_judge:
    """Step 2: typed extraction without the ground truth; the judge sees only missing/ambiguous responses."""
    input:
        generations="results/trace_validation/{model}/generations.jsonl",
        judge_model=JUDGE_MODEL_DIR,
    output:
        judged="results/trace_validation/{model}/judged.jsonl",
        receipt=receipt("trace_validation_judge", "model"),
    log:
        "logs/trace_validation/{model}-judge.log",
    resources:
        **resources_for("judge"),
    container: container_for("judge")
    params:
        receipt=receipt_args("judge", judge=JUDGE),
        judge=JUDGE_ARGS,
        preflight=gpu_preflight("judge"),
    shell:
        receipted("{params.preflight:q} rlvr trace-validation judge --input {input.generations:q} --output {output.judged:q} "
                  "--judge-model {input.judge_model:q} {params.judge:q}")


rule trace_validation:
    """Step 3: exact match, unresolved = 0, per-domain and per-task breakdown."""
    input:
        judged="results/trace_validation/{model}/judged.jsonl",
    output:
        summary="results/trace_validation/{model}/summary.json",
        receipt=receipt("trace_validation", "model"),
    log:
        "logs/trace_validation/{model}.log",
    resources:
        **resources_for("data"),
    container: container_for("eval")
    params:
        receipt=receipt_args("eval"),
    shell:
        receipted("rlvr trace-validation score --input {input.judged:q} --model {wildcards.model:q} "
                  "--output {output.summary:q}")
