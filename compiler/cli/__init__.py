"""The `ludex` command line: `main` parses the arguments and dispatches; one module per
command (`check`, `export`, `trace`, `build`, `test`, `stats`), `common` for what they
share (exit codes, the PATH argument), `changes` for git."""
