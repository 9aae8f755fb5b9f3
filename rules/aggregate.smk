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
        receipt=receipt("aggregate"),
    log:
        "logs/aggregate.log",
    resources:
        **resources_for("data"),
    container: container_for("data")
    params:
        receipt=receipt_args("data"),
        models=json.dumps([{"model": m, "scale": v["scale"], "base": v.get("base")} for m, v in MODELS.items()]),
    shell:
        receipted("rlvr aggregate --score-files {input.scores} --models-json '{params.models}' "
                  "--suite {input.suite} --out {output.results}")
