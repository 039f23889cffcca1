"""The stdio server loads the MCP SDK's server half only (see bot/mcp/sdk_half.py)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

_PROBE = """
import sys
from bot.mcp.sdk_half import load_server_half
first = load_server_half()
from bot.mcp.server import build_server
again = load_server_half()
print(first, again, "mcp.client" in sys.modules, "httpx2" in sys.modules)
"""


def test_the_server_process_leaves_the_sdk_client_unloaded() -> None:
    done = subprocess.run(
        [sys.executable, "-c", _PROBE], capture_output=True, text=True, check=True, cwd=ROOT
    )
    assert done.stdout.split() == ["True", "False", "False", "False"]


def test_a_process_that_imported_the_sdk_keeps_it_whole() -> None:
    probe = "import mcp\nfrom bot.mcp.sdk_half import load_server_half\n"
    probe += "print(load_server_half(), hasattr(mcp, 'ClientSession'))"
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, cwd=ROOT
    )
    assert done.stdout.split() == ["False", "True"]
