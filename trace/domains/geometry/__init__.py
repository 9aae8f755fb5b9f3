"""Scenes and tasks of the geometry domain."""
