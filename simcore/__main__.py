"""``python -m simcore``: the same command line as ``simcore``."""
from .cli import exit_now, main

status = main()
exit_now(status)
raise SystemExit(status)
