"""`python -m ludex`."""

from .cli.main import main

raise SystemExit(main())
