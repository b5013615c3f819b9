"""Back ends: the compilation in, `{relative path: text}` out, one per target.

`python/` writes the engines, `site/` the MkDocs project, `report` the consistency
report (text, JSON, SARIF, Markdown), `export` the AST and kind schemas as JSON,
`trace` the book's coverage, `figures` the figures per game, `highlight` the Pygments
lexer. Each emitter is a pure function; `targets` names the output folders, and
`write` is the only module that touches the disk: a build computes every output before
it writes any, and writes only inside its output folders. Which existing files are
Ludex's is recorded in each folder's manifest (see `ludex.cli.build`); a target's
`owned` predicate is a second guard, "could this emitter have written this file?",
never enough on its own to delete one.
"""
