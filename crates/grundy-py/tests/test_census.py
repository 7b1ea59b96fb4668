"""grundy.census: locally and on a Dask LocalCluster (two worker processes), compared
row by row; a worker killed mid-run loses no code and writes none twice."""

import json
import os
import signal
import threading
import time
import warnings

import pytest

import grundy


def _strip(rows):
    return [{k: v for k, v in r.items() if k != "seconds"} for r in rows]


def test_local_census_has_the_literature_rows(tmp_path):
    rows = grundy.census("octal:1", to=2000, out=str(tmp_path / "c"))
    assert len(rows) == 15
    by = {r["code"]: r for r in rows}
    assert by["0.7"]["status"] == "trivial"
    assert by["0.6"]["status"] == "open" and by["0.6"]["to"] == 2000
    assert (by["0.3"]["class"], by["0.3"]["shift"]) == ("4.0", -1)
    assert by["0.7"]["certificate"].startswith("certificates/")
    lines = (tmp_path / "c" / "census.jsonl").read_text().splitlines()
    assert [json.loads(l)["code"] for l in lines] == [r["code"] for r in rows]
    # A rerun resumes (nothing to do) and gives the same rows.
    assert _strip(grundy.census("octal:1", to=2000, out=str(tmp_path / "c"))) == _strip(rows)
    # Python's terms: the keyword argument, not the command line's option.
    with pytest.raises(ValueError, match=r"to= \(2000 there, 1000 here\); call again with the same arguments"):
        grundy.census("octal:1", to=1000, out=str(tmp_path / "c"))
    with pytest.raises(ValueError, match="unknown census family"):
        grundy.census("octagonal:1")


def test_a_family_file_is_a_path_of_any_kind(tmp_path):
    codes = tmp_path / "codes.txt"
    codes.write_text("0.7\n0.07\n")
    out = tmp_path / "f"
    rows = grundy.census(codes, to=200, out=out)
    assert [r["code"] for r in rows] == ["0.7", "0.07"]
    # The same file by another name resumes the same census.
    assert len(grundy.census(os.fsencode(codes), to=200, out=out)) == 2
    assert len(grundy.census(str(tmp_path / "." / "codes.txt"), to=200, out=out)) == 2
    with pytest.raises(TypeError, match="^family must be a str"):
        grundy.census(7, to=200)


def test_a_misere_census_is_the_quotient_of_each_code(tmp_path):
    out = tmp_path / "m"
    rows = grundy.census("octal:1", to=20, out=str(out), play="misere", max_work=10**6)
    assert len(rows) == 15
    for r in rows:
        q = grundy.quotient(r["code"], 20, max_work=10**6)
        assert (r["status"], r["to"], r["order"], r["p_size"], r["tame"]) == (
            q.status,
            q.to,
            q.order,
            q.p_size,
            q.tame,
        ), r["code"]
        assert [(c["heap"], c["order"], c["p_size"]) for c in r["changes"]] == list(q.changes)
        assert (r["period"], r["preperiod"]) == (q.period, q.preperiod)
        assert grundy.check_quotient(out / r["certificate"])
    assert json.loads((out / "census-params.json").read_text())["play"] == "misere"
    # A rerun resumes; the other play convention in the same directory is refused.
    assert _strip(grundy.census("octal:1", to=20, out=str(out), play="misere", max_work=10**6)) == _strip(rows)
    with pytest.raises(ValueError, match=r"play= \(misere there, normal here\)"):
        grundy.census("octal:1", to=20, out=str(out), max_work=10**6)
    with pytest.raises(ValueError, match="play must be"):
        grundy.census("octal:1", play="loser")


def test_a_resumed_row_its_certificate_does_not_back_runs_again(tmp_path):
    out = tmp_path / "c"
    rows = grundy.census("octal:1", to=2000, out=str(out), jobs=2)
    # An honest resume warns of nothing and runs nothing again.
    before = (out / "census.jsonl").read_bytes()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        grundy.census("octal:1", to=2000, out=str(out), jobs=2)
    assert (out / "census.jsonl").read_bytes() == before
    # A period edited by hand, a certificate deleted, another damaged.
    lines = [json.loads(l) for l in before.decode().splitlines()]
    for r in lines:
        if r["code"] == "0.7":
            r["period"] = 4
    (out / "census.jsonl").write_text("".join(json.dumps(r) + "\n" for r in lines))
    (out / "certificates" / "0.3.json").unlink()
    (out / "certificates" / "0.5.json").write_text("{")
    with pytest.warns(RuntimeWarning) as caught:
        again = grundy.census("octal:1", to=2000, out=str(out), jobs=2)
    assert [str(w.message) for w in caught] == [
        f"grundy.census: {out / 'census.jsonl'}: the row of {code} is not trusted ({reason}); it runs again"
        for code, reason in [
            ("0.3", "its certificate certificates/0.3.json is missing"),
            (
                "0.5",
                "certificates/0.5.json is not a certificate saved by grundy period --save: "
                "EOF while parsing an object at line 1 column 1",
            ),
            ("0.7", "period: 4 in the row, 2 in its certificate"),
        ]
    ]
    assert caught[0].filename == __file__  # the warning points at the caller
    assert _strip(again) == _strip(rows)
    for r in again:  # the certificates are written anew
        if r["certificate"] is not None:
            cert = json.loads((out / r["certificate"]).read_text())["certificate"]
            assert (cert["preperiod"], cert["period"]) == (r["preperiod"], r["period"])


def test_an_open_row_short_of_to_runs_again_in_pythons_terms(tmp_path):
    out = tmp_path / "c"
    rows = grundy.census("octal:1", to=2000, out=str(out))
    lines = [json.loads(l) for l in (out / "census.jsonl").read_text().splitlines()]
    for r in lines:
        if r["code"] == "0.6":
            assert r["status"] == "open"
            r["to"] = 16
    (out / "census.jsonl").write_text("".join(json.dumps(r) + "\n" for r in lines))
    with pytest.warns(RuntimeWarning) as caught:
        again = grundy.census("octal:1", to=2000, out=str(out))
    assert [str(w.message) for w in caught] == [
        f"grundy.census: {out / 'census.jsonl'}: the row of 0.6 is not trusted (it is open to heap 16, "
        "short of heap 2000, which the census's to= and max_work= let it reach, and no limit stops a run there); "
        "it runs again"
    ]
    assert _strip(again) == _strip(rows)


dask = pytest.importorskip("dask.distributed")


@pytest.fixture(scope="module")
def client():
    cluster = dask.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None)
    c = dask.Client(cluster)
    yield c
    c.close()
    cluster.close()


def test_one_census_at_a_time_writes_to_a_directory(tmp_path):
    import fcntl

    out = str(tmp_path / "c")
    first = grundy.census("octal:1", to=200, out=out)
    # Another census (here this test) holds the directory's lock.
    with open(os.path.join(out, "census.lock"), "a") as f:
        fcntl.flock(f, fcntl.LOCK_EX | fcntl.LOCK_NB)
        with pytest.raises(ValueError, match=r"^another census is running in .*census.lock"):
            grundy.census("octal:1", to=200, out=out)
    # A census that ends in an error releases the lock although its traceback (kept
    # here, as Jupyter keeps the last one) still holds the output.
    # A census the memory limit refuses changes nothing in the directory (it used to
    # check the rows first, under that limit, and distrust every certificate).
    before = {n: open(os.path.join(out, "certificates", n), "rb").read() for n in os.listdir(os.path.join(out, "certificates"))}
    grundy.set_limits(memory_limit="1K")
    try:
        # Its advice names the keyword arguments, not the CLI's flags.
        with pytest.raises(grundy.ResourceError, match="fewer jobs= or a smaller to= need less") as refused:
            grundy.census("octal:1", to=200, out=out)
        assert "--" not in str(refused.value), refused.value
    finally:
        grundy.set_limits(memory_limit=None)
    after = {n: open(os.path.join(out, "certificates", n), "rb").read() for n in os.listdir(os.path.join(out, "certificates"))}
    assert after == before
    with pytest.raises(Exception) as kept:
        grundy.census("octal:1", to=200, out=out, client=object())
    assert kept.value.__traceback__ is not None
    assert grundy.census("octal:1", to=200, out=out) == first


def test_dask_gives_the_rows_of_the_local_run(client, tmp_path):
    local = grundy.census("octal:2", to=1500, jobs=1)
    remote = grundy.census("octal:2", to=1500, out=str(tmp_path / "d"), client=client)
    assert len(remote) == 127
    assert _strip(remote) == _strip([dict(r, certificate=rr["certificate"]) for r, rr in zip(local, remote)])
    for a, b in zip(local, remote):
        assert a["code"] == b["code"] and a["status"] == b["status"] and a["class"] == b["class"]


def test_a_killed_worker_loses_no_code_and_writes_none_twice(client, tmp_path):
    codes = tmp_path / "codes.txt"
    # Officers and 0.16 take about a second each to 2^19; the rest are quick.
    codes.write_text("0.6\n0.16\n0.77\n0.07\n0.137\n0.156\n4.07\n")
    out = tmp_path / "k"
    pids = client.run(os.getpid)
    killed = []

    def kill_one():
        # Kill a worker process while it holds a task.
        deadline = time.time() + 30
        while time.time() < deadline and not killed:
            busy = [w for w, keys in client.processing().items() if keys]
            if busy and busy[0] in pids:
                os.kill(pids[busy[0]], signal.SIGKILL)
                killed.append(busy[0])
            time.sleep(0.05)

    t = threading.Thread(target=kill_one)
    t.start()
    rows = grundy.census(str(codes), to=1 << 19, out=str(out), client=client)
    t.join()
    assert killed, "no worker was killed"
    lines = (out / "census.jsonl").read_text().splitlines()
    written = sorted(json.loads(l)["code"] for l in lines)
    assert written == sorted(["0.6", "0.16", "0.77", "0.07", "0.137", "0.156", "4.07"])
    assert len(rows) == 7
    local = grundy.census(str(codes), to=1 << 19, jobs=2)
    assert _strip([dict(r, certificate=None) for r in rows]) == _strip(local)


def test_dask_gives_the_misere_rows_of_the_local_run(client, tmp_path):
    local = grundy.census("octal:1", to=24, jobs=1, play="misere", max_work=10**6)
    remote = grundy.census("octal:1", to=24, out=str(tmp_path / "dm"), client=client, play="misere", max_work=10**6)
    assert _strip([dict(r, certificate=None) for r in remote]) == _strip(local)
    assert all(r["certificate"].startswith("certificates/") for r in remote)
