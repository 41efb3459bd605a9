// RUN: echo-code %s | FileCheck %s --check-prefix=ONE
// RUN: echo-code %s \
// RUN:   | cat | FileCheck %s --check-prefixes=TWO,BOTH
// RUN: echo-code %s | filecheck -check-prefix BOTH

alpha
beta

// ONE: alpha
// ONE-NEXT: beta
// BOTH: alpha
// TWO: beta
