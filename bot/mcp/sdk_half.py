"""Load the MCP SDK's server half without the package entry points that import its client.

``import mcp`` runs the SDK's ``mcp/__init__.py``, which imports the client (an HTTP
client, OpenTelemetry, crypto), and ``mcp.server``'s, which imports the HTTP server
framework the high-level server runs on: about 10 MB of resident memory the stdio server
never uses (``memory-bot mcp`` peaked at ~150 MB at 50k entities). :func:`load_server_half`
registers those two packages without running their ``__init__`` files, so the submodules
the server imports (``mcp.types``, ``mcp.server.lowlevel``, ``mcp.server.context``,
``mcp.server.stdio``) load alone. It is for a process that serves and never acts as a
client: call it before anything imports ``mcp``. When the SDK is already imported, or is
laid out otherwise, nothing changes and the usual imports follow.
"""

from __future__ import annotations

import importlib.util
import sys
import types

__all__ = ["load_server_half"]

_PACKAGES = ("mcp", "mcp.server")


def load_server_half() -> bool:
    """Register the SDK's packages without their ``__init__``; return whether it did."""
    if any(name in sys.modules for name in _PACKAGES):
        return False
    stubs: list[types.ModuleType] = []
    for name in _PACKAGES:
        spec = importlib.util.find_spec(name)
        if spec is None or not spec.submodule_search_locations:
            return False  # not installed, or not a package: the usual import reports it
        package = importlib.util.module_from_spec(spec)  # the module, its code not run
        package.__path__ = list(spec.submodule_search_locations)
        sys.modules[name] = package
        stubs.append(package)
        if name == "mcp":
            continue
        setattr(stubs[0], name.rsplit(".", 1)[1], package)
    return True
