"""Memory from Python (issue 18): under an address-space limit (``ulimit -v``) the
default memory limit follows the address space left, so a table larger than it is a
``ResourceError`` instead of an allocation failure that killed the interpreter."""

import os
import subprocess
import sys
import textwrap


def test_a_table_beyond_the_address_space_left_is_refused():
    code = textwrap.dedent(
        """
        import resource
        import grundy
        resource.setrlimit(resource.RLIMIT_AS, (4 << 30, resource.RLIM_INFINITY))
        try:
            grundy.seq("nim", 2**32 - 2)  # 16 GiB of table
        except grundy.ResourceError as e:
            print("refused:", e)
        print(grundy.seq("nim", 5).tolist())
        """
    )
    env = {k: v for k, v in os.environ.items() if k != "GRUNDY_MEMORY_LIMIT"}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=300)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[0].startswith("refused: a table of nim to 4294967294 needs an estimated 16.0 GiB"), out.stdout
    assert lines[1] == "[0, 1, 2, 3, 4, 5]", out.stdout


def test_a_search_whose_heap_passes_the_limit_is_refused():
    # The misère search's estimate of its option lists leaves out what their blocks
    # take; the extension's allocator counts the heap held, as the CLI's does, so the
    # search stops at the limit instead of passing it (16 MiB: it held 16.1 MiB; since
    # its parts say whether they have an option, 16 MiB is enough and 10 MiB is not).
    import grundy
    import pytest

    with pytest.raises(grundy.ResourceError, match="on the heap, measured") as refused:
        grundy.value("cram(5,5)", play="misere", memory_limit="10M")
    # The advice of a measured refusal does not promise that its figure is enough.
    assert "would let it go on past this point" in str(refused.value), refused.value
    assert "would allow it" not in str(refused.value), refused.value
    assert grundy.value("cram(2,3)", play="misere", memory_limit="16M").outcome in ("N", "P")


def test_a_calls_limit_counts_its_own_heap_not_earlier_results():
    # A sequence returned earlier (a numpy array on memory from the Rust side, 40 MB)
    # stays held; a later call's limit is about what that call holds.
    import grundy

    held = grundy.seq("nim", 10**7)
    assert grundy.value("cram(4,5)", memory_limit="16M") == 2
    assert held[-1] == 10**7


def test_max_work_none_lifts_the_limit(tmp_path, monkeypatch):
    # A star of 100 leaves: its work model's estimate (1.3·10^30 positions) is beyond
    # every count, though the search is instant; "none" lifts the limit, and the
    # refusal says so.
    import grundy
    import pytest

    star = tmp_path / "star.txt"
    star.write_text(" ".join(f"c-v{i}" for i in range(100)))
    expr = f'node-kayles("@{star}")'
    with pytest.raises(grundy.ResourceError, match='max_work="none"'):
        grundy.value(expr)
    assert grundy.value(expr, max_work="none") == 2
    assert grundy.value(expr, max_work="NONE") == 2
    grundy.set_limits(max_work=10**12)
    try:
        with pytest.raises(grundy.ResourceError, match='set by grundy.set_limits.*max_work="none" argument would allow it'):
            grundy.value(expr)
    finally:
        grundy.set_limits(max_work=None)
    monkeypatch.setenv("GRUNDY_MAX_WORK", "none")
    assert grundy.value(expr) == 2
    with pytest.raises(ValueError, match='or "none" for no limit'):
        grundy.value("nim(1)", max_work="nothing")


def test_advice_that_can_be_followed():
    # A hostile audit: a table past 2^32 heaps advised a higher memory_limit, which
    # cannot help; a closed form without a value advised method="search", which no
    # table can make; an upper bound on options listed one by one advised "none" as if
    # it were a loose estimate; a misère listing was refused for its work, then for
    # its memory. Each refusal now names what binds and advice that works.
    import grundy
    import pytest

    with pytest.raises(grundy.ResourceError) as refused:
        grundy.value("saliquant(4294967296)", memory_limit="100G")
    text = str(refused.value)
    assert "dense tables stop below 2^32 heaps, whatever the memory limit" in text, text
    assert "memory_limit" not in text and "no closed form gives heap 4294967296 either" in text, text
    with pytest.raises(grundy.ResourceError) as refused:
        grundy.value("nim(4294967296)", method="search")
    text = str(refused.value)
    assert 'method="auto" or method="formula" gives heap 4294967296' in text, text
    assert grundy.value("nim(4294967296)", method="formula") == 4294967296
    with pytest.raises(ValueError) as refused:
        grundy.value("kayles(4294967296)", method="formula")
    assert 'so use method="auto"' in str(refused.value), refused.value
    assert grundy.value("kayles(4294967296)", method="auto") in range(10)
    # method="auto" takes the closed form where no table reaches.
    assert grundy.seq("nim", 10**18 + 10, start=10**18).tolist()[-1] == 10**18 + 10
    top = 2**64 - 1
    with pytest.raises(grundy.ResourceError, match=f"no closed form gives heap {top - 58} either"):
        grundy.seq("totative", top - 55, start=top - 65)
    with pytest.raises(ValueError) as refused:
        grundy.seq("totative", top - 55, start=top - 65, method="formula")
    assert "so no search answers it either" in str(refused.value), refused.value
    heaps = ",".join(str(10**18 + i) for i in range(20))
    with pytest.raises(grundy.ResourceError) as refused:
        grundy.moves(f"nim({heaps})", all=True, memory_limit="1G")
    text = str(refused.value)
    assert 'max_work="none"' in text and "the run may list that many" in text, text
    # Splits in three found through the proven period: counted, not listed one by one.
    moves = grundy.moves("0.B(10**18) + nim(1)")
    assert moves.winning_count == 83333333333333333166666666666666669
    for work in (None, "none"):
        with pytest.raises(grundy.ResourceError) as refused:
            grundy.value("0.137(10**18)", play="misere", max_work=work, memory_limit="1G")
        text = str(refused.value)
        assert "no machine's memory holds it" in text and "max_work" not in text, text
