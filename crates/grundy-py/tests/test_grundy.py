"""Tests of the Python package: every function, each error class, Python-defined rulesets
against the built-in rulesets they imitate, Ctrl-C, dtypes and shapes.

Known values come from the workspace README and docs/cli.md (the CLI's own examples)."""

import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import numpy as np
import pytest

import grundy
from grundy import _grundy

ROOT = Path(__file__).resolve().parents[3]


# ---------------------------------------------------------------- values and moves


def test_value_finite_and_methods():
    # README: G(6239, 6240) = 36, and 36 ⊕ 3 = 39.
    assert grundy.value("min(6239,6240) + nim(3)") == 39
    assert grundy.value("min(6239,6240)", method="search") == 36
    assert grundy.value("nim(3,5,6)") == 0
    assert isinstance(grundy.value("nim(3,5,7)"), int)
    for m in ("auto", "formula", "search"):
        assert grundy.value("dividing(18) + dividing(7)", method=m) == 2


def test_value_big_is_exact_int():
    v = grundy.value("nim(18446744073709551615) + nim(1)")
    assert v == 18446744073709551614 and isinstance(v, int)


def test_loopy_values():
    v = grundy.value("partial-aliquot-sum(6) + partial-aliquot-sum(9)")
    assert isinstance(v, grundy.LoopyValue)
    assert str(v) == "∞(1,2,3)"
    assert v.infinite and v.finite is None and v.options_values == (1, 2, 3)
    assert v.outcome == "D"
    assert grundy.outcome("partial-aliquot-sum(6) + partial-aliquot-sum(9)") == "D"
    # Undetermined within the bound: "?" with a note naming the bound.
    u = grundy.value("aliquot-sum(276)")
    assert str(u) == "?" and u.undetermined and "heap bound" in u.note
    assert grundy.outcome("aliquot-sum(276)") == "?"
    # A smaller heap bound makes a determined value undetermined.
    assert grundy.value("aliquot-sum(12)") == 1 or isinstance(grundy.value("aliquot-sum(12)"), int)
    assert grundy.value("aliquot-sum(12)", bound=15).undetermined


def test_outcome():
    assert grundy.outcome("nim(3,5,6)") == "P"
    assert grundy.outcome("nim(3,5,7)") == "N"


def test_textbook_games():
    # Registry rulesets reach Python as they are: Wythoff's P-position (3,5), its values
    # by search (OEIS A047708: G(4,4) = 7), Euclid, Chomp, the coin-turning games.
    assert grundy.value("wythoff(3,5)") == 0
    assert grundy.value("wythoff(4,4)") == 7
    assert grundy.value("euclid-grossman(3,7)") == 1
    assert grundy.value("chomp(2,1)") == 0 and grundy.outcome("chomp(3,3,3)") == "N"
    assert grundy.value("ruler(2,5,6)") == 1 and grundy.value("mock-turtles(0,3,5)") == 13
    assert grundy.value("moore[1](3,5,6)") == 0
    assert grundy.moves("wythoff(9,14)").winning == [("wythoff(8,13)", 0)]
    with pytest.raises(ValueError, match="written twice"):
        grundy.value("ruler(3,3)")


def test_outcome_without_the_value():
    # Wythoff's theorem gives the outcome at any size; the value is searched only where
    # the search fits the limits, else it is "?" with the outcome known.
    big = "wythoff(1000000000000000000,2000000000000000000)"
    v = grundy.value(big)
    assert isinstance(v, grundy.LoopyValue) and str(v) == "?" and v.undetermined
    assert v.outcome == "N" and v.known_outcome == "N" and "search was refused" in v.note
    assert grundy.outcome(big) == "N"
    assert grundy.value("wythoff(1618033988749894848,2618033988749894848)") == 0
    f = grundy.value("wythoff(4,5)", method="formula")
    assert f.outcome == "N" and str(f) == "?"
    assert grundy.moves("wythoff(1000000,1000003)").winning == [("wythoff(4,7)", 0)]
    with pytest.raises(grundy.ResourceError):
        grundy.value(big, method="search")


def test_moves():
    m = grundy.moves("nim(3,5,7)")
    assert m.value == 1 and m.outcome == "N"
    assert m.winning == [("nim(2,5,7)", 0), ("nim(3,4,7)", 0), ("nim(3,5,6)", 0)]
    assert m.options is None and m.drawing == [] and m.winning_count == 3
    a = grundy.moves("nim(1,2)", all=True)
    assert a.options == [("nim(0,2)", 2), ("nim(1,0)", 1), ("nim(1,1)", 0)] or len(a.options) == 3
    assert sorted(v for _, v in a.options) == [0, 1, 2]
    assert a.options_count == 3
    assert "<table>" in m._repr_html_() and "nim(2,5,7)" in m._repr_html_()


def test_moves_loopy_and_powerset_counts():
    d = grundy.moves("partial-aliquot-sum(6) + partial-aliquot-sum(9)")
    assert d.outcome == "D" and d.winning == []
    assert len(d.drawing) == 1
    pos, v = d.drawing[0]
    assert isinstance(v, grundy.LoopyValue) and v.outcome == "D"
    w = grundy.moves("partial-aliquot-sum(6) + partial-aliquot-sum(7)")
    assert [p for p, _ in w.winning] == [
        "partial-aliquot-sum(2) + partial-aliquot-sum(7)",
        "partial-aliquot-sum(3) + partial-aliquot-sum(7)",
        "partial-aliquot-sum(5) + partial-aliquot-sum(7)",
    ]
    # docs/cli.md: 1000 winning moves listed of 8388607.
    p = grundy.moves("powerset-maliquot(720)")
    assert len(p.winning) == 1000 and p.winning_count == 8388607


def test_values_and_counts_beyond_python_decimal_text_limit():
    # Issue 18: a value of more than 4300 decimal digits went through int(str) and
    # raised Python's ValueError; values and counts now come from bytes, and Moves
    # prints them as 2**k (or the bit length) instead of failing.
    m = grundy.moves("powerset-maliquant(805852,386)")
    assert isinstance(m.value, int) and m.value.bit_length() > 100_000
    assert m.winning_count == 2**402915 and len(m.winning) == 1000
    assert "winning_count=2**402915" in repr(m) and f"<an int of {m.value.bit_length()} bits>" in repr(m)
    assert "(of 2**402915)" in m._repr_html_()
    v = grundy.value("powerset-maliquant(805852)")
    assert v > 0 and v & (v - 1) == 0 and v.bit_length() > 14_000
    assert str(grundy.LoopyValue(finite=v, infinite=False)) == f"2**{v.bit_length() - 1}"


def test_invalid_limits_in_the_environment_are_value_errors(monkeypatch):
    # As in the CLI: an invalid GRUNDY_MEMORY_LIMIT or GRUNDY_MAX_WORK is an error
    # naming it, not silently the default.
    for var, text in [("GRUNDY_MEMORY_LIMIT", "lots"), ("GRUNDY_MAX_WORK", "-3"), ("GRUNDY_MAX_STATES", "1.5")]:
        monkeypatch.setenv(var, text)
        with pytest.raises(ValueError, match=f"^{var}: '{text}' is not a"):
            grundy.value("nim(1)")
        monkeypatch.delenv(var)
    # Counts are read exactly, in every form the CLI takes (10^3 was read as a float
    # and ignored, leaving the default limit).
    monkeypatch.setenv("GRUNDY_MAX_WORK", "10^3")
    with pytest.raises(grundy.ResourceError, match="the work limit is 1000"):
        grundy.seq("subtraction[1,2,3]", 10**6)


# ---------------------------------------------------------------- sequences


def test_seq_dtype_shape_and_start():
    a = grundy.seq("subtraction[1,2]", 20)
    assert isinstance(a, np.ndarray) and a.dtype == np.uint32 and a.shape == (21,)
    assert a.tolist() == [n % 3 for n in range(21)]
    b = grundy.seq("subtraction[1,2]", 20, start=5)
    assert b.shape == (16,) and b.tolist() == [n % 3 for n in range(5, 21)]
    # The first heap is the default start (maliquot starts at 1).
    c = grundy.seq("maliquot", 10)
    assert c.shape == (10,)
    # formula and search agree where the closed form is proven.
    s = grundy.seq("dividing", 2000)
    f = grundy.seq("dividing", 2000, method="formula")
    assert f.dtype == np.uint32 and np.array_equal(s, f)


def test_seq_powerset_dtypes():
    # Values grow as powers of two: uint32, then uint64, then Python ints.
    small = grundy.seq("powerset-saliquant", 40)
    assert small.dtype == np.uint32
    mid = grundy.seq("powerset-saliquant", 70)
    assert mid.dtype == np.uint64 and int(mid.max()) >= 2**32
    big = grundy.seq("powerset-saliquant", 200)
    # Heaps start at 1: heaps 1..=200.
    assert big.dtype == object and big.shape == (200,) and max(big) >= 2**64
    assert all(isinstance(x, int) for x in big)
    # The three agree on their common heaps.
    assert [int(x) for x in mid[:40]] == small.tolist()
    assert [int(x) for x in big[:70]] == [int(x) for x in mid]
    # Each value is 0 or a power of two (powerset rulesets).
    assert all(x == 0 or x & (x - 1) == 0 for x in big)


def test_seq_python_ints_are_checked_against_the_memory_limit(monkeypatch):
    # Issue 18: powerset values of about n/2 bits became Python ints without an
    # estimate (about n²/30 bytes to heap n); now refused before any is built.
    assert grundy.seq("powerset-maliquant", 20_000).dtype == object
    monkeypatch.setenv("GRUNDY_MEMORY_LIMIT", "8M")
    for method in ["search", "formula"]:
        with pytest.raises(grundy.ResourceError, match="converting the values of powerset-maliquant from heap 1 to Python ints needs an estimated 9.3 MiB"):
            grundy.seq("powerset-maliquant", 20_000, method=method)
    assert grundy.seq("powerset-maliquant", 2_000).dtype == object


def test_seq_loopy_encoding():
    s = grundy.seq("partial-aliquot-sum", 9)
    assert isinstance(s, grundy.LoopySequence) and s.start == 1 and len(s) == 9
    # README: 0,1,1,2,1,∞(0,1,2),1,∞(0,1,2),3
    assert [str(v) for v in s] == ["0", "1", "1", "2", "1", "∞(0,1,2)", "1", "∞(0,1,2)", "3"]
    assert s.codes.dtype == np.int64 and s.codes.tolist() == [0, 1, 1, 2, 1, -1, 1, -1, 3]
    assert np.asarray(s).tolist() == s.codes.tolist()
    assert s.note is None
    u = grundy.seq("aliquot-sum", 300, start=270)
    assert -2 in u.codes.tolist() and u.note and "undetermined" in u.note
    assert u[u.codes.tolist().index(-2)].undetermined


def test_seq_codes_and_subtraction_sets_as_names():
    # Take-and-break codes and subtraction sets wherever a name is accepted.
    k = grundy.seq("0.77", 100)
    assert np.array_equal(k, grundy.seq("kayles", 100))
    assert grundy.value("0.77(5) + .6(5)") == grundy.value("kayles(5) + officers(5)")
    assert grundy.period("subtraction[2,8,9]", 300).period == 11


# ---------------------------------------------------------------- analysis


def test_period():
    p = grundy.period("subtraction[2,8,9]", 300)
    assert (p.period, p.preperiod, p.saltus, p.proven) == (11, 21, 0, True)
    assert p.status == "proven" and p.certificate["period"] == 11
    k = grundy.period("kayles", 100000)
    assert (k.period, k.preperiod, k.proven) == (12, 71, True)
    assert k.to < 2000  # stops once proven
    assert "Guy" in k.certificate["theorem"]
    n = grundy.period("nim", 100)
    assert n.saltus == 1 and n.period == 1 and not n.proven and n.status == "apparent"
    assert "<table>" in k._repr_html_()


def test_a_proven_period_answers_every_heap(tmp_path):
    # Kayles has Periodicity(12, 71, 0): G(10^18) = G(80) = 1.
    assert grundy.value("kayles(10**18)") == grundy.value("kayles(80)") == 1
    assert grundy.value("dawsons-kayles(10**12) + kayles(10**15)") == 5
    m = grundy.moves("kayles(10**18) + kayles(5)")
    assert m.value == 5 and m.source.startswith("kayles: by the proven period (12, 71, 0), Guy–Smith")
    assert grundy.moves("kayles(5)").source is None
    far = grundy.seq("kayles", 10**15 + 20, start=10**15)
    assert far.dtype == np.uint32 and far.shape == (21,)
    near = grundy.seq("kayles", 1000, method="search")
    assert far.tolist() == [int(near[71 + (n - 71) % 12]) for n in range(10**15, 10**15 + 21)]
    # Search forces the table, refused by its estimate.
    with pytest.raises(grundy.ResourceError):
        grundy.value("kayles(10**18)", method="search")
    # A certificate as `grundy period --save` writes it, loaded with period=.
    p = grundy.period("subtraction[2,8,9]", 300)
    values = grundy.seq("subtraction[2,8,9]", p.certificate["proof_end"], method="search")
    cert = dict(p.certificate, agreement=list(p.certificate["agreement"]))
    path = tmp_path / "s289.json"
    path.write_text(json.dumps({"certificate": cert, "values": [str(int(v)) for v in values]}))
    assert grundy.value("subtraction[2,8,9](10**15)", period=path) == 0
    assert grundy.seq("subtraction[2,8,9]", 10**15, start=10**15, period=str(path)).tolist() == [0]
    cert["period"] = 22
    path.write_text(json.dumps({"certificate": cert, "values": [str(int(v)) for v in values]}))
    with pytest.raises(ValueError, match="certificate rejected"):
        grundy.value("subtraction[2,8,9](5)", period=path)


def test_period_of_64_and_more_in_a_table_of_whole_periods():
    # G(n) = n mod 64 and n mod 71; the tables hold five and six whole periods.
    for k, to in [(63, 319), (70, 354), (70, 425)]:
        p = grundy.period("subtraction[%s]" % ",".join(map(str, range(1, k + 1))), to)
        assert (p.period, p.preperiod, p.saltus, p.proven) == (k + 1, 0, 0, True)


def test_rulesets():
    rs = grundy.rulesets()
    names = [r["name"] for r in rs]
    assert "nim" in names and "saliquant" in names and "take-and-break" in names
    sal = rs[names.index("saliquant")]
    assert set(sal) >= {"name", "positions", "options", "source", "formula"}
    assert "Theorem 4" in sal["formula"]
    assert rs[names.index("subtraction")]["params"]


def test_graph_dict_and_file():
    g = grundy.graph({"a": ["b"], "b": []})
    assert g == {"a": (1, "N"), "b": (0, "P")}
    c = grundy.graph(ROOT / "examples" / "graphs" / "cycle.json")
    assert [(k, str(v), o) for k, (v, o) in c.items()] == [
        ("a", "0", "P"),
        ("b", "1", "N"),
        ("c", "∞()", "D"),
        ("d", "∞()", "D"),
        ("end", "0", "P"),
    ]
    t = grundy.graph(str(ROOT / "examples" / "graphs" / "partial-aliquot-sum.txt"))
    assert len(t) > 5
    with pytest.raises(ValueError, match="not a vertex|not defined|unknown"):
        grundy.graph({"a": ["zz"]})


def test_graph_dicts_keep_their_keys():
    # A hostile check: keys were passed through str(), so 1 and "1" became one vertex
    # (an edge lost, a wrong value) and int keys came back as strings.
    assert grundy.graph({1: [2], 2: []}) == {1: (1, "N"), 2: (0, "P")}
    assert grundy.graph({(1, 2): [], 3: [(1, 2)]}) == {(1, 2): (0, "P"), 3: (1, "N")}
    with pytest.raises(ValueError, match="the same name '1'"):
        grundy.graph({1: ["2"], "1": [], "2": []})
    with pytest.raises(ValueError, match="no vertex"):
        grundy.graph({})
    with pytest.raises(ValueError, match="follower 'zz' of vertex 'a' is not a vertex"):
        grundy.graph({"a": ["zz"]})
    # Each stage of the labelling visits every vertex and edge: checked against max_work.
    chain = {i: [i + 1] for i in range(1000)}
    chain[1000] = []
    with pytest.raises(grundy.ResourceError, match="work limit is 10"):
        grundy.graph(chain, max_work=10)
    assert grundy.graph(chain, max_work=10**4)[0] == (0, "P")


def test_reproduce():
    r = grundy.reproduce(only="002-ex1")
    assert isinstance(r, list) and len(r) == 1
    c = r[0]
    assert list(c) == ["id", "paper", "source", "claim", "computed", "range", "verdict", "seconds"]
    assert c["id"] == "002-ex1" and c["verdict"] == {"status": "holds"}
    assert r.summary() == {"holds": 1}
    assert "002-ex1" in r._repr_html_()
    # The MIN finding of paper 001 is reported as a disagreement, with both values.
    f = grundy.reproduce(only="001-sec1-6240")
    assert f and all(x["verdict"]["status"] in ("disagrees", "holds") for x in f)
    with pytest.raises(ValueError, match="no check id starts with"):
        grundy.reproduce(only="zzz")


def test_plot():
    p = grundy.plot("saliquant", 200)
    assert isinstance(p, bytes) and p[:8] == b"\x89PNG\r\n\x1a\n"
    assert p._repr_png_() == bytes(p)
    h = grundy.plot("min", 30, mark=1, width=400, height=300)
    assert h[:4] == b"\x89PNG"
    with pytest.raises(ValueError, match="loopy"):
        grundy.plot("aliquot-sum", 10)
    with pytest.raises(ValueError, match="too large for a heatmap"):
        grundy.plot("min", 5000)


def test_plot_and_table_speak_python():
    """Their messages name keyword arguments and functions, not the CLI's options, and a
    refusal says which argument set its limit."""
    cases = [
        (lambda: grundy.plot("min", 1000), r"^to=1000 is too large for a heatmap"),
        (lambda: grundy.plot("min", 10, 3), r"^start applies to scatter plots"),
        (lambda: grundy.plot("min", 10, log_x=True), r"^log_x and log_y apply"),
        (lambda: grundy.plot("kayles", 5, 10), r"^start=10 is larger than to=5$"),
        (lambda: grundy.plot("aliquot-sum", 10), r"use grundy\.seq\('aliquot-sum', N\)$"),
        (lambda: grundy.plot("cram", 10), r"use grundy\.value$"),
    ]
    for f, pattern in cases:
        with pytest.raises(ValueError, match=pattern) as e:
            f()
        assert "--" not in str(e.value) and "`" not in str(e.value)
    with pytest.raises(grundy.ResourceError, match=r"set by max_work=10;"):
        grundy.table("wythoff", 100, 100, max_work=10)
    with pytest.raises(grundy.ResourceError, match=r'set by memory_limit="1K";'):
        grundy.plot("kayles", 100, memory_limit="1K")
    with pytest.raises(grundy.ResourceError, match=r'set by memory_limit="200M";'):
        grundy.table("delete-nim", 3000, 3000, memory_limit="200M")


# ---------------------------------------------------------------- errors


def test_value_errors_carry_the_cli_messages():
    with pytest.raises(ValueError, match=r"syntax error at column \d+"):
        grundy.value("nim(3")
    with pytest.raises(ValueError, match="did you mean 'nim'"):
        grundy.value("nimm(3)")
    with pytest.raises(ValueError, match="exactly 2 arguments"):
        grundy.value("min(1,2,3)")
    with pytest.raises(ValueError, match="is not a position of vdn"):
        grundy.value("vdn(0,3)")
    with pytest.raises(ValueError, match="column"):
        grundy.seq("0.1;", 10)
    with pytest.raises(ValueError, match="column"):
        grundy.value("subtraction[1,,2](3)")
    with pytest.raises(ValueError, match="method"):
        grundy.value("nim(1)", method="magic")
    with pytest.raises(ValueError, match="no closed form"):
        grundy.value("min(3,4)", method="formula")
    with pytest.raises(ValueError, match="needs a heap ruleset"):
        grundy.seq("min", 10)
    with pytest.raises(ValueError, match="larger than"):
        grundy.seq("nim", 3, start=5)
    with pytest.raises(TypeError):
        grundy.seq(3, 10)


def test_resource_error():
    assert issubclass(grundy.ResourceError, MemoryError)
    with pytest.raises(grundy.ResourceError, match="memory limit"):
        grundy.seq("saliquant", 10**12)
    # Work refused by the work estimate: listing 10^12 options.
    with pytest.raises(grundy.ResourceError, match="options .*; the work limit"):
        grundy.moves("nim(1000000000000)", all=True)


def test_nothing_panics_across_the_boundary():
    # Heaps at the top of u64, an empty sum, huge loopy heaps: errors or values, never a crash.
    assert grundy.value("nim()") == 0
    with pytest.raises(ValueError):
        grundy.value("nim(18446744073709551616)")
    with pytest.raises((ValueError, grundy.ResourceError)):
        grundy.seq("nim", 2**40)


# ---------------------------------------------------------------- Python-defined rulesets


S = (1, 3, 4)


def test_python_subtraction_game_matches_the_builtin():
    sub = grundy.HeapRuleset("py-sub134", lambda n: [n - s for s in S if s <= n])
    assert repr(sub) == "HeapRuleset('py-sub134', start=0, loopy=False)"
    assert sub(3, 5) == "py-sub134(3,5)"
    a = grundy.seq(sub, 3000)
    b = grundy.seq("subtraction[1,3,4]", 3000)
    assert a.dtype == b.dtype == np.uint32 and np.array_equal(a, b)
    # By name, in sums with built-in rulesets, and its moves.
    assert np.array_equal(grundy.seq("py-sub134", 50), b[:51])
    for h in (7, 10, 23):
        assert grundy.value(f"py-sub134({h}) + nim(2)") == grundy.value(f"subtraction[1,3,4]({h}) + nim(2)")
    mp = grundy.moves(sub(23, 10) + " + nim(2)", all=True)
    mb = grundy.moves("subtraction[1,3,4](23,10) + nim(2)", all=True)
    assert [p.replace("py-sub134", "subtraction[1,3,4]") for p, _ in mp.winning] == [p for p, _ in mb.winning]
    assert [v for _, v in mp.options] == [v for _, v in mb.options]
    # Period: apparent only (no theorem is known for a Python function), same pattern.
    pp = grundy.period(sub, 3000)
    pb = grundy.period("subtraction[1,3,4]", 3000)
    assert (pp.period, pp.preperiod, pp.saltus) == (pb.period, pb.preperiod, pb.saltus) == (7, 0, 0)
    assert not pp.proven and pb.proven
    assert grundy.plot(sub, 100)[:4] == b"\x89PNG"


def test_python_take_and_break_matches_kayles():
    # Kayles: remove 1 or 2 adjacent pins, possibly splitting the row in two.
    def kayles(n):
        out = []
        for take in (1, 2):
            for left in range(0, n - take + 1):
                right = n - take - left
                if left <= right:
                    out.append((left, right))
        return out

    k = grundy.HeapRuleset("py-kayles", kayles)
    assert np.array_equal(grundy.seq(k, 300), grundy.seq("kayles", 300))
    assert grundy.value("py-kayles(10,7) + nim(1)") == grundy.value("kayles(10,7) + nim(1)")


def _partial_aliquot_sums(n):
    """The sums of the nonempty sets of proper divisors of n (paper 003 §7), by a bitset
    held in a Python int (heaps reached from small ones have up to millions of sums)."""
    small = [d for d in range(1, int(n**0.5) + 1) if n % d == 0]
    bits = 1  # bit s: some set of the divisors so far sums to s
    for d in sorted((set(small) | {n // d for d in small}) - {n}):
        bits |= bits << d
    raw = np.frombuffer(bits.to_bytes((bits.bit_length() + 7) // 8, "little"), dtype=np.uint8)
    return np.flatnonzero(np.unpackbits(raw, bitorder="little"))[1:]  # without the empty sum


def test_python_loopy_ruleset_matches_partial_aliquot_sum():
    r = grundy.HeapRuleset("py-pas", _partial_aliquot_sums, start=1, loopy=True)
    a = grundy.seq(r, 120)
    b = grundy.seq("partial-aliquot-sum", 120)
    assert isinstance(a, grundy.LoopySequence)
    assert [str(v) for v in a] == [str(v) for v in b]
    assert a.codes.tolist() == b.codes.tolist()
    v = grundy.value("py-pas(6) + py-pas(9)")
    assert str(v) == "∞(1,2,3)" and grundy.outcome("py-pas(6) + py-pas(9)") == "D"
    assert str(grundy.value("py-pas(28)")) == str(grundy.value("partial-aliquot-sum(28)"))
    m = grundy.moves("py-pas(6) + py-pas(7)")
    assert [p for p, _ in m.winning] == ["py-pas(2) + py-pas(7)", "py-pas(3) + py-pas(7)", "py-pas(5) + py-pas(7)"]
    # A heap bound leaves values undetermined, as for the built-in rulesets.
    assert grundy.value("py-pas(12)", bound=15).undetermined


def test_python_ruleset_errors_name_the_heap_and_compute_nothing():
    calls = []

    def boom(n):
        calls.append(n)
        if n == 5:
            raise ZeroDivisionError("bad heap")
        return [n - 1] if n else []

    r = grundy.HeapRuleset("py-boom", boom)
    with pytest.raises(ZeroDivisionError, match="bad heap") as e:
        grundy.seq(r, 100000)
    assert any("options(5)" in n and "py-boom" in n for n in getattr(e.value, "__notes__", []))
    assert max(calls) < 100000  # stopped early, no value returned
    for bad, what in ((-1, "-1"), ("x", "'x'"), (1.5, "1.5"), (None, "None")):
        r = grundy.HeapRuleset("py-bad", lambda n, bad=bad: [bad] if n == 3 else [])
        with pytest.raises(ValueError, match=rf"options\(3\) of ruleset 'py-bad' returned {what}"):
            grundy.seq(r, 10)
    grow = grundy.HeapRuleset("py-grow", lambda n: [n + 1] if n < 10 else [])
    with pytest.raises(ValueError, match="not smaller than .*loopy=True"):
        grundy.value("py-grow(4)")
    noniter = grundy.HeapRuleset("py-noniter", lambda n: 3)
    with pytest.raises(ValueError, match="not iterable"):
        grundy.seq(noniter, 5)
    # A str is iterable, letter by letter: named as a str (it was "returned 'a'").
    text = grundy.HeapRuleset("py-text", lambda n: "abc" if n == 2 else [])
    with pytest.raises(ValueError, match=r"^options\(2\) of ruleset 'py-text' returned a str, 'abc': return a list of options"):
        grundy.seq(text, 5)
    # bytes too, byte by byte (b'\x00' was read as the option 0, a hostile check).
    for kind, value in (("bytes", b"\x00"), ("bytearray", bytearray(b"\x00"))):
        raw = grundy.HeapRuleset("py-raw", lambda n, value=value: value if n == 2 else [])
        with pytest.raises(ValueError, match=rf"^options\(2\) of ruleset 'py-raw' returned a {kind}, "):
            grundy.seq(raw, 5)
    lp = grundy.HeapRuleset("py-loopy-tuple", lambda n: [(1, 2)], start=1, loopy=True)
    with pytest.raises(ValueError, match="single heaps"):
        grundy.value("py-loopy-tuple(3)")
    # An exception in a sum's component is raised too (not a wrong value).
    with pytest.raises(ZeroDivisionError):
        grundy.value("py-boom(7) + nim(1)")


def test_python_options_are_called_only_on_reachable_heaps():
    # value and moves call options on the heaps of the position and those they reach,
    # once each (no table of every heap below 64, no heap outside a partial domain).
    calls = []

    def halve(n):
        calls.append(n)
        if n > 1000:
            raise ValueError(f"options({n}): outside the domain")
        return [n // 2, n - 1] if n else []

    grundy.HeapRuleset("py-halve2", halve)
    v = grundy.value("py-halve2(3)")
    assert sorted(calls) == [1, 2, 3], calls  # heap 0 is the empty heap: never asked
    assert v == grundy.seq("py-halve2", 3)[3]
    calls.clear()
    v = grundy.value("py-halve2(1000) + nim(1)")
    assert len(calls) == len(set(calls)) == 1000, "each heap once"
    assert v == grundy.seq("py-halve2", 1000)[1000] ^ 1
    calls.clear()
    m = grundy.moves("py-halve2(3)", all=True)
    assert set(calls) == {1, 2, 3}
    assert [p for p, _ in m.options] == ["py-halve2(1)", "py-halve2(2)"]
    # seq from a heap above the first: only the range and what it reaches.
    calls.clear()
    a = grundy.seq("py-halve2", 1000, start=990)
    assert a.dtype == np.uint32 and a.shape == (11,)
    assert min(calls) == 1 and max(calls) == 1000 and len(calls) == len(set(calls))
    calls.clear()
    b = grundy.seq("py-halve2", 1000)
    assert np.array_equal(a, b[990:]) and sorted(calls) == list(range(0, 1001))  # heap 0 a position
    # A heap whose options jump far: seq of heaps 10^6..10^6+2 visits about 3·20 heaps.
    jumps = []
    grundy.HeapRuleset("py-jump", lambda n: (jumps.append(n), [n // 2] if n else [])[1])
    heaps = range(10**6, 10**6 + 3)
    # A chain n → n // 2 → … → 0 of bit_length(n) moves: G(n) is its parity.
    assert grundy.seq("py-jump", heaps[-1], start=heaps[0]).tolist() == [n.bit_length() % 2 for n in heaps]
    assert len(jumps) < 100, len(jumps)


def test_python_ruleset_asking_grundy_about_its_own_heaps():
    # options(n) calls grundy.value on smaller heaps of the same ruleset: this worked
    # only once value computed just the heaps it needs (a table to 64 asked options(63),
    # which asked value(…(62)), which built the table to 64 again, for ever).
    def opts(n):
        # The heaps below n whose value is not 1 (an arbitrary rule needing values).
        return [k for k in range(n) if grundy.value(f"py-self({k})") != 1]

    grundy.HeapRuleset("py-self", opts)
    got = [grundy.value(f"py-self({n})") for n in range(9)]
    # The same rule computed here directly.
    want = []
    for n in range(9):
        vals = {want[k] for k in range(n) if want[k] != 1}
        want.append(next(x for x in range(n + 2) if x not in vals))
    assert got == want
    assert grundy.moves("py-self(4)").value == want[4]


def test_an_endless_options_generator_stops_at_the_limits():
    # A function yielding options for ever: its listing stops at the work limit (a
    # table) or the memory limit (the search of one heap), where it read on before
    # (2.2 GB under memory_limit="100M", a hostile check).
    import itertools

    grundy.HeapRuleset("py-endless", lambda n: itertools.repeat(0) if n == 3 else range(n))
    with pytest.raises(grundy.ResourceError):
        grundy.seq("py-endless", 10, max_work=1000)
    with pytest.raises(grundy.ResourceError, match="more than .* options"):
        grundy.value("py-endless(5)", memory_limit="20M")
    # Each option read is work: under max_work= the reading of one heap's options stops
    # there (it read on to the memory limit: 16.7M options under max_work=10**5).
    with pytest.raises(
        grundy.ResourceError, match=r"^reading options\(3\) of ruleset 'py-endless' visits about 165538 options .*set by max_work=100000"
    ):
        grundy.value("py-endless(5)", max_work=10**5, memory_limit="1G")
    # Heaps that do not reach the endless one still have their values.
    assert grundy.value("py-endless(2)") == 2
    # In misère play the listing is stopped by the memory it holds, counted as it
    # goes: a floor, so the advice says a higher limit goes further, not that it
    # allows the computation (it said "memory_limit="51M" would allow it" at 50M, and
    # the same at 51M).
    with pytest.raises(grundy.ResourceError, match=r"so far, at least\).*memory_limit=\"21M\" argument would let it go on past this point"):
        grundy.value("py-endless(3)", play="misere", memory_limit="20M")
    # A quotient stopped by a limit says which limit, in Python's words.
    q = grundy.quotient("py-endless", 5, max_work=10**5)
    assert q.status == "partial"
    assert "(set by max_work=100000; a max_work=10**6 argument would let it go on past this point" in q.stopped


def test_an_empty_path_is_refused_by_name(tmp_path):
    # It reached the file layer: "cannot write : an empty path".
    for call in (
        lambda: grundy.value("cram(3,3)", db=""),
        lambda: grundy.value("kayles(5)", play="misere", quotient=""),
        lambda: grundy.check_proof(""),
    ):
        with pytest.raises(ValueError, match=r"^(db|quotient|path) is an empty path: give the name of a file$"):
            call()


def test_grundy_nested_in_options_without_end_is_a_recursion_error():
    # Each nested call runs on a thread of its own, so Python's recursion limit never
    # fired: a hostile check saw 3000 threads.
    def f(n):
        if n < 8:
            grundy.value(f"py-nest({n + 1})")
        return [n - 1] if n else []

    grundy.HeapRuleset("py-nest", f)
    with pytest.raises(RecursionError, match="levels deep"):
        grundy.value("py-nest(3)")


def test_seq_of_a_ruleset_starting_above_the_last_heap_raises():
    r = grundy.HeapRuleset("py-from50", lambda n: [n - 1] if n > 50 else [], start=50)
    with pytest.raises(ValueError, match=r"start 50 \(the first heap of py-from50\) is larger than the last heap 10"):
        grundy.seq(r, 10)
    with pytest.raises(ValueError, match=r"start 1 \(the first heap of maliquot\) is larger than the last heap 0"):
        grundy.seq("maliquot", 0)
    with pytest.raises(ValueError, match="start 50 .* larger than the last heap 10"):
        grundy.period(r, 10)
    assert grundy.seq(r, 52).tolist() == [0, 1, 0]


def test_graph_files_are_read_within_the_memory_limit():
    # /dev/zero: the first byte is a NUL, so reading stops at once (as `grundy graph`).
    t = time.monotonic()
    with pytest.raises(ValueError, match="/dev/zero: line 1: a NUL byte"):
        grundy.graph("/dev/zero")
    assert time.monotonic() - t < 5
    with pytest.raises(FileNotFoundError):
        grundy.graph("/nonexistent/graph.txt")
    with pytest.raises(IsADirectoryError):
        grundy.graph(ROOT)


def test_endless_graph_pipe_stops_at_the_memory_limit(tmp_path):
    # An endless stream of text is cut at a fifth of the memory limit (the graph takes
    # up to 5 bytes a byte); one of short vertex lines stops sooner, when what was read
    # (256 bytes a vertex) passes the memory limit: a ResourceError both.
    code = textwrap.dedent(
        """
        import os, sys, threading, grundy
        chunk = sys.argv[1].encode().decode("unicode_escape").encode() * 4096
        r, w = os.pipe()
        def feed():
            try:
                while True:
                    os.write(w, chunk)
            except OSError:
                pass
        threading.Thread(target=feed, daemon=True).start()
        try:
            grundy.graph(f"/dev/fd/{r}")
        except (ValueError, MemoryError) as e:
            print(type(e).__name__, e)
        """
    )
    env = dict(os.environ, GRUNDY_MEMORY_LIMIT="5M")
    for chunk, want in [("aaaa", "its text passed 1.0 MiB"), ("a: b\\n", "256 bytes a vertex")]:
        out = subprocess.run(
            [sys.executable, "-c", code, chunk], env=env, capture_output=True, text=True, timeout=60
        )
        assert out.stdout.startswith("ResourceError reading the graph (to line "), (chunk, out.stdout, out.stderr)
        assert want in out.stdout and "the memory limit is 5.0 MiB" in out.stdout, (chunk, out.stdout)
    # A dict is read as its text is, under the call's limit, and named as a dict (its
    # JSON text is one line: "to line 1" would say nothing).
    for limit in [1, 100]:
        with pytest.raises(grundy.ResourceError, match=f"^reading the graph's dict needs .*set by memory_limit={limit};"):
            grundy.graph({"a": ["b"], "b": []}, memory_limit=limit)


def test_ruleset_names():
    with pytest.raises(ValueError, match="built-in"):
        grundy.HeapRuleset("nim", lambda n: [])
    with pytest.raises(ValueError, match="cannot name a ruleset"):
        grundy.HeapRuleset("two words", lambda n: [])
    with pytest.raises(ValueError, match="callable"):
        grundy.HeapRuleset("py-x", [1, 2])
    with pytest.raises(ValueError, match="takes no parameters"):
        grundy.HeapRuleset("py-y", lambda n: [])
        grundy.value("py-y[1](3)")
    # Redefining a name replaces the ruleset for the session.
    grundy.HeapRuleset("py-re", lambda n: [])
    assert grundy.value("py-re(5)") == 0
    grundy.HeapRuleset("py-re", lambda n: list(range(n)))
    assert grundy.value("py-re(5)") == 5


def test_python_ruleset_with_start_1_and_empty_heap():
    # Heaps start at 1; option 0 is the empty heap (value 0), as for the built-ins.
    r = grundy.HeapRuleset("py-halve", lambda n: [n // 2] if n > 1 else [0], start=1)
    a = grundy.seq(r, 16)
    assert a.shape == (16,)
    with pytest.raises(ValueError, match="start at 1"):
        grundy.value("py-halve(0)")


# ---------------------------------------------------------------- progress and Ctrl-C


def test_progress_callback_and_tqdm():
    seen = []
    _grundy.seq("saliquant", 3_000_000, None, "search", None, None, lambda *a: seen.append(a))
    assert any(label is not None and total > 0 for label, total, _ in seen)
    assert seen[-1] == (None, 1, 0)  # finished
    stopped = []
    with pytest.raises(grundy.ResourceError):
        _grundy.seq("saliquant", 10**12, None, "search", None, None, lambda *a: stopped.append(a))
    assert stopped == [(None, 0, 0)]
    # progress=True: a tqdm bar when tqdm is installed, nothing otherwise.
    assert grundy.seq("nim", 1000, progress=True).shape == (1001,)


def test_long_runs_release_the_gil():
    # While another thread computes a sequence, this thread keeps running Python code.
    import threading

    done = threading.Event()
    result = {}

    def work():
        result["a"] = grundy.seq("saliquant", 4_000_000)
        done.set()

    t = threading.Thread(target=work)
    start = time.perf_counter()
    t.start()
    spins = 0
    while not done.is_set():
        spins += 1
    t.join()
    elapsed = time.perf_counter() - start
    assert result["a"].shape == (4_000_001,)
    # Millions of loop turns per second when the GIL is free; with the GIL held by the
    # computation this thread would get almost none.
    assert elapsed > 0.2 and spins / elapsed > 100_000, (spins, elapsed)


CHILD = textwrap.dedent(
    """
    import itertools, os, signal, sys, threading, time, grundy
    kind = sys.argv[1]

    def forever(n):
        while True:
            pass

    def nested(n):
        # Options that ask grundy about a heap whose options never return.
        return [grundy.value("py-forever(1)")] if n else []

    grundy.HeapRuleset("py-forever", forever)
    if kind.startswith("timer"):
        # SIGINT from a timer thread of this process, 0.3 s into the computation.
        threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGINT)).start()
    print("started", flush=True)
    t = time.monotonic()
    try:
        if kind == "builtin":
            # About 4.5e10 options: under the work limit, and a minute or more of work.
            grundy.seq("divide-and-residue", 3 * 10**5)
        elif kind == "python":
            r = grundy.HeapRuleset("py-slow", lambda n: (time.sleep(0.0005), [n - 1] if n else [])[1])
            grundy.seq(r, 10**5)
        elif kind == "timer-forever":
            grundy.seq("py-forever", 10)
        elif kind == "timer-repeat":
            r = grundy.HeapRuleset("py-repeat", lambda n: itertools.repeat(0) if n else [])
            grundy.seq(r, 10)
        elif kind == "timer-nested":
            grundy.value(grundy.HeapRuleset("py-nested", nested)(2))
        elif kind == "timer-moves":
            grundy.moves("py-forever(5) + nim(3)", all=True)
    except KeyboardInterrupt:
        print("KeyboardInterrupt after %.2f s" % (time.monotonic() - t), flush=True)
        sys.exit(3)
    print("finished", flush=True)
    """
)


def _interrupted_child(kind, send=True):
    """Runs CHILD; `send`: SIGINT from here 1 s after it started (else it sends its own).
    Returns (stdout, seconds from the signal to the end)."""
    # The child starts with SIGINT's default action, whatever this process was given:
    # a test run started in the background of a non-interactive shell has SIGINT
    # ignored, a child would inherit that, and Python installs no KeyboardInterrupt
    # handler for a signal ignored at its start.
    p = subprocess.Popen(
        [sys.executable, "-c", CHILD, kind],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    try:
        assert p.stdout.readline().strip() == "started"
        if send:
            time.sleep(1.0)
            p.send_signal(signal.SIGINT)
        t = time.monotonic()
        out, err = p.communicate(timeout=20)
        elapsed = time.monotonic() - t
    finally:
        if p.poll() is None:
            p.kill()
    assert p.returncode == 3, (out, err)
    assert "KeyboardInterrupt" in out
    return out, elapsed


@pytest.mark.parametrize("kind", ["builtin", "python"])
def test_ctrl_c_raises_keyboard_interrupt_promptly(kind):
    _, elapsed = _interrupted_child(kind)
    assert elapsed < 5, elapsed


@pytest.mark.parametrize("kind", ["timer-forever", "timer-repeat", "timer-nested", "timer-moves"])
def test_ctrl_c_stops_options_that_never_return(kind):
    # An options function stuck in Python code (while True), an endless iterator of
    # options (itertools.repeat, read by Rust with no Python instruction between two
    # options), and the same inside grundy called from an options function: SIGINT at
    # 0.3 s gives KeyboardInterrupt (within a second; 5 s allows for a loaded machine).
    _, elapsed = _interrupted_child(kind, send=False)
    assert elapsed < 5, elapsed


# ---------------------------------------------------------------- the example notebook


def test_example_notebook_runs_top_to_bottom(monkeypatch):
    """Every code cell of examples/python.ipynb, in order, in one namespace; and, when
    nbclient and ipykernel are installed, the notebook itself in a Jupyter kernel, whose
    rich outputs (tables, the inline figure) are checked too."""
    path = ROOT / "examples" / "python.ipynb"
    nb = json.loads(path.read_text(encoding="utf-8"))
    monkeypatch.chdir(ROOT)
    env: dict = {"__name__": "__main__"}
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    assert len(code) >= 8
    for cell in code:
        exec(compile("".join(cell["source"]), "<notebook>", "exec"), env)
    try:
        import nbclient
        import nbformat
        import ipykernel  # noqa: F401
    except ImportError:
        return
    book = nbformat.read(str(path), as_version=4)
    nbclient.NotebookClient(book, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(ROOT)}}).execute()
    kinds = {k for c in book.cells if c.cell_type == "code" for o in c.outputs for k in o.get("data", {})}
    assert {"text/html", "image/png"} <= kinds
    assert not [o for c in book.cells if c.cell_type == "code" for o in c.outputs if o.output_type == "error"]


def test_seq_reaches_the_last_heap_there_is():
    # Heaps to 2**64 - 1 by the proven period: a range counted to `from + len` had
    # wrapped to nothing there.
    top = 2**64 - 1
    assert list(grundy.seq("kayles", top, top)) == [int(grundy.value(f"kayles({top})"))]
    assert len(grundy.seq("kayles", top, top - 1)) == 2


def test_a_plot_past_2_to_the_53():
    # Heaps past 2^53 are drawn from the least one (an f64 merged them), and a log x
    # axis that would merge two is refused in Python's words.
    assert grundy.plot("kayles", 10**18 + 50, 10**18).startswith(b"\x89PNG")
    with pytest.raises(ValueError, match=r"cannot tell heaps 18446744073709551000 and 18446744073709551001 apart .*drop log_x=True"):
        grundy.plot("kayles", 2**64 - 1, 2**64 - 616, log_x=True)

