"""Scenes and tasks of the illustrations domain."""
