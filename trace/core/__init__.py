"""The framework every scene uses: task declaration, seeds, style space, canvas with its entity registry,
PNG encoding, annotations, prompts, canonical JSON and the engine.  Drawing kits live in ``tracegen.kits``;
nothing here imports them.
"""
