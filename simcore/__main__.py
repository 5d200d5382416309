"""``python -m simcore``: the same command line as ``simcore``."""
from .cli import main

raise SystemExit(main())
