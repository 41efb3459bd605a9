// RUN: frobnicate %s
