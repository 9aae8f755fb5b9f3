"""Turning witness entity ids into typed pixel annotations, and checking them.

Value formats (pixels, origin top-left): point = [x, y]; bbox = [x0, y0, x1, y1];
segment = [[x0, y0], [x1, y1]]; ``_set`` / ``_sequence`` = a list of the base form;
``_map`` = {key: base}; ``_set_map`` = {key: [base, ...]}.
Witnesses mirror that shape with entity ids in place of geometry.
"""

from __future__ import annotations

from .task import ANNOTATION_TYPES


def split_type(annotation_type: str) -> tuple[str, str]:
    base, _, form = annotation_type.partition("_")
    return base, form  # form: "", "set", "sequence", "map", "set_map"


def _geom(base: str, entity_id: str, entities: dict):
    try:
        ent = entities[entity_id]
    except KeyError:
        raise KeyError(f"witness {entity_id!r} was never drawn (no entity registered)") from None
    key = {"point": "point", "bbox": "box", "segment": "segment"}[base]
    if key not in ent:
        raise KeyError(f"entity {entity_id!r} has no {key} geometry")
    return ent[key]


def build(annotation_type: str, witnesses, entities: dict):
    if annotation_type not in ANNOTATION_TYPES:
        raise ValueError(f"unknown annotation type {annotation_type!r}")
    base, form = split_type(annotation_type)
    if form == "":
        return _geom(base, witnesses, entities)
    if form in ("set", "sequence"):
        return [_geom(base, w, entities) for w in witnesses]
    if form == "map":
        return {str(k): _geom(base, w, entities) for k, w in witnesses.items()}
    return {str(k): [_geom(base, w, entities) for w in ws] for k, ws in witnesses.items()}


def witness_ids(annotation_type: str, witnesses) -> list[str]:
    base, form = split_type(annotation_type)
    if form == "":
        return [witnesses]
    if form in ("set", "sequence"):
        return list(witnesses)
    if form == "map":
        return list(witnesses.values())
    return [w for ws in witnesses.values() for w in ws]


def items(annotation_type: str, value) -> list:
    """The base geometries of an annotation value, in order (sets, sequences, maps flattened)."""
    form = split_type(annotation_type)[1]
    if form == "":
        return [value]
    if form in ("set", "sequence"):
        return list(value)
    if form == "map":
        return list(value.values())
    return [g for gs in value.values() for g in gs]


def iter_points(annotation_type: str, value):
    """Every coordinate pair in an annotation value."""
    base = split_type(annotation_type)[0]
    for g in items(annotation_type, value):
        if base == "point":
            yield g
        elif base == "bbox":
            yield g[:2]
            yield g[2:]
        else:
            yield from g


def out_of_bounds(annotation_type: str, value, width: int, height: int) -> list:
    return [p for p in iter_points(annotation_type, value)
            if not (0 <= p[0] <= width and 0 <= p[1] <= height)]


def rescale(annotation_type: str, value, sx: float, sy: float):
    """Scale an annotation value (used when export caps the pixel count)."""
    base, form = split_type(annotation_type)

    def one(g):
        if base == "point":
            return [round(g[0] * sx, 1), round(g[1] * sy, 1)]
        if base == "bbox":
            return [round(g[0] * sx, 1), round(g[1] * sy, 1), round(g[2] * sx, 1), round(g[3] * sy, 1)]
        return [[round(p[0] * sx, 1), round(p[1] * sy, 1)] for p in g]

    if form == "":
        return one(value)
    if form in ("set", "sequence"):
        return [one(g) for g in value]
    if form == "map":
        return {k: one(g) for k, g in value.items()}
    return {k: [one(g) for g in gs] for k, gs in value.items()}
