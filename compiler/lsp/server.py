"""`ludex lsp`: the language server, on pygls, speaking JSON-RPC on stdio.

Whole-game aware: a `.ludex` file is compiled with every file of its game folder (the
topmost folder, from the file's own upwards, that holds sources itself), the editor's
unsaved text standing in for the files on disk, by the pipeline `ludex check` runs. A
change is compiled after a short pause (`DEBOUNCE`), and a request made meanwhile
compiles first, so an answer never comes from stale text. Diagnostics are published for
every file of the game; those without a place go to the file that was edited.

Columns are the compiler's characters; the protocol's UTF-16 units differ from them only
past U+FFFF, which rules text does not use in ids.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from pathlib import Path

from lsprotocol import types as lsp
from pygls.lsp.server import LanguageServer
from pygls.uris import to_fs_path

from .. import __version__
from ..core.codes import Severity
from ..core.diagnostics import Diagnostic
from ..core.source import Span, display_path
from ..pipeline import compile_paths
from ..syntax.load import SUFFIXES
from .complete import completions
from .index import GameIndex, Outline

DEBOUNCE = 0.3  # seconds of quiet before a change is compiled
SEVERITY = {Severity.ERROR: lsp.DiagnosticSeverity.Error,
            Severity.WARNING: lsp.DiagnosticSeverity.Warning,
            Severity.NOTE: lsp.DiagnosticSeverity.Hint}
SYMBOL_KINDS = {"game": lsp.SymbolKind.Package, "kind": lsp.SymbolKind.Class,
                "rule": lsp.SymbolKind.Function, "step": lsp.SymbolKind.Method,
                "procedure": lsp.SymbolKind.Function, "component": lsp.SymbolKind.Object,
                "stat": lsp.SymbolKind.Number, "track": lsp.SymbolKind.Number,
                "deck": lsp.SymbolKind.Array, "zone": lsp.SymbolKind.Array,
                "table": lsp.SymbolKind.Struct, "term": lsp.SymbolKind.String,
                "example": lsp.SymbolKind.Event, "fact": lsp.SymbolKind.Property,
                "external": lsp.SymbolKind.Interface, "die": lsp.SymbolKind.Enum}
COMPLETION_KINDS = {"id": lsp.CompletionItemKind.Reference,
                    "keyword": lsp.CompletionItemKind.Keyword,
                    "clause": lsp.CompletionItemKind.Keyword,
                    "property": lsp.CompletionItemKind.Property,
                    "field": lsp.CompletionItemKind.Field, "kind": lsp.CompletionItemKind.Class}


def game_folder(path: Path) -> Path:
    """The game a file belongs to: the topmost of its folders, upwards without a gap,
    that holds sources itself (as `ludex check` reads a game folder)."""
    folder = path.parent
    while folder.parent != folder and _holds_sources(folder.parent):
        folder = folder.parent
    return folder


def _holds_sources(folder: Path) -> bool:
    try:
        return any(p.name.endswith(SUFFIXES) and p.is_file() for p in folder.iterdir())
    except OSError:
        return False


def to_position(line: int, col: int) -> lsp.Position:
    return lsp.Position(line=max(line - 1, 0), character=max(col - 1, 0))


def to_range(span: Span) -> lsp.Range:
    return lsp.Range(start=to_position(span.line, span.col),
                     end=to_position(span.end_line, span.end_col))


@dataclass
class Game:
    """A game folder's last compilation, the files it published diagnostics for, and
    the pending (debounced) compilation."""

    folder: Path
    index: GameIndex | None = None
    published: set[str] = field(default_factory=set)
    pending: asyncio.Task[None] | None = None
    dirty: bool = True


class LudexServer(LanguageServer):
    """The server and its games."""

    def __init__(self) -> None:
        super().__init__("ludex", __version__)
        self.games: dict[Path, Game] = {}
        self.uris: dict[str, str] = {}  # display path -> the client's own uri

    # ------------------------------------------------------------ paths

    def path_of(self, uri: str) -> Path:
        fs = to_fs_path(uri)
        if fs is None:
            raise ValueError(f"not a file: {uri}")
        return Path(fs)

    def key(self, uri: str) -> str:
        """The compiler's name for a document: its display path."""
        shown = display_path(self.path_of(uri))
        self.uris.setdefault(shown, uri)
        return shown

    def uri_of(self, file: str) -> str:
        return self.uris.get(file) or (Path.cwd().resolve() / file).as_uri()

    def game(self, uri: str) -> Game:
        folder = game_folder(self.path_of(uri).resolve())
        return self.games.setdefault(folder, Game(folder))

    # ------------------------------------------------------------ compiling

    def schedule(self, uri: str, delay: float = DEBOUNCE) -> None:
        """Compile the document's game after `delay` seconds of quiet."""
        game = self.game(uri)
        game.dirty = True
        if game.pending is not None:
            game.pending.cancel()
        game.pending = asyncio.get_running_loop().create_task(self._later(game, uri, delay))

    async def _later(self, game: Game, uri: str, delay: float) -> None:
        await asyncio.sleep(delay)
        game.pending = None
        self.compile(game, uri)

    def index(self, uri: str) -> GameIndex:
        """The document's game, compiled from the current text."""
        game = self.game(uri)
        if game.dirty or game.index is None:
            if game.pending is not None:
                game.pending.cancel()
                game.pending = None
            self.compile(game, uri)
        assert game.index is not None
        return game.index

    def compile(self, game: Game, uri: str) -> None:
        overrides = {self.key(d.uri): d.source
                     for d in self.workspace.text_documents.values()}
        comp = compile_paths([game.folder], overrides=overrides)
        game.index, game.dirty = GameIndex(comp), False
        self.publish(game, comp.sources, list(comp.diags), self.key(uri))

    def publish(self, game: Game, files: dict[str, str], diags: list[Diagnostic],
                edited: str) -> None:
        by_file: dict[str, list[lsp.Diagnostic]] = {f: [] for f in (*files, *game.published)}
        for d in diags:
            span = d.span or Span(edited, 1, 1, 1, 1)
            by_file.setdefault(span.file, []).append(lsp.Diagnostic(
                range=to_range(span), message=d.message + (f"\nhint: {d.hint}" if d.hint else ""),
                severity=SEVERITY[d.severity], code=str(d.code), source="ludex"))
        for file, found in by_file.items():
            self.text_document_publish_diagnostics(
                lsp.PublishDiagnosticsParams(uri=self.uri_of(file), diagnostics=found))
        game.published = {f for f, found in by_file.items() if found}

    # ------------------------------------------------------------ answers

    def occurrence_at(self, uri: str, pos: lsp.Position) -> tuple[GameIndex, object]:
        index = self.index(uri)
        return index, index.at(self.key(uri), pos.line + 1, pos.character + 1)

    def locations(self, spans: list[Span]) -> list[lsp.Location]:
        return [lsp.Location(uri=self.uri_of(s.file), range=to_range(s)) for s in spans]

    def symbols(self, outline: list[Outline]) -> list[lsp.DocumentSymbol]:
        return [lsp.DocumentSymbol(
            name=o.decl.id, detail=f"{o.decl.keyword} {o.decl.title or ''}".strip(),
            kind=SYMBOL_KINDS.get(o.decl.keyword, lsp.SymbolKind.Variable),
            range=to_range(o.extent), selection_range=to_range(o.name),
            children=self.symbols(o.children)) for o in outline]

    def complete(self, uri: str, pos: lsp.Position) -> list[lsp.CompletionItem]:
        index = self.index(uri)
        lines = self.workspace.get_text_document(uri).source.split("\n")
        return [lsp.CompletionItem(label=c.label, detail=c.detail or None,
                                   kind=COMPLETION_KINDS.get(c.sort), insert_text=c.insert)
                for c in completions(index, self.key(uri), lines, pos.line + 1,
                                     pos.character + 1)]
