"""The `ludex` command line: `main` parses the arguments and dispatches; `build`,
`engine` (test, stats) and `changes` (git) serve single commands."""
