# Data stage (source: generate): generate per task group -> merge -> validate -> export parquet,
# then an equivalence receipt of every model-consumed value and an independent regeneration check.

if config["data"]["source"] == "generate":

    # generate and validate run with the configured worker count: the scheduler's threads, and in the
    # command itself rather than {threads}, which Snakemake lowers to --cores, because the receipted
    # command must be the one the workflow defines (validate_receipts compares them); the output is the
    # same whatever the worker count
    DATA_WORKERS = config["data"]["workers"]

    rule generate_group:
        input:
            cfg=lambda w: split_config(w.split),
        output:
            ds=directory("results/data/{split}/groups/{group}"),
            receipt=receipt("generate_group", "group", "split"),
        log:
            "logs/generate_group/{split}/{group}.log",
        threads: DATA_WORKERS
        resources:
            **resources_for("data"),
        container: container_for("data")
        params:
            receipt=receipt_args("data"),
            code=TRACEGEN_CODE,
            workers=DATA_WORKERS,
        shell:
            receipted(
                "tracegen generate {input.cfg:q} --only-domain {wildcards.group:q} "
                "--workers {params.workers} --quiet --force --output {output.ds:q}"
            )

    rule merge_split:
        input:
            groups=lambda w: expand("results/data/{split}/groups/{group}", split=w.split, group=groups_of(w.split)),
        output:
            ds=directory("results/data/{split}/dataset"),
            receipt=receipt("merge_split", "split"),
        log:
            "logs/merge_split/{split}.log",
        resources:
            **resources_for("data"),
        container: container_for("data")
        params:
            receipt=receipt_args("data"),
        shell:
            receipted(
                # --no-replay: each group replayed its records when it was built, and validate_split
                # replays the merged split before anything is exported from it
                "tracegen merge {input.groups:q} --no-replay --force --output {output.ds:q}"
            )

    rule validate_split:
        input:
            ds="results/data/{split}/dataset",
        output:
            report="results/data/{split}/validation.json",
            receipt=receipt("validate_split", "split"),
        log:
            "logs/validate_split/{split}.log",
        threads: DATA_WORKERS
        resources:
            **resources_for("data"),
        container: container_for("data")
        params:
            receipt=receipt_args("data"),
            workers=DATA_WORKERS,
        shell:
            receipted("tracegen validate {input.ds:q} --workers {params.workers} --quiet --report {output.report:q}")

    rule export_split:
        input:
            ds="results/data/{split}/dataset",
            report="results/data/{split}/validation.json",
        output:
            parquet=directory("results/data/{split}/parquet"),
            receipt=receipt("export_split", "split"),
        log:
            "logs/export_split/{split}.log",
        resources:
            **resources_for("data"),
        container: container_for("data")
        params:
            receipt=receipt_args(
                "data", max_pixels=config["data"]["max_pixels"], rows_per_shard=config["data"]["rows_per_shard"]
            ),
            cap=MAX_PIXELS_ARGS,
            rows=config["data"]["rows_per_shard"],
        shell:
            receipted(
                # --no-replay: validate_split (this job's input report) replayed the split
                "tracegen export {input.ds:q} {params.cap:q} --rows-per-shard {params.rows:q} --no-replay --force "
                "--output {output.parquet:q}"
            )

    rule reproduce_split:
        """Regenerate the split in one job (no sharding, one worker), export it (the build replayed it:
        --no-replay), and require the same model-consumed values bit for bit; a mismatch names the first
        differing row and column."""
        input:
            cfg=lambda w: split_config(w.split),
            equivalence="results/data/{split}/equivalence.json",
        output:
            check="results/data/{split}/reproduced.json",
            receipt=receipt("reproduce_split", "split"),
        log:
            "logs/reproduce_split/{split}.log",
        resources:
            **resources_for("data"),
        container: container_for("data")
        params:
            receipt=receipt_args("data"),
            code=TRACEGEN_CODE,
            cap=MAX_PIXELS_ARGS,
            rows=config["data"]["rows_per_shard"],
            tmp=lambda w: f"results/data/{w.split}/.reproduce",
        shell:
            receipted(
                script(
                    'tmp=$1 cfg=$2 rows=$3 recorded=$4 check=$5; shift 5; '
                    'rm -rf "$tmp" && tracegen generate "$cfg" --workers 1 --quiet --output "$tmp/dataset" && '
                    'tracegen export "$tmp/dataset" "$@" --rows-per-shard "$rows" --no-replay --output "$tmp/parquet" && '
                    'rlvr equivalence receipt "$tmp/parquet" --output "$tmp/equivalence.json" && '
                    'rlvr equivalence compare "$recorded" "$tmp/equivalence.json" --output "$check" && rm -rf "$tmp"',
                    "{params.tmp:q} {input.cfg:q} {params.rows:q} {input.equivalence:q} {output.check:q} {params.cap:q}",
                )
            )


rule equivalence_split:
    """Receipt of every model-consumed value of a split's parquet (prompt, image bytes, answer, row order)."""
    input:
        parquet="results/data/{split}/parquet",
    output:
        equivalence="results/data/{split}/equivalence.json",
        receipt=receipt("equivalence_split", "split"),
    log:
        "logs/equivalence_split/{split}.log",
    resources:
        **resources_for("data"),
    container: container_for("data")
    params:
        receipt=receipt_args("data"),
    shell:
        receipted("rlvr equivalence receipt {input.parquet:q} --output {output.equivalence:q}")


rule data:
    """All data-stage outputs (generation or hub fetch, validation, parquet, equivalence checks)."""
    input:
        data_outputs(),
