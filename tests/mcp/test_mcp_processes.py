"""Several server processes on one database: no lost writes, scopes kept apart; the command."""

from __future__ import annotations

import argparse
import asyncio
import json
import subprocess
import sys
from pathlib import Path

from bot.cli.main import runner
from bot.cli.mcp import cmd_mcp
from bot.cli.parsers import add_mcp_parser
from memory_core import Entity, Memory
from memory_core.scope import Scope
from tests.mcp.session import ROOT, SERVER_ARGS, connect, names, ok, seed

WRITES_PER_PROCESS = 200


async def _writer(db: Path, tag: str, ready: asyncio.Barrier) -> None:
    async with connect(db) as s:
        await ready.wait()  # both processes are up before either writes
        results = await asyncio.gather(
            *(
                s.call_tool(
                    "add_observations",
                    {"observations": [{"entityName": "Shared", "contents": [f"note: {tag} {i}"]}]},
                )
                for i in range(WRITES_PER_PROCESS)
            )
        )
    for result in results:
        assert ok(result)["results"][0]["addedObservations"]


async def test_two_processes_writing_at_once_lose_nothing(db: Path) -> None:
    await seed(db, [Entity("Shared", "thing", ("note: start",))])
    ready = asyncio.Barrier(2)
    await asyncio.gather(_writer(db, "a", ready), _writer(db, "b", ready))
    async with Memory(db) as memory:
        graph = await memory.scoped(Scope.owner()).open_nodes(["Shared"])
    lines = set(graph.entities[0].observations)
    expected = {f"note: {tag} {i}" for tag in "ab" for i in range(WRITES_PER_PROCESS)}
    assert expected <= lines
    assert len(lines) == 2 * WRITES_PER_PROCESS + 1


async def test_a_server_sees_only_its_scope(db: Path) -> None:
    await seed(db, [Entity("Owner secret plan", "plan", ("step: one",))])
    async with connect(db, "chat:42") as s:
        assert ok(await s.call_tool("read_graph", {})) == {"entities": [], "relations": []}
        assert ok(await s.call_tool("search_nodes", {"query": "secret plan"}))["entities"] == []
        ok(
            await s.call_tool(
                "create_entities",
                {"entities": [{"name": "Chat note", "entityType": "note", "observations": []}]},
            )
        )
    async with connect(db) as s:
        assert names(ok(await s.call_tool("read_graph", {}))) == ["Owner secret plan"]


def test_a_bad_scope_stops_the_server_with_one_line(db: Path) -> None:
    done = subprocess.run(
        [sys.executable, *SERVER_ARGS, "--scope", "everyone", "--db", str(db)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
        stdin=subprocess.DEVNULL,
    )
    assert done.returncode == 1
    assert done.stdout == ""
    assert done.stderr.strip() == (
        "memory-bot: error: invalid scope 'everyone': use 'owner' or 'chat:<numeric chat id>'"
    )
    assert not db.exists()


def test_the_subcommand_registers_on_a_cli() -> None:
    parser = argparse.ArgumentParser(prog="memory-bot")
    add_mcp_parser(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["mcp", "--db", "x.db", "--scope", "chat:7"])
    assert runner(args) is cmd_mcp
    assert (args.db, args.scope) == (Path("x.db"), "chat:7")
    defaults = parser.parse_args(["mcp"])
    assert (defaults.db, defaults.scope) == (None, "owner")


_HANDSHAKE = [
    {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "initialize",
        "params": {
            "protocolVersion": "2025-06-18",
            "capabilities": {},
            "clientInfo": {"name": "test", "version": "0"},
        },
    },
    {"jsonrpc": "2.0", "method": "notifications/initialized"},
    {"jsonrpc": "2.0", "id": 2, "method": "tools/list"},
]


def test_serves_a_pipe_until_the_client_closes_it(db: Path) -> None:
    """What clients do: requests on a pipe, a reply line for each, then stdin closed."""
    command = [sys.executable, *SERVER_ARGS, "--db", str(db)]
    with subprocess.Popen(
        command, cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    ) as server:
        assert server.stdin is not None
        assert server.stdout is not None
        server.stdin.write("".join(json.dumps(m) + "\n" for m in _HANDSHAKE).encode())
        server.stdin.flush()
        replies = [json.loads(server.stdout.readline()) for _ in range(2)]
        server.stdin.close()
        assert server.wait(timeout=60) == 0
    assert [r["id"] for r in replies] == [1, 2]
    assert len(replies[1]["result"]["tools"]) == 9


def test_a_file_on_stdin_is_read_too(db: Path, tmp_path: Path) -> None:
    """A file is not a pipe the event loop can watch: the SDK's own reader serves it."""
    requests = tmp_path / "requests.jsonl"
    requests.write_text(json.dumps(_HANDSHAKE[0]) + "\n", encoding="utf-8")
    with requests.open("rb") as stdin:
        done = subprocess.run(
            [sys.executable, *SERVER_ARGS, "--db", str(db)],
            cwd=ROOT,
            stdin=stdin,
            capture_output=True,
            check=False,
            timeout=60,
        )
    stderr = done.stderr.decode()
    assert done.returncode == 0, stderr
    assert "Traceback" not in stderr
    assert json.loads(done.stdout.decode().splitlines()[0])["id"] == 1
