"""The exit codes of every command, and the lines `--help` explains them in (a module of
its own, so that `ludex --help` imports nothing else)."""

OK, FINDINGS, USAGE, INTERNAL = 0, 1, 2, 123
EXIT_CODES = f"""exit codes:
  {OK:<4} clean: no finding at the --fail-on level (check), every example passes (test),
       generated output current (build --check)
  {FINDINGS:<4} findings at the --fail-on level (default: errors), an example that fails or
       runs past its limits, a generated engine that does not load (test, stats),
       coverage under --fail-under (trace), generated output stale (build --check),
       or an output that cannot be written
  {USAGE:<4} usage error
  {INTERNAL:<4} internal error (a bug in ludex: please report it)
"""
