# Aggregation: every (model, benchmark, seed) score -> results.json (+ report), full precision.

SCORE_FILES = expand(
    "results/eval/{model}/{benchmark}/seed{seed}/score.json", model=list(MODELS), benchmark=BENCHMARKS, seed=SEEDS
)


rule aggregate:
    input:
        scores=SCORE_FILES,
        suite=config["eval"]["suite"],
        validation=expand("results/trace_validation/{model}/summary.json", model=list(MODELS)),
    output:
        results="results.json",
        report=directory("results/report"),
        receipt=receipt("aggregate"),
    log:
        "logs/aggregate.log",
    resources:
        **resources_for("data"),
    container: container_for("data")
    params:
        receipt=receipt_args("data", models=MODELS_FOR_AGGREGATE, seeds=SEEDS),
        models=json.dumps(MODELS_FOR_AGGREGATE),
        seeds=" ".join(str(s) for s in SEEDS),
    shell:
        receipted("rlvr aggregate --score-files {input.scores} --models-json '{params.models}' "
                  "--suite {input.suite} --seeds {params.seeds} --trace-validation {input.validation} "
                  "--out {output.results} --report-dir {output.report}")
