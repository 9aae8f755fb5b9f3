# Aggregation: every (model, benchmark, seed) score -> results.json (+ report), full precision.

SCORE_FILES = expand(
    "results/eval/{model}/{benchmark}/seed{seed}/score.json", model=list(MODELS), benchmark=BENCHMARKS, seed=SEEDS
)


rule aggregate:
    input:
        scores=SCORE_FILES,
        suite=config["eval"]["suite"],
        validation=expand("results/trace_validation/{model}/summary.json", model=list(MODELS)),
        # the data stage's checks: their receipts join the Merkle root, so it covers the whole DAG
        provenance=data_outputs(),
        # per-task learning cards of online training runs: copied into the report and linked from it
        cards=CARDS_DIRS,
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
        models=canonical_json(MODELS_FOR_AGGREGATE),
        seeds=[str(s) for s in SEEDS],
        pins=canonical_json(PINS),
        cards=lambda w, input: ["--cards", *input.cards] if input.cards else [],
    shell:
        receipted(
            "rlvr aggregate --score-files {input.scores:q} --models-json {params.models:q} "
            "--suite {input.suite:q} --seeds {params.seeds:q} --trace-validation {input.validation:q} "
            "--receipts receipts --provenance-inputs {input.provenance:q} --pins-json {params.pins:q} "
            "--out {output.results:q} --report-dir {output.report:q} {params.cards:q}"
        )
