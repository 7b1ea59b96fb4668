"""Argument checks that are the package's own (the library checks the rest): each
argument of the wrong type or outside its domain is a TypeError or ValueError saying
what it should be, never read some other way nor an OverflowError from the binding."""

import inspect
import json

import numpy as np
import pytest

import grundy

# One cheap call of every public function and method that takes ``progress``.
PROGRESS_CALLS = {
    "value": lambda p: grundy.value("nim(3)", progress=p),
    "outcome": lambda p: grundy.outcome("nim(3)", progress=p),
    "moves": lambda p: grundy.moves("nim(3)", progress=p),
    "seq": lambda p: grundy.seq("nim", 10, progress=p),
    "period": lambda p: grundy.period("subtraction[1,2]", 50, progress=p),
    "quotient": lambda p: grundy.quotient("0.75", 10, progress=p),
    "check_quotient": lambda p: grundy.check_quotient("no-such-file.json", progress=p),
    "check_proof": lambda p: grundy.check_proof("no-such-file.json.gz", progress=p),
    "graph": lambda p: grundy.graph({"a": ["b"], "b": []}, progress=p),
    "reproduce": lambda p: grundy.reproduce(only="002-ex1", progress=p),
    "plot": lambda p: grundy.plot("nim", 10, progress=p),
    "table": lambda p: grundy.table("min", 3, 3, progress=p),
    "verify": lambda p: grundy.verify("nim", 10, progress=p),
    "Game.value": lambda p: grundy.Game("py-argument-check", lambda n: range(n)).value(3, progress=p),
    "Game.moves": lambda p: grundy.Game("py-argument-check", lambda n: range(n)).moves(3, progress=p),
}


def _takes_progress():
    names = set()
    for name in grundy.__all__:
        obj = getattr(grundy, name)
        if callable(obj) and not inspect.isclass(obj) and "progress" in inspect.signature(obj).parameters:
            names.add(name)
    for method in ("value", "moves"):
        if "progress" in inspect.signature(getattr(grundy.Game, method)).parameters:
            names.add(f"Game.{method}")
    return names


def test_every_function_taking_progress_is_checked_here():
    assert _takes_progress() == set(PROGRESS_CALLS)


@pytest.mark.parametrize("name", sorted(PROGRESS_CALLS))
@pytest.mark.parametrize("bad", ["yes", "no", 1, 0, None, [True]])
def test_progress_is_a_bool_or_a_type_error(name, bad):
    with pytest.raises(TypeError, match=r"^progress must be True or False, not "):
        PROGRESS_CALLS[name](bad)


@pytest.mark.filterwarnings("ignore:progress=True shows a progress bar only when tqdm is installed")
def test_progress_takes_python_and_numpy_bools():
    for p in (False, True, np.bool_(False), np.bool_(True)):
        assert grundy.value("nim(3)", progress=p) == 3


def test_followers_are_a_list_not_a_str():
    with pytest.raises(
        TypeError,
        match=r"^the followers of vertex 'a' must be a list of vertex names, not a str: "
        r"write \['bc'\] for one follower named so, or \['b', 'c'\] for one follower per letter$",
    ):
        grundy.graph({"a": "bc", "b": [], "c": []})
    with pytest.raises(TypeError, match="^the followers of vertex 'a' must be a list of vertex names, not a bytes$"):
        grundy.graph({"a": b"b", "b": []})
    with pytest.raises(TypeError, match=r"not NoneType; a vertex without followers has \[\]$"):
        grundy.graph({"a": None})
    with pytest.raises(TypeError, match="^the followers of vertex 3 must be a list of vertex names, not int"):
        grundy.graph({3: 4, 4: []})
    # A one-letter vertex is no exception: the rule is the same for every str.
    with pytest.raises(TypeError, match="not a str"):
        grundy.graph({"a": "b", "b": []})
    # Any other iterable of names is a list of followers.
    assert grundy.graph({"a": ["bc"], "bc": []}) == {"a": (1, "N"), "bc": (0, "P")}
    assert grundy.graph({"a": ("b", "c"), "b": {"c"}, "c": iter([])}) == {
        "a": (2, "N"),
        "b": (1, "N"),
        "c": (0, "P"),
    }


@pytest.mark.parametrize("jobs", [-1, 0, 1025, -(2**70), 2**70])
def test_jobs_out_of_range_is_a_value_error(jobs, tmp_path):
    out = tmp_path / "c"
    with pytest.raises(ValueError, match=rf"^jobs must be a positive integer, at most 1024 .*, not {jobs}; "):
        grundy.census("octal:1", to=100, out=str(out), jobs=jobs)
    assert not out.exists(), "nothing is written before the arguments are checked"


@pytest.mark.parametrize("jobs", [2.0, "2", True, [2]])
def test_jobs_not_an_int_is_a_type_error(jobs):
    with pytest.raises(TypeError, match=r"^jobs must be an int, the codes run at a time, not "):
        grundy.census("octal:1", to=100, jobs=jobs)


def test_jobs_takes_python_and_numpy_ints():
    one = grundy.census("octal:1", to=100, jobs=1)
    two = grundy.census("octal:1", to=100, jobs=np.int64(2))
    strip = lambda rows: json.dumps([{k: v for k, v in r.items() if k != "seconds"} for r in rows])
    assert strip(one) == strip(two)


# The other True-or-False keywords, each with one cheap call.
FLAG_CALLS = {
    "stats": lambda f: grundy.value("nim(3)", stats=f),
    "full": lambda f: grundy.reproduce(full=f, only="002-ex1"),
    "log_x": lambda f: grundy.plot("nim", 10, log_x=f),
    "log_y": lambda f: grundy.plot("nim", 10, log_y=f),
}


@pytest.mark.parametrize("name", sorted(FLAG_CALLS))
@pytest.mark.parametrize("bad", ["yes", "no", 1, None])
def test_flags_are_bools_or_a_type_error(name, bad):
    with pytest.raises(TypeError, match=rf"^{name} must be True or False, not "):
        FLAG_CALLS[name](bad)


# One cheap call of every public function for each of its int arguments (counts, heaps,
# bounds): (function, argument) -> a call taking that argument's value.
INT_CALLS = {
    ("value", "bound"): lambda v: grundy.value("nim(3)", bound=v),
    ("value", "graph_bound"): lambda v: grundy.value("nim(3)", graph_bound=v),
    ("outcome", "bound"): lambda v: grundy.outcome("nim(3)", bound=v),
    ("outcome", "graph_bound"): lambda v: grundy.outcome("nim(3)", graph_bound=v),
    ("moves", "bound"): lambda v: grundy.moves("nim(3)", bound=v),
    ("moves", "graph_bound"): lambda v: grundy.moves("nim(3)", graph_bound=v),
    ("seq", "to"): lambda v: grundy.seq("nim", v),
    ("seq", "start"): lambda v: grundy.seq("nim", 10, v),
    ("seq", "bound"): lambda v: grundy.seq("nim", 10, bound=v),
    ("seq", "graph_bound"): lambda v: grundy.seq("nim", 10, graph_bound=v),
    ("period", "to"): lambda v: grundy.period("subtraction[1,2]", v),
    ("period", "start"): lambda v: grundy.period("subtraction[1,2]", 50, start=v),
    ("quotient", "to"): lambda v: grundy.quotient("0.75", v),
    ("graph", "graph_bound"): lambda v: grundy.graph({"a": ["b"], "b": []}, graph_bound=v),
    ("plot", "to"): lambda v: grundy.plot("nim", v),
    ("plot", "start"): lambda v: grundy.plot("nim", 10, start=v),
    ("plot", "mark"): lambda v: grundy.plot("nim", 10, mark=v),
    ("plot", "width"): lambda v: grundy.plot("nim", 10, width=v),
    ("plot", "height"): lambda v: grundy.plot("nim", 10, height=v),
    ("table", "rows"): lambda v: grundy.table("min", v, 3),
    ("table", "cols"): lambda v: grundy.table("min", 3, v),
    ("table", "row_start"): lambda v: grundy.table("min", 3, 3, row_start=v),
    ("table", "col_start"): lambda v: grundy.table("min", 3, 3, col_start=v),
    ("verify", "to"): lambda v: grundy.verify("nim", v),
    ("verify", "arity"): lambda v: grundy.verify("nim", 10, arity=v),
    ("census", "to"): lambda v: grundy.census("octal:1", to=v),
    ("census", "max_work"): lambda v: grundy.census("octal:1", to=8, max_work=v),
    ("census", "jobs"): lambda v: grundy.census("octal:1", to=8, jobs=v),
    ("census", "retries"): lambda v: grundy.census("octal:1", to=8, retries=v),
    ("HeapRuleset", "start"): lambda v: grundy.HeapRuleset("py-int-check", lambda n: range(n), start=v),
    ("HeapRuleset()", "a heap"): lambda v: grundy.HeapRuleset("py-int-check2", lambda n: range(n))(3, v),
}


def _int_arguments():
    found = set()
    for name in grundy.__all__:
        obj = getattr(grundy, name)
        if callable(obj) and not inspect.isclass(obj):
            for p in inspect.signature(obj).parameters.values():
                if str(p.annotation) in ("int", "Optional[int]"):
                    found.add((name, p.name))
    return found


def test_every_int_argument_is_checked_here():
    assert _int_arguments() == {k for k in INT_CALLS if not k[0].startswith("HeapRuleset")}


@pytest.mark.parametrize("key", sorted(INT_CALLS))
def test_a_negative_int_argument_is_a_value_error_naming_it(key):
    with pytest.raises(ValueError, match=rf"^{key[1]} must be a (non-negative|positive) int"):
        INT_CALLS[key](-1)


@pytest.mark.parametrize("key", sorted(INT_CALLS))
def test_an_int_argument_too_large_is_an_error_naming_it(key):
    # 2**64 does not fit the engine (a picture's sides: 2**32); jobs stops at 1024.
    with pytest.raises((OverflowError, ValueError), match=rf"^{key[1]} must be "):
        INT_CALLS[key](2**64)


@pytest.mark.parametrize("key", sorted(INT_CALLS))
def test_an_int_argument_given_a_float_is_a_type_error_naming_it(key):
    with pytest.raises(TypeError, match=rf"^{key[1]} must be an int"):
        INT_CALLS[key](1.5)


@pytest.mark.parametrize("key", sorted(INT_CALLS))
def test_an_int_argument_given_a_bool_is_a_type_error_naming_it(key):
    # True is an int to Python, but no count: seq("nim", True) read it as 1.
    with pytest.raises(TypeError, match=rf"^{key[1]} must be an int"):
        INT_CALLS[key](True)


def test_an_int_subclass_is_read_by_its_value_everywhere():
    class Odd(int):
        def __index__(self):
            return 3

    # An int is its value, whatever its __index__ says (operator.index reads 5 too):
    # HeapRuleset's heaps read 3 where seq read 5.
    assert list(grundy.seq("nim", Odd(5))) == [0, 1, 2, 3, 4, 5]
    assert grundy.HeapRuleset("py-int-check4", lambda n: range(n))(Odd(5)) == "py-int-check4(5)"
    assert grundy.HeapRuleset("py-int-check5", lambda n: range(n), start=Odd(1)).start == 1


def test_int_arguments_take_numpy_ints():
    assert list(grundy.seq("nim", np.int64(4), np.uint8(2))) == [2, 3, 4]
    assert grundy.HeapRuleset("py-int-check3", lambda n: range(n), start=np.int32(1))(np.int64(4)) == "py-int-check3(4)"
