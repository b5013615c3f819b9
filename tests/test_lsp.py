"""`ludex lsp` driven as an editor drives it: the server is spawned, and the test speaks
JSON-RPC to it over its stdin and stdout (`Client`), opening files of the Escalation
game, editing them unsaved, and asking for diagnostics, definitions, references, hover,
completion, the outline and a rename."""

from __future__ import annotations

import json
import queue
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .conftest import ROOT, run_cli

GAME = ROOT / "rules" / "escalation"
JULIE = GAME / "julie.ludex"
TIMEOUT = 60.0


class Client:
    """A minimal language client: framed JSON-RPC over a child process's pipes."""

    def __init__(self, cwd: Path) -> None:
        self.proc = subprocess.Popen([sys.executable, "-m", "ludex", "lsp"], cwd=cwd,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE)
        self.inbox: queue.Queue[dict[str, Any]] = queue.Queue()
        self.notes: list[dict[str, Any]] = []
        self.next_id = 0
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        out = self.proc.stdout
        assert out is not None
        while True:
            length = 0
            while (line := out.readline()) not in (b"\r\n", b""):
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
            if not line:
                return
            self.inbox.put(json.loads(out.read(length)))

    def send(self, message: dict[str, Any]) -> None:
        body = json.dumps({"jsonrpc": "2.0", **message}).encode("utf-8")
        assert self.proc.stdin is not None
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.proc.stdin.flush()

    def notify(self, method: str, params: dict[str, Any]) -> None:
        self.send({"method": method, "params": params})

    def request(self, method: str, params: dict[str, Any]) -> Any:
        self.next_id += 1
        self.send({"id": self.next_id, "method": method, "params": params})
        while True:
            msg = self._next()
            if msg.get("id") == self.next_id and "method" not in msg:
                assert "error" not in msg, msg["error"]
                return msg.get("result")

    def _next(self) -> dict[str, Any]:
        msg = self.inbox.get(timeout=TIMEOUT)
        if "method" in msg:
            self.notes.append(msg)
        return msg

    def diagnostics(self, uri: str, after: int = 0) -> list[dict[str, Any]]:
        """The first diagnostics published for `uri` after the first `after` notes."""
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline:
            for note in self.notes[after:]:
                if note["method"] == "textDocument/publishDiagnostics" and \
                        note["params"]["uri"] == uri:
                    return list(note["params"]["diagnostics"])
            self._next()
        raise AssertionError(f"no diagnostics for {uri}")

    def close(self) -> int:
        self.request("shutdown", {})
        self.notify("exit", {})
        code = self.proc.wait(timeout=TIMEOUT)
        for pipe in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            if pipe is not None:
                pipe.close()
        return code


@pytest.fixture
def client() -> Iterator[Client]:
    c = Client(ROOT)
    c.request("initialize", {"processId": None, "rootUri": ROOT.as_uri(), "capabilities": {}})
    c.notify("initialized", {})
    yield c
    if c.proc.poll() is None:
        assert c.close() == 0


def open_doc(client: Client, path: Path, text: str | None = None) -> str:
    uri = path.as_uri()
    client.notify("textDocument/didOpen", {"textDocument": {
        "uri": uri, "languageId": "ludex", "version": 1,
        "text": path.read_text("utf-8") if text is None else text}})
    return uri


def at(uri: str, line: int, character: int) -> dict[str, Any]:
    """Protocol positions: both count from 0."""
    return {"textDocument": {"uri": uri}, "position": {"line": line, "character": character}}


def test_the_done_when_session(client: Client) -> None:
    """Open julie.ludex, receive its diagnostics (those `ludex check` gives the file),
    jump from a reference to its definition, complete an id."""
    uri = open_doc(client, JULIE)
    got = client.diagnostics(uri)
    report = json.loads(run_cli("check", "--format", "json", "rules/escalation").out)
    expected = sorted((d["code"], d["line"]) for d in report["findings"]
                      if d["file"] == "rules/escalation/julie.ludex")
    assert sorted((d["code"], d["range"]["start"]["line"] + 1) for d in got) == expected
    # line 16 is `    owner: julie`: the reference jumps to `hero julie` on line 4
    found = client.request("textDocument/definition", at(uri, 15, 12))
    assert found == [{"uri": uri, "range": {"start": {"line": 3, "character": 5},
                                            "end": {"line": 3, "character": 10}}}]
    # `place miniature on hide` completes to the component declared beside it
    line = "      place miniature on hide"
    text = JULIE.read_text("utf-8").split("\n")
    row = text.index("      place miniature on hideout_tile")  # in the setup rule's effect
    text[row] = line
    client.notify("textDocument/didChange", {
        "textDocument": {"uri": uri, "version": 2},
        "contentChanges": [{"text": "\n".join(text)}]})
    items = client.request("textDocument/completion", at(uri, row, len(line)))["items"]
    labels = {i["label"] for i in items}
    assert {"hideout_tile", "hideout_access_card", "smugglers_hideout"} <= labels
    assert "effect" not in labels  # a clause word starts a line, not an expression


def test_a_reference_in_another_file_resolves_across_the_game(client: Client) -> None:
    """A qualified reference in components.ludex names declarations of revolution.ludex:
    each of its parts jumps to its own declaration."""
    uri = open_doc(client, GAME / "components.ludex")
    client.diagnostics(uri)
    text = (GAME / "components.ludex").read_text("utf-8").split("\n")
    row = next(i for i, t in enumerate(text) if "revolution.akira.miniature" in t)
    col = text[row].index("revolution.akira.miniature")
    target = client.request("textDocument/definition", at(uri, row, col + len("revolution.a")))
    assert [t["uri"].rsplit("/", 1)[1] for t in target] == ["revolution.ludex"]
    declared = (GAME / "revolution.ludex").read_text("utf-8").split("\n")
    assert "akira" in declared[target[0]["range"]["start"]["line"]]


def test_diagnostics_follow_the_unsaved_text(client: Client) -> None:
    """An edit that breaks a reference is reported before it is saved; undoing it clears
    the report; the file on disk is never read in place of the editor's text."""
    original = JULIE.read_text("utf-8")
    # one broken reference: the Smugglers Hideout zone's owner (line 16; 0-based 15)
    uri = open_doc(client, JULIE, original.replace("    owner: julie", "    owner: juli", 1))
    got = client.diagnostics(uri)
    assert [(d["code"], d["range"]["start"]["line"], d["severity"]) for d in got
            if d["severity"] == 1] == [("E301", 15, 1)]
    assert "julie" in next(d["message"] for d in got if d["code"] == "E301")
    mark = len(client.notes)
    for version in (2, 3, 4):  # typed quickly: compiled once, after the pause
        client.notify("textDocument/didChange", {
            "textDocument": {"uri": uri, "version": version},
            "contentChanges": [{"text": original}]})
    assert [d for d in client.diagnostics(uri, mark) if d["severity"] == 1] == []
    assert JULIE.read_text("utf-8") == original


def test_references_hover_outline_and_rename(client: Client) -> None:
    uri = open_doc(client, JULIE)
    client.diagnostics(uri)
    refs = client.request("textDocument/references",
                          {**at(uri, 14, 10), "context": {"includeDeclaration": True}})
    lines = sorted(r["range"]["start"]["line"] + 1 for r in refs if r["uri"] == uri)
    assert lines[:3] == [15, 28, 31]  # the zone's header, then where rules name it
    hover = client.request("textDocument/hover", at(uri, 3, 7))["contents"]["value"]
    assert hover.startswith("**hero** `revolution.julie` — Julie Corvus, the Smuggler")
    assert "Starts in the Smugglers Hideout." in hover
    outline = client.request("textDocument/documentSymbol", {"textDocument": {"uri": uri}})
    assert [s["name"] for s in outline] == ["julie"]
    assert "smugglers_hideout" in [c["name"] for c in outline[0]["children"]]
    edit = client.request("textDocument/rename", {**at(uri, 14, 10), "newName": "hideout"})
    changes = edit["changes"][uri]
    assert len(changes) == len(lines) and {c["newText"] for c in changes} == {"hideout"}
    assert all(c["range"]["end"]["character"] - c["range"]["start"]["character"]
               == len("smugglers_hideout") for c in changes)


def test_formatting_is_ludex_fmts(client: Client) -> None:
    """The rules are kept formatted: nothing to change; a stray indent is put back."""
    uri = open_doc(client, JULIE)
    options = {"tabSize": 2, "insertSpaces": True}
    assert client.request("textDocument/formatting",
                          {"textDocument": {"uri": uri}, "options": options}) == []
    original = JULIE.read_text("utf-8")
    client.notify("textDocument/didChange", {
        "textDocument": {"uri": uri, "version": 2},
        "contentChanges": [{"text": original.replace("    owner: julie", "    owner:   julie")}]})
    (edit,) = client.request("textDocument/formatting",
                             {"textDocument": {"uri": uri}, "options": options})
    assert edit["newText"] == original


def test_lsp_is_a_command() -> None:
    run = run_cli("lsp", "--help")
    assert run.code == 0 and "language server" in run.out
