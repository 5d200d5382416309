"""The Pass & Score kernel: numba functions over plain arrays.

Modules: layout (generated offsets and codes), context (the Ctx / Work tuples), plays (the rules: one action, legal
plays, resolving a play), policies (random, greedy, search), drivers (the game loop, blocks of games, a recorded
game, scripted positions).  Every function also runs as plain Python (``NUMBA_DISABLE_JIT=1``).
"""
