"""Scenes and tasks of the symbolic domain."""
