// RUN: not echo-code %s
