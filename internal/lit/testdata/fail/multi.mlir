// RUN: echo-code %s | FileCheck %s
// RUN: echo-code %s | FileCheck %s --check-prefix=ALSO
// RUN: echo-code %s --fail | FileCheck %s
present
// CHECK: present
// ALSO: absent
