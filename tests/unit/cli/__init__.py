"""Tests of ``sudoku.cli``, one module a command, as the package is laid out."""
