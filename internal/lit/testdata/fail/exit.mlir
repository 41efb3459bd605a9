// RUN: echo-code %s --fail
