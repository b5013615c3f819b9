"""The language server, `ludex lsp`: what an editor asks of the compiler, answered from
the same pipeline `ludex check` runs (a stage after the pipeline, before the command
line). `index` answers in the compiler's own terms (spans, declarations); `server` speaks
the Language Server Protocol through pygls and converts."""
