"""``python -m simcore``: the same command line as ``simcore``, through the same entry (simcore_entry.py)."""
try:
    import simcore_entry
except ImportError:                 # the package without the command's entry module beside it
    from .cli import exit_now, main

    status = main()
    exit_now(status)
    raise SystemExit(status)

getattr(simcore_entry, "end_module_guard", lambda: None)()       # an entry module of an earlier release has none
raise SystemExit(simcore_entry.main())
