"""Scenes and tasks of the graph domain."""
