"""Reads that hold a stroke "1" the tile does not (reader v11's measure; research/vision-diary.md,
"pool-editions, v8.3.1 against v10 one tile at a time"), counted on `remi vision eval --errors`
contact sheets of one test pool read by two or three models folders:

    python research/phantom_ones.py out/pe-v831.html out/pe-v10.html out/pe-v11.html

A phantom 1 is a tile (not "no tile") read with more 1s in its number than it prints: a digit
read as 1 (k4 -> k1), a leading 1 added (r2 -> r12), a joker read as 1, 10 or 11. It prints each
sheet's count, the second sheet's phantoms the first lacks (photo, truth, read), and how many
of those the third sheet still makes.
"""

from __future__ import annotations

import re
import sys
from collections import Counter
from pathlib import Path

_FIGURE = re.compile(r"<b>(\S+) read (\S+)</b><br>([^<]+)</figcaption>")


def ones(code: str) -> int:
    """The 1s a tile code prints in its number (a joker prints none).

    >>> ones("r12"), ones("*"), ones("k4")
    (1, 0, 0)
    """
    return code[1:].count("1") if code[:1] in "kbry" and code[1:].isdigit() else 0


def phantoms(sheet: Path) -> Counter:
    """(photo, truth, read) of every phantom 1 on a contact sheet, counted."""
    found = _FIGURE.findall(sheet.read_text(errors="replace"))
    return Counter((photo, truth, read) for truth, read, photo in found if ones(read) > ones(truth))


def main(argv: list[str]) -> int:
    sheets = [Path(a) for a in argv]
    counts = [phantoms(s) for s in sheets]
    for sheet, c in zip(sheets, counts):
        print(f"{sheet}: {sum(c.values())} phantom 1s")
    if len(counts) >= 2:
        new = counts[1] - counts[0]
        print(f"{sheets[1]} makes {sum(new.values())} that {sheets[0]} does not:",
              ", ".join(f"{t}->{r}" for (_, t, r), k in sorted(new.items()) for _ in range(k)))
        if len(counts) == 3:
            left = new & counts[2]
            print(f"{sheets[2]} still makes {sum(left.values())} of them, "
                  f"{sum(new.values()) - sum(left.values())} gone")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
