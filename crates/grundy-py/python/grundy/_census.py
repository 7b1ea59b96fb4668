"""``grundy.census``: the status of every code of a family, on this machine or on a
Dask cluster (docs/census.md).

Every code runs the Rust engine (``grundy._grundy.census_run``); on a cluster each code
is a Dask task running it in a worker process, streamed back with ``as_completed``
into the same resumable census directory as the command line's ``grundy census``.
Dask is optional (``pip install "grundy[dask]"``); it is imported only when a client
is given. Retries and placement are Dask's; grundy only orders the codes (a short probe
of each, run in the calling process on every core, gives the priorities: the most
expensive first).
"""

from __future__ import annotations

import json
import operator
import os
import warnings
from concurrent.futures import ThreadPoolExecutor
from typing import Any, List, Optional, Union

from . import _grundy
from ._args import caller_level, counts


def _run(code: str, to: int, max_work: Optional[int], play: str = "normal"):
    """A Dask task: one code, in the worker's process."""
    return _grundy.census_run(code, to, max_work, play)


def _probe(code: str, to: int, max_work: Optional[int], play: str = "normal") -> int:
    """The cost of a short probe of one code (run in the calling process)."""
    return _grundy.census_probe(code, to, max_work, play)


def _resume_hint(out: Optional[str]) -> str:
    if out is None:
        return "nothing was kept (give out=DIR to keep finished codes)"
    return (
        f"the finished codes are kept in {os.path.join(out, 'census.jsonl')}; "
        "call grundy.census again with the same family, to, play and out to resume"
    )


#: The most codes run at a time (as ``grundy census --jobs``).
_MAX_JOBS = 1024


def _jobs(jobs: Optional[int]) -> int:
    """The codes run at a time: ``jobs``, an int from 1 to 1024, or every core."""
    if jobs is None:
        return os.cpu_count() or 1
    if isinstance(jobs, bool):
        raise TypeError(f"jobs must be an int, the codes run at a time, not {jobs!r}")
    try:
        n = operator.index(jobs)
    except TypeError:
        raise TypeError(f"jobs must be an int, the codes run at a time, not {type(jobs).__name__} ({jobs!r})") from None
    if not 1 <= n <= _MAX_JOBS:
        raise ValueError(
            f"jobs must be a positive integer, at most {_MAX_JOBS} (the codes run at a time), not {n}; "
            "leave it out to use every core"
        )
    return n


#: The default ``to`` of each play convention (as ``grundy census``).
_DEFAULT_TO = {"normal": 65536, "misere": 64}


@counts("to", "max_work", "retries")
def census(
    family: Union[str, "os.PathLike[str]"],
    to: Optional[int] = None,
    out: Optional[str] = None,
    client: Any = None,
    *,
    max_work: Optional[int] = None,
    jobs: Optional[int] = None,
    retries: int = 2,
    play: str = "normal",
) -> List[dict]:
    """The census of ``family`` (``"octal:2"``, ``"hex:1"``, ``"subtraction:10"`` or a
    file of codes, as a str, bytes or ``os.PathLike``): one dict per code with the keys of ``grundy census --format json``
    (docs/cli.md), in the family's order, with their equivalence classes.

    Each code is computed to heap ``to`` (default 65536) within ``max_work`` (each
    code's budget; default ``GRUNDY_MAX_WORK`` or 10^11). With ``play="misere"`` each
    code's misère quotient is computed instead (the rows of ``grundy census --play
    misere``, ``to`` default 64); the play convention is one of the census directory's
    parameters. With ``out``, finished codes are appended to
    ``out/census.jsonl`` as they come, certificates are written under
    ``out/certificates/``, and a later call with the same arguments resumes (other
    parameters raise ``ValueError`` naming what differs). A resumed row is checked
    against its certificate (present, parsing, stating the row's period, accepted by
    the independent checker, and giving what the row says of the values: the largest,
    the fingerprints, the rare heaps; in misère play ``tame`` and ``changes``); a row
    that fails is not trusted: a ``RuntimeWarning`` names its code and the reason, and
    the code runs again.

    Without ``client`` the codes run on this machine, ``jobs`` at a time (default:
    every core), sharing the memory limit. With a ``dask.distributed.Client`` each code
    is a task (``retries`` retries; a task whose worker died is run again by Dask);
    results are recorded as they complete. A cluster that goes away raises
    ``RuntimeError`` saying how to resume.
    """
    play = "misere" if play == "misère" else play
    if play not in _DEFAULT_TO:
        raise ValueError(f"play must be 'normal' or 'misere', not {play!r}")
    cores = _jobs(jobs)
    if to is None:
        to = _DEFAULT_TO[play]
    if isinstance(family, (bytes, os.PathLike)):
        # A file of codes named as the other path arguments are.
        family = os.fsdecode(os.fspath(family))
    elif not isinstance(family, str):
        raise TypeError(f"family must be a str (a family such as 'octal:2', or a file of codes) or a path, not {type(family).__name__}")
    codes = _grundy.census_members(family)
    work = max_work if max_work is not None else _grundy.default_work_limit()
    # The estimate first (as the command line does): a census refused by the memory
    # limit checks and changes nothing in `out`.
    _grundy.census_check_memory(codes, to, cores if client is None else 1, play)
    output = None
    try:
        if out is not None:
            output = _grundy.CensusOutput(os.fsdecode(os.fspath(out)), family, to, work, codes, play)
            # The rows of an earlier run are checked against their certificates here
            # (on `cores` threads, with or without a cluster); a row not trusted runs
            # again.
            for warning in output.check_resumed(cores, work):
                warnings.warn(f"grundy.census: {warning}", RuntimeWarning, stacklevel=caller_level())
        todo = [c for c in codes if output is None or not output.is_done(c)]
        if client is None:
            rows = _grundy.census_local(todo, to, cores, work, output, play)
        else:
            rows = _on_dask(client, todo, to, work, output, retries, out, play)
        if output is not None:
            rows = output.finish()
        else:
            rank = {c: i for i, c in enumerate(codes)}
            rows.sort(key=lambda r: rank[json.loads(r)["code"]])
            rows = _grundy.census_classes(rows, play)
    finally:
        # The directory's lock is released now, not when the output is collected: a
        # traceback kept by Jupyter would keep it, and a rerun would find it held.
        if output is not None:
            output.close()
    return [json.loads(r) for r in rows]


def _on_dask(client, todo, to, work, output, retries, out, play="normal") -> List[str]:
    """Runs the codes as Dask tasks, most expensive probe first; records each result as
    it completes (into ``output``, or returns the rows)."""
    try:
        from dask.distributed import as_completed
    except ImportError as e:
        raise ImportError(
            'census(client=...) runs on Dask, which is not installed: pip install "grundy[dask]" '
            "(or dask[distributed]); without a client the census runs on this machine's cores"
        ) from e

    rows: List[str] = []
    try:
        # The probes are short (docs/choices.md, "Order"): run here, on every core, they
        # spare the cluster a round of tiny tasks and the wait for its last one.
        with ThreadPoolExecutor(os.cpu_count() or 1) as pool:
            costs = list(pool.map(lambda c: _probe(c, to, work, play), todo))
        order = sorted(range(len(todo)), key=lambda i: -costs[i])
        futures = [
            client.submit(
                _run,
                todo[i],
                to,
                work,
                play,
                key=f"grundy-census-{play}-{todo[i]}-{os.getpid()}-{id(todo)}",
                priority=len(order) - rank,
                retries=retries,
                pure=False,
            )
            for rank, i in enumerate(order)
        ]
        for fut in as_completed(futures):
            row, certificate = fut.result()
            if output is not None:
                output.record(row, certificate)
            else:
                rows.append(row)
    except (KeyboardInterrupt, ValueError, MemoryError):
        raise
    except Exception as e:  # the cluster went away, a task failed for good
        raise RuntimeError(f"the census on the Dask cluster stopped ({e!r}): {_resume_hint(out)}") from e
    return rows
