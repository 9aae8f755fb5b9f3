"""Scenes and tasks of the games domain."""
