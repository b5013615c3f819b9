"""`python -m ludex`."""

from .cli import main

raise SystemExit(main())
