# grundy: Sprague–Grundy values of impartial combinatorial games. A thin layer over the
# Rust library of the grundy workspace. The documentation of every public name is in the
# type stubs, ``__init__.pyi``, and is copied from there into the docstrings at import
# (``_share_docstrings``), so that ``help(grundy.seq)`` shows the stubs' full text.

from __future__ import annotations

import dataclasses
import html
import json
import os
import secrets
import struct
import time
import warnings
from typing import Any, Iterator, List, Optional, Tuple, Union

import numpy as np

from . import _grundy
from ._grundy import HeapRuleset, ResourceError, __version__
from ._grundy import Game as _Game
from ._args import caller_level as _caller_level
from ._args import counts as _counts
from ._census import census

__all__ = [
    "HeapRuleset",
    "LoopyValue",
    "LoopySequence",
    "MisereMoves",
    "MisereValue",
    "Moves",
    "ProofCheck",
    "Periodicity",
    "Png",
    "Quotient",
    "Report",
    "ResourceError",
    "SearchStats",
    "census",
    "check_proof",
    "check_quotient",
    "graph",
    "moves",
    "outcome",
    "period",
    "plot",
    "limits",
    "quotient",
    "reproduce",
    "rulesets",
    "seq",
    "set_limits",
    "table",
    "value",
    "verify",
]

Limit = Union[int, str, None]


def _limits(memory_limit: Limit, max_work: Limit) -> Optional[Tuple[Limit, Limit]]:
    """The ``limits`` argument of the native functions: None when neither is given."""
    return None if memory_limit is None and max_work is None else (memory_limit, max_work)


def set_limits(memory_limit: Any = ..., max_work: Any = ...) -> None:
    _grundy.set_limits(memory_limit, max_work)


def limits() -> dict:
    return _grundy.limits()


def _int_text(x: int) -> str:
    """``str(x)``, or for an int too long for Python's decimal text (4300 digits by
    default: powerset values reach hundreds of thousands of bits) ``2**k``,
    ``2**k - 1`` or ``<an int of N bits>``."""
    try:
        return str(x)
    except ValueError:
        if x & (x - 1) == 0:
            return f"2**{x.bit_length() - 1}"
        if (x + 1) & x == 0:
            return f"2**{x.bit_length()} - 1"
        return f"<an int of {x.bit_length()} bits>"


def _text(v: Any) -> str:
    """A value or count as text: :func:`_int_text` for an int, ``str`` otherwise."""
    return _int_text(v) if isinstance(v, int) else str(v)


@dataclasses.dataclass(frozen=True)
class LoopyValue:
    finite: Optional[int]
    infinite: bool
    options_values: Tuple[int, ...] = ()
    note: Optional[str] = None
    known_outcome: Optional[str] = None

    @property
    def undetermined(self) -> bool:
        return self.finite is None and not self.infinite

    @property
    def outcome(self) -> str:
        if self.undetermined:
            return self.known_outcome or "?"
        if self.finite is not None:
            return "P" if self.finite == 0 else "N"
        return "N" if 0 in self.options_values else "D"

    def __str__(self) -> str:
        if self.finite is not None:
            return _int_text(self.finite)
        if self.infinite:
            return "∞(" + ",".join(map(_int_text, self.options_values)) + ")"
        return "?"

    def __repr__(self) -> str:
        return f"LoopyValue({str(self)!r})"


Value = Union[int, LoopyValue]


def _value(raw: Tuple[str, Any], loopy: bool = True) -> Value:
    """A value from the native module: an int when finite (and ``loopy`` is false),
    else a LoopyValue."""
    kind, data = raw
    if kind == "finite":
        return data if not loopy else LoopyValue(finite=data, infinite=False)
    if kind == "infinite":
        return LoopyValue(finite=None, infinite=True, options_values=tuple(data))
    if kind == "outcome":
        known, note = data
        return LoopyValue(finite=None, infinite=False, note=note, known_outcome=known)
    return LoopyValue(finite=None, infinite=False, note=data)


def _plain(raw: Tuple[str, Any]) -> Value:
    """An int for a finite value, a LoopyValue otherwise."""
    return _value(raw, loopy=False)


_warned_no_tqdm = False


class _Progress:
    """A progress callback for the native module: tqdm bars if tqdm is installed (if it
    is not, the first ``progress=True`` of the session warns)."""

    def __init__(self) -> None:
        global _warned_no_tqdm
        try:
            from tqdm.auto import tqdm  # type: ignore
        except ImportError:  # no tqdm: no progress bar
            tqdm = None
            if not _warned_no_tqdm:
                _warned_no_tqdm = True
                warnings.warn(
                    "progress=True shows a progress bar only when tqdm is installed "
                    "(pip install tqdm); computing without one",
                    RuntimeWarning,
                    stacklevel=_caller_level(),
                )
        self._tqdm = tqdm
        self._bar = None
        self._label: Optional[str] = None

    def __call__(self, label: Optional[str], total: int, done: int) -> None:
        """``(label, total, done)`` while a computation runs (``total`` 0 when it is not
        known, as in a misère search: a counter rather than a bar); ``(None, finished,
        0)`` at the end (``finished`` 1 when it completed)."""
        if self._tqdm is None:
            return
        if label is None or label != self._label:
            if self._bar is not None:
                if label is None and total == 1 and self._bar.total:
                    self._bar.n = self._bar.total
                    self._bar.refresh()
                self._bar.close()
                self._bar = None
            self._label = label
            if label is None:
                return
            self._bar = self._tqdm(total=total or None, desc=label, unit_scale=True)
        if self._bar is not None:
            self._bar.n = done
            self._bar.refresh()


def _flag(name: str, v: Any) -> bool:
    """A keyword that is True or False, strictly: ``"no"`` would be true, and turn on what
    it was meant to turn off."""
    if not isinstance(v, (bool, np.bool_)):
        raise TypeError(f"{name} must be True or False, not {v!r}")
    return bool(v)


def _expr(expr: Any) -> str:
    """An expression argument, strictly a str (the binding's own error names its Rust
    type, 'PyString')."""
    if not isinstance(expr, str):
        raise TypeError(f"expr must be a str, an expression such as 'nim(3,5)', not {type(expr).__name__} ({expr!r})")
    return expr


def _progress(progress: bool) -> Optional[_Progress]:
    return _Progress() if _flag("progress", progress) else None


def _ruleset_arg(ruleset: Union[str, HeapRuleset]) -> Union[str, HeapRuleset]:
    if isinstance(ruleset, (str, HeapRuleset)):
        return ruleset
    raise TypeError(f"a ruleset is a str or a grundy.HeapRuleset, not {type(ruleset).__name__}")


@dataclasses.dataclass(frozen=True)
class MisereValue:
    """A position in misère play (the last player to move loses): its ``outcome``
    (``"P"`` or ``"N"``) and, for a position of one component (one heap, tuple, board
    or graph), its misère Grundy value ``misere_value`` (G⁻), ``genus`` (``"2^{20}"``)
    and ``tameness`` (``"tame"``, ``"wild"`` or ``"unknown"``); ``None`` for a sum, or
    when they need more followers than grundy searches for them (``note`` says so);
    ``source`` names the misère quotient that answered the outcome, if one did
    (``"the misère quotient of kayles, solved"``)."""

    position: Any
    outcome: str
    misere_value: Optional[int]
    genus: Optional[str]
    tameness: Optional[str]
    note: Optional[str]
    source: Optional[str] = None


def _misere_value(d: dict) -> MisereValue:
    return MisereValue(**{f.name: d.get(f.name) for f in dataclasses.fields(MisereValue)})


def _check_play(play: str) -> bool:
    """True for misère play; ValueError for anything but "normal" and "misere"."""
    if play in ("misere", "misère"):
        return True
    if play == "normal":
        return False
    raise ValueError(
        f"unknown play convention {play!r}: normal (the last player to move wins) or misere (the last player to move loses)"
    )


@_counts("bound", "graph_bound")
def value(
    expr: str,
    method: str = "auto",
    *,
    play: str = "normal",
    bound: Optional[int] = None,
    graph_bound: Optional[int] = None,
    progress: bool = False,
    memory_limit: Limit = None,
    max_work: Limit = None,
    period: Optional[str] = None,
    db: Optional[str] = None,
    db_read_only: bool = False,
    save_proof: Optional[str] = None,
    stats: bool = False,
    quotient: Optional[str] = None,
) -> Union[Value, MisereValue, "SearchStats"]:
    expr = _expr(expr)
    stats = _flag("stats", stats)
    db_read_only = _db_read_only(db, db_read_only)
    if _check_play(play):
        _misere_refusals(db, save_proof, method, period)
        if stats:
            raise ValueError(
                "stats= counts the position engine of normal play; misère play searches without it (drop stats=)"
            )
        return _misere_value(
            _grundy.misere_value(
                expr, _progress(progress), limits=_limits(memory_limit, max_work), quotient=_path(quotient, "quotient")
            )
        )
    _normal_refusals(quotient)
    if save_proof is not None:
        if db is not None:
            raise ValueError(
                "save_proof= runs a search of its own, which lists the positions its proof needs; "
                "it does not read or write db= (drop one of them)"
            )
        if stats:
            raise ValueError("stats= counts the search of value(); save_proof= runs a search of its own (drop stats=)")
        if period is not None:
            raise ValueError(
                "save_proof= proves a board or graph value by a search of its own; it does not use period= (drop one of them)"
            )
        return _grundy.prove(
            expr, _path(save_proof, "save_proof"), method, _progress(progress), limits=_limits(memory_limit, max_work)
        )[1]
    started = time.perf_counter()
    pos, raw, out, _, counters = _value_raw(
        expr, method, bound, graph_bound, progress, memory_limit, max_work, period, db, db_read_only
    )
    if not stats:
        return _plain(raw)
    return SearchStats(pos, _plain(raw), out, *(counters or (0, 0, 0, 0)), time.perf_counter() - started)


@dataclasses.dataclass(frozen=True)
class SearchStats:
    position: str
    value: Value
    outcome: str
    searched: int
    entries: int
    table_bytes: int
    replaced: int
    seconds: float


def _value_raw(
    expr: str,
    method: str,
    bound: Optional[int],
    graph_bound: Optional[int],
    progress: bool,
    memory_limit: Limit,
    max_work: Limit,
    period: Any,
    db: Any,
    db_read_only: bool,
) -> Tuple[str, Any, str, Optional[str], Optional[Tuple[int, int, int, int]]]:
    """``(position, value, outcome, source, counters)`` from the native ``value`` (which
    logs what a database file held when it is read: logger ``grundy``, level INFO)."""
    return _grundy.value(
        expr,
        method,
        bound,
        graph_bound,
        _progress(progress),
        limits=_limits(memory_limit, max_work),
        period=_path(period, "period"),
        db=_path(db, "db"),
        db_read_only=db_read_only,
    )


def _db_read_only(db: Any, read_only: Any) -> bool:
    """``db_read_only`` checked: a ``bool``, and ``True`` only with ``db``."""
    read_only = _flag("db_read_only", read_only)
    if read_only and db is None:
        raise ValueError("db_read_only=True reads the database file given by db= (give db=, or drop db_read_only=)")
    return read_only


_METHODS = ("auto", "formula", "search", "plain", "sums")


def _normal_refusals(quotient: Any) -> None:
    """``ValueError`` for what normal play would ignore: a misère quotient
    (``quotient``), as the CLI refuses ``--quotient`` without ``--play misere``."""
    if quotient is not None:
        raise ValueError('quotient= answers misère questions: add play="misere"')


def _misere_refusals(db: Any, save_proof: Any, method: str = "auto", period: Any = None) -> None:
    """``ValueError`` for what misère play would ignore, as the CLI refuses it with
    ``--play misere``: ``db``, ``save_proof``, ``period``, a method that is not one of
    ``_METHODS`` or is a normal-play engine's (misère play has one engine, the misère
    search, which a quotient shortcuts)."""
    if method not in _METHODS:
        raise ValueError(f"method {method!r} is not one of " + ", ".join(repr(m) for m in _METHODS))
    if method not in ("auto", "search"):
        raise ValueError(
            f'play="misere" answers by the misère search (shortcut by a misère quotient): '
            f"method={method!r} applies to normal play only (drop it)"
        )
    if period is not None:
        raise ValueError(
            "period= answers normal-play values from a proven period; misère play does not use it (drop it)"
        )
    if db is not None:
        raise ValueError('db= keeps the table of the normal-play search; it does not serve play="misere"')
    if save_proof is not None:
        raise ValueError('save_proof= proves a normal-play value; misère play has no proof (drop play="misere")')


@_counts("bound", "graph_bound")
def outcome(
    expr: str,
    method: str = "auto",
    *,
    play: str = "normal",
    bound: Optional[int] = None,
    graph_bound: Optional[int] = None,
    progress: bool = False,
    memory_limit: Limit = None,
    max_work: Limit = None,
    period: Optional[str] = None,
    db: Optional[str] = None,
    db_read_only: bool = False,
) -> str:
    expr = _expr(expr)
    db_read_only = _db_read_only(db, db_read_only)
    if _check_play(play):
        _misere_refusals(db, None, method, period)
        return _grundy.misere_value(expr, _progress(progress), limits=_limits(memory_limit, max_work))["outcome"]
    return _value_raw(expr, method, bound, graph_bound, progress, memory_limit, max_work, period, db, db_read_only)[2]


@dataclasses.dataclass(frozen=True)
class ProofCheck:
    game: str
    position: str
    value: int
    values: int
    sums: int


def check_proof(
    path: Union[str, "os.PathLike[str]"],
    *,
    progress: bool = False,
    memory_limit: Limit = None,
    max_work: Limit = None,
) -> ProofCheck:
    return ProofCheck(
        **_grundy.check_proof(_path(path), _progress(progress), limits=_limits(memory_limit, max_work))
    )


def _path(p: Any, name: str = "path") -> Optional[str]:
    """A path argument (``str``, ``bytes`` or ``os.PathLike``) as the ``str`` the native
    module takes (bytes decoded as the file system does), or None. Raises
    ``TypeError`` naming ``name`` for anything else, and ``ValueError`` for an empty
    path (which names no file)."""
    if p is None:
        return None
    try:
        text = os.fsdecode(os.fspath(p))
    except TypeError:
        raise TypeError(f"{name} must be a path (str, bytes or os.PathLike), not {type(p).__name__} ({p!r})") from None
    if text == "":
        raise ValueError(f"{name} is an empty path: give the name of a file")
    return text


@dataclasses.dataclass(frozen=True)
class Moves:
    position: str
    value: Value
    outcome: str
    winning: List[Tuple[str, Value]]
    drawing: List[Tuple[str, Value]]
    options: Optional[List[Tuple[str, Value]]]
    winning_count: int
    options_count: Optional[int]
    notes: List[str]
    stay: Optional[str] = None
    source: Optional[str] = None

    def __repr__(self) -> str:
        # The dataclass's repr, with values and counts too long for decimal text
        # written by _int_text.
        def r(v: Any) -> str:
            return _int_text(v) if isinstance(v, int) else repr(v)

        def moves(lst: Optional[List[Tuple[str, Value]]]) -> str:
            if lst is None:
                return "None"
            return "[" + ", ".join(f"({p!r}, {r(v)})" for p, v in lst) + "]"

        fields = [
            f"position={self.position!r}",
            f"value={r(self.value)}",
            f"outcome={self.outcome!r}",
            f"winning={moves(self.winning)}",
            f"drawing={moves(self.drawing)}",
            f"options={moves(self.options)}",
            f"winning_count={r(self.winning_count)}",
            f"options_count={r(self.options_count)}",
            f"notes={self.notes!r}",
            f"stay={self.stay!r}",
            f"source={self.source!r}",
        ]
        return f"Moves({', '.join(fields)})"

    def _repr_html_(self) -> str:
        e = html.escape
        rows = []

        def section(title: str, moves: List[Tuple[str, Value]], count: Optional[int]) -> None:
            more = f" (of {_int_text(count)})" if count is not None and count != len(moves) else ""
            rows.append(f"<tr><th colspan='2' style='text-align:left'>{e(title)}: {len(moves)}{more}</th></tr>")
            for p, v in moves:
                moved = f" ({e(self.stay)} moves to itself)" if self.stay and p == self.position else ""
                rows.append(f"<tr><td><code>{e(p)}</code>{moved}</td><td>{e(_text(v))}</td></tr>")

        section("winning moves", self.winning, self.winning_count)
        if self.drawing:
            section("moves that keep the draw", self.drawing, None)
        if self.options is not None:
            section("options", self.options, self.options_count)
        notes = "".join(f"<p><em>note:</em> {e(n)}</p>" for n in self.notes)
        if self.source:
            notes += f"<p><em>source:</em> {e(self.source)}</p>"
        return (
            f"<p><code>{e(self.position)}</code>: value <b>{e(_text(self.value))}</b>, "
            f"{e(self.outcome)}-position</p>{notes}"
            f"<table><tr><th>position after the move</th><th>value</th></tr>{''.join(rows)}</table>"
        )


@dataclasses.dataclass(frozen=True)
class MisereMoves:
    """The moves from a position in misère play: ``winning`` the moves to misère
    P-positions, and with ``all=True`` ``options``, every option with its misère
    outcome (``"P"`` or ``"N"``). For a :class:`Game` the positions are as ``options``
    wrote them."""

    position: Any
    outcome: str
    winning: List[Any]
    options: Optional[List[Tuple[Any, str]]]


@_counts("bound", "graph_bound")
def moves(
    expr: str,
    all: bool = False,
    method: str = "auto",
    *,
    play: str = "normal",
    bound: Optional[int] = None,
    graph_bound: Optional[int] = None,
    progress: bool = False,
    memory_limit: Limit = None,
    max_work: Limit = None,
    period: Optional[str] = None,
    quotient: Optional[str] = None,
) -> Union[Moves, MisereMoves]:
    expr = _expr(expr)
    all = _flag("all", all)
    if _check_play(play):
        _misere_refusals(None, None, method, period)
        pos, out, winning, options = _grundy.misere_moves(
            expr, all, _progress(progress), limits=_limits(memory_limit, max_work), quotient=_path(quotient, "quotient")
        )
        return MisereMoves(position=pos, outcome=out, winning=list(winning), options=options)
    _normal_refusals(quotient)
    d = _grundy.moves(
        expr, all, method, bound, graph_bound, _progress(progress), limits=_limits(memory_limit, max_work), period=_path(period, "period")
    )

    def pairs(lst: Optional[list]) -> Optional[List[Tuple[str, Value]]]:
        return None if lst is None else [(p, _plain(v)) for p, v in lst]

    return Moves(
        position=d["position"],
        value=_plain(d["value"]),
        outcome=d["outcome"],
        winning=pairs(d["winning"]) or [],
        drawing=pairs(d["drawing"]) or [],
        options=pairs(d["options"]),
        winning_count=int(d["winning_count"]),
        options_count=None if d["options_count"] is None else int(d["options_count"]),
        notes=list(d["notes"]),
        stay=d["stay"],
        source=d["source"],
    )


@dataclasses.dataclass(frozen=True)
class GameMoves:
    """The moves from a position of a :class:`Game`: ``winning`` lists the options of
    value 0 (a sum as a tuple of positions, as ``options`` wrote it); with ``all=True``,
    ``options`` lists every option once with its value."""

    position: Any
    value: int
    winning: List[Any]
    options: Optional[List[Tuple[Any, int]]]


class Game(_Game):
    """A game whose positions are any hashable Python values.

    ``options(pos)`` returns the options of ``pos``: positions, or tuples of positions
    for an option that is a disjunctive sum (a move that splits the game; ``()`` is the
    empty sum, value 0). A position that is itself a tuple is therefore returned inside
    a tuple: ``((a, b),)``. Optional: ``components(pos)`` splits a position into
    independent parts (its value is the nim-sum of theirs), ``canonical(pos)`` gives a
    position of the same value used as the memo key (a normal form under the game's
    symmetries). Values come from a memoized search that calls ``options`` once per
    position reached. An exception raised by a function is raised by ``value`` and
    ``moves`` (with a note naming the position); so is a bad return value.
    """

    def moves(  # type: ignore[override]
        self,
        pos: Any,
        all: bool = False,
        *,
        play: str = "normal",
        progress: bool = False,
        memory_limit: Limit = None,
        max_work: Limit = None,
    ) -> Union[GameMoves, MisereMoves]:
        """The winning moves of ``pos`` (and every option with ``all=True``); with
        ``play="misere"`` a :class:`MisereMoves`. ``memory_limit`` and ``max_work`` as
        for :func:`value` (the work is counted as the search lists options, since a
        game's options are not known in advance); ``ResourceError`` past them."""
        limits = _limits(memory_limit, max_work)
        all = _flag("all", all)
        if _check_play(play):
            d = self._moves(pos, all, _progress(progress), "misere", limits)
            return MisereMoves(position=d["position"], outcome=d["outcome"], winning=list(d["winning"]), options=d["options"])
        d = self._moves(pos, all, _progress(progress), "normal", limits)
        return GameMoves(position=d["position"], value=d["value"], winning=list(d["winning"]), options=d["options"])

    def value(  # type: ignore[override]
        self,
        pos: Any,
        *,
        play: str = "normal",
        progress: bool = False,
        memory_limit: Limit = None,
        max_work: Limit = None,
    ) -> Union[int, MisereValue]:
        """The nim-value of ``pos``; with ``play="misere"`` a :class:`MisereValue`.
        ``memory_limit`` and ``max_work`` as for :func:`value` (the work is counted as
        the search lists options); ``ResourceError`` past them."""
        limits = _limits(memory_limit, max_work)
        if _check_play(play):
            return _misere_value(super().value(pos, _progress(progress), "misere", limits))
        return super().value(pos, _progress(progress), "normal", limits)


@dataclasses.dataclass(frozen=True)
class LoopySequence:
    ruleset: str
    start: int
    codes: np.ndarray
    values: List[LoopyValue]
    note: Optional[str]

    def __len__(self) -> int:
        return len(self.values)

    def __getitem__(self, i: int) -> LoopyValue:
        return self.values[i]

    def __iter__(self) -> Iterator[LoopyValue]:
        return iter(self.values)

    def __array__(self, dtype: Any = None, copy: Any = None) -> np.ndarray:
        return self.codes if dtype is None else self.codes.astype(dtype)


@_counts("to", "start", "bound", "graph_bound")
def seq(
    ruleset: Union[str, HeapRuleset],
    to: int,
    start: Optional[int] = None,
    method: str = "auto",
    *,
    play: str = "normal",
    bound: Optional[int] = None,
    graph_bound: Optional[int] = None,
    progress: bool = False,
    memory_limit: Limit = None,
    max_work: Limit = None,
    period: Optional[str] = None,
) -> Union[np.ndarray, LoopySequence]:
    if _check_play(play):
        if method not in ("auto", "search", "formula"):
            raise ValueError(f"method {method!r} is not one of 'auto', 'search', 'formula'")
        _misere_refusals(None, None, method, period)
        return _grundy.misere_seq(_ruleset_arg(ruleset), to, start, _progress(progress), limits=_limits(memory_limit, max_work))
    r = _grundy.seq(
        _ruleset_arg(ruleset),
        to,
        start,
        method,
        bound,
        graph_bound,
        _progress(progress),
        limits=_limits(memory_limit, max_work),
        period=_path(period, "period"),
    )
    kind = r[0]
    if kind == "array":
        return r[1][r[2]:]
    if kind == "objects":
        out = np.empty(len(r[1]), dtype=object)
        out[:] = r[1]
        return out
    return LoopySequence(ruleset=r[5], start=r[4], codes=r[1], values=[_value(v) for v in r[2]], note=r[3])


@dataclasses.dataclass(frozen=True)
class Quotient:
    """The misère quotient of a heap ruleset on heaps ``0..=to`` (Plambeck & Siegel
    2008): ``order`` |Q|, ``p_size`` |P|, ``tame`` (``"T_k"`` or ``"wild"``), the
    ``presentation`` by generators (heap images a, b, c, …) and relations, ``phi`` the
    element of each heap 0…to and ``p_portion`` the P-positions' elements (as words),
    ``changes`` ``(heap, order, p_size)`` where Q grew, ``status`` ``"partial"``
    (exact for sums of heaps ≤ ``to``) or ``"solved"`` (every heap, with ``period`` and
    ``preperiod``), ``table`` the multiplication table (element 0 the identity),
    ``stopped`` why it stopped before ``to`` (a limit), and ``certificate`` the JSON
    that :meth:`save` writes for :func:`check_quotient`."""

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
        """Writes the certificate to ``path`` (atomically: whole or absent)."""
        _grundy.save_certificate(self.certificate, _path(path))

    def __repr__(self) -> str:
        return f"Quotient({self.ruleset!r}, to={self.to}, {self.status}, |Q|={self.order}, |P|={self.p_size}, {self.presentation})"


@_counts("to")
def quotient(
    ruleset: Union[str, HeapRuleset],
    to: int,
    *,
    progress: bool = False,
    memory_limit: Limit = None,
    max_work: Limit = None,
) -> Quotient:
    """The misère quotient of a heap ruleset, heap by heap up to ``to`` or until it is
    solved (by the periodicity theorem for misère quotients)."""
    d = _grundy.quotient(_ruleset_arg(ruleset), to, _progress(progress), limits=_limits(memory_limit, max_work))
    return Quotient(**{f.name: d[f.name] for f in dataclasses.fields(Quotient)})


def check_quotient(
    path: Union[str, "os.PathLike[str]"],
    *,
    progress: bool = False,
    memory_limit: Limit = None,
    max_work: Limit = None,
) -> str:
    """Re-verifies a saved quotient certificate with the independent checker; returns
    what was checked, or raises ``ValueError("certificate rejected: …")``.

    The file is read within a sixteenth of the memory limit (``grundy.limits()``;
    parsed, its table takes up to eight times its text): a larger file raises
    ``ResourceError`` with that estimate (raise the limit with ``memory_limit=`` or
    ``grundy.set_limits(memory_limit=…)``), and one that cannot be read raises
    ``OSError`` (its subclass: ``FileNotFoundError``, …) naming it. A check whose work
    passes ``max_work`` raises ``ResourceError``."""
    return _grundy.check_quotient(_path(path), _progress(progress), limits=_limits(memory_limit, max_work))


@dataclasses.dataclass(frozen=True)
class Periodicity:
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
    proof_needs: Optional[int] = None

    @property
    def status(self) -> str:
        return "proven" if self.proven else ("apparent" if self.period is not None else "none")

    def _repr_html_(self) -> str:
        e = html.escape
        rows = [
            ("ruleset", self.ruleset),
            ("period", self.period),
            ("preperiod", self.preperiod),
            ("saltus", self.saltus),
            ("status", self.status),
            ("heaps examined", f"{self.start}..={self.to}"),
            ("largest value", self.largest_value),
            ("P-positions", self.p_positions),
        ]
        if self.certificate:
            c = self.certificate
            rows.append(("agreement", f"{c['agreement'][0]}..={c['agreement'][1]}"))
            rows.append(("theorem", c["theorem"]))
        body = "".join(f"<tr><th style='text-align:left'>{e(k)}</th><td>{e(str(v))}</td></tr>" for k, v in rows)
        return f"<table>{body}</table>"


@_counts("to", "start")
def period(
    ruleset: Union[str, HeapRuleset],
    to: int,
    start: Optional[int] = None,
    *,
    progress: bool = False,
    memory_limit: Limit = None,
    max_work: Limit = None,
) -> Periodicity:
    d = _grundy.period(
        _ruleset_arg(ruleset), to, start, _progress(progress), limits=_limits(memory_limit, max_work)
    )
    return Periodicity(**d)


def rulesets() -> List[dict]:
    return _grundy.rulesets()


@_counts("graph_bound")
def graph(
    g: Union[dict, str, "os.PathLike[str]"],
    *,
    graph_bound: int = 100_000_000,
    progress: bool = False,
    memory_limit: Limit = None,
    max_work: Limit = None,
) -> dict:
    lim = _limits(memory_limit, max_work)
    if isinstance(g, dict):
        # Vertices are named by str(): two keys of one name would be one vertex.
        keys: dict = {}
        for k in g:
            name = str(k)
            if name in keys:
                raise ValueError(
                    f"vertices {keys[name]!r} and {k!r} have the same name {name!r} "
                    "(graph names a vertex by str()): give the vertices keys whose str() differ"
                )
            keys[name] = k
        if not keys:
            raise ValueError("the graph has no vertex: give a dict {vertex: [followers]} with at least one vertex")
        follows = {name: _followers(k, g[k]) for name, k in keys.items()}
        for name, fs in follows.items():
            for f in fs:
                if f not in keys:
                    raise ValueError(
                        f"follower {f!r} of vertex {keys[name]!r} is not a vertex of the graph: "
                        "every follower must be a key of the dict (a vertex without followers has [])"
                    )
        rows = _grundy.graph(json.dumps(follows), graph_bound, _progress(progress), limits=lim)
        return {keys.get(name, name): (_plain(v), o) for name, v, o in rows}
    elif isinstance(g, (str, os.PathLike)):
        # Read by the library as `grundy graph FILE` reads it: within the memory limit,
        # stopping at a NUL byte (``/dev/zero`` or an endless pipe end at once).
        rows = _grundy.graph_file(os.fspath(g), graph_bound, _progress(progress), limits=lim)
    else:
        raise TypeError("graph takes a dict {vertex: [followers]} or the path of a graph file")
    return {name: (_plain(v), o) for name, v, o in rows}


def _followers(vertex: Any, followers: Any) -> List[str]:
    """The followers of ``vertex`` in a graph given as a dict, as vertex names: a list
    (or another iterable) of them, never a str, whose letters would each be taken for a
    vertex."""
    if isinstance(followers, (str, bytes)):
        hint = ""
        if isinstance(followers, str):
            hint = f": write [{followers!r}] for one follower named so, or {list(followers)!r} for one follower per letter"
        raise TypeError(
            f"the followers of vertex {vertex!r} must be a list of vertex names, not a {type(followers).__name__}{hint}"
        )
    try:
        return [str(f) for f in followers]
    except TypeError:
        raise TypeError(
            f"the followers of vertex {vertex!r} must be a list of vertex names, not {type(followers).__name__}; "
            "a vertex without followers has []"
        ) from None


class Report(list):
    def summary(self) -> dict:
        out: dict = {}
        for c in self:
            s = c["verdict"]["status"]
            out[s] = out.get(s, 0) + 1
        return out

    def _repr_html_(self) -> str:
        e = html.escape
        head = "".join(f"<th>{h}</th>" for h in ("id", "source", "claim", "computed", "range", "verdict"))
        rows = "".join(
            "<tr>"
            + "".join(f"<td>{e(str(c[k]))}</td>" for k in ("id", "source", "claim", "computed", "range"))
            + f"<td>{e(c['verdict']['status'])}</td></tr>"
            for c in self
        )
        counts = ", ".join(f"{v} {k}" for k, v in self.summary().items())
        return f"<p>{len(self)} checks: {e(counts)}</p><table><tr>{head}</tr>{rows}</table>"


def reproduce(
    full: bool = False,
    only: Optional[str] = None,
    *,
    progress: bool = False,
    memory_limit: Limit = None,
    max_work: Limit = None,
) -> Report:
    return Report(
        json.loads(
            _grundy.reproduce(_flag("full", full), only, _progress(progress), limits=_limits(memory_limit, max_work))
        )
    )


class Png(bytes):
    def _repr_png_(self) -> bytes:
        return bytes(self)

    @property
    def size(self) -> Tuple[int, int]:
        # A PNG starts with its 8-byte signature and the IHDR chunk: length, "IHDR",
        # then the width and the height as big-endian 32-bit ints.
        if len(self) < 24 or self[12:16] != b"IHDR":
            return (0, 0)
        w, h = struct.unpack(">II", self[16:24])
        return (w, h)

    def save(self, path: Union[str, "os.PathLike[str]"]) -> None:
        # Atomically: a temporary file in the same directory (created with the mode a
        # new file gets under the umask), synced, then renamed over ``path``.
        target = os.path.abspath(_path(path))
        tmp = os.path.join(os.path.dirname(target), f".{os.path.basename(target)}.{secrets.token_hex(8)}.tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(self)
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, target)
        except BaseException:
            if os.path.exists(tmp):
                os.unlink(tmp)
            raise

    def __repr__(self) -> str:
        w, h = self.size
        return f"<grundy.Png {w}×{h}, {len(self)} bytes>"

    __str__ = __repr__


@_counts("to", "start", "mark", "width:32", "height:32")
def plot(
    ruleset: Union[str, HeapRuleset],
    to: int,
    start: Optional[int] = None,
    *,
    mark: Optional[int] = None,
    log_x: bool = False,
    log_y: bool = False,
    method: str = "auto",
    width: Optional[int] = None,
    height: Optional[int] = None,
    progress: bool = False,
    memory_limit: Limit = None,
    max_work: Limit = None,
) -> Png:
    return Png(
        _grundy.plot(
            _ruleset_arg(ruleset),
            to,
            start,
            mark,
            _flag("log_x", log_x),
            _flag("log_y", log_y),
            method,
            width,
            height,
            _progress(progress),
            limits=_limits(memory_limit, max_work),
        )
    )


@_counts("rows", "cols", "row_start", "col_start")
def table(
    ruleset: str,
    rows: int,
    cols: int,
    row_start: int = 0,
    col_start: int = 0,
    *,
    method: str = "auto",
    progress: bool = False,
    memory_limit: Limit = None,
    max_work: Limit = None,
) -> np.ndarray:
    dtype, values, mask = _grundy.table(
        _ruleset_arg(ruleset),
        rows,
        cols,
        row_start,
        col_start,
        method,
        _progress(progress),
        limits=_limits(memory_limit, max_work),
    )
    if dtype == "object":
        a = np.empty(rows * cols, dtype=object)
        a[:] = values
    else:
        a = np.asarray(values, dtype=dtype)
    a = a.reshape(rows, cols)
    m = np.asarray(mask, dtype=bool).reshape(rows, cols)
    return np.ma.MaskedArray(a, mask=m) if m.any() else a


@_counts("to", "arity")
def verify(
    ruleset: Union[str, HeapRuleset],
    to: int,
    *,
    arity: Optional[int] = None,
    progress: bool = False,
    memory_limit: Limit = None,
    max_work: Limit = None,
) -> List[dict]:
    return _grundy.verify(
        _ruleset_arg(ruleset), to, arity, _progress(progress), limits=_limits(memory_limit, max_work)
    )


def _share_docstrings() -> None:
    """Copies the docstrings of the type stubs (``__init__.pyi``, the one text of the
    documentation) into the module, its functions and classes, and their members."""
    import ast

    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "__init__.pyi")
    try:
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read())
    except OSError:  # an installation without the stubs: no docstrings
        return

    def put(obj: Any, doc: str) -> None:
        try:
            obj.__doc__ = doc
        except (AttributeError, TypeError):  # a native class: its docstring is its own
            pass

    g = globals()
    put(__import__(__name__), ast.get_docstring(tree))
    for node in tree.body:
        if not isinstance(node, (ast.FunctionDef, ast.ClassDef)) or node.name not in g:
            continue
        obj = g[node.name]
        doc = ast.get_docstring(node)
        if doc:
            put(obj, doc)
        if isinstance(node, ast.ClassDef):
            for member in node.body:
                if isinstance(member, ast.FunctionDef) and ast.get_docstring(member):
                    attr = obj.__dict__.get(member.name) if hasattr(obj, "__dict__") else None
                    if attr is not None:
                        put(attr, ast.get_docstring(member))


_share_docstrings()
