"""The unit suite's settings: Hypothesis checks behaviour, never time.

Hypothesis fails an example that takes over 200 ms by default: a wall-clock check that a
loaded machine (or two test processes on two cores) trips at random. Speed is measured in
bench/, not here.
"""

from hypothesis import settings

settings.register_profile("sudoku", deadline=None)
settings.load_profile("sudoku")
