"""Write boards.json: the original TRACE generator's own chess positions and answers, for the
counting tasks whose rules admit two readings (movement squares vs fully legal moves).

Run under a Python with the original installed (maveryn/trace at commit 5ef7944, in its own venv;
see bench/generate.py --reference-python), from this folder:

    /work/ref-venv/bin/python make_boards.py > boards.json

For seeds 0..29 (the seeds of the reference's ref_task_stats.tsv) of each task it records the
pieces of ``generate_task(task_id, seed=k)``'s scene (file 0-7 = a-h, rank 0-7 = 1-8), the
marked square (none for player_capture_piece_count), the side its metadata names and the
answer.  Only facts of the generator's output are kept; no code of the original.
"""

import json
import sys

import trace_tasks

TASKS = ("marked_piece_destination_count", "marked_piece_capture_count", "player_capture_piece_count",
         "king_escape_square_count", "target_square_attacker_count")
KINDS = {"king": "K", "queen": "Q", "rook": "R", "bishop": "B", "knight": "N", "pawn": "P"}
SEEDS = 30


def _square(cell_id):
    """'cell_r<row>_c<col>' (row 0 = rank 8) -> [file, rank]."""
    _, row, col = cell_id.split("_")
    return [int(col[1:]), 7 - int(row[1:])]


def main():
    out = {"source": "maveryn/trace 5ef7944, trace_tasks.generate_task(task_id, seed=k), k = 0..29",
           "boards": {}}
    for name in TASKS:
        task_id = f"task_games__chess__{name}"
        rows = []
        for seed in range(SEEDS):
            r = trace_tasks.generate_task(task_id, seed=seed)
            ir = r.trace_payload["scene_ir"]
            pieces = sorted(([e["col"], 7 - e["row"], e["color"], KINDS[e["kind"]]]
                             for e in ir["entities"] if e["type"] == "chess_piece"), key=lambda p: (p[1], p[0]))
            rel = ir["relations"]
            marked = rel.get("marked_cell_id")
            rows.append({"seed": seed, "pieces": pieces, "marked": _square(marked) if marked else None,
                         "side": rel.get("player_color"), "answer": r.answer_gt.value})
        out["boards"][task_id] = rows
    json.dump(out, sys.stdout, separators=(",", ":"))
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
