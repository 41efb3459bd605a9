"""What the fuzz generators (fuzz_conv_backward.py, fuzz_training_ops.py,
fuzz_graphs.py) share: their common options, the loop that draws cases
until enough are made, and the --dtypes option. No torch needed here."""

import argparse
import sys


def fuzz_parser(doc, count):
    """The options every fuzzer takes: --seed, --count (default count) and
    --out, described by doc's first line; the fuzzer adds its own."""
    ap = argparse.ArgumentParser(description=doc.split("\n")[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=count)
    ap.add_argument("--out", required=True, help="the directory to write the cases into")
    return ap


def draw_cases(count, attempts, make_one):
    """Calls make_one(i), i the number of cases made so far, until count
    are made or attempts calls are spent; make_one returns whether it made
    a case (a draw may be invalid, or out of bounds). Returns how many were
    made. The calls are in order, so a seed draws the same cases."""
    made = 0
    for _ in range(attempts):
        if made == count:
            break
        if make_one(made):
            made += 1
    return made


def parse_dtypes(text, allowed):
    """The dtypes of a comma-separated --dtypes value (None for all), or a
    clear exit naming the allowed ones."""
    if not text:
        return None
    dtypes = text.split(",")
    if not set(dtypes) <= set(allowed):
        sys.exit(f"--dtypes={text!r}: choose from {', '.join(allowed)}")
    return dtypes
