"""The app's solver worker (index.html, lab.html; MicroPython, and Pyodide as the deep
worker, static/js/deep.js): the widget's calls (``worker.py``) and the app's own, each
from the module of its feature:

- ``hints.py``: Hint, asked ahead while the reader reads, and ``prepare``;
- ``ratings.py``: the puzzle's rating, in slices;
- ``known.py``: what both know of the puzzle (its steps, the searches under way);
- ``checks.py``: Check and Reveal;
- ``puzzles.py``: New puzzle, from the bank;
- ``pictures.py``: the Share panel's pictures.

The calls are ``contract.AppCalls``'s; this module makes each one a name PyScript exports
(``__export__``), and mypy checks that it makes every one, as declared. The worker's
state (open drawings, hints remembered, the rating under way, the puzzle's steps) lives in
the objects made here, one each, not in the feature modules.

The widget's worker runs ``worker.py`` alone (pyscript-widget-worker.json): a blog's
reader never downloads ``sudoku.logic``, ``sudoku.generator`` or ``sudoku.render``. Here
they load in the calls that use them, so the worker's boot compiles none of them.
"""

from checks import check as check  # (as: exported, for mypy too)
from checks import reveal as reveal
from contract import AppCalls, calls
from hints import Hints
from hints import prepare as prepare
from known import Known
from pictures import Drawings
from pictures import render_limits as render_limits
from puzzles import generate as generate
from ratings import Ratings
from worker import analyze_more as analyze_more  # the widget's calls, exported here too
from worker import analyze_start as analyze_start
from worker import analyze_stop as analyze_stop
from worker import export as export
from worker import parse as parse
from worker import ready as ready
from worker import trace_count as trace_count
from worker import trace_pull as trace_pull
from worker import trace_record as trace_record
from worker import trace_start as trace_start
from worker import trace_stop as trace_stop

drawings = Drawings()
known = Known()
hints = Hints(known)
ratings = Ratings(known)

render_start = drawings.start
render_more = drawings.more
render_stop = drawings.stop
hint = hints.hint
hint_ahead = hints.ahead
rate_start = ratings.start
rate_more = ratings.more

__export__ = calls(AppCalls)
"""The calls PyScript exports: ``contract.AppCalls``'s (the widget's and the app's own)."""

TYPE_CHECKING = False
if TYPE_CHECKING:
    import app as this

    conforms: AppCalls = this  # mypy: this module makes every call, as declared
