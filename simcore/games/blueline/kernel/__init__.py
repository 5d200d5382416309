"""The Blue Line Hockey kernel: numba functions over plain arrays (layout, geometry, policies, the game, drivers)."""
