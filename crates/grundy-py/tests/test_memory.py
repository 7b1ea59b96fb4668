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
