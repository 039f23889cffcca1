"""The ``memory-bot`` argument parser: every subcommand's options, and which module runs it.

Each subcommand names its runner as ``"<module>:<function>"`` inside :mod:`bot.cli`; the
module is imported only when that subcommand runs, so ``memory-bot recall`` never loads
Telegram, the MCP SDK or the language-model client.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TypeAlias

from bot.cli.options import add_db_option, add_scope_option, add_store_options
from memory_core.kb_source import DEFAULT_EXCLUDE, DEFAULT_INCLUDE, DEFAULT_MAX_BYTES

__all__ = ["MCP_DESCRIPTION", "build_parser"]

Subparsers: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"

MCP_DESCRIPTION = (
    "Run an MCP server on stdin/stdout with the nine tools of the reference memory server "
    "(@modelcontextprotocol/server-memory), over one scope of the bot's database. Register "
    "it in an MCP client as the command 'memory-bot' with the arguments 'mcp'. A database "
    "that does not exist yet is created."
)


def build_parser() -> argparse.ArgumentParser:
    """Return the argument parser with every subcommand."""
    parser = argparse.ArgumentParser(
        prog="memory-bot",
        description="A Telegram bot with per-chat scoped knowledge-graph memory.",
    )
    sub = parser.add_subparsers(dest="subcommand", metavar="COMMAND", required=True)
    add_store_parsers(sub)
    add_recall_parser(sub)
    add_propose_parser(sub)
    add_kb_parser(sub)
    add_mcp_parser(sub)
    add_chat_parser(sub)
    add_run_parser(sub)
    add_backup_parsers(sub)
    add_doctor_parser(sub)
    return parser


def add_store_parsers(sub: Subparsers) -> None:
    """Register ``import``, ``export`` and ``stats``."""
    p = sub.add_parser(
        "import",
        help="import a memory.jsonl file (reference server format)",
        description="Import a reference-format JSONL file into one scope, in one transaction. "
        "A malformed line, or a line holding a secret, stops it and nothing is kept; the "
        "error gives the line numbers (and the kinds of secret, never their text).",
    )
    p.add_argument("file", metavar="FILE", help="JSONL file to import, or - for stdin")
    p.add_argument(
        "--skip-secrets",
        action="store_true",
        help="import the rest and list the line numbers whose secrets were left out",
    )
    add_store_options(p)
    p.set_defaults(run="importing:cmd_import")

    p = sub.add_parser("export", help="export a scope as memory.jsonl (reference format)")
    p.add_argument("file", nargs="?", metavar="FILE", help="output file (default: stdout)")
    add_store_options(p)
    p.set_defaults(run="export:cmd_export")

    p = sub.add_parser("stats", help="show what a scope holds")
    add_store_options(p)
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(run="stats:cmd_stats")


def add_recall_parser(sub: Subparsers) -> None:
    """Register ``recall`` on the CLI's subparsers."""
    p = sub.add_parser(
        "recall",
        help="recall what a scope remembers about a question",
        description="Run the recall loop on QUERY (or, with '-', on each line of stdin, "
        "printing one JSON object per line).",
    )
    p.add_argument("query", nargs="+", metavar="QUERY", help="the question, or - for stdin")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument(
        "--no-reinforce",
        action="store_true",
        help="do not count this recall as a hit (keeps the database unchanged)",
    )
    add_db_option(p)
    add_scope_option(p)
    p.set_defaults(run="recall:cmd_recall")


def add_propose_parser(sub: Subparsers) -> None:
    """Register ``propose`` on the CLI's subparsers."""
    p = sub.add_parser(
        "propose",
        help="show what statements would add to memory (entities, lines, links); store nothing",
        description="Run the chat's statement extraction on TEXT (or, with '-', on each line "
        "of stdin) against the names of one scope, and print what 'Yes' would write: with "
        "--json one JSON object per statement ({text, entities, relations, skipped}). "
        "Nothing is stored; a missing database is not created.",
    )
    p.add_argument("text", nargs="+", metavar="TEXT", help="the statement, or - for stdin")
    p.add_argument("--json", action="store_true", help="print one JSON object per statement")
    p.add_argument(
        "--owner",
        default=None,
        metavar="NAME",
        help="your name for 'my ...' (default: the scope's User: entry, else User:owner)",
    )
    add_db_option(p)
    add_scope_option(p)
    p.set_defaults(run="propose:cmd_propose")


def add_kb_parser(sub: Subparsers) -> None:
    """Register ``index-kb`` on the CLI's subparsers."""
    p = sub.add_parser(
        "index-kb",
        help="index a markdown knowledge base into memory as pointers",
        description="Index the markdown notes under DIR as Note:<path> pointer entities, "
        "with links to the Jira keys and meeting participants they name. No note text is "
        "stored. Running it again updates the index to match the files.",
    )
    p.add_argument("dir", metavar="DIR", help="the knowledge base directory")
    add_db_option(p)
    add_scope_option(p)
    p.add_argument(
        "--dry-run", action="store_true", help="report what would change; write nothing"
    )
    p.add_argument("--json", action="store_true", help="print the report as one JSON object")
    p.add_argument(
        "--include",
        action="append",
        metavar="GLOB",
        help=f"file glob to index, repeatable (default: {', '.join(DEFAULT_INCLUDE)})",
    )
    p.add_argument(
        "--exclude",
        action="append",
        metavar="GLOB",
        help="glob to leave out, repeatable; replaces the default list "
        f"({', '.join(DEFAULT_EXCLUDE)})",
    )
    p.add_argument(
        "--max-bytes",
        type=int,
        default=DEFAULT_MAX_BYTES,
        metavar="N",
        help=f"skip larger files (default: {DEFAULT_MAX_BYTES})",
    )
    p.add_argument(
        "--owner-name",
        action="append",
        metavar="NAME",
        help="a name or @handle that means you (repeatable): such a participant links to "
        "your User: entity instead of becoming a Person:",
    )
    p.set_defaults(run="kb:cmd_index_kb")


def add_mcp_parser(sub: Subparsers) -> None:
    """Register ``mcp`` on the CLI's subparsers."""
    p = sub.add_parser(
        "mcp", help="serve a scope to MCP clients over stdio", description=MCP_DESCRIPTION
    )
    add_store_options(p)
    p.set_defaults(run="mcp:cmd_mcp")


def add_chat_parser(sub: Subparsers) -> None:
    """Register ``chat`` on the CLI's subparsers."""
    p = sub.add_parser(
        "chat",
        help="talk to the bot's memory in the terminal, as the owner (no Telegram)",
        description="Read one message per line from stdin and print the bot's replies. "
        "Buttons are numbered: type the number to press one.",
    )
    add_db_option(p)
    add_scope_option(p)
    p.add_argument(
        "--lang", choices=("ru", "en"), default=None, help="reply language (default: from $LANG)"
    )
    p.add_argument(
        "--name", default="owner", help="your first name, for the User: entity (default: owner)"
    )
    p.set_defaults(run="chat:cmd_chat")


def add_run_parser(sub: Subparsers) -> None:
    """Register ``run`` on the CLI's subparsers."""
    p = sub.add_parser(
        "run",
        help="run the Telegram bot (long polling; a webhook when WEBHOOK_URL is set)",
        description="Run the bot with the settings from the environment and .env "
        "(see .env.example). Stops on Ctrl+C or SIGTERM after the update in hand.",
    )
    p.add_argument(
        "--db",
        type=Path,
        default=None,
        metavar="PATH",
        help="SQLite file (default: DATABASE_PATH)",
    )
    p.set_defaults(run="run:cmd_run")


def add_backup_parsers(sub: Subparsers) -> None:
    """Register ``backup`` and ``restore`` on the CLI's subparsers."""
    p = sub.add_parser(
        "backup",
        help="write a consistent copy of the database (safe while the bot runs)",
        description="Copy the database with SQLite's VACUUM INTO. DEST is a file, or a "
        "directory for a dated name (memory-YYYYmmdd-HHMMSS.db, in UTC); default: "
        "$BACKUP_DIR, else backups/.",
    )
    p.add_argument(
        "dest",
        nargs="?",
        metavar="DEST",
        help="backup file, or a directory (existing, or ending in /)",
    )
    add_db_option(p)
    p.set_defaults(run="backup:cmd_backup")

    p = sub.add_parser(
        "restore",
        help="replace the database with a backup (checked first; the old file is kept)",
        description="Check SRC (integrity, search indexes, schema), then replace the database "
        "with it, keeping the old file as <db>.before-restore. Refused while a bot runs on "
        "the database, and when the database holds changes newer than SRC (unless --force).",
    )
    p.add_argument("source", type=Path, metavar="SRC", help="the backup file to restore")
    p.add_argument(
        "--force", action="store_true", help="replace a database with newer changes too"
    )
    add_db_option(p)
    p.set_defaults(run="backup:cmd_restore")


def add_doctor_parser(sub: Subparsers) -> None:
    """Register ``doctor`` on the CLI's subparsers."""
    p = sub.add_parser(
        "doctor",
        help="check settings, the database, backups and the Bot API (OK / WARN / FAIL)",
        description="Check the settings, the database (integrity, search indexes, schema "
        "version), the backups and, with a token, the Bot API (getMe; inline mode, business "
        "mode and group privacy). Exit status 1 when a check fails.",
    )
    p.add_argument(
        "--db",
        type=Path,
        default=None,
        metavar="PATH",
        help="SQLite database file (default: DATABASE_PATH)",
    )
    p.set_defaults(run="doctor:cmd_doctor")

    p = sub.add_parser(
        "forget-secrets",
        help="remove stored texts the secret guard refuses (asks first)",
        description="Find what the database holds that the secret guard refuses today (entity "
        "names and types, lines, relation types, journal entries; in every scope), list it "
        "by scope and entity without the text, and remove it after a confirmation. An "
        "entity whose name or type is a secret goes with its lines and links.",
    )
    p.add_argument("--yes", action="store_true", help="do not ask (for scripts)")
    add_db_option(p)
    p.set_defaults(run="secrets:cmd_forget_secrets")
