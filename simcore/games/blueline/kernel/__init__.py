"""The Blue Line Hockey kernel: numba functions over plain arrays.

Modules: layout (generated offsets and codes), context (the Ctx / Work tuples), geometry (grid lines, skating),
state (small state helpers), lanes (shot and pass lanes), policies (the coaches' decisions), turns (the rules as
a turn loop), drivers (blocks of games, recorded and scripted games).

numba's cache does not see edits to a function another module inlines (``inline="always"``: the small helpers
of geometry, state, lanes, policies and turns): after editing one, clear this package's ``__pycache__``.

The rule modules compile without numba's runtime (``_nrt=geometry.NRT``: no reference counting of the Ctx / Work
arrays, docs/blueline.md "Speed"), so a rule function must not allocate: use ``simcore.nbarrays.stack_empty`` or a
``Work`` scratch array.  Only the drivers allocate.
"""
