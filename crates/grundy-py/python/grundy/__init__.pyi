"""grundy: Sprague–Grundy values of impartial combinatorial games (type stubs).

Every function is a thin layer over the Rust library of the grundy workspace: the
rulesets, engines, closed forms and error messages are those of the ``grundy`` command
line (docs/cli.md). Computations run with the GIL released; Ctrl-C raises
``KeyboardInterrupt`` (checked every 50 ms, also while an ``options`` function of a
``HeapRuleset`` runs, even one that never returns) and returns nothing of an
unfinished computation.

Errors, for every function:

- ``ValueError``: a bad expression, ruleset name, take-and-break code, parameter, method
  or domain, with the CLI's one-line message (``syntax error at column 5 of 'nim(3'``,
  ``unknown ruleset 'nimm'; did you mean 'nim'?``); an option of a ``HeapRuleset`` that
  is not a non-negative int or a tuple of them.
- ``ResourceError`` (a ``MemoryError``): work refused by the memory estimate (80% of
  available memory, or ``GRUNDY_MEMORY_LIMIT``) or by the work estimate (10^11
  positions, or ``GRUNDY_MAX_STATES``).
- ``KeyboardInterrupt``: Ctrl-C.
- Any exception raised by the ``options`` function of a ``HeapRuleset``, with a note
  naming the heap (``raised by options(5) of ruleset 'mine'``).

Rulesets are named as in expressions: ``"saliquant"``, ``"subtraction[1,2]"``, a
take-and-break code such as ``"0.137"`` or ``"4!.0"``, the name of a ``HeapRuleset``
defined in this session, or the ``HeapRuleset`` object itself.
"""

import os
from typing import Any, Callable, Iterable, Iterator, List, Optional, Tuple, Union

import numpy as np

class ResourceError(MemoryError):
    """A computation refused by the memory or work estimate; the message gives the
    estimate and the limit."""

class HeapRuleset:
    """A ruleset on heaps defined by a Python function, registered for the session under
    ``name`` (the last definition of a name wins) so that expressions can use it:
    ``grundy.value("mine(5) + nim(3)")``.

    ``options(n)`` returns an iterable of the options of heap ``n``: each an ``int`` (one
    heap) or a ``tuple`` of ints (a disjunctive sum of heaps; 0 is the empty heap). It is
    called with the GIL, only on the heaps a computation needs: ``value`` and ``moves``
    search from the position's heaps and call it once on each heap they reach; ``seq``
    from a heap above ``start`` does the same for each heap of the range; ``seq`` from
    ``start``, ``period`` and ``plot`` call it on every heap of the range. It may ask
    grundy about smaller heaps of the same ruleset (``grundy.value(f"name({k})")``;
    memoize it if it asks often). Heaps start at ``start``.

    Ctrl-C raises ``KeyboardInterrupt`` inside a running ``options`` call (at its next
    Python instruction; a call blocked in C, such as ``time.sleep``, when it returns)
    and stops reading its options, so an endless loop or iterator stops too.

    With ``loopy=False`` (a finite game) every option heap must be smaller than ``n``.
    With ``loopy=True`` options are single heaps ≥ ``start`` (≥ 1) that may be equal to
    or larger than ``n``; values are then ``LoopyValue``s (``∞(K)``), computed on the
    game graph within the bounds, or ``?`` beyond them, as for ``aliquot-sum``.

    Raises ``ValueError`` if ``name`` is a built-in ruleset name or not a name (a letter,
    then letters, digits, ``-``, ``_``), if ``options`` is not callable, or if a loopy
    ruleset has ``start=0``.
    """

    def __init__(self, name: str, options: Callable[[int], Iterable[Union[int, Tuple[int, ...]]]], start: int = 0, loopy: bool = False) -> None: ...
    @property
    def name(self) -> str: ...
    @property
    def options(self) -> Callable[[int], Iterable[Union[int, Tuple[int, ...]]]]: ...
    @property
    def start(self) -> int: ...
    @property
    def loopy(self) -> bool: ...
    def __call__(self, *heaps: int) -> str:
        """The expression of a sum of heaps of this ruleset: ``r(3, 5) == "name(3,5)"``."""

class LoopyValue:
    """A generalized Sprague–Grundy value (Smith 1966; Fraenkel–Yesha 1986).

    ``finite``: the nim-value if finite, else None. ``infinite``: True for ``∞(K)``, with
    ``options_values`` the finite values K of the options. Neither: undetermined within
    the exploration bound (``str`` is ``?``), and ``note`` names the bound.
    ``str(v)`` is ``"3"``, ``"∞(0,1,2)"`` or ``"?"``.
    """

    finite: Optional[int]
    infinite: bool
    options_values: Tuple[int, ...]
    note: Optional[str]
    @property
    def undetermined(self) -> bool: ...
    @property
    def outcome(self) -> str:
        """``P`` (value 0), ``N`` (finite non-zero, or ∞(K) with 0 in K), ``D`` (other
        ∞(K): a draw) or ``?``."""

Value = Union[int, LoopyValue]

def value(expr: str, method: str = "auto", *, bound: Optional[int] = None, graph_bound: Optional[int] = None, progress: bool = False, period: Optional[Union[str, os.PathLike]] = None) -> Value:
    """The value of a position (a disjunctive sum such as ``"min(6239,6240) + nim(3)"``):
    an exact ``int`` for finite values, else a ``LoopyValue`` (``∞(K)`` or ``?``).

    ``method``: ``"auto"`` (proven closed forms where they apply, search otherwise),
    ``"formula"`` (closed forms only; ``ValueError`` where none is proven) or
    ``"search"`` (from the rules). ``bound`` (largest heap, default 10^18) and
    ``graph_bound`` (most moves per exploration, default 10^7) limit loopy games.
    ``progress``: a tqdm bar if tqdm is installed. Same as ``grundy value``.

    With ``"auto"``, a ruleset whose periodicity theorem can prove a period (finite
    take-and-break codes of plain digits, ``subtraction[S]``) is computed only until
    the period is proven, and every heap below 2^64 beyond it comes from the period:
    ``value("kayles(10**18)")`` is immediate (``moves(...).source`` says so). A proven
    period is kept for the rest of the call. ``period``: the path of a certificate
    saved by ``grundy period --save``, checked on loading (``ValueError`` if it is
    rejected), whose period answers the heaps of its ruleset, so that it need not be
    derived again (method ``"auto"`` only)."""

def outcome(expr: str, method: str = "auto", *, bound: Optional[int] = None, graph_bound: Optional[int] = None, progress: bool = False, period: Optional[Union[str, os.PathLike]] = None) -> str:
    """``"P"`` (the previous player wins), ``"N"`` (the next player wins), ``"D"`` (a
    draw, loopy games) or ``"?"`` (undetermined within the bound)."""

class Moves:
    """The moves from a position (``grundy moves``). Each move is ``(position, value)``:
    the position after the move, as an expression, and its value.

    ``winning``: moves to P-positions (value 0), at most 1000 per powerset heap listed,
    ``winning_count`` of them in all. ``drawing``: from a D-position, the moves that
    keep the draw. ``options``: with ``all=True``, every option (``options_count`` in
    all), else None. ``notes``: why some values or options are undetermined.
    Jupyter shows a table (``_repr_html_``)."""

    position: str
    value: Value
    outcome: str
    winning: List[Tuple[str, Value]]
    drawing: List[Tuple[str, Value]]
    options: Optional[List[Tuple[str, Value]]]
    winning_count: int
    options_count: Optional[int]
    notes: List[str]
    source: Optional[str]
    """Where values beyond the computed tables came from, when a proven period gave
    them (``"kayles: by the proven period (12, 71, 0), Guy–Smith, agreement checked to
    heap 1023"``), else None."""
    def _repr_html_(self) -> str: ...

def moves(expr: str, all: bool = False, method: str = "auto", *, bound: Optional[int] = None, graph_bound: Optional[int] = None, progress: bool = False, period: Optional[Union[str, os.PathLike]] = None) -> Moves:
    """The winning moves of a position, the drawing moves of a draw, and with
    ``all=True`` every option. Raises ``ResourceError`` when a heap has more than 2·10^7
    options to list. Heaps beyond a proven period's table (codes leaving at most two
    heaps) list their moves through the period (``value``; ``period`` as there)."""

class LoopySequence:
    """The values of a loopy ruleset on heaps ``start .. start + len − 1``.

    ``codes``: ``numpy.ndarray`` of dtype ``int64`` and shape ``(len,)``: the value when
    finite (≥ 0), −1 for ``∞(K)``, −2 for undetermined within the bound (``?``), −3 for
    a finite value ≥ 2^63. ``values``: the same as ``LoopyValue`` objects (with K and
    notes). ``note``: how many values are undetermined and which bound stopped them.
    ``np.asarray(s)`` is ``codes``; ``s[i]`` is ``values[i]``."""

    ruleset: str
    start: int
    codes: np.ndarray
    values: List[LoopyValue]
    note: Optional[str]
    def __len__(self) -> int: ...
    def __getitem__(self, i: int) -> LoopyValue: ...
    def __iter__(self) -> Iterator[LoopyValue]: ...
    def __array__(self, dtype: Any = None, copy: Any = None) -> np.ndarray: ...

def seq(ruleset: Union[str, HeapRuleset], to: int, start: Optional[int] = None, method: str = "auto", *, bound: Optional[int] = None, graph_bound: Optional[int] = None, progress: bool = False, period: Optional[Union[str, os.PathLike]] = None) -> Union[np.ndarray, LoopySequence]:
    """The values G(start), …, G(to) of a heap ruleset (``grundy seq NAME --to N``):
    both ends included, ``start`` defaulting to the ruleset's first heap, so
    ``a[i] == G(start + i)`` and ``a.shape == (to - start + 1,)``.

    Returns a one-dimensional ``numpy.ndarray``:

    - ``uint32`` for every finite ruleset whose values fit in 32 bits (all non-powerset
      rulesets with ``method="search"``); the engine's table is handed to numpy without
      a copy (with ``start`` > 0 the array is a view of the table from heap 0);
    - ``uint64`` when some value needs 33–64 bits (powerset rulesets, whose values are
      powers of two; closed forms with ``method="formula"``): one copy;
    - ``object`` (Python ints) beyond 64 bits.

    For a loopy ruleset it returns a ``LoopySequence``. ``method``: ``"auto"``
    (default: dense search from the rules, and for a ruleset whose periodicity theorem
    can prove a period, the table only until it is proven and the heaps beyond from the
    period, so ``seq("kayles", 10**15 + 100, start=10**15)`` is immediate; ``period``
    as for ``value``), ``"search"`` (the table always) or ``"formula"`` (the proven
    closed form heap by heap; ``ValueError`` at the first heap without one).
    Raises ``ValueError`` for a ruleset on tuples or a range whose start (given, or the
    ruleset's first heap) is above ``to`` (``start 50 (the first heap of r) is larger
    than the last heap 10``), and ``ResourceError`` when the table exceeds the memory
    limit."""

class Periodicity:
    """The smallest period p, preperiod n₀ and saltus s with G(n + p) = G(n) + s for
    n ≥ n₀ (CGSuite's ``Periodicity(p, n₀, s)``; s ≠ 0 is arithmetic periodicity), from
    ``grundy period``.

    ``proven``: for every heap, by the ruleset's periodicity theorem (subtraction games,
    Winning Ways vol. 1 ch. 4; take-and-break codes, Guy & Smith 1956), and
    ``certificate`` is a dict ``{ruleset, preperiod, period, saltus, agreement: (n₀,
    last), proof_end, theorem}``; otherwise the period is apparent on heaps
    ``start..=to`` only (``status`` ``"apparent"``), or ``period`` is None (``"none"``).
    ``to`` is the last heap computed (the search doubles from 1024 heaps and stops once
    a period is proven). Jupyter shows a table (``_repr_html_``)."""

    ruleset: str
    period: Optional[int]
    preperiod: Optional[int]
    saltus: Optional[int]
    proven: bool
    certificate: Optional[dict]
    start: int
    to: int
    largest_value: Optional[int]
    p_positions: int
    proof_needs: Optional[int]
    @property
    def status(self) -> str: ...
    def _repr_html_(self) -> str: ...

def period(ruleset: Union[str, HeapRuleset], to: int, start: Optional[int] = None, *, progress: bool = False) -> Periodicity:
    """The period of a heap ruleset's values on heaps ``start..=to``. A ``HeapRuleset``
    has no periodicity theorem, so its periods are apparent. Raises ``ValueError`` for a
    loopy or tuple ruleset, or values above 64 bits."""

def rulesets() -> List[dict]:
    """The catalogue (``grundy list``): one dict per family with ``name``, ``aliases``,
    ``params`` (what goes in brackets, or None), ``positions``, ``options``, ``source``
    (paper and section), ``formula`` (the proven closed form with its citation, or
    None) and ``example``."""

def graph(g: Union[dict, str, "os.PathLike[str]"], *, graph_bound: int = 100_000_000, progress: bool = False) -> dict:
    """The value and outcome of every vertex of a game given as a graph, acyclic or
    loopy (``grundy graph``): ``g`` is ``{vertex: [followers]}`` or the path of a graph
    file (text ``name: follower …`` lines, or JSON). Returns ``{vertex: (value,
    outcome)}`` in the order of the graph; values are ints or ``LoopyValue``s (``∞(K)``).
    A file is read as ``grundy graph FILE`` reads it: a regular file is checked against
    the memory limit first, any input (a pipe, a device) is cut at a fifth of the limit,
    and a NUL byte stops it at once (``graph("/dev/zero")`` raises at the first byte).

    Raises ``ValueError`` naming the line (and the file) for a follower that is not a
    vertex, a vertex defined twice, an empty graph, more than ``graph_bound`` moves, a
    NUL byte or input longer than the memory limit allows; ``ResourceError`` for a
    regular file too large for the memory limit; ``OSError`` (``FileNotFoundError``,
    ``IsADirectoryError``, …) for a file that cannot be opened."""

class Report(list):
    """The checks of ``reproduce``: a list of dicts with the keys of ``report.json``'s
    ``checks``: ``id``, ``paper``, ``source``, ``claim``, ``computed``, ``range``,
    ``verdict`` (``{"status": "holds" | "consistent" | "disagrees" |
    "counterexample" | "error", …}``, a disagreement with both values) and ``seconds``.
    Jupyter shows a table (``_repr_html_``)."""

    def summary(self) -> dict: ...
    def _repr_html_(self) -> str: ...

def reproduce(full: bool = False, only: Optional[str] = None, *, progress: bool = False) -> Report:
    """Checks the computable claims of the seed papers (``grundy reproduce``; the
    claims live in the grundy-papers crate), in quick mode or with ``full=True`` the
    larger ranges; ``only`` keeps the check ids starting with this prefix (``"001"``,
    ``"002-ex1"``). The figures are not drawn (see ``plot``). Raises ``ValueError`` if no
    id matches."""

class Png(bytes):
    """PNG bytes that Jupyter shows inline (``_repr_png_``)."""

    def _repr_png_(self) -> bytes: ...

def plot(ruleset: Union[str, HeapRuleset], to: int, start: Optional[int] = None, *, mark: Optional[int] = None, log_x: bool = False, log_y: bool = False, method: str = "auto", width: Optional[int] = None, height: Optional[int] = None, progress: bool = False) -> Png:
    """The figure of ``grundy plot`` as PNG bytes: a scatter plot of G(n) for n =
    ``start``..``to`` (heap rulesets), or a heatmap of G(a, b) for 0 ≤ a, b ≤ ``to`` < 1000
    (rulesets on pairs such as ``min``); ``mark`` draws that value in red. Raises
    ``ValueError`` for a loopy ruleset, options that do not apply to the kind of figure,
    or a size outside 200×150 … 10000×10000."""
