"""Framework shared by every scene and task: seeds, canvas, task declaration, engine."""
