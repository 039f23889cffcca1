"""Scoped knowledge-graph memory: storage, matching and recall."""
