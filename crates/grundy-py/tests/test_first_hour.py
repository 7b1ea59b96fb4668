"""The first hour in Python (issue 21): advice in Python's terms, limits from Python
(keyword arguments and ``grundy.set_limits``), the tqdm warning, ``plot``'s repr,
docstrings from the stubs, ``__version__``, ``table``, ``verify`` and ``Moves.stay``."""

import ast
import importlib.metadata
import inspect
import os
import re
import subprocess
import sys
import warnings
from pathlib import Path

import numpy as np
import pytest

import grundy

STUBS = Path(grundy.__file__).with_name("__init__.pyi")


@pytest.fixture(autouse=True)
def session_limits_restored():
    """Every test starts and ends with the environment's or the default limits."""
    grundy.set_limits(memory_limit=None, max_work=None)
    yield
    grundy.set_limits(memory_limit=None, max_work=None)


# ---------------------------------------------------------------- advice and limits


def test_advice_names_the_keyword_arguments_not_the_cli_options():
    with pytest.raises(ValueError, match='use method="search"') as e:
        grundy.value("min(3,4)", method="formula")
    assert "--method" not in str(e.value)
    note = grundy.value("aliquot-sum(276)").note
    assert "(bound=)" in note and "--bound" not in note
    with pytest.raises(ValueError, match=r"\(graph_bound=\)"):
        grundy.graph({"a": ["b"], "b": ["a", "c"], "c": []}, graph_bound=1)


def test_a_refusal_says_how_to_raise_the_limit_from_python():
    # 182 TiB: above the default limit on any machine, and a limit can be raised.
    with pytest.raises(grundy.ResourceError) as e:
        grundy.value("min(10**7,10**7)")
    msg = str(e.value)
    assert "--memory-limit" not in msg
    assert 'memory_limit="' in msg and "grundy.set_limits(memory_limit=" in msg, msg
    # A table past 2^32 heaps is refused whatever the limit: no limit is advised, and
    # the closed form's gap is named (saliquant's even heaps).
    with pytest.raises(grundy.ResourceError) as e:
        grundy.seq("saliquant", 10**13)
    msg = str(e.value)
    assert "whatever the memory limit" in msg and "memory_limit" not in msg, msg
    assert "no closed form gives heap 2 either" in msg, msg


def test_memory_limit_argument_and_its_suggestion():
    with pytest.raises(grundy.ResourceError) as e:
        grundy.seq("saliquant", 10**6, memory_limit="1M")
    msg = str(e.value)
    assert 'set by memory_limit="1M"' in msg, msg
    # The value the message suggests allows the computation.
    suggested = re.search(r'a memory_limit=("\w+") argument would allow it', msg)
    assert suggested, msg
    a = grundy.seq("saliquant", 10**6, memory_limit=suggested.group(1).strip('"'))
    assert a.shape == (10**6 + 1,)
    assert (a == grundy.seq("saliquant", 10**6)).all()


def test_max_work_argument_and_set_limits():
    with pytest.raises(grundy.ResourceError, match=r"set by max_work=1000\b"):
        grundy.value("min(300,301)", method="search", max_work=1000)
    grundy.set_limits(max_work=1000)
    assert grundy.limits()["max_work"] == 1000
    assert grundy.limits()["max_work_source"] == "grundy.set_limits(max_work=1000)"
    with pytest.raises(grundy.ResourceError, match=r"set by grundy.set_limits\(max_work=1000\)"):
        grundy.value("min(300,301)", method="search")
    with pytest.raises(grundy.ResourceError):
        grundy.period("kayles", 10**5)
    # The argument overrides the session's limit; set_limits(None) restores the default.
    expected = grundy.value("min(300,301)", method="search", max_work="1e9")
    grundy.set_limits(max_work=None)
    assert grundy.limits()["max_work_source"] != "grundy.set_limits(max_work=1000)"
    assert grundy.value("min(300,301)", method="search") == expected


def test_set_limits_keeps_what_is_left_out_and_refuses_bad_values_whole():
    grundy.set_limits(memory_limit="2G")
    grundy.set_limits(max_work=10**9)
    lim = grundy.limits()
    assert (lim["memory_limit"], lim["max_work"]) == (2 << 30, 10**9)
    with pytest.raises(ValueError, match="max_work"):
        grundy.set_limits(memory_limit="4G", max_work="lots")
    assert grundy.limits()["memory_limit"] == 2 << 30  # unchanged
    # A bool is no limit (a TypeError, as for a count); a float or a list neither.
    with pytest.raises(TypeError, match="memory_limit must be an int or a string"):
        grundy.value("nim(3)", memory_limit=True)
    with pytest.raises(TypeError, match="max_work must be an int or a string"):
        grundy.set_limits(max_work=True)
    with pytest.raises(TypeError, match="max_work"):
        grundy.value("nim(3)", max_work=1.5)
    with pytest.raises(ValueError, match="max_work"):
        grundy.value("nim(3)", max_work=-1)
    with pytest.raises(ValueError, match="memory_limit"):
        grundy.value("nim(3)", memory_limit="2 gigabytes")
    # An int too large for a limit is an OverflowError, as a count argument's is.
    with pytest.raises(OverflowError, match="max_work must be below 2\\*\\*64"):
        grundy.value("nim(3)", max_work=10**30)
    with pytest.raises(OverflowError, match="memory_limit must be below 2\\*\\*64"):
        grundy.set_limits(memory_limit=10**30)


def _with_env(code: str, **env: str) -> str:
    """The output of ``code`` run in a fresh interpreter with these variables."""
    full = {k: v for k, v in os.environ.items() if not k.startswith("GRUNDY_")}
    full.update(env)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=full, timeout=120)
    assert out.returncode == 0, out.stderr
    return out.stdout


def test_the_environment_sets_limits_read_as_the_cli_reads_them():
    code = """
import grundy
print(grundy.limits()["max_work"], grundy.limits()["max_work_source"])
try:
    grundy.value("min(300,301)", method="search")
except grundy.ResourceError as e:
    print("refused:", e)
"""
    # 10^3 is a count for the command line (the library's own reading took it for no value).
    out = _with_env(code, GRUNDY_MAX_WORK="10^3").splitlines()
    assert out[0] == "1000 GRUNDY_MAX_WORK=10^3", out
    assert out[1].startswith("refused:") and "set by GRUNDY_MAX_WORK=10^3; raise it" in out[1], out
    # A bad value is an error naming the variable, not a silent default.
    bad = """
import grundy
for f in (grundy.limits, lambda: grundy.value("nim(3)")):
    try:
        f()
    except ValueError as e:
        print(e)
"""
    assert _with_env(bad, GRUNDY_MEMORY_LIMIT="lots").splitlines() == [
        "GRUNDY_MEMORY_LIMIT: 'lots' is not a size such as \"2G\" or \"512M\""
    ] * 2
    assert "GRUNDY_MAX_STATES: 'x' is not a count" in _with_env(bad, GRUNDY_MAX_STATES="x")


def test_progress_without_tqdm_warns_once(monkeypatch):
    monkeypatch.setitem(sys.modules, "tqdm", None)
    monkeypatch.setitem(sys.modules, "tqdm.auto", None)
    monkeypatch.setattr(grundy, "_warned_no_tqdm", False)
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        assert grundy.seq("nim", 10, progress=True).shape == (11,)
        assert grundy.value("nim(3)", progress=True) == 3
    assert len(seen) == 1, [str(w.message) for w in seen]
    assert "tqdm" in str(seen[0].message)
    assert seen[0].filename == __file__  # points at the caller


# ---------------------------------------------------------------- plot, docs, version


def test_plot_shows_a_short_repr_and_saves_atomically(tmp_path):
    p = grundy.plot("nim", 100, width=400, height=300)
    assert p.size == (400, 300)
    assert repr(p) == f"<grundy.Png 400×300, {len(p)} bytes>" and str(p) == repr(p)
    assert p._repr_png_() == bytes(p)
    out = tmp_path / "nim.png"
    p.save(out)
    assert out.read_bytes() == bytes(p)
    assert [f.name for f in tmp_path.iterdir()] == ["nim.png"]
    umask = os.umask(0)
    os.umask(umask)
    assert out.stat().st_mode & 0o777 == 0o666 & ~umask  # as a new file, not mkstemp's 0600
    p.save(str(out))  # over the old file, from a str
    assert out.read_bytes() == bytes(p) and len(list(tmp_path.iterdir())) == 1


def _stub_docs():
    tree = ast.parse(STUBS.read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            yield node.name, node, ast.get_docstring(node)


def test_runtime_docstrings_are_the_stubs():
    assert grundy.__doc__ == ast.get_docstring(ast.parse(STUBS.read_text(encoding="utf-8")))
    checked = 0
    for name, node, doc in _stub_docs():
        obj = getattr(grundy, name)
        if getattr(obj, "__module__", None) != "grundy" or not doc:
            continue
        assert inspect.getdoc(obj) == doc, name
        checked += 1
        for member in getattr(node, "body", []):
            if not isinstance(member, ast.FunctionDef):
                continue
            mdoc = ast.get_docstring(member)
            attr = inspect.getattr_static(obj, member.name, None)
            # Members written in Python; a native slot (HeapRuleset.__call__) keeps its own.
            if mdoc and (inspect.isfunction(attr) or isinstance(attr, property)):
                assert inspect.getdoc(attr) == mdoc, f"{name}.{member.name}"
    assert checked >= 15
    assert "uint32" in grundy.seq.__doc__ and "memory_limit" in grundy.set_limits.__doc__


def test_every_public_name_is_documented_in_the_stubs():
    documented = {name for name, _, doc in _stub_docs() if doc}
    assert set(grundy.__all__) - {"HeapRuleset", "ResourceError"} <= documented


def test_version():
    assert grundy.__version__ == importlib.metadata.version("grundy")


# ---------------------------------------------------------------- table, verify, stay


def test_table_is_the_grid_of_values():
    t = grundy.table("min", rows=5, cols=6, row_start=3, col_start=2)
    assert t.shape == (5, 6) and t.dtype == np.uint32 and not isinstance(t, np.ma.MaskedArray)
    for i in range(5):
        for j in range(6):
            assert t[i, j] == grundy.value(f"min({3 + i},{2 + j})"), (i, j)
    w = grundy.table("wythoff", 4, 4)
    assert list(w[0]) == [0, 1, 2, 3] and w[1, 2] == 0 and w[2, 1] == 0 and w[3, 3] == 6


def test_table_masks_what_is_not_a_position():
    t = grundy.table("vdn", 3, 3)
    assert isinstance(t, np.ma.MaskedArray)
    assert t.mask[0].all() and t.mask[:, 0].all() and not t.mask[1:, 1:].any()
    assert t[1, 2] == grundy.value("vdn(1,2)")


def test_table_errors():
    with pytest.raises(ValueError, match="heap ruleset.*grundy.seq"):
        grundy.table("nim", 3, 3)
    # A board or graph game is not called a heap ruleset.
    for name in ["cram", "node-kayles-grid", "green-hackenbush"]:
        with pytest.raises(ValueError, match=f"^{name} has boards or graphs as positions, not pairs;.*grundy.value"):
            grundy.table(name, 3, 3)
    with pytest.raises(ValueError, match="at least 1"):
        grundy.table("min", 0, 3)
    with pytest.raises(ValueError, match="2\\^64"):
        grundy.table("min", 2, 2, row_start=2**64 - 1)
    with pytest.raises(grundy.ResourceError):
        grundy.table("min", 10**6, 10**6)


def test_verify_closed_forms_and_claims():
    rows = grundy.verify("cdn", 6)
    assert [r["range"] for r in rows] == [f"all {k}-tuples with entries 0..=6" for k in (1, 2, 3)]
    assert all(r["mismatch"] is None and r["violations"] == 0 and r["checked"] > 0 for r in rows)
    assert "Theorem" in rows[0]["statement"]
    assert len(grundy.verify("cdn", 6, arity=2)) == 1
    claims = grundy.verify("min", 40)
    assert claims and all(c["holds"] and c["failure"] is None for c in claims)
    assert {"claim", "source", "range", "checked", "holds", "failure"} == set(claims[0])
    with pytest.raises(ValueError, match="at least 1"):
        grundy.verify("min", 0)
    with pytest.raises(ValueError, match=r'no closed form .* nothing to verify; grundy.seq\("kayles", n\)') as e:
        grundy.verify("kayles", 10)
    assert "method=" not in str(e.value)


def test_moves_names_the_heap_that_moves_to_itself():
    m = grundy.moves("partial-aliquot-sum(6) + nim(1)", all=True)
    assert m.stay == "partial-aliquot-sum(6)"
    assert any(p == m.position for p, _ in m.options)
    assert "moves to itself" in m._repr_html_()
    assert grundy.moves("nim(3,5,7)", all=True).stay is None


def test_arguments_of_the_wrong_type_are_named_in_python_terms():
    # A hostile check: the binding named Rust's types ('PyString', 'PyBool').
    with pytest.raises(TypeError, match="expr must be a str.*not int"):
        grundy.value(5)
    with pytest.raises(TypeError, match="expr must be a str"):
        grundy.outcome(b"nim(3)")
    with pytest.raises(TypeError, match="all must be True or False"):
        grundy.moves("nim(3)", all="yes")
    with pytest.raises(TypeError, match="loopy must be True or False, not 'yes'"):
        grundy.HeapRuleset("flag-check", lambda n: [], loopy="yes")
    with pytest.raises(ValueError, match="a game needs a name"):
        grundy.Game(" ", lambda p: [])
    # What a proof's own search would not use is refused, not dropped.
    with pytest.raises(ValueError, match="does not use period="):
        grundy.value("cram(3,4)", save_proof="unused.proof.gz", period="/nonexistent")
