// RUN: not echo-code %s --panic
