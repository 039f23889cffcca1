"""Map given names to one scope's stored entities: exact, any case, then a near-typo."""

from __future__ import annotations

from collections.abc import Sequence

import aiosqlite

from memory_core.errors import AmbiguousNameError, EntityNotFoundError
from memory_core.matching import fuzzy_name, name_key
from memory_core.naming import split_prefix
from memory_core.repository import Repository
from memory_core.rows import EntityRow

__all__ = ["require_rows", "resolve_rows"]


async def resolve_rows(
    repo: Repository, conn: aiosqlite.Connection, names: Sequence[str], *, fuzzy: bool = False
) -> dict[str, EntityRow]:
    """Map each given name to an existing entity: exact, then case-insensitive, then fuzzy.

    The fuzzy step (only with ``fuzzy``) looks among the entities of the name's type, by
    :func:`memory_core.matching.fuzzy_name`. Names that match nothing are left out.

    Raises:
        AmbiguousNameError: a name fits several entities equally well.
    """
    found = await repo.entities_by_name(conn, names)
    result = {n: found[n] for n in names if n in found}
    of_type: dict[str, list[str]] = {}
    for name in names:
        if name in result:
            continue
        same_key = await repo.entities_by_key(conn, name_key(name))
        if len(same_key) == 1:
            result[name] = same_key[0]
            continue
        if len(same_key) > 1:
            raise AmbiguousNameError(name, tuple(r.name for r in same_key))
        prefix_type = split_prefix(name)[0]
        if not fuzzy or prefix_type is None:
            continue
        if prefix_type not in of_type:
            of_type[prefix_type] = await repo.names_of_type(conn, prefix_type)
        hit = fuzzy_name(name, of_type[prefix_type])
        if hit is not None:
            result[name] = (await repo.entities_by_name(conn, [hit]))[hit]
    return result


async def require_rows(
    repo: Repository, conn: aiosqlite.Connection, names: Sequence[str]
) -> dict[str, EntityRow]:
    """Like :func:`resolve_rows` (no fuzzy step), but every name must exist.

    Raises:
        EntityNotFoundError: some names match nothing (all of them are named).
    """
    found = await resolve_rows(repo, conn, names)
    missing = [n for n in dict.fromkeys(names) if n not in found]
    if missing:
        raise EntityNotFoundError(repo.scope, missing)
    return found
