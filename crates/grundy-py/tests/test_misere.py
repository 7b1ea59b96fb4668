"""Misère play from Python: value/outcome/moves/seq with play="misere", Game in misère
play, quotients with save and check_quotient, and the errors."""

import json
import os

import numpy as np
import pytest

import grundy


def test_misere_value_outcome_and_genus():
    v = grundy.value("kayles(1)", play="misere")
    assert isinstance(v, grundy.MisereValue)
    assert (v.outcome, v.misere_value, v.genus, v.tameness) == ("P", 0, "1^{031}", "tame")
    # A sum: the outcome only (misère Nim, Bouton 1902: 1 + 1 + 1 is P).
    v = grundy.value("nim(1,1,1)", play="misere")
    assert (v.outcome, v.misere_value, v.genus) == ("P", None, None)
    assert grundy.outcome("nim(1,1)", play="misere") == "N"
    # Normal play is the default and unchanged.
    assert grundy.value("nim(1,1)") == 0
    assert grundy.outcome("nim(1,1)") == "P"


def test_misere_moves_agree_with_the_outcomes():
    m = grundy.moves("kayles(3,4)", all=True, play="misere")
    assert isinstance(m, grundy.MisereMoves)
    assert m.outcome == "N" and m.winning
    for pos, out in m.options:
        assert grundy.outcome(pos, play="misere") == out
        assert (pos in m.winning) == (out == "P")


def test_misere_seq():
    a = grundy.seq("kayles", 8, play="misere")
    assert a.dtype == np.uint64
    assert a.tolist() == [1, 0, 2, 3, 0, 1, 3, 2, 1]
    assert grundy.seq("nim", 5, start=2, play="misere").tolist() == [2, 3, 4, 5]


def test_python_rulesets_and_games_in_misere_play():
    # Kayles written in Python: the same misère values as the built-in one.
    def kayles(n):
        for take in (1, 2):
            for a in range(0, n - take + 1):
                b = n - take - a
                if a <= b:
                    yield (a, b)

    k = grundy.HeapRuleset("py-kayles-misere", kayles)
    assert grundy.seq(k, 10, play="misere").tolist() == grundy.seq("kayles", 10, play="misere").tolist()
    q = grundy.quotient(k, 40)
    assert (q.order, q.p_size) == (grundy.quotient("kayles", 40).order, grundy.quotient("kayles", 40).p_size)
    # A Game: a subtraction game {1, 2} (misère: P iff n ≡ 1 mod 3).
    g = grundy.Game("sub12", lambda n: [n - s for s in (1, 2) if s <= n])
    for n in range(10):
        assert g.value(n, play="misere").outcome == ("P" if n % 3 == 1 else "N")
    m = g.moves(5, all=True, play="misere")
    assert m.winning == [4] and m.options == [(4, "P"), (3, "N")]
    assert g.value(5) == 2


def test_quotient_save_and_check(tmp_path):
    q = grundy.quotient("0.75", 100)
    assert (q.status, q.order, q.p_size) == ("solved", 8, 2)
    assert q.presentation == "⟨a, b, c | a² = 1, bc = ab, c² = b², b³ = b⟩"
    assert q.p_portion == ["a", "b²"]
    assert q.changes[0] == (1, 2, 1)
    assert q.period is not None and q.stopped is None
    path = tmp_path / "q.json"
    q.save(path)
    assert grundy.check_quotient(path).startswith("take-and-break[0.75]")
    # A path as bytes is a path (as os.fspath takes it); anything else names `path`.
    assert grundy.check_quotient(os.fsencode(path)).startswith("take-and-break[0.75]")
    with pytest.raises(TypeError, match=r"^path must be a path \(str, bytes or os.PathLike\), not int"):
        grundy.check_quotient(3)
    # Too large to read within a 16th of the memory limit: the estimate and the
    # advice, as the command line gives them; a missing file is the OSError subclass.
    with pytest.raises(grundy.ResourceError, match=r"read only within 1/16 of the memory limit.*memory_limit="):
        grundy.check_quotient(path, memory_limit="1K")
    assert grundy.check_quotient(path, memory_limit="1M", max_work="1e6").startswith("take-and-break[0.75]")
    with pytest.raises(FileNotFoundError, match="cannot read"):
        grundy.check_quotient(tmp_path / "none.json")
    cert = json.loads(path.read_text())
    cert["phi"][3] = (cert["phi"][3] + 1) % 8
    path.write_text(json.dumps(cert))
    with pytest.raises(ValueError, match="certificate rejected"):
        grundy.check_quotient(path)


def test_a_saved_quotient_answers_value_and_moves(tmp_path):
    # quotient= is the CLI's --quotient FILE: the certificate, re-checked, answers the
    # sums of heaps it covers (its range names it), with the search's answers.
    path = tmp_path / "k20.json"
    grundy.quotient("kayles", 20).save(path)
    for expr in ["kayles(5,6)", "kayles(1,2,3)", "kayles(7,7,20)"]:
        v = grundy.value(expr, play="misere", quotient=path)
        assert v.source == "the misère quotient of kayles, heaps ≤ 20", v
        assert v.outcome == grundy.value(expr, play="misere").outcome, expr
        m = grundy.moves(expr, play="misere", quotient=str(path))
        assert m.winning == grundy.moves(expr, play="misere").winning, expr
    # Refused: normal play, a position without a heap of its ruleset, a path of the
    # wrong type, a tampered certificate.
    with pytest.raises(ValueError, match=r'^quotient= answers misère questions: add play="misere"$'):
        grundy.value("kayles(3)", quotient=path)
    with pytest.raises(ValueError, match=r'^quotient= answers misère questions'):
        grundy.moves("kayles(3)", quotient=path)
    with pytest.raises(ValueError, match=r"nim\(3\) has no heap of kayles: it would answer nothing .*drop quotient=\)$"):
        grundy.value("nim(3)", play="misere", quotient=path)
    with pytest.raises(TypeError, match=r"^quotient must be a path"):
        grundy.moves("kayles(3)", play="misere", quotient=3)
    cert = json.loads(path.read_text())
    cert["phi"][5] = (cert["phi"][5] + 1) % len(cert["table"])
    path.write_text(json.dumps(cert))
    with pytest.raises(ValueError, match="certificate rejected"):
        grundy.value("kayles(5,6)", play="misere", quotient=path)


def test_misere_errors():
    with pytest.raises(ValueError, match="loopy"):
        grundy.value("aliquot-sum(12)", play="misere")
    with pytest.raises(ValueError, match="play convention"):
        grundy.value("nim(1)", play="losing")
    with pytest.raises(ValueError):
        grundy.quotient("min", 5)


@pytest.mark.parametrize("method", ["formula", "plain", "sums"])
def test_misere_play_refuses_a_normal_play_method(method):
    for call in (
        lambda: grundy.value("kayles(5)", method=method, play="misere"),
        lambda: grundy.outcome("kayles(5)", method=method, play="misere"),
        lambda: grundy.moves("kayles(5)", method=method, play="misere"),
    ):
        with pytest.raises(ValueError, match="applies to normal play only"):
            call()
    with pytest.raises(ValueError):
        grundy.seq("kayles", 5, method=method, play="misere")
    with pytest.raises(ValueError, match="is not one of"):
        grundy.moves("kayles(5)", method="bogus", play="misere")


def test_misere_play_refuses_a_period_certificate(tmp_path):
    with pytest.raises(ValueError, match="misère play does not use it"):
        grundy.value("kayles(5)", play="misere", period=str(tmp_path / "p.json"))
    with pytest.raises(ValueError, match="misère play does not use it"):
        grundy.seq("kayles", 5, play="misere", period=str(tmp_path / "p.json"))


def test_options_that_never_end_are_stopped_by_the_limits():
    # A Python ruleset whose options never end: listed one by one under the work
    # limit (misère play listed them all first, and ran out of memory).
    import itertools

    inf = grundy.HeapRuleset("py-endless", lambda n: itertools.repeat(0) if n else [])
    with pytest.raises(grundy.ResourceError, match="listing the options of py-endless"):
        grundy.value("py-endless(3)", play="misere", max_work="1e6")
    # A quotient stopped by a limit is what it reached, with the reason.
    q = grundy.quotient(inf, 3, max_work="1e6")
    assert q.to == 0 and "listing the options of py-endless(1)" in q.stopped


def test_a_misere_value_names_the_quotient_that_answered():
    # As the command line's JSON `source` and its text's "(from …)".
    assert grundy.value("kayles(5)", play="misere").source == "the misère quotient of kayles, heaps ≤ 5"
    assert grundy.value("subtraction[1,2](10)", play="misere").source.endswith(", solved")
    assert grundy.value("cram(2,3)", play="misere").source is None
