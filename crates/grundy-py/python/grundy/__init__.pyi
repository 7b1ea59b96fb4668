"""grundy: Sprague–Grundy values of impartial combinatorial games.

Every function is a thin layer over the Rust library of the grundy workspace: the
rulesets, engines, closed forms and error messages are those of the ``grundy`` command
line (docs/cli.md). Computations run with the GIL released; Ctrl-C raises
``KeyboardInterrupt`` (checked every 50 ms, also while an ``options`` function of a
``HeapRuleset`` runs, even one that never returns) and returns nothing of an
unfinished computation. These stubs are the package's documentation: ``import grundy``
copies their docstrings into the functions and classes (``help(grundy.seq)``).

Limits: every computing function takes the keyword arguments ``memory_limit`` (a size,
``"8G"``, ``"512M"`` or an int of bytes) and ``max_work`` (a count, ``10**12`` or
``"1e12"``, or ``"none"`` for no limit, for a search whose work model's estimate is
beyond every count) for that call; ``set_limits`` sets them for the session and ``limits()``
shows them. Each limit comes from the first of: the argument, ``set_limits``, the
environment (``GRUNDY_MEMORY_LIMIT``, ``GRUNDY_MAX_WORK``, read as the command line
reads them: a bad value is a ``ValueError`` naming the variable), the default (80% of
the available memory; 10^11).

Errors, for every function:

- ``ValueError``: a bad expression, ruleset name, take-and-break code, parameter, method
  or domain, with the CLI's one-line message in Python's terms (``syntax error at column
  5 of 'nim(3'``, ``unknown ruleset 'nimm'; did you mean 'nim'?``; advice names the
  keyword arguments, ``method="search"``, not the CLI's ``--method search``); an option
  of a ``HeapRuleset`` that is not a non-negative int or a tuple of them; a
  ``memory_limit`` or ``max_work`` that is not a size or a count; an int argument
  (a heap, ``to``, ``start``, a bound, a count, a picture's side) that is negative,
  naming it (``to must be a non-negative int, not -1``).
- ``OverflowError``: such an int argument of 2**64 or more (a picture's side: 2**32),
  naming it.
- ``ResourceError`` (a ``MemoryError``): work refused by the memory estimate or by the
  work estimate (see Limits), or memory the system refused although the estimate
  allowed it; the message gives the estimate, the limit, what set the
  limit and how to raise it (``memory_limit="16G"`` or ``grundy.set_limits(...)``).
- ``TypeError``: an argument of the wrong type: a ``progress`` that is not ``True`` or
  ``False``, the followers of a vertex of ``graph`` given as a str rather than a list
  of names, an int argument given as a float or a str (Python's and numpy's ints are
  taken).
- ``KeyboardInterrupt``: Ctrl-C.
- Any exception raised by the ``options`` function of a ``HeapRuleset``, with a note
  naming the heap (``raised by options(5) of ruleset 'mine'``).

Values are exact ``int``s at any size. Python converts an int of more than 4300 decimal
digits to text only after ``sys.set_int_max_str_digits``; powerset values reach
hundreds of thousands of bits, so ``Moves`` and ``LoopyValue`` print such a value as
``2**k`` (or ``2**k - 1``, or ``<an int of N bits>``).

Rulesets are named as in expressions: ``"saliquant"``, ``"subtraction[1,2]"``, a
take-and-break code such as ``"0.137"`` or ``"4!.0"``, the name of a ``HeapRuleset``
defined in this session, or the ``HeapRuleset`` object itself.
"""

import os
from typing import Any, Callable, Iterable, Iterator, List, Optional, Tuple, Union

import numpy as np

__version__: str
"""The package's version (the workspace's, as ``grundy --version``)."""

Limit = Union[int, str, None]

def set_limits(memory_limit: Limit = ..., max_work: Limit = ...) -> None:
    """Sets the limits of the session's later calls (those without their own
    ``memory_limit=``/``max_work=``): ``grundy.set_limits(memory_limit="16G",
    max_work=10**12)``. An argument left out keeps its limit; ``None`` restores the
    environment's or the default. Raises ``ValueError`` (and changes nothing) for a
    string or an int that is not a size or a count, and ``TypeError`` for a bool or a
    value that is neither an int nor a string (as every limit argument does)."""

def limits() -> dict:
    """The limits a call without ``memory_limit=``/``max_work=`` gets now:
    ``{"memory_limit": bytes, "memory_limit_source": str, "max_work": int,
    "max_work_source": str}``, each source naming what set it (``grundy.set_limits(...)``,
    ``GRUNDY_MEMORY_LIMIT=…``, or the default)."""

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

class Game:
    """A game whose positions are any hashable Python values.

    ``options(pos)`` returns an iterable of the options of ``pos``: each a position, or a
    ``tuple`` of positions (a disjunctive sum: a move that splits the game; ``()`` is the
    empty sum, of value 0). A position that is itself a tuple is therefore returned
    inside a tuple, ``((a, b),)``. Optional capabilities: ``components(pos)`` returns the
    independent parts of a position (its value is the nim-sum of theirs) and
    ``canonical(pos)`` a position of the same value used as the memo key (a normal form
    under the game's symmetries). Values come from a memoized search that calls
    ``options`` once on each position reached (an option that is a sum is split into its
    parts, each split by ``components`` and looked up under ``canonical``).

    An exception raised inside a function is raised by ``value`` and ``moves``, keeping
    its type, with a note naming the call (``raised by options((3, 4)) of game 'g'``);
    an unhashable position is a ``TypeError``, a return value that is not iterable a
    ``ValueError``, a game that can return to a position a ``ValueError`` (it must be
    finite). Ctrl-C raises ``KeyboardInterrupt`` as for ``HeapRuleset``.
    """

    def __init__(
        self,
        name: str,
        options: Callable[[Any], Iterable[Any]],
        components: Optional[Callable[[Any], Iterable[Any]]] = None,
        canonical: Optional[Callable[[Any], Any]] = None,
    ) -> None: ...
    @property
    def name(self) -> str: ...
    def value(
        self,
        pos: Any,
        *,
        play: str = "normal",
        progress: bool = False,
        memory_limit: Limit = None,
        max_work: Limit = None,
    ) -> Union[int, MisereValue]:
        """The nim-value of ``pos``; with ``play="misere"`` its misère outcome, G⁻ and
        genus (a ``MisereValue``). In misère play ``canonical`` must give the same game
        (an image under the game's symmetries), not only a position of the same value.
        ``memory_limit`` and ``max_work`` as for ``value``; the work is counted as the
        search lists options (a game's options are not known in advance), and a
        function returning more items than the memory limit allows is stopped.

        Raises ``ResourceError`` past a limit."""
    def moves(
        self,
        pos: Any,
        all: bool = False,
        *,
        play: str = "normal",
        progress: bool = False,
        memory_limit: Limit = None,
        max_work: Limit = None,
    ) -> Union[GameMoves, MisereMoves]:
        """The winning moves of ``pos`` (every option with ``all=True``); with
        ``play="misere"`` a ``MisereMoves``. Limits as for ``Game.value``."""

class GameMoves:
    """The moves from a position of a ``Game``: ``winning`` lists the options of value
    0 (sums as tuples, as ``options`` wrote them); with ``all=True`` ``options`` lists
    every option once with its value."""

    position: Any
    value: int
    winning: List[Any]
    options: Optional[List[Tuple[Any, int]]]

class LoopyValue:
    """A generalized Sprague–Grundy value (Smith 1966; Fraenkel–Yesha 1986).

    ``finite``: the nim-value if finite, else None. ``infinite``: True for ``∞(K)``, with
    ``options_values`` the finite values K of the options. Neither: undetermined within
    the exploration bound (``str`` is ``?``), and ``note`` names the bound; or, for a
    finite game whose closed form gives only the outcome (``wythoff``, ``moore[k]``) and
    whose value no search reached, ``known_outcome`` is that outcome (``"N"``) and
    ``note`` says why. ``str(v)`` is ``"3"``, ``"∞(0,1,2)"`` or ``"?"``.
    """

    finite: Optional[int]
    infinite: bool
    options_values: Tuple[int, ...]
    note: Optional[str]
    known_outcome: Optional[str]
    @property
    def undetermined(self) -> bool:
        """True if the value is not determined (within the exploration bound, or a
        closed form gives only the outcome)."""
    @property
    def outcome(self) -> str:
        """``P`` (value 0), ``N`` (finite non-zero, or ∞(K) with 0 in K), ``D`` (other
        ∞(K): a draw) or ``?``."""

Value = Union[int, LoopyValue]

class MisereValue:
    """A position in misère play (the last player to move loses; ``grundy value
    --play misere``): ``outcome`` ``"P"`` or ``"N"``; for a position of one component
    (one heap, tuple, board or graph) ``misere_value`` (G⁻, an ``int``), ``genus``
    (``"4^{146}"``, ONAG ch. 12) and ``tameness`` (``"tame"``, ``"wild"`` or
    ``"unknown"``, as the genus rules decide), else ``None``; ``note`` says why they are
    missing for a single component whose followers are too many to search; ``source``
    names the misère quotient that answered the outcome, if one did."""

    position: Any
    outcome: str
    misere_value: Optional[int]
    genus: Optional[str]
    tameness: Optional[str]
    note: Optional[str]
    source: Optional[str] = None

class MisereMoves:
    """The moves from a position in misère play: ``winning`` the positions after the
    moves to misère P-positions; with ``all=True`` ``options``, every option once with
    its misère outcome (``"P"`` or ``"N"``), else None."""

    position: Any
    outcome: str
    winning: List[Any]
    options: Optional[List[Tuple[Any, str]]]

class Quotient:
    """The misère quotient of a heap ruleset (``grundy quotient``; Plambeck & Siegel,
    JCTA 115 (2008)): ``order`` |Q|, ``p_size`` |P|, ``tame`` (``"T_k"`` or
    ``"wild"``), ``presentation`` (``"⟨a, b, c | a² = 1, bc = ab, c² = b², b³ = b⟩"``),
    ``phi`` the element of each heap 0…``to`` and ``p_portion`` the elements of the
    P-positions (words in the generators a, b, c, …, the images of the heaps where Q
    grew), ``changes`` ``(heap, order, p_size)`` for every heap where Q grew,
    ``status`` ``"partial"`` (exact for sums of heaps ≤ ``to``) or ``"solved"`` (every
    heap; ``period`` and ``preperiod`` of Φ, else None), ``table`` the multiplication
    table (element 0 the identity), ``stopped`` why it stopped before ``to`` (a limit;
    what it holds is exact) and ``certificate`` the JSON ``save`` writes."""

    ruleset: str
    to: int
    status: str
    order: int
    p_size: int
    tame: str
    presentation: str
    phi: List[str]
    p_portion: List[str]
    changes: List[Tuple[int, int, int]]
    period: Optional[int]
    preperiod: Optional[int]
    table: List[List[int]]
    stopped: Optional[str]
    certificate: str
    def save(self, path: Union[str, "os.PathLike[str]"]) -> None:
        """Writes the certificate (JSON, atomically) for ``check_quotient`` and
        ``grundy quotient --check``."""

def quotient(ruleset: Union[str, HeapRuleset], to: int, *, progress: bool = False, memory_limit: Limit = None, max_work: Limit = None) -> Quotient:
    """The misère quotient of a heap ruleset whose options are sums of smaller heaps
    (take-and-break codes, ``subtraction[S]``, a ``HeapRuleset``), heap by heap up to
    ``to`` or until solved by the periodicity theorem for misère quotients. A limit met
    on the way returns the quotient reached with ``stopped`` set; Ctrl-C raises
    ``KeyboardInterrupt``; ``ValueError`` for a ruleset it does not take."""

def check_quotient(
    path: Union[str, "os.PathLike[str]"],
    *,
    progress: bool = False,
    memory_limit: Limit = None,
    max_work: Limit = None,
) -> str:
    """Re-verifies a saved certificate with the independent checker (it does not call
    the quotient engine): what was checked, or ``ValueError("certificate rejected:
    …")`` naming the first thing that does not hold."""

def value(expr: str, method: str = "auto", *, play: str = "normal", bound: Optional[int] = None, graph_bound: Optional[int] = None, progress: bool = False, memory_limit: Limit = None, max_work: Limit = None, period: Optional[Union[str, os.PathLike]] = None, db: Optional[Union[str, os.PathLike]] = None, db_read_only: bool = False, save_proof: Optional[Union[str, os.PathLike]] = None, stats: bool = False, quotient: Optional[Union[str, os.PathLike]] = None) -> Union[Value, MisereValue, SearchStats]:
    """The value of a position (a disjunctive sum such as ``"min(6239,6240) + nim(3)"``):
    an exact ``int`` for finite values, else a ``LoopyValue`` (``∞(K)`` or ``?``).

    ``method``: ``"auto"`` (proven closed forms where they apply, search otherwise),
    ``"formula"`` (closed forms only; ``ValueError`` where none is proven; where a
    theorem gives only the outcome, as Wythoff's for N-positions, a ``LoopyValue('?')``
    whose ``outcome`` is known) or
    ``"search"`` (from the rules); for boards and graphs also the confirming engines
    ``"plain"`` (a plain memoized search computing every option's value, one thread)
    and ``"sums"`` (the outcome search on sums of Lemoine & Viennot), each an engine
    independent of the default's pruning, as ``grundy value --method plain``. ``bound`` (largest heap, default 10^18) and
    ``graph_bound`` (most moves per exploration, default 10^7) limit loopy games.
    ``progress``: a tqdm bar if tqdm is installed. Same as ``grundy value``.

    With ``"auto"``, a ruleset whose periodicity theorem can prove a period (finite
    take-and-break codes of plain digits, ``subtraction[S]``) is computed only until
    the period is proven, and every heap below 2^64 beyond it comes from the period:
    ``value("kayles(10**18)")`` is immediate (``moves(...).source`` says so). A proven
    period is kept for the rest of the call. ``period``: the path of a certificate
    saved by ``grundy period --save``, checked on loading (``ValueError`` if it is
    rejected), whose period answers the heaps of its ruleset, so that it need not be
    derived again (method ``"auto"`` only).

    ``play="misere"`` (the last player to move loses) returns a ``MisereValue``; a sum
    of heaps of one ruleset is answered from its misère quotient when one covers it
    (as ``grundy value --play misere``); loopy rulesets raise ``ValueError``.
    ``quotient``: the path of a certificate saved by ``Quotient.save`` or ``grundy
    quotient --save``, re-checked by the independent checker on loading (``ValueError``
    ``"certificate rejected: …"``), whose quotient then answers the sums of heaps of its
    ruleset that it covers (``--quotient FILE``; misère play only, and the position must
    have a heap of that ruleset, else ``ValueError``).

    ``db``: a file that keeps the table of the search of a board or graph game
    (``cram``, ``node-kayles-grid``, ``node-kayles-path``, ``node-kayles-petersen``,
    ``node-kayles-queens``), as ``grundy value --db FILE``. It is read when the
    search starts (``ValueError`` for a file of another game or a damaged one) and
    written atomically when the search ends or is interrupted (Ctrl-C keeps what was
    done), so a later call resumes from it (Python's default for SIGTERM, the signal of
    ``timeout`` and batch systems at a job's time limit, ends the interpreter without
    it: ``signal.signal(signal.SIGTERM, signal.default_int_handler)`` makes SIGTERM a
    ``KeyboardInterrupt``, which saves the file); one file serves every board of its game;
    a search that searched nothing leaves an existing file as it was.
    ``db_read_only=True`` reads the file and never writes it (``--db-read-only``: an
    end-game database shared by several runs, or a file on a read-only file system;
    ``ValueError`` if the file does not exist or ``db`` is not given).
    What was read is logged to the ``grundy`` logger at level INFO before the search
    (``"resumed from the database q.db (546747 entries of node-kayles-queens)"``). The
    check of a file recomputes a random sample of its small entries from the rules and
    bounds every value by its component's longest play: it finds damage, not a deliberate
    forgery of a large entry. Normal play and the default engines only: misère play,
    ``"formula"``, ``"plain"``, ``"sums"``, a game whose engine keeps no table and a sum
    with parts of two different games raise ``ValueError``; a path that cannot be
    written raises ``OSError`` before the search.

    ``save_proof``: for one board or graph position (``"cram(4,5)"``), the value by the
    search that writes proofs, and its proof saved gzip-compressed to the path, as
    ``grundy value EXPR --save-proof FILE``; ``check_proof`` re-verifies it without
    the search. A sum, a heap game, ``db``, misère play and the ``"formula"``,
    ``"plain"`` and ``"sums"`` methods raise ``ValueError``; ``ResourceError`` when the
    proof would not fit the memory limit.

    ``stats=True`` returns a ``SearchStats`` (the value with the position engine's
    counters and the time taken, as ``grundy value --stats``) instead of the value; not
    with ``play="misere"`` or ``save_proof`` (``ValueError``)."""

class SearchStats:
    """A value with the counters of its search (``value(..., stats=True)``), the
    figures of a records table: ``position``, ``value``, ``outcome``; ``searched`` the
    positions (components) whose options the board and graph engines listed,
    ``entries`` and ``table_bytes`` their transposition tables' entries and bytes,
    ``replaced`` the entries replaced because a table was full (summed over the games of
    the position; all 0 when no board or graph was searched: heap games, closed forms);
    ``seconds`` the wall time of the call."""

    position: str
    value: Value
    outcome: str
    searched: int
    entries: int
    table_bytes: int
    replaced: int
    seconds: float

def outcome(expr: str, method: str = "auto", *, play: str = "normal", bound: Optional[int] = None, graph_bound: Optional[int] = None, progress: bool = False, memory_limit: Limit = None, max_work: Limit = None, period: Optional[Union[str, os.PathLike]] = None, db: Optional[Union[str, os.PathLike]] = None, db_read_only: bool = False) -> str:
    """``"P"`` (the previous player wins), ``"N"`` (the next player wins), ``"D"`` (a
    draw, loopy games) or ``"?"`` (undetermined within the bound); with
    ``play="misere"`` the misère outcome, ``"P"`` or ``"N"``. ``method``, ``db`` and
    ``db_read_only`` as in ``value``."""

class ProofCheck:
    """What a proof file shows (``check_proof``): ``game`` (``"cram"``,
    ``"node-kayles-grid"``, ``"node-kayles"``), ``position`` (the board; a graph by its
    family, ``"node-kayles-petersen(10,2)"``, or by its vertices), ``value`` the nim-value proved, ``values`` its component entries and
    ``sums`` its P- and N-entries."""

    game: str
    position: str
    value: int
    values: int
    sums: int

def check_proof(
    path: Union[str, "os.PathLike[str]"], *, progress: bool = False, memory_limit: Limit = None, max_work: Limit = None
) -> ProofCheck:
    """Re-verifies a proof saved by ``value(..., save_proof=path)`` or ``grundy value
    EXPR --save-proof FILE`` (gzip, or the same text uncompressed) with the library's
    small checker, which lists each entry's moves from the rules one level deep and
    never searches (as ``grundy proof --check``): a ``ProofCheck``, or
    ``ValueError("proof rejected: …")`` naming the first line that does not hold (a
    tampered, missing or wrong entry, or a claim the entries do not support).
    ``OSError`` for a file that cannot be read as text (``FileNotFoundError`` for a
    missing one; not a regular file, a gzip stream cut short, a NUL byte);
    ``ResourceError`` when its text is larger than a fifth of the memory limit, when
    its entries would pass the memory limit as they are read, or when the check's
    work (each entry's moves times its components, summed, found before any entry is
    checked) is above ``max_work`` (the default 10^11). A proof of
    a graph holds for the graph written in the file; when that graph is, edge for edge,
    ``node-kayles-petersen(n,k)`` or ``node-kayles-queens(n)`` (built by the checker
    from the family's definition), ``position`` names it so."""

class Moves:
    """The moves from a position (``grundy moves``). Each move is ``(position, value)``:
    the position after the move, as an expression, and its value.

    ``winning``: moves to P-positions (value 0), ``winning_count`` of them in all.
    ``drawing``: from a D-position, the moves that keep the draw. ``options``: with
    ``all=True``, the options (``options_count`` in all), else None. For every ruleset
    at most 1000 winning moves, 1000 drawing moves and 1000 options of each heap (or
    tuple) are listed, the first in enumeration order; the counts are exact (drawing
    moves beyond 1000 are counted in a note). ``notes``: why some values or options are
    undetermined, and unlisted drawing moves. ``stay``: the loopy heap whose move to
    itself is listed (``"partial-aliquot-sum(6)"``), since that move leaves the position
    as it is and the position listed does not show which component moved; else None.
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
    stay: Optional[str]
    source: Optional[str]
    """Where values beyond the computed tables came from, when a proven period gave
    them (``"kayles: by the proven period (12, 71, 0), Guy–Smith, agreement checked to
    heap 1023"``), else None."""
    def _repr_html_(self) -> str: ...

def moves(expr: str, all: bool = False, method: str = "auto", *, play: str = "normal", bound: Optional[int] = None, graph_bound: Optional[int] = None, progress: bool = False, memory_limit: Limit = None, max_work: Limit = None, period: Optional[Union[str, os.PathLike]] = None, quotient: Optional[Union[str, os.PathLike]] = None) -> Union[Moves, MisereMoves]:
    """The winning moves of a position, the drawing moves of a draw, and with
    ``all=True`` every option. Raises ``ResourceError`` when listing the options (every
    option of each heap is enumerated) is above the work limit, or the listed moves,
    their values and the table behind them above the memory limit; both are estimated
    before any value is computed. ``play="misere"`` returns a ``MisereMoves`` (``quotient``
    as in ``value``). Heaps beyond a proven period's table
    (codes leaving at most two heaps) list their moves through the period (``value``;
    ``period`` as there)."""

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

def seq(ruleset: Union[str, HeapRuleset], to: int, start: Optional[int] = None, method: str = "auto", *, play: str = "normal", bound: Optional[int] = None, graph_bound: Optional[int] = None, progress: bool = False, memory_limit: Limit = None, max_work: Limit = None, period: Optional[Union[str, os.PathLike]] = None) -> Union[np.ndarray, LoopySequence]:
    """The values G(start), …, G(to) of a heap ruleset (``grundy seq NAME --to N``):
    both ends included, ``start`` defaulting to the ruleset's first heap, so
    ``a[i] == G(start + i)`` and ``a.shape == (to - start + 1,)``.

    Returns a one-dimensional ``numpy.ndarray``:

    - ``uint32`` for every finite ruleset whose values fit in 32 bits (all non-powerset
      rulesets with ``method="search"``); the engine's table is handed to numpy without
      a copy (with ``start`` > 0 the array is a view of the table from heap 0);
    - ``uint64`` when some value needs 33–64 bits (powerset rulesets, whose values are
      powers of two; closed forms with ``method="formula"``): one copy;
    - ``object`` (Python ints) beyond 64 bits: a powerset value at heap n has up to
      about n/2 bits, so to heap n they take about n²/30 bytes, checked against the
      memory limit before any is built (``ResourceError``).

    For a loopy ruleset it returns a ``LoopySequence``. ``method``: ``"auto"``
    (default: dense search from the rules, and for a ruleset whose periodicity theorem
    can prove a period, the table only until it is proven and the heaps beyond from the
    period, so ``seq("kayles", 10**15 + 100, start=10**15)`` is immediate; ``period``
    as for ``value``), ``"search"`` (the table always) or ``"formula"`` (the proven
    closed form heap by heap; ``ValueError`` at the first heap without one); the
    board and graph engines ``"plain"`` and ``"sums"`` raise ``ValueError``.
    Raises ``ValueError`` for a ruleset on tuples or a range whose start (given, or the
    ruleset's first heap) is above ``to`` (``start 50 (the first heap of r) is larger
    than the last heap 10``), and ``ResourceError`` when the table (or the Python ints)
    exceeds the memory limit.

    ``play="misere"``: the misère values G⁻(start), …, G⁻(to) as ``uint64``, each heap
    by the misère search (``grundy seq NAME --play misere``)."""

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
    def status(self) -> str:
        """``proven``, ``apparent`` or ``none``."""
    def _repr_html_(self) -> str: ...

def period(ruleset: Union[str, HeapRuleset], to: int, start: Optional[int] = None, *, progress: bool = False, memory_limit: Limit = None, max_work: Limit = None) -> Periodicity:
    """The period of a heap ruleset's values on heaps ``start..=to``. A ``HeapRuleset``
    has no periodicity theorem, so its periods are apparent. Raises ``ValueError`` for a
    loopy or tuple ruleset, or values above 64 bits."""

def census(
    family: Union[str, "os.PathLike[str]"],
    to: Optional[int] = None,
    out: Optional[Union[str, "os.PathLike[str]"]] = None,
    client: Any = None,
    *,
    max_work: Optional[int] = None,
    jobs: Optional[int] = None,
    retries: int = 2,
    play: str = "normal",
) -> List[dict]:
    """The census of a family (``"octal:2"``, ``"hex:1"``, ``"subtraction:10"`` or a file
    of codes, one per line): one dict per code with the keys of ``grundy census --format
    json`` (docs/cli.md: ``code``, ``status`` trivial/periodic/open, ``preperiod``,
    ``period``, ``saltus``, ``theorem``, ``to``, ``largest_value``, ``largest_at``,
    ``rare_mask``, ``rare_count``, ``last_rare``, ``class``, ``shift``, ``certificate``,
    ``seconds``, ``work``, ``offset``, ``fingerprints``), in the family's order. Each code
    is computed to heap ``to`` (default 65536) within ``max_work``. With
    ``play="misere"`` each code's misère quotient instead (``grundy census --play
    misere``: ``code``, ``status`` solved/partial, ``to``, ``order``, ``p_size``,
    ``tame``, ``changes``, ``preperiod``, ``period``, ``theorem``, ``stopped``,
    ``certificate``, ``seconds``, ``work``; ``to`` default 64). With ``out`` the census
    directory of ``grundy census --out`` is written and resumed; a resumed row whose
    certificate is missing, does not parse, states or gives something else (the rare
    heaps, ``tame``, ``changes`` too) or is rejected by the independent checker is not
    trusted: a ``RuntimeWarning`` names its code and the reason, and the code runs
    again. Without ``client`` the codes run on this machine
    (``jobs`` at a time, an int from 1 to 1024, default every core); with a
    ``dask.distributed.Client`` each code is a Dask task (``retries``), results recorded
    as they complete (``pip install "grundy[dask]"``). ``ValueError`` for an unknown
    family, a ``jobs`` below 1 or above 1024, a malformed code or a directory of another
    census; ``TypeError`` for a ``jobs`` that is not an int; ``ResourceError`` for a
    table above the memory limit; ``RuntimeError`` when the cluster goes away (the
    finished codes stay in ``out``)."""

def rulesets() -> List[dict]:
    """The catalogue (``grundy list``): one dict per family with ``name``, ``aliases``,
    ``params`` (what goes in brackets, or None), ``positions``, ``options``, ``source``
    (paper and section), ``formula`` (the proven closed form with its citation, or
    None) and ``example``."""

def graph(g: Union[dict, str, "os.PathLike[str]"], *, graph_bound: int = 100_000_000, progress: bool = False, memory_limit: Limit = None, max_work: Limit = None) -> dict:
    """The value and outcome of every vertex of a game given as a graph, acyclic or
    loopy (``grundy graph``): ``g`` is ``{vertex: [followers]}`` or the path of a graph
    file (text ``name: follower …`` lines, or JSON). Returns ``{vertex: (value,
    outcome)}`` in the order of the graph, keyed by the dict's own keys (vertices are
    named by ``str()``, so two keys of one name are refused); values are ints or
    ``LoopyValue``s (``∞(K)``). A file is read as ``grundy graph FILE`` reads it: a regular file is checked against
    the memory limit first, any input (a pipe, a device) is cut at a fifth of the limit,
    and a NUL byte stops it at once (``graph("/dev/zero")`` raises at the first byte).

    Raises ``TypeError`` for followers that are not a list of names (a str is refused,
    not read letter by letter: write ``{"a": ["bc"]}``); ``ValueError`` for a dict
    with no vertex, two keys of one name or a follower that is not a key, and, naming
    the line (and the file), for a file's follower that is not a vertex, a vertex
    defined twice, an empty graph, more than ``graph_bound`` moves or a NUL byte;
    ``ResourceError`` for a regular file too large for the memory limit, input (a
    pipe, a device, a dict's text) longer than a fifth of it or whose vertices pass it,
    and when the labelling's next stage would pass ``max_work``
    (each stage visits every vertex and edge; there are at most the largest out-degree
    plus two); ``OSError`` (``FileNotFoundError``, ``IsADirectoryError``, …) for a file
    that cannot be opened."""

class Report(list):
    """The checks of ``reproduce``: a list of dicts with the keys of ``report.json``'s
    ``checks``: ``id``, ``paper``, ``source``, ``claim``, ``computed``, ``range``,
    ``verdict`` (``{"status": "holds" | "consistent" | "disagrees" |
    "counterexample" | "error", …}``, a disagreement with both values) and ``seconds``.
    Jupyter shows a table (``_repr_html_``)."""

    def summary(self) -> dict:
        """Verdict counts: ``{"holds": 120, "consistent": 3, …}``."""
    def _repr_html_(self) -> str: ...

def reproduce(full: bool = False, only: Optional[str] = None, *, progress: bool = False, memory_limit: Limit = None, max_work: Limit = None) -> Report:
    """Checks the computable claims of the seed papers (``grundy reproduce``; the
    claims live in the grundy-papers crate), in quick mode or with ``full=True`` the
    larger ranges; ``only`` keeps the check ids starting with this prefix (``"001"``,
    ``"002-ex1"``). The figures are not drawn (see ``plot``). Raises ``ValueError`` if no
    id matches."""

class Png(bytes):
    """PNG bytes that Jupyter shows inline (``_repr_png_``); a plain REPL prints
    ``<grundy.Png 800×600, 31337 bytes>``."""

    def _repr_png_(self) -> bytes: ...
    @property
    def size(self) -> Tuple[int, int]:
        """``(width, height)`` in pixels."""
    def save(self, path: Union[str, "os.PathLike[str]"]) -> None:
        """Writes the PNG to ``path`` atomically: a temporary file in the same
        directory, synced, then renamed over ``path`` (a new file's permissions under the
        umask). Raises ``OSError`` if it cannot be written; ``path`` is then unchanged."""

def plot(ruleset: Union[str, HeapRuleset], to: int, start: Optional[int] = None, *, mark: Optional[int] = None, log_x: bool = False, log_y: bool = False, method: str = "auto", width: Optional[int] = None, height: Optional[int] = None, progress: bool = False, memory_limit: Limit = None, max_work: Limit = None) -> Png:
    """The figure of ``grundy plot`` as PNG bytes: a scatter plot of G(n) for n =
    ``start``..``to`` (heap rulesets), or a heatmap of G(a, b) for 0 ≤ a, b ≤ ``to`` < 1000
    (rulesets on pairs such as ``min``); ``mark`` draws that value in red; ``method`` is
    ``"auto"``, ``"formula"`` or ``"search"``. Raises
    ``ValueError`` for a loopy ruleset, options that do not apply to the kind of figure,
    or a size outside 200×150 … 10000×10000."""

def table(ruleset: str, rows: int, cols: int, row_start: int = 0, col_start: int = 0, *, method: str = "auto", progress: bool = False, memory_limit: Limit = None, max_work: Limit = None) -> np.ndarray:
    """The grid G(a, b) of a ruleset on pairs (``min``, ``delete-nim``, ``vdn``, ``cdn``,
    ``wythoff``, ``euclid``, …; ``grundy table``) for a = ``row_start`` …
    ``row_start + rows − 1`` and b = ``col_start`` … ``col_start + cols − 1``:
    ``t[i, j] == G(row_start + i, col_start + j)``, shape ``(rows, cols)``.

    The dtype is ``uint32`` when every value fits in 32 bits, else ``uint64``, else
    ``object`` (Python ints). Where some (a, b) is not a position (``vdn`` with a heap of
    0) the result is a ``numpy.ma.MaskedArray`` masking those cells. ``method`` is
    ``"auto"``, ``"formula"`` or ``"search"`` as in ``value`` (its ``"plain"`` and
    ``"sums"`` choose engines of boards and graphs, which pairs do not use). Raises ``ValueError`` for a heap ruleset (use ``seq``), ``rows`` or
    ``cols`` of 0, or a range past 2^64 − 1; ``ResourceError`` for a grid or a search
    beyond the limits."""

def verify(ruleset: Union[str, HeapRuleset], to: int, *, arity: Optional[int] = None, progress: bool = False, memory_limit: Limit = None, max_work: Limit = None) -> List[dict]:
    """A ruleset's proven closed form against search from the rules on every position
    up to ``to`` (``grundy verify``): one dict per tuple length (``arity`` chooses one
    for ``cdn``) with the keys of ``grundy verify --format json`` — ``ruleset``,
    ``statement`` (the closed form and its citation), ``range``, ``checked``,
    ``not_covered``, ``mismatch`` (None, or ``{position, formula, search}`` with int
    values), ``violations`` and ``first_violations``. For a ruleset without a closed form
    whose literature states checkable claims (``min``: its two engines, Theorem 1 and
    Lemma 3 of paper 001), one dict per claim: ``claim``, ``source``, ``range``,
    ``checked``, ``holds`` and ``failure`` (None, or what was found). Raises
    ``ValueError`` for a ruleset with neither."""
