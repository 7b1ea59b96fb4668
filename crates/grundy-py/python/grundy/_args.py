"""Checks of the package's int arguments, made before the native module sees them: a
count or bound given as a negative int is a ``ValueError`` and one of 2**64 or more an
``OverflowError``, each naming the argument (the binding's own error names neither the
argument nor the domain: ``can't convert negative int to unsigned``)."""

from __future__ import annotations

import functools
import inspect
import operator
import os
import sys
from typing import Any, Callable, TypeVar

F = TypeVar("F", bound=Callable[..., Any])

def count(name: str, v: Any, bits: int = 64) -> Any:
    """``v`` as an int (``operator.index(v)``: an int is its value, numpy's ints are
    read by their ``__index__``, as the native module reads them) if it is one from 0 to
    2**bits − 1;
    ``None`` passes. Raises ``TypeError`` (not an int, or a bool: ``True`` is no
    count), ``ValueError`` (negative) or ``OverflowError`` (2**bits or more), naming
    ``name``."""
    if v is None:
        return v
    if isinstance(v, bool) or type(v).__name__ == "bool_":
        raise TypeError(f"{name} must be an int, not bool ({v!r})")
    try:
        n = operator.index(v)
    except TypeError:
        raise TypeError(f"{name} must be an int, not {type(v).__name__} ({v!r})") from None
    if n < 0:
        raise ValueError(f"{name} must be a non-negative int, not {n}")
    if n >> bits:
        raise OverflowError(f"{name} must be below 2**{bits}, not an int of {n.bit_length()} bits")
    return n


def counts(*names: str) -> Callable[[F], F]:
    """A decorator: the arguments ``names`` of the function are checked by :func:`count`
    before each call (however they are passed) and passed on as the ints it reads;
    ``"width:32"`` checks ``width`` below 2**32 (counts, heaps and bounds are 64-bit in
    the engine, a picture's sides 32)."""
    widths = {n.split(":")[0]: int(n.split(":")[1]) if ":" in n else 64 for n in names}

    def wrap(f: F) -> F:
        sig = inspect.signature(f)
        missing = [n for n in widths if n not in sig.parameters]
        if missing:
            raise AssertionError(f"{f.__name__} has no argument {missing}")

        @functools.wraps(f)
        def checked(*args: Any, **kwargs: Any) -> Any:
            try:
                bound = sig.bind(*args, **kwargs)
            except TypeError:
                return f(*args, **kwargs)  # the call itself raises Python's own error
            for n, bits in widths.items():
                if n in bound.arguments:
                    bound.arguments[n] = count(n, bound.arguments[n], bits)
            return f(*bound.args, **bound.kwargs)

        return checked  # type: ignore[return-value]

    return wrap


def caller_level() -> int:
    """The ``stacklevel`` for ``warnings.warn``, called where it is called, that names
    the first frame outside this package: the user's line, however many of the
    package's functions and decorators lie between."""
    here = os.path.dirname(os.path.abspath(__file__))
    frame = sys._getframe(1)
    level = 1
    while frame is not None and os.path.dirname(os.path.abspath(frame.f_code.co_filename)) == here:
        frame = frame.f_back
        level += 1
    return level
