"""Examples run contained: generated code never runs in the checker's own process.

`runner.run_contained(files, package, names)` writes a built engine package (the files
`ludex build` would write) into a fresh private folder and runs the named worked
examples in one child process per game (`python -I -B`: no environment variables,
no user site, no current folder on the path), which imports the package with a
plain `import`, exactly as a user would. The child runs under a time limit per
example, an address-space limit, and an audit hook that refuses network, new
processes, native code and file writes (`guard`); its answers come back as JSON
lines, data only (`child`). A runaway example is an answer too, never a hang
(`runner`). The limits default to 5 s and 1 GiB and can be set with the
environment variables `LUDEX_EXAMPLE_TIME_LIMIT` (seconds) and
`LUDEX_EXAMPLE_MEMORY_LIMIT` (MiB).

The package imports nothing itself: the child loads only `child` and `guard` (and the
runtime), not the parent's `runner` and its process machinery.
"""
