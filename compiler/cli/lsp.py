"""`ludex lsp`: the language server on stdio, for an editor to start (see the README).

The protocol owns stdout: the server writes to a copy of it, and the process's own
stdout is pointed at stderr, so nothing a stage prints can corrupt a message."""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

from .common import OK, conventions


def add(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "lsp", help="run the language server on stdio (for an editor)",
        description="The Ludex language server: diagnostics as you type, go to definition, "
        "references, hover, completion, outline and rename, over JSON-RPC on stdin/stdout.")
    conventions(parser)  # accepted, as on every command; the protocol has no colour
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..lsp.features import serve  # pygls loads only for this command: others start fast

    sys.stdout.flush()
    protocol = os.fdopen(os.dup(sys.stdout.fileno()), "wb")
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())
    sys.stdout = sys.stderr
    with protocol:
        serve(sys.stdin.buffer, protocol)
    return OK
