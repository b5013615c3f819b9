"""The protocol's features, each a handler registered on a `LudexServer`: document
sync (diagnostics as you type), definition, references, hover, completion, document
symbols, rename and formatting (`ludex fmt`). `serve` runs the server on stdio."""

from __future__ import annotations

from typing import BinaryIO

from lsprotocol import types as lsp

from ..core.diagnostics import Diagnostics
from ..core.source import SourceFile
from ..core.vocabulary import CLAUSES
from ..syntax.format import FormatError, format_source
from .index import Occurrence, id_span
from .server import LudexServer, to_range


def make_server() -> LudexServer:
    """A server with every feature registered."""
    server = LudexServer()
    _sync(server)
    _navigation(server)
    _editing(server)
    _formatting(server)
    return server


def _sync(server: LudexServer) -> None:
    @server.feature(lsp.TEXT_DOCUMENT_DID_OPEN)
    async def did_open(ls: LudexServer, params: lsp.DidOpenTextDocumentParams) -> None:
        ls.schedule(params.text_document.uri, delay=0)

    @server.feature(lsp.TEXT_DOCUMENT_DID_CHANGE)
    async def did_change(ls: LudexServer, params: lsp.DidChangeTextDocumentParams) -> None:
        ls.schedule(params.text_document.uri)

    @server.feature(lsp.TEXT_DOCUMENT_DID_SAVE)
    async def did_save(ls: LudexServer, params: lsp.DidSaveTextDocumentParams) -> None:
        ls.schedule(params.text_document.uri, delay=0)

    @server.feature(lsp.TEXT_DOCUMENT_DID_CLOSE)
    async def did_close(ls: LudexServer, params: lsp.DidCloseTextDocumentParams) -> None:
        ls.schedule(params.text_document.uri, delay=0)  # the file on disk counts again


def _occurrence(ls: LudexServer, doc: lsp.TextDocumentIdentifier,
                pos: lsp.Position) -> Occurrence | None:
    found = ls.occurrence_at(doc.uri, pos)[1]
    return found if isinstance(found, Occurrence) else None


def _navigation(server: LudexServer) -> None:
    @server.feature(lsp.TEXT_DOCUMENT_DEFINITION)
    def definition(ls: LudexServer, params: lsp.DefinitionParams) -> list[lsp.Location]:
        occ = _occurrence(ls, params.text_document, params.position)
        if occ is None:
            return []
        return ls.locations([id_span(occ.decl)])

    @server.feature(lsp.TEXT_DOCUMENT_REFERENCES)
    def references(ls: LudexServer, params: lsp.ReferenceParams) -> list[lsp.Location]:
        occ = _occurrence(ls, params.text_document, params.position)
        if occ is None:
            return []
        index = ls.index(params.text_document.uri)
        return ls.locations(index.references(occ.decl, params.context.include_declaration))

    @server.feature(lsp.TEXT_DOCUMENT_HOVER)
    def hover(ls: LudexServer, params: lsp.HoverParams) -> lsp.Hover | None:
        occ = _occurrence(ls, params.text_document, params.position)
        if occ is None:
            return None
        text = ls.index(params.text_document.uri).hover(occ.decl)
        return lsp.Hover(contents=lsp.MarkupContent(kind=lsp.MarkupKind.Markdown, value=text),
                         range=to_range(occ.span))

    @server.feature(lsp.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
    def symbols(ls: LudexServer,
                params: lsp.DocumentSymbolParams) -> list[lsp.DocumentSymbol]:
        uri = params.text_document.uri
        return ls.symbols(ls.index(uri).outline(ls.key(uri)))


def _editing(server: LudexServer) -> None:
    @server.feature(lsp.TEXT_DOCUMENT_COMPLETION,
                    lsp.CompletionOptions(trigger_characters=["."]))
    def completion(ls: LudexServer, params: lsp.CompletionParams) -> lsp.CompletionList:
        items = ls.complete(params.text_document.uri, params.position)
        return lsp.CompletionList(is_incomplete=False, items=items)

    @server.feature(lsp.TEXT_DOCUMENT_PREPARE_RENAME)
    def prepare_rename(ls: LudexServer,
                       params: lsp.PrepareRenameParams) -> lsp.Range | None:
        occ = _occurrence(ls, params.text_document, params.position)
        return to_range(occ.span) if occ is not None else None

    @server.feature(lsp.TEXT_DOCUMENT_RENAME)
    def rename(ls: LudexServer, params: lsp.RenameParams) -> lsp.WorkspaceEdit | None:
        occ = _occurrence(ls, params.text_document, params.position)
        if occ is None:
            return None
        if params.new_name in CLAUSES:
            raise ValueError(f"`{params.new_name}` is a clause word of the language")
        spans = ls.index(params.text_document.uri).rename(occ.decl, params.new_name)
        return lsp.WorkspaceEdit(changes={
            ls.uri_of(file): [lsp.TextEdit(range=to_range(s), new_text=params.new_name)
                              for s in found] for file, found in spans.items()})


def _formatting(server: LudexServer) -> None:
    @server.feature(lsp.TEXT_DOCUMENT_FORMATTING)
    def formatting(ls: LudexServer,
                   params: lsp.DocumentFormattingParams) -> list[lsp.TextEdit] | None:
        """`ludex fmt`'s layout, as one edit; nothing for a file with syntax errors."""
        doc = ls.workspace.get_text_document(params.text_document.uri)
        try:
            text = format_source(SourceFile(ls.key(doc.uri), doc.source), Diagnostics())
        except FormatError:
            return None
        if text is None or text == doc.source:
            return []
        end = lsp.Position(line=len(doc.source.split("\n")), character=0)
        return [lsp.TextEdit(range=lsp.Range(start=lsp.Position(line=0, character=0), end=end),
                             new_text=text)]


def serve(stdin: BinaryIO, stdout: BinaryIO) -> None:
    """Run the server until the client says exit or closes the connection."""
    make_server().start_io(stdin, stdout)
