"""Names and call forms of earlier releases, which keep working for one release with a warning.

Every such warning is a :class:`SimcoreDeprecationWarning` (a ``DeprecationWarning``), so a script can turn
simcore's own into errors (``warnings.simplefilter("error", SimcoreDeprecationWarning)``) without touching other
libraries'.  The command line prints each one as a line on stderr (``simcore: warning: ...``).
"""


class SimcoreDeprecationWarning(DeprecationWarning):
    """A name or call form of an earlier release: it works for one more release; the message names what
    replaces it."""
