"""`python -m ludex`."""

from .cli.main import entry

entry()
