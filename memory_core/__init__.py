"""Scoped knowledge-graph memory: storage, matching and recall, free of Telegram."""

from memory_core.errors import (
    AmbiguousNameError,
    DiskFullError,
    EntityNotFoundError,
    ImportFormatError,
    InvalidInputError,
    MemoryCoreError,
    ReadOnlyError,
    SchemaVersionError,
    SecretRefused,
    StorageError,
    storage_error,
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
    "DiskFullError",
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
    "ReadOnlyError",
    "Relation",
    "SchemaVersionError",
    "Scope",
    "ScopedMemory",
    "SecretRefused",
    "StorageError",
    "StoreStats",
    "format_observation",
    "parse_observation",
    "storage_error",
]
