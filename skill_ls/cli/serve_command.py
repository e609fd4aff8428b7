"""`skill-ls serve`: the language server, over stdio (default) or TCP for debugging."""

from __future__ import annotations

import argparse

LOOPBACK = "127.0.0.1"


def _address(text: str) -> tuple[str, int]:
    host, _, port = text.rpartition(":")
    host = host or LOOPBACK
    if host not in (LOOPBACK, "localhost"):
        raise argparse.ArgumentTypeError(
            f"refusing to listen on {host!r}: the server binds to {LOOPBACK} only"
        )
    try:
        number = int(port)
    except ValueError:
        raise argparse.ArgumentTypeError(f"invalid port {port!r}") from None
    if not 0 < number < 65536:
        raise argparse.ArgumentTypeError(f"invalid port {number}")
    return LOOPBACK, number


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the serve sub-command."""
    parser = sub.add_parser(
        "serve",
        help="run the language server (stdio by default)",
        description="Run the skill-ls language server. Editors start it over stdio.",
    )
    parser.add_argument("--stdio", action="store_true", help="serve over stdin/stdout (default)")
    parser.add_argument(
        "--tcp",
        metavar="HOST:PORT",
        type=_address,
        help=f"serve over TCP for debugging; binds to {LOOPBACK} only",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from skill_ls.server import serve_stdio, serve_tcp

    if args.tcp is not None:
        host, port = args.tcp
        serve_tcp(host, port)
        return 0
    return serve_stdio()
