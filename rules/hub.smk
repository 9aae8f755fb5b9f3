# Data stage (source: hub): fetch maveryn/trace at the pinned revision and check every shard against
# the sha256 values of the reference equivalence manifest. Needs the network: runs on the cluster.

if config["data"]["source"] == "hub":
    HUB = config["data"]["hub"]

    rule fetch_hub_dataset:
        output:
            snapshot=directory(hub_snapshot_dir()),
            verified="results/data/hub/verified.json",
            receipt=receipt("fetch_hub_dataset"),
        input:
            manifest=HUB["manifest"],
        log:
            "logs/fetch_hub_dataset.log",
        resources:
            **resources_for("data"),
        container: container_for("data")
        params:
            receipt=receipt_args("data", repo=HUB["repo"], revision=HUB["revision"]),
            repo=HUB["repo"],
            revision=HUB["revision"],
        shell:
            receipted(
                "env HF_HUB_OFFLINE=0 HF_DATASETS_OFFLINE=0 TRANSFORMERS_OFFLINE=0 rlvr hub fetch --repo {params.repo:q} "
                "--revision {params.revision:q} --dir {output.snapshot:q} --manifest {input.manifest:q} "
                "--output {output.verified:q}"
            )

    rule hub_split:
        """The verified release's parquet files of one split, in release order."""
        input:
            snapshot=rules.fetch_hub_dataset.output.snapshot,
            verified="results/data/hub/verified.json",
        output:
            parquet=directory("results/data/{split}/parquet"),
            receipt=receipt("hub_split", "split"),
        log:
            "logs/hub_split/{split}.log",
        resources:
            **resources_for("data"),
        container: container_for("data")
        params:
            receipt=receipt_args("data"),
        shell:
            receipted(
                script(
                    'mkdir -p "$1" && cp "$2/data/$3/"*.parquet "$1/"',
                    "{output.parquet:q} {input.snapshot:q} {wildcards.split:q}",
                )
            )
