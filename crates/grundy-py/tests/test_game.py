"""grundy.Game: games whose positions are Python values, against the same games
defined in Rust (Node-Kayles on paths, Cram, Kayles), and its errors."""

import functools

import pytest

import grundy


def path_options(n):
    # Node-Kayles on a path of n vertices: take vertex i and its neighbours, leaving
    # paths of max(i - 1, 0) and max(n - i - 2, 0) vertices (a sum of two paths).
    return [(max(i - 1, 0), max(n - i - 2, 0)) for i in range(n)]


def test_node_kayles_paths_match_the_rust_game():
    g = grundy.Game("py-node-kayles", path_options)
    for n in range(0, 40):
        assert g.value(n) == grundy.value(f"node-kayles-path({n})"), n


def cram_options(board):
    # A board: (rows, cols, frozenset of empty cells); a move fills two neighbours.
    h, w, cells = board
    out = []
    for (r, c) in sorted(cells):
        for (dr, dc) in ((0, 1), (1, 0)):
            other = (r + dr, c + dc)
            if other in cells:
                out.append(((h, w, cells - {(r, c), other}),))
    return out


def cram_components(board):
    h, w, cells = board
    left, parts = set(cells), []
    while left:
        stack, part = [left.pop()], set()
        while stack:
            r, c = stack.pop()
            part.add((r, c))
            for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if n in left:
                    left.remove(n)
                    stack.append(n)
        parts.append((h, w, frozenset(part)))
    return parts


def cram_canonical(board):
    # Translate the cells to the origin (the board's size does not matter).
    _, _, cells = board
    if not cells:
        return (0, 0, frozenset())
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    return (0, 0, frozenset((r - r0, c - c0) for r, c in cells))


def board_text(h, w, cells):
    return "/".join("".join("." if (r, c) in cells else "#" for c in range(w)) for r in range(h))


@pytest.mark.parametrize("with_capabilities", [False, True])
def test_cram_matches_the_rust_game(with_capabilities):
    kw = dict(components=cram_components, canonical=cram_canonical) if with_capabilities else {}
    g = grundy.Game("py-cram", cram_options, **kw)
    import random

    rnd = random.Random(7)
    for _ in range(25):
        h, w = rnd.randint(1, 4), rnd.randint(1, 4)
        cells = frozenset((r, c) for r in range(h) for c in range(w) if rnd.random() > 0.2)
        expect = grundy.value(f'cram("{board_text(h, w, cells)}")')
        assert g.value((h, w, cells)) == expect, board_text(h, w, cells)


def test_moves_list_positions_and_sums():
    g = grundy.Game("py-node-kayles", path_options)
    m = g.moves(9)
    assert m.value == grundy.value("node-kayles-path(9)") == 3
    assert m.winning == [(3, 3)]
    m = g.moves(4, all=True)
    # Options listed once: (0, 2) and (2, 0) are the same sum.
    assert m.options is not None
    assert sorted(tuple(sorted(o)) for o, _ in m.options) == [(0, 1), (0, 2)]
    assert [v for _, v in m.options] == [1, 1]


def test_options_called_once_per_position():
    calls = {}

    def options(n):
        calls[n] = calls.get(n, 0) + 1
        return [(a, n - 1 - a) for a in range(n)] + [n - 1] if n else []

    grundy.Game("counted", options).value(25)
    assert all(c == 1 for c in calls.values()), calls


def test_errors_name_the_position():
    def options(n):
        if n == 3:
            raise KeyError("three")
        return list(range(n))

    g = grundy.Game("bad", options)
    with pytest.raises(KeyError) as e:
        g.value(6)
    assert any("options(3) of game 'bad'" in n for n in getattr(e.value, "__notes__", []))
    with pytest.raises(TypeError, match="not hashable"):
        grundy.Game("lists", lambda p: [[1]]).value(0)
    with pytest.raises(TypeError, match="not hashable"):
        grundy.Game("lists", lambda p: []).value([1, 2])

    # A position whose own __hash__ raises keeps its exception (it was a TypeError
    # saying the position was not hashable).
    class Broken:
        def __hash__(self):
            raise RuntimeError("hash boom")

    with pytest.raises(RuntimeError, match="hash boom") as e:
        grundy.Game("broken", lambda p: []).value(Broken())
    assert any("raised by hash()" in n for n in getattr(e.value, "__notes__", []))
    with pytest.raises(ValueError, match="not iterable"):
        grundy.Game("scalar", lambda p: 3).value(0)
    with pytest.raises(ValueError, match="cycle"):
        grundy.Game("loop", lambda p: [1 - p]).value(0)
    with pytest.raises(ValueError, match="callable"):
        grundy.Game("x", 3)


def test_a_game_may_ask_grundy_inside_options():
    @functools.lru_cache(maxsize=None)
    def options(n):
        # Subtraction {1, 2} written through Nim heaps' values from grundy itself.
        return [n - k for k in (1, 2) if n - k >= 0 and grundy.value(f"nim({n - k})") >= 0]

    assert [grundy.Game("sub12", options).value(n) for n in range(9)] == [0, 1, 2, 0, 1, 2, 0, 1, 2]


def test_games_keep_to_the_limits():
    # A hostile check: Game.value took no limits, the work of a game was never
    # counted, and an options function returning an endless iterator was read until
    # the interpreter died.
    import itertools

    big = grundy.Game("big", lambda p: [p - 1, p - 2, p // 2] if p > 2 else [])
    with pytest.raises(grundy.ResourceError, match="work limit is 100000"):
        big.value(10**7, max_work=10**5)
    with pytest.raises(grundy.ResourceError, match="set by max_work=100000"):
        big.moves(10**7, max_work=10**5)
    grundy.set_limits(max_work=10**5)
    try:
        with pytest.raises(grundy.ResourceError, match=r"grundy.set_limits\(max_work=100000\)"):
            big.value(10**7)
    finally:
        grundy.set_limits(max_work=None)
    endless = grundy.Game("endless", lambda p: itertools.repeat(0) if p else [])
    with pytest.raises(grundy.ResourceError, match="more than .* items"):
        endless.value(3, memory_limit="100M")
    with pytest.raises(grundy.ResourceError, match=r"^reading options\(.*\) of game 'endless' .*set by max_work=100000"):
        endless.value(3, max_work=10**5, memory_limit="1G")
    # Within the limits the same calls answer (Node-Kayles on a path of 30).
    g = grundy.Game("py-node-kayles", path_options)
    assert g.value(30, max_work=10**6, memory_limit="1G") == grundy.value("node-kayles-path(30)")
    assert g.moves(30, max_work=10**6).value == g.value(30)
