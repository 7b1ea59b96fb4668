"""The records' workflow from Python: the search's database file (``db=``), the
confirming engines (``method="plain"``, ``"sums"``), and proofs (``save_proof=``,
``check_proof``), against golden values (OEIS A316632: Node-Kayles on 3×n grids;
A316533: on the generalized Petersen graphs P(n,2)) and the CLI's refusals."""

import gzip
import subprocess
import sys
import logging

import pytest

import grundy

# OEIS A316632, n = 1 … 16.
THREE_BY_N = [2, 1, 1, 0, 3, 3, 2, 2, 2, 3, 3, 5, 2, 4, 1, 3]


def test_a_database_is_written_then_resumed_and_serves_other_boards(tmp_path, caplog):
    db = tmp_path / "nk3.db"
    with caplog.at_level(logging.INFO, logger="grundy"):
        assert grundy.value("node-kayles-grid(3,12)", db=db) == THREE_BY_N[11]
    assert db.stat().st_size > 0
    assert any("is new" in r.getMessage() for r in caplog.records)
    caplog.clear()
    with caplog.at_level(logging.INFO, logger="grundy"):
        # Another board of the same game, from the same file.
        assert grundy.value("node-kayles-grid(3,14)", db=str(db)) == THREE_BY_N[13]
        assert grundy.outcome("node-kayles-grid(3,4)", db=db) == "P"
    told = [r.getMessage() for r in caplog.records]
    assert any(m.startswith(f"resumed from the database {db} (") and "of node-kayles-grid" in m for m in told), told
    # Its entries are the game's: a file of another game is refused, and kept.
    size = db.stat().st_size
    with pytest.raises(ValueError, match="node-kayles-grid"):
        grundy.value("cram(3,5)", db=db)
    assert db.stat().st_size == size


def test_a_read_only_database_is_read_and_never_written(tmp_path, caplog):
    db = tmp_path / "nk3.db"
    grundy.value("node-kayles-grid(3,10)", db=db)
    before = (db.stat().st_ino, db.read_bytes())
    with caplog.at_level(logging.INFO, logger="grundy"):
        # A board the file does not hold: searched, and the file kept as it was.
        s = grundy.value("node-kayles-grid(3,14)", db=db, db_read_only=True, stats=True)
        assert grundy.outcome("node-kayles-grid(3,16)", db=db, db_read_only=True) == "N"
    assert s.value == THREE_BY_N[13] and s.searched > 0
    assert (db.stat().st_ino, db.read_bytes()) == before
    told = [r.getMessage() for r in caplog.records]
    assert all(m.startswith(f"read the database {db} (") and m.endswith("it will not be written") for m in told), told
    # A call that searched nothing leaves a writable file alone too.
    grundy.value("node-kayles-grid(3,10)", db=db)
    assert db.stat().st_ino == before[0]
    with pytest.raises(ValueError, match=r"no such file \(db_read_only=True reads a database"):
        grundy.value("cram(3,4)", db=tmp_path / "none.db", db_read_only=True)
    assert not (tmp_path / "none.db").exists()
    with pytest.raises(ValueError, match="give db="):
        grundy.value("cram(3,4)", db_read_only=True)
    with pytest.raises(ValueError, match="db is an empty path"):
        grundy.value("cram(3,4)", db="", db_read_only=True)
    with pytest.raises(ValueError, match="a directory"):
        grundy.value("cram(3,4)", db=tmp_path, db_read_only=True)
    with pytest.raises(TypeError, match="db_read_only"):
        grundy.value("cram(3,4)", db=db, db_read_only="yes")


def test_a_database_refuses_what_it_does_not_serve(tmp_path):
    db = tmp_path / "x.db"
    cases = [
        (dict(play="misere"), 'play="misere"'),
        (dict(method="formula"), 'method="formula"'),
        (dict(method="plain"), 'method="plain"'),
        (dict(method="sums"), 'method="sums"'),
    ]
    for kw, words in cases:
        with pytest.raises(ValueError) as e:
            grundy.value("cram(3,4)", db=db, **kw)
        assert words in str(e.value) and "db=" in str(e.value) and "--" not in str(e.value), (kw, e.value)
    with pytest.raises(ValueError, match="parts of cram and node-kayles-grid"):
        grundy.value("cram(3,4) + node-kayles-grid(2,3)", db=db)
    with pytest.raises(ValueError, match="kayles.* is none of them"):
        grundy.value("kayles(10)", db=db)
    with pytest.raises(OSError, match="it is a directory"):
        grundy.value("cram(3,4)", db=tmp_path)
    assert not db.exists()


@pytest.mark.parametrize(
    "expr", ["cram(3,5)", 'cram("..#./..../.#..")', "node-kayles-grid(3,9)", "node-kayles-petersen(12,2)"]
)
def test_the_confirming_engines_agree_with_the_default(expr):
    v = grundy.value(expr)
    assert grundy.value(expr, "plain") == v
    assert grundy.value(expr, method="sums") == v
    assert grundy.outcome(expr, "plain") == ("P" if v == 0 else "N")


def test_golden_values_by_the_reference_engine():
    for n, v in enumerate(THREE_BY_N[:12], start=1):
        assert grundy.value(f"node-kayles-grid(3,{n})", "plain") == v, n
    # A316533: P(n,2) for n = 5 … 12.
    assert [grundy.value(f"node-kayles-petersen({n},2)", "plain") for n in range(5, 13)] == [1, 0, 1, 0, 1, 0, 0, 0]


def test_an_unknown_method_names_the_confirming_ones():
    with pytest.raises(ValueError, match="'plain', 'sums'"):
        grundy.value("cram(3,4)", "fast")


def test_a_sequence_refuses_the_board_engines():
    # A sequence is of heaps, as the CLI's `seq --method` says: "plain" and "sums"
    # are refused rather than accepted and ignored.
    for m in ("plain", "sums"):
        with pytest.raises(ValueError, match=f"method '{m}' searches boards and graphs"):
            grundy.seq("kayles", 10, method=m)
    assert list(grundy.seq("kayles", 10, method="search")) == [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2]


def test_a_saved_proof_holds_and_tampering_is_rejected(tmp_path):
    proof = tmp_path / "c.proof.gz"
    v = grundy.value("cram(4,5)", save_proof=proof)
    assert v == grundy.value("cram(4,5)") == 2
    r = grundy.check_proof(proof)
    assert (r.game, r.value) == ("cram", 2) and r.values > 0
    assert grundy.check_proof(str(proof)) == r
    # A value changed: rejected, naming the claim.
    text = gzip.decompress(proof.read_bytes()).decode()
    assert "\nvalue 2\n" in text
    bad = tmp_path / "bad.proof"
    bad.write_text(text.replace("\nvalue 2\n", "\nvalue 3\n"))
    with pytest.raises(ValueError, match="^proof rejected: "):
        grundy.check_proof(bad)
    # An entry dropped: rejected.
    lines = text.splitlines()
    entry = next(i for i, l in enumerate(lines) if l.startswith("V "))
    short = tmp_path / "short.proof"
    short.write_text("\n".join(lines[:entry] + lines[entry + 1 :]) + "\n")
    with pytest.raises(ValueError, match="^proof rejected: "):
        grundy.check_proof(short)
    # Files that cannot be read as text.
    with pytest.raises(OSError, match="cannot read"):
        grundy.check_proof(tmp_path / "absent")
    cut = tmp_path / "cut.gz"
    cut.write_bytes(proof.read_bytes()[:40])
    with pytest.raises(OSError, match="not a gzip file grundy wrote"):
        grundy.check_proof(cut)
    # The check's work against max_work, before any entry is checked.
    with pytest.raises(grundy.ResourceError, match="the proof check visits about"):
        grundy.check_proof(proof, max_work=10)
    assert grundy.check_proof(proof, max_work=10**9) == r
    # Text past a fifth of the memory limit: refused as the limit refuses, naming the
    # argument that set it.
    with pytest.raises(grundy.ResourceError, match=r'^reading the proof .*more than 204 B of text.*set by memory_limit="1K"'):
        grundy.check_proof(proof, memory_limit="1K")


def test_the_shipped_record_proofs_hold():
    import pathlib

    data = pathlib.Path(__file__).resolve().parents[3] / "data" / "records"
    r = grundy.check_proof(data / "node-kayles-petersen10x2.proof.gz")
    assert (r.game, r.position, r.value) == ("node-kayles", "node-kayles-petersen(10,2)", 0)
    assert r.value == grundy.value("node-kayles-petersen(10,2)")


def test_a_proof_refuses_what_it_does_not_serve(tmp_path):
    proof = tmp_path / "p.gz"
    for kw, words in [
        (dict(play="misere"), "misère play has no proof"),
        (dict(method="formula"), 'method="formula" has no proof'),
        (dict(method="plain"), "grundy.check_proof()"),
        (dict(db=tmp_path / "x.db"), "does not read or write db="),
    ]:
        with pytest.raises(ValueError, match=words.replace("(", r"\(").replace(")", r"\)")):
            grundy.value("cram(3,4)", save_proof=proof, **kw)
    with pytest.raises(ValueError, match="not a sum"):
        grundy.value("cram(3,4) + nim(2)", save_proof=proof)
    # A board game without proofs is named (it was "not a sum or a heap game").
    with pytest.raises(ValueError, match="proofs are written for Cram.*not for chomp"):
        grundy.value("chomp(3,2)", save_proof=proof)
    with pytest.raises(OSError, match="it is a directory"):
        grundy.value("cram(3,4)", save_proof=tmp_path)
    assert not proof.exists()


def test_stats_give_the_counters_of_the_search(tmp_path):
    s = grundy.value("node-kayles-grid(3,12)", stats=True)
    assert isinstance(s, grundy.SearchStats)
    assert (s.position, s.value, s.outcome) == ("node-kayles-grid(3,12)", THREE_BY_N[11], "N")
    assert s.searched > 0 and s.entries > 0 and s.table_bytes > 0 and s.replaced == 0 and s.seconds >= 0
    # The reference engine values every position it searches, once, and keeps it: on
    # one thread its counters do not depend on timing (the pruned search's do, on
    # two threads, so they are not compared with these).
    plain = grundy.value("node-kayles-grid(3,12)", "plain", stats=True)
    assert plain.value == s.value and plain.searched == plain.entries and plain.replaced == 0
    # Resumed from a database, the search has less to do.
    db = tmp_path / "s.db"
    grundy.value("node-kayles-grid(3,12)", db=db)
    again = grundy.value("node-kayles-grid(3,12)", db=db, stats=True)
    assert again.value == s.value and again.searched < s.searched
    # No board searched: zeros.
    k = grundy.value("kayles(30) + nim(1)", stats=True)
    assert (k.value, k.searched, k.entries) == (grundy.value("kayles(30) + nim(1)"), 0, 0)
    for kw in [dict(play="misere"), dict(save_proof=tmp_path / "p.gz")]:
        with pytest.raises(ValueError, match="drop stats="):
            grundy.value("cram(3,4)", stats=True, **kw)


def test_threads_sharing_one_database_leave_it_whole(tmp_path):
    # Two calls at once with one file: each write is whole (they used to share the
    # temporary file and leave a damaged database), and a later call resumes from it.
    import threading

    db = tmp_path / "shared.db"
    out = []
    boards = ["node-kayles-grid(3,13)", "node-kayles-grid(3,14)"] * 2
    threads = [threading.Thread(target=lambda b=b: out.append(grundy.value(b, db=db))) for b in boards]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(out) == sorted([THREE_BY_N[12], THREE_BY_N[13]] * 2)
    assert grundy.value("node-kayles-grid(3,13)", db=db) == THREE_BY_N[12]
    assert [p.name for p in tmp_path.iterdir()] == ["shared.db"]


def test_bad_paths_methods_and_huge_heaps_are_refused(tmp_path):
    with pytest.raises(FileNotFoundError, match="cannot read"):
        grundy.check_proof(tmp_path / "absent.gz")
    with pytest.raises(OSError, match="ends with '/'"):
        grundy.value("cram(3,4)", db=str(tmp_path / "x.db") + "/")
    with pytest.raises(FileNotFoundError, match="cannot write"):
        grundy.value("cram(3,4)", db=tmp_path / "no" / "x.db")
    with pytest.raises(ValueError, match="not of green-hackenbush"):
        grundy.value('green-hackenbush("g-a a-b")', db=tmp_path / "g.db")
    with pytest.raises(ValueError, match="'plain', 'sums'"):
        grundy.value("cram(3,4)", method="bogus", play="misere")
    # A proof whose P-entry has a huge heap is rejected at once.
    hang = tmp_path / "hang.proof"
    hang.write_text("grundy-proof 2\ngame cram\nboard ...\nvalue 1\nP 1x3:7 18446744073709551615\n")
    with pytest.raises(ValueError, match="^proof rejected: .*missing entry"):
        grundy.check_proof(hang)


def test_a_database_the_system_refuses_to_write_is_an_oserror(tmp_path):
    # The file size limit (RLIMIT_FSIZE, its signal ignored) makes the write of the
    # database after the search fail with EFBIG: an OSError with that number, naming
    # the file, not a ValueError. In a child process, so that the limit stays there.
    db = tmp_path / "big.db"
    script = f"""
import errno, resource, signal, grundy
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
resource.setrlimit(resource.RLIMIT_FSIZE, (4096, resource.RLIM_INFINITY))
try:
    grundy.value("node-kayles-grid(3,14)", db={str(db)!r})
except OSError as e:
    assert e.errno == errno.EFBIG and "cannot write the database" in str(e) and "big.db" in str(e), e
    print("OSError")
"""
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert out.stdout.strip() == "OSError", out.stdout + out.stderr
    assert not db.exists()
