"""Scenes and tasks of the physics domain."""
