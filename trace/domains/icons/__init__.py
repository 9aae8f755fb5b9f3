"""Scenes and tasks of the icons domain."""
