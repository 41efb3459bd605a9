// Not a lit test: no RUN line, so lit.Run skips it silently.
// CHECK: this would fail
