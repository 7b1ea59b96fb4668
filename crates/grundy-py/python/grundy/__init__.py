"""grundy: Sprague–Grundy values of impartial combinatorial games.

A thin layer over the Rust library of the grundy workspace (the computations, the
rulesets and the error messages are the library's, as in the ``grundy`` command line).
Signatures, shapes, dtypes and errors are documented in ``__init__.pyi``.
"""

from __future__ import annotations

import dataclasses
import html
import json
import os
from typing import Any, Iterator, List, Optional, Tuple, Union

import numpy as np

from . import _grundy
from ._grundy import HeapRuleset, ResourceError
from ._grundy import Game as _Game

__all__ = [
    "Game",
    "GameMoves",
    "HeapRuleset",
    "LoopyValue",
    "LoopySequence",
    "Moves",
    "Periodicity",
    "Png",
    "Report",
    "ResourceError",
    "graph",
    "moves",
    "outcome",
    "period",
    "plot",
    "reproduce",
    "rulesets",
    "seq",
    "value",
]


@dataclasses.dataclass(frozen=True)
class LoopyValue:
    """A generalized Sprague–Grundy value: finite, ``∞(K)``, or undetermined (``?``)."""

    finite: Optional[int]
    infinite: bool
    options_values: Tuple[int, ...] = ()
    note: Optional[str] = None

    @property
    def undetermined(self) -> bool:
        """True if the value is not determined within the exploration bound."""
        return self.finite is None and not self.infinite

    @property
    def outcome(self) -> str:
        """``P``, ``N``, ``D`` (a draw) or ``?``."""
        if self.undetermined:
            return "?"
        if self.finite is not None:
            return "P" if self.finite == 0 else "N"
        return "N" if 0 in self.options_values else "D"

    def __str__(self) -> str:
        if self.finite is not None:
            return str(self.finite)
        if self.infinite:
            return "∞(" + ",".join(map(str, self.options_values)) + ")"
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
    return LoopyValue(finite=None, infinite=False, note=data)


def _plain(raw: Tuple[str, Any]) -> Value:
    """An int for a finite value, a LoopyValue otherwise."""
    return _value(raw, loopy=False)


class _Progress:
    """A progress callback for the native module: tqdm bars if tqdm is installed."""

    def __init__(self) -> None:
        try:
            from tqdm.auto import tqdm  # type: ignore
        except ImportError:  # no tqdm: no progress bar
            tqdm = None
        self._tqdm = tqdm
        self._bar = None
        self._label: Optional[str] = None

    def __call__(self, label: Optional[str], total: int, done: int) -> None:
        """``(label, total, done)`` while a computation runs; ``(None, finished, 0)`` at
        the end (``finished`` 1 when it completed)."""
        if self._tqdm is None:
            return
        if label is None or label != self._label:
            if self._bar is not None:
                if label is None and total == 1:
                    self._bar.n = self._bar.total
                    self._bar.refresh()
                self._bar.close()
                self._bar = None
            self._label = label
            if label is None:
                return
            self._bar = self._tqdm(total=total, desc=label, unit_scale=True)
        if self._bar is not None:
            self._bar.n = done
            self._bar.refresh()


def _progress(progress: bool) -> Optional[_Progress]:
    return _Progress() if progress else None


def _ruleset_arg(ruleset: Union[str, HeapRuleset]) -> Union[str, HeapRuleset]:
    if isinstance(ruleset, (str, HeapRuleset)):
        return ruleset
    raise TypeError(f"a ruleset is a str or a grundy.HeapRuleset, not {type(ruleset).__name__}")


def value(
    expr: str,
    method: str = "auto",
    *,
    bound: Optional[int] = None,
    graph_bound: Optional[int] = None,
    progress: bool = False,
    period: Optional[str] = None,
) -> Value:
    """The value of a position: an int, or a LoopyValue (``∞(K)`` or ``?``)."""
    _, raw, _, _ = _grundy.value(expr, method, bound, graph_bound, _progress(progress), _path(period))
    return _plain(raw)


def outcome(
    expr: str,
    method: str = "auto",
    *,
    bound: Optional[int] = None,
    graph_bound: Optional[int] = None,
    progress: bool = False,
    period: Optional[str] = None,
) -> str:
    """``"P"``, ``"N"`` or ``"D"`` (``"?"`` if undetermined within the bound)."""
    return _grundy.value(expr, method, bound, graph_bound, _progress(progress), _path(period))[2]


def _path(period: Any) -> Optional[str]:
    """The path of a saved period (``str`` or ``os.PathLike``), or None."""
    return None if period is None else os.fspath(period)


@dataclasses.dataclass(frozen=True)
class Moves:
    """The moves from a position; each move is ``(position, value after the move)``."""

    position: str
    value: Value
    outcome: str
    winning: List[Tuple[str, Value]]
    drawing: List[Tuple[str, Value]]
    options: Optional[List[Tuple[str, Value]]]
    winning_count: int
    options_count: Optional[int]
    notes: List[str]
    source: Optional[str] = None

    def _repr_html_(self) -> str:
        e = html.escape
        rows = []

        def section(title: str, moves: List[Tuple[str, Value]], count: Optional[int]) -> None:
            more = f" (of {count})" if count is not None and count != len(moves) else ""
            rows.append(f"<tr><th colspan='2' style='text-align:left'>{e(title)}: {len(moves)}{more}</th></tr>")
            for p, v in moves:
                rows.append(f"<tr><td><code>{e(p)}</code></td><td>{e(str(v))}</td></tr>")

        section("winning moves", self.winning, self.winning_count)
        if self.drawing:
            section("moves that keep the draw", self.drawing, None)
        if self.options is not None:
            section("options", self.options, self.options_count)
        notes = "".join(f"<p><em>note:</em> {e(n)}</p>" for n in self.notes)
        if self.source:
            notes += f"<p><em>source:</em> {e(self.source)}</p>"
        return (
            f"<p><code>{e(self.position)}</code>: value <b>{e(str(self.value))}</b>, "
            f"{e(self.outcome)}-position</p>{notes}"
            f"<table><tr><th>position after the move</th><th>value</th></tr>{''.join(rows)}</table>"
        )


def moves(
    expr: str,
    all: bool = False,
    method: str = "auto",
    *,
    bound: Optional[int] = None,
    graph_bound: Optional[int] = None,
    progress: bool = False,
    period: Optional[str] = None,
) -> Moves:
    """The winning moves of a position (and the drawing moves; with ``all=True`` every
    option), each with the value of the position after the move."""
    d = _grundy.moves(expr, all, method, bound, graph_bound, _progress(progress), _path(period))

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
    empty sum, value 0). A position that is itself a tuple must therefore be returned
    inside a tuple: ``((a, b),)``. Optional: ``components(pos)`` splits a position into
    independent parts (its value is the nim-sum of theirs), ``canonical(pos)`` gives a
    position of the same value used as the memo key (a normal form under the game's
    symmetries). Values come from a memoized search that calls ``options`` once per
    position reached. An exception raised by a function is raised by ``value`` and
    ``moves`` (with a note naming the position); so is a bad return value.
    """

    def moves(self, pos: Any, all: bool = False, *, progress: bool = False) -> GameMoves:
        """The winning moves of ``pos`` (and every option with ``all=True``)."""
        d = self._moves(pos, all, _progress(progress))
        return GameMoves(position=d["position"], value=d["value"], winning=list(d["winning"]), options=d["options"])

    def value(self, pos: Any, *, progress: bool = False) -> int:  # type: ignore[override]
        """The nim-value of ``pos``."""
        return super().value(pos, _progress(progress))


@dataclasses.dataclass(frozen=True)
class LoopySequence:
    """The values of a loopy ruleset on heaps ``start, start + 1, …``.

    ``codes`` (int64, shape ``(len,)``): the value when finite (≥ 0), −1 for ``∞(K)``,
    −2 for undetermined within the bound (``?``), −3 for a finite value ≥ 2**63.
    ``values``: the same as LoopyValue objects. ``note`` names the bound that left
    values undetermined, if any.
    """

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


def seq(
    ruleset: Union[str, HeapRuleset],
    to: int,
    start: Optional[int] = None,
    method: str = "auto",
    *,
    bound: Optional[int] = None,
    graph_bound: Optional[int] = None,
    progress: bool = False,
    period: Optional[str] = None,
) -> Union[np.ndarray, LoopySequence]:
    """The values of heaps ``start..=to`` (``start`` defaults to the first heap)."""
    r = _grundy.seq(_ruleset_arg(ruleset), to, start, method, bound, graph_bound, _progress(progress), _path(period))
    kind = r[0]
    if kind == "array":
        return r[1][r[2]:]
    if kind == "objects":
        out = np.empty(len(r[1]), dtype=object)
        out[:] = r[1]
        return out
    return LoopySequence(ruleset=r[5], start=r[4], codes=r[1], values=[_value(v) for v in r[2]], note=r[3])


@dataclasses.dataclass(frozen=True)
class Periodicity:
    """The smallest period, preperiod and saltus of a heap ruleset's values:
    G(n + period) = G(n) + saltus for n ≥ preperiod (CGSuite's Periodicity(p, n₀, s)).
    ``proven``: for all heaps, by the ruleset's periodicity theorem (``certificate``);
    otherwise apparent on heaps ``start..=to`` only. ``period`` is None if none."""

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
        """``proven``, ``apparent`` or ``none``."""
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


def period(
    ruleset: Union[str, HeapRuleset], to: int, start: Optional[int] = None, *, progress: bool = False
) -> Periodicity:
    """The period of a heap ruleset's values on heaps ``start..=to`` (the search stops
    as soon as the ruleset's theorem proves a period)."""
    d = _grundy.period(_ruleset_arg(ruleset), to, start, _progress(progress))
    return Periodicity(**d)


def rulesets() -> List[dict]:
    """The catalogue: one dict per ruleset family (name, aliases, params, positions,
    options, source, formula, example), as ``grundy list``."""
    return _grundy.rulesets()


def graph(
    g: Union[dict, str, "os.PathLike[str]"], *, graph_bound: int = 100_000_000, progress: bool = False
) -> dict:
    """The value and outcome of every vertex of a game graph, acyclic or loopy:
    ``{vertex: (value, outcome)}`` in the order of the graph."""
    if isinstance(g, dict):
        text = json.dumps({str(k): [str(f) for f in v] for k, v in g.items()})
        rows = _grundy.graph(text, graph_bound, _progress(progress))
    elif isinstance(g, (str, os.PathLike)):
        # Read by the library as `grundy graph FILE` reads it: within the memory limit,
        # stopping at a NUL byte (``/dev/zero`` or an endless pipe end at once).
        rows = _grundy.graph_file(os.fspath(g), graph_bound, _progress(progress))
    else:
        raise TypeError("graph takes a dict {vertex: [followers]} or the path of a graph file")
    return {name: (_plain(v), o) for name, v, o in rows}


class Report(list):
    """The checks of ``reproduce``: a list of dicts as in ``report.json``'s ``checks``
    (id, paper, source, claim, computed, range, verdict, seconds)."""

    def summary(self) -> dict:
        """Verdict counts: holds, consistent, disagrees, counterexample, error."""
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


def reproduce(full: bool = False, only: Optional[str] = None, *, progress: bool = False) -> Report:
    """Checks the claims of the seed papers (``grundy reproduce``): the ``checks`` of
    ``report.json`` as a list of dicts; ``only`` keeps the ids with this prefix."""
    return Report(json.loads(_grundy.reproduce(full, only, _progress(progress))))


class Png(bytes):
    """PNG bytes, shown inline by Jupyter."""

    def _repr_png_(self) -> bytes:
        return bytes(self)


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
) -> Png:
    """The figure of ``grundy plot`` as PNG bytes: a scatter plot of G(n) for a heap
    ruleset, a heatmap of G(a, b) for 0 ≤ a, b ≤ ``to`` for a ruleset on pairs."""
    return Png(
        _grundy.plot(
            _ruleset_arg(ruleset), to, start, mark, log_x, log_y, method, width, height, _progress(progress)
        )
    )
