"""The evaluation seeds of a workflow run: the suite manifest's (42/43/44) unless eval.seeds names a subset of
them; a seed outside the suite stops the workflow before any job, in one line (issue #20)."""

from workspace import job_counts, make_workspace, snakemake


def test_seeds_default_to_the_suites_and_must_be_among_them(tmp_path):
    ws = make_workspace(tmp_path / "ws")
    local = ws / "config" / "local.yaml"
    text = local.read_text()
    assert "  seeds: [42]\n" in text
    local.write_text(text.replace("  seeds: [42]\n", ""))
    r = snakemake(ws, "-n", "--cores", "1", timeout=600)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-2000:]
    counts = job_counts(r.stdout + r.stderr)
    assert counts["evaluate"] == 2 * 24 * 3 and counts["eval_stamp_seed"] == 24 * 3

    local.write_text(text.replace("  seeds: [42]\n", "  seeds: [42, 7]\n"))
    r = snakemake(ws, "-n", "--cores", "1", timeout=600)
    assert r.returncode != 0
    assert "eval.seeds [7] are not seeds of suite 'trace_eval_v1' (its seeds: [42, 43, 44])" in r.stdout + r.stderr
