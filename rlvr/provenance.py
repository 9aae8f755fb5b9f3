"""The anchor of a receipt chain: a Merkle root that ``results.json`` carries.

The leaves are
* every receipt in the closure of the aggregate job's inputs (walk back from each input to the receipt
  whose outputs hold that exact path and sha256, then on through that receipt's inputs), as
  ``{"kind": "receipt", "path", "rule", "wildcards", "sha256"}`` with the sha256 of the canonical receipt;
* every input no receipt produced (config files, the suite manifest, reference manifests) as
  ``{"kind": "source", "path", "sha256"}``;
* the pinned inputs of the study as ``{"kind": "pins", "sha256"}``: the effective study config (its
  canonical sha256 is every receipt's ``config_sha256``: model, judge and hub revisions live there) and
  the suite's benchmark revisions; the pins themselves are stored beside the root;
* what the numbers mean, as ``{"kind": "results", "sha256"}``: the canonical sha256 of results.json
  without its ``provenance`` block, i.e. the models list (ids, bases, display names), the suite, the seeds,
  the input digests and every score and delta. The aggregate job's own receipt cannot be a leaf (it
  records results.json's hash, which holds the root); everything its command determines is in this leaf,
  so re-aggregating with other arguments (models swapped, another suite) gives another root.

Leaves are sorted by their canonical JSON; the tree is RFC 6962's Merkle tree hash over them
(``leaf = sha256(0x00 || canonical leaf)``, ``node = sha256(0x01 || left || right)``, the left subtree the
largest power of two below n). Changing any output changes its receipt's hash, so the root; a forged
output plus a matching forged receipt therefore needs a rebuilt ``results.json`` with a different root.

The root can be signed with a standard tool: ``ssh-keygen -Y sign`` over the line
``rlvr-results-root-v1 <root>`` (namespace ``rlvr-results``), verified with ``ssh-keygen -Y verify``.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from tracegen.core.canonical import canonical_bytes, sha256_json

TREE = "rfc6962-sha256 over sorted canonical leaves"
SIGN_NAMESPACE = "rlvr-results"
SIGNED_PREFIX = "rlvr-results-root-v1"


class ProvenanceError(ValueError):
    """The chain cannot be closed or the root does not verify (one line)."""


# ---------------------------------------------------------------------------- tree
def leaf_hash(leaf: dict) -> bytes:
    return hashlib.sha256(b"\x00" + canonical_bytes(leaf)).digest()


def merkle_root(hashes: list[bytes]) -> bytes:
    """RFC 6962 Merkle tree hash of leaf hashes (already prefixed with 0x00)."""
    n = len(hashes)
    if n == 0:
        return hashlib.sha256(b"").digest()
    if n == 1:
        return hashes[0]
    k = 1 << ((n - 1).bit_length() - 1)
    return hashlib.sha256(b"\x01" + merkle_root(hashes[:k]) + merkle_root(hashes[k:])).digest()


def root_of(leaves: list[dict]) -> str:
    ordered = sorted(leaves, key=canonical_bytes)
    return merkle_root([leaf_hash(x) for x in ordered]).hex()


# ---------------------------------------------------------------------------- closure
def norm(path) -> str:
    return os.path.normpath(str(path))


def closure(start, receipts) -> tuple[list, list]:
    """Walk back from ``start`` [(path, sha256)] through producing receipts.

    -> (receipts [(file, receipt)] in the closure, sources [(path, sha256)] no receipt produced).
    Two receipts claiming the same version of a file on the walk is an error (a stale receipt)."""
    by_output, clashes = {}, {}
    for rf, r in receipts:
        for o in r.get("outputs") or []:
            key = (norm(o["path"]), o["sha256"])
            if key in by_output and by_output[key][0] != rf:
                clashes[key] = f"{o['path']} is an output of both {by_output[key][0]} and {rf}"
            by_output.setdefault(key, (rf, r))
    seen, found, names, sources = set(), [], set(), set()
    todo = [(norm(p), s) for p, s in start]
    while todo:
        key = todo.pop()
        if key in seen:
            continue
        seen.add(key)
        if key in clashes:
            raise ProvenanceError(f"{clashes[key]}: remove the stale receipt")
        hit = by_output.get(key)
        if hit is None:
            sources.add(key)
            continue
        rf, r = hit
        if str(rf) not in names:
            names.add(str(rf))
            found.append(hit)
            todo.extend((norm(i["path"]), i["sha256"]) for i in r.get("inputs") or [])
    return sorted(found, key=lambda x: str(x[0])), sorted(sources)


def results_content(results: dict) -> dict:
    """results.json without its ``provenance`` block: what the ``results`` leaf hashes."""
    return {k: v for k, v in results.items() if k != "provenance"}


def leaves(start, receipts, pins: dict, results: dict) -> list[dict]:
    chain, sources = closure(start, receipts)
    out = [{"kind": "receipt", "path": Path(rf).as_posix(), "rule": r.get("rule"),
            "wildcards": r.get("wildcards"), "sha256": sha256_json(r)} for rf, r in chain]
    out += [{"kind": "source", "path": p, "sha256": s} for p, s in sources]
    out.append({"kind": "pins", "sha256": sha256_json(pins)})
    out.append({"kind": "results", "sha256": sha256_json(results_content(results))})
    return sorted(out, key=canonical_bytes)


def block(start, receipts, pins: dict, results: dict) -> dict:
    """The ``provenance`` object of ``results`` (results.json's content)."""
    lv = leaves(start, receipts, pins, results)
    return {"tree": TREE, "merkle_root": root_of(lv), "leaf_count": len(lv), "leaves": lv, "pins": pins}


def suite_pins(suite_obj: dict) -> list[dict]:
    """The pinned benchmark sources of a suite manifest (repository, revision, artifact digest)."""
    out = []
    for b in suite_obj.get("benchmarks", []):
        src, art = b.get("source") or {}, b.get("artifact") or {}
        out.append({"key": b.get("key"), "repository": src.get("repository"), "revision": src.get("revision"),
                    "artifact": {k: art[k] for k in sorted(art) if k in ("file", "md5", "sha256", "url")}})
    return out


# ---------------------------------------------------------------------------- signing (ssh-keygen -Y)
def signed_message(root_hex: str) -> bytes:
    return f"{SIGNED_PREFIX} {root_hex}\n".encode()


def _ssh_keygen() -> str:
    exe = shutil.which("ssh-keygen")
    if not exe:
        raise ProvenanceError("ssh-keygen not found (Debian: apt-get install openssh-client)")
    return exe


def sign(root_hex: str, key) -> str:
    """An SSH signature (armored text) of the root with private key ``key``."""
    with tempfile.TemporaryDirectory() as d:
        msg = Path(d) / "root.txt"
        msg.write_bytes(signed_message(root_hex))
        r = subprocess.run([_ssh_keygen(), "-Y", "sign", "-f", str(key), "-n", SIGN_NAMESPACE, str(msg)],
                           capture_output=True, text=True)
        sig = Path(str(msg) + ".sig")
        if r.returncode != 0 or not sig.is_file():
            raise ProvenanceError(f"ssh-keygen -Y sign failed: {(r.stderr or r.stdout).strip().splitlines()[-1:]}")
        return sig.read_text(encoding="utf-8")


def verify_signature(root_hex: str, signature, allowed_signers, identity: str) -> None:
    r = subprocess.run([_ssh_keygen(), "-Y", "verify", "-f", str(allowed_signers), "-I", identity,
                        "-n", SIGN_NAMESPACE, "-s", str(signature)],
                       input=signed_message(root_hex), capture_output=True)
    if r.returncode != 0:
        why = (r.stderr or r.stdout).decode(errors="replace").strip().splitlines()
        raise ProvenanceError(f"signature {signature} does not verify root {root_hex} for {identity}: "
                              f"{why[-1] if why else 'ssh-keygen said no'}")
