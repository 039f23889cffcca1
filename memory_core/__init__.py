"""Scoped knowledge-graph memory: storage, matching and recall, free of Telegram."""

from memory_core.errors import (
    AmbiguousNameError,
    EntityNotFoundError,
    ImportFormatError,
    InvalidInputError,
    MemoryCoreError,
    SchemaVersionError,
    SecretRefused,
    StorageError,
)
from memory_core.models import (
    DeleteReport,
    Entity,
    Graph,
    ImportReport,
    ObservationsAdded,
    Relation,
    StoreStats,
)
from memory_core.observation import ParsedObservation, format_observation, parse_observation
from memory_core.scope import Scope
from memory_core.service import Memory, ScopedMemory

__all__ = [
    "AmbiguousNameError",
    "DeleteReport",
    "Entity",
    "EntityNotFoundError",
    "Graph",
    "ImportFormatError",
    "ImportReport",
    "InvalidInputError",
    "Memory",
    "MemoryCoreError",
    "ObservationsAdded",
    "ParsedObservation",
    "Relation",
    "SchemaVersionError",
    "Scope",
    "ScopedMemory",
    "SecretRefused",
    "StorageError",
    "StoreStats",
    "format_observation",
    "parse_observation",
]
