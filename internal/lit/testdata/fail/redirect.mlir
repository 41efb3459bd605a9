// RUN: echo-code %s > %t
