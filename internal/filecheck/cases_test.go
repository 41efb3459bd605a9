package filecheck

// testCase is shared by TestCheck and TestAgainstLLVMFileCheck, so every case
// documents FileCheck behaviour that was verified against the real tool.
type testCase struct {
	name   string
	check  string
	input  string
	opts   Options
	pass   bool
	errSub string // for failures: a substring of our error message
}

var cases = []testCase{
	// Plain CHECK.
	{name: "plain/match", check: "CHECK: foo\n", input: "xx foo yy\n", pass: true},
	{name: "plain/missing", check: "CHECK: foo\n", input: "bar\n", errSub: "CHECK: expected string not found in input"},
	{name: "plain/order", check: "CHECK: b\nCHECK: a\n", input: "a\nb\n", errSub: "check.txt:2:8: error: CHECK: expected string not found"},
	{name: "plain/same-line-twice", check: "CHECK: a\nCHECK: b\n", input: "a b\n", pass: true},
	{name: "plain/substring", check: "CHECK: oo\n", input: "foobar\n", pass: true},
	{name: "plain/after-comment-marker", check: "// CHECK: %0 = arith.addi\n", input: "  %0 = arith.addi %a, %b : i32\n", pass: true},
	{name: "plain/no-span-lines", check: "CHECK: a{{.*}}b\n", input: "a\nb\n", errSub: "expected string not found"},
	{name: "plain/no-directive", check: "// nothing here\n", input: "x\n", errSub: "no check strings found with prefix 'CHECK:'"},
	{name: "plain/empty-pattern", check: "CHECK:\n", input: "x\n", errSub: "found empty check string with prefix 'CHECK:'"},
	{name: "plain/word-suffix-not-prefix", check: "MYCHECK: zzz\nCHECK: x\n", input: "x\n", pass: true},
	{name: "plain/unknown-suffix-skipped", check: "CHECK-FOO: zzz\nCHECK: x\n", input: "x\n", pass: true},
	{name: "plain/unknown-suffix-then-check", check: "CHECK-FOO: CHECK: x\n", input: "x\n", pass: true},
	{name: "plain/misspelled", check: "CHECK: x\nCHECK_NEXT: y\n", input: "x\ny\n", errSub: "misspelled directive 'CHECK_NEXT:'"},
	{name: "plain/empty-input", check: "CHECK-NOT: x\n", input: "", errSub: "is empty"},
	{name: "plain/empty-input-allowed", check: "CHECK-NOT: x\n", input: "", opts: Options{AllowEmpty: true}, pass: true},
	{name: "plain/literal-modifier", check: "CHECK{LITERAL}: [[a]] {{b}}\n", input: "x [[a]] {{b}}\n", pass: true},

	// Comments.
	{name: "comment/run-line-ignored", check: "// RUN: tool %s | FileCheck %s --check-prefix=CHECK\n// CHECK: y\n", input: "y\n", pass: true},
	{name: "comment/com-ignored", check: "COM: CHECK: nope\nCHECK: y\n", input: "y\n", pass: true},
	{name: "comment/only-comments", check: "COM: hello\n", input: "y\n", errSub: "no check strings found"},

	// Whitespace.
	{name: "ws/collapse-input", check: "CHECK: a b\n", input: "a \t  b\n", pass: true},
	{name: "ws/collapse-pattern", check: "CHECK: a    b\n", input: "a b\n", pass: true},
	{name: "ws/space-needs-space", check: "CHECK: a b\n", input: "ab\n", errSub: "expected string not found"},
	{name: "ws/trim-pattern", check: "CHECK:    ab   \t\n", input: "ab\n", pass: true},
	{name: "ws/regex-space", check: "CHECK: {{a  b}}\n", input: "a\t\tb\n", pass: true},
	{name: "ws/strict-mismatch", check: "CHECK: a b\n", input: "a  b\n", opts: Options{StrictWhitespace: true}, errSub: "expected string not found"},
	{name: "ws/strict-match", check: "CHECK: a  b\n", input: "a  b\n", opts: Options{StrictWhitespace: true}, pass: true},
	{name: "ws/strict-trims", check: "CHECK:   a b  \n", input: "a b\n", opts: Options{StrictWhitespace: true}, pass: true},
	{name: "ws/crlf", check: "CHECK: a\r\nCHECK-NEXT: b\r\n", input: "a\r\nb\r\n", pass: true},

	// Regex blocks.
	{name: "regex/basic", check: "CHECK: %{{[0-9]+}} = add\n", input: "%12 = add\n", pass: true},
	{name: "regex/alternation-grouped", check: "CHECK: a{{x|y}}b\n", input: "ayb\n", pass: true},
	{name: "regex/alternation-no-leak", check: "CHECK: a{{x|y}}b\n", input: "ax\n", errSub: "expected string not found"},
	{name: "regex/literal-metachars", check: "CHECK: f(x) -> [1] + *\n", input: "f(x) -> [1] + *\n", pass: true},
	{name: "regex/escaped-brackets", check: "CHECK: dense<{{\\[\\[}}1, 2]]>\n", input: "dense<[[1, 2]]>\n", pass: true},
	{name: "regex/brackets-in-class", check: "CHECK: {{[[]}}x{{[]]}}\n", input: "[x]\n", pass: true},
	{name: "regex/posix-class", check: "CHECK: {{[[:alpha:]]+}}_{{[[:digit:]]+}}\n", input: "abc_123\n", pass: true},
	{name: "regex/anchor-start", check: "CHECK: {{^}}foo\n", input: " foo\nfoo\n", pass: true},
	{name: "regex/anchor-start-fails", check: "CHECK: {{^}}foo\n", input: " foo\n", errSub: "expected string not found"},
	{name: "regex/anchor-end", check: "CHECK: foo{{$}}\n", input: "foo bar\nfoo\n", pass: true},
	{name: "regex/anchor-end-fails", check: "CHECK: foo{{$}}\n", input: "foo bar\n", errSub: "expected string not found"},
	{name: "regex/longest", check: "CHECK: {{a|ab}}\nCHECK-SAME: b\n", input: "ab\n", errSub: "CHECK-SAME: expected string not found"},
	{name: "regex/longest-ok", check: "CHECK: {{a|ab}}\nCHECK-SAME: b\n", input: "abb\n", pass: true},
	{name: "regex/unterminated", check: "CHECK: {{abc\n", input: "abc\n", errSub: "found start of regex string with no end '}}'"},
	{name: "regex/first-close", check: "CHECK: {{a{1,2}}}\n", input: "aa\n", errSub: "error:"},
	{name: "regex/dot-star-same-line", check: "CHECK: a{{.*}}\nCHECK-NEXT: b\n", input: "a1 b\nb\n", pass: true},

	// Variables.
	{name: "var/capture-reuse", check: "CHECK: %[[V:[0-9]+]] = const\nCHECK: use %[[V]]\n", input: "%7 = const\n%8 = const\nuse %8\nuse %7\n", pass: true},
	{name: "var/capture-mismatch", check: "CHECK: %[[V:[0-9]+]] = const\nCHECK: use %[[V]]\n", input: "%7 = const\nuse %8\n", errSub: "expected string not found"},
	{name: "var/same-line-backref", check: "CHECK: [[X:[a-z]+]] = [[X]]\n", input: "ab = b\nfoo = foo\n", pass: true},
	{name: "var/same-line-backref-fail", check: "CHECK: ([[X:[a-z]+]], [[X]])\n", input: "(ab, ba)\n", errSub: "expected string not found"},
	{name: "var/redefine", check: "CHECK: x [[A:a]] [[A]] [[A:b]] [[A]]\n", input: "x a a b b\n", pass: true},
	{name: "var/redefine-across-lines", check: "CHECK: def [[A:[0-9]]]\nCHECK: use [[A]]\nCHECK: def [[A:[0-9]]]\nCHECK: use [[A]]\n", input: "def 1\nuse 1\ndef 2\nuse 2\n", pass: true},
	{name: "var/undefined", check: "CHECK: [[X]]\n", input: "foo\n", errSub: "undefined variable: X"},
	{name: "var/use-before-def", check: "CHECK: [[X]]\nCHECK: [[X:foo]]\n", input: "foo\nfoo\n", errSub: "undefined variable: X"},
	{name: "var/value-escaped", check: "CHECK: v=[[V:.*]]\nCHECK: w=[[V]]\n", input: "v=a.b\nw=axb\nw=a.b\n", pass: true},
	{name: "var/bad-name", check: "CHECK: x [[1,2]]\n", input: "x\n", errSub: "invalid variable name"},
	{name: "var/unexpected-whitespace", check: "CHECK: x [[1, 2]]\n", input: "x\n", errSub: "unexpected whitespace"},
	{name: "var/numeric-unsupported", check: "CHECK: x [[#A]]\n", input: "x\n", errSub: "not supported"},
	{name: "var/line-legacy", check: "\n\nCHECK: line [[@LINE]] [[@LINE-1]]\n", input: "line 3 2\n", pass: true},
	{name: "var/line-numeric", check: "CHECK: line [[#@LINE+1]]\n", input: "line 2\n", pass: true},
	{name: "var/bracket-regex-in-def", check: "CHECK: [[X:[[:alpha:]]+]] [[X]]\n", input: "abc abc\n", pass: true},
	{name: "var/label-with-var", check: "CHECK-LABEL: x [[A]]\n", input: "x\n", errSub: "with variable definition or use"},

	// CHECK-NEXT.
	{name: "next/ok", check: "CHECK: a\nCHECK-NEXT: b\n", input: "a\nb\n", pass: true},
	{name: "next/gap", check: "CHECK: a\nCHECK-NEXT: b\n", input: "a\nx\nb\n", errSub: "CHECK-NEXT: is not on the line after the previous match"},
	{name: "next/same-line", check: "CHECK: a\nCHECK-NEXT: b\n", input: "a b\n", errSub: "CHECK-NEXT: is on the same line as previous match"},
	{name: "next/missing", check: "CHECK: a\nCHECK-NEXT: b\n", input: "a\nc\n", errSub: "CHECK-NEXT: expected string not found in input"},
	{name: "next/first", check: "CHECK-NEXT: a\n", input: "a\n", errSub: "found 'CHECK-NEXT' without previous 'CHECK: line"},
	{name: "next/after-same", check: "CHECK: a\nCHECK-SAME: b\nCHECK-NEXT: c\n", input: "a b\nc\n", pass: true},
	{name: "next/after-same-gap", check: "CHECK: a\nCHECK-SAME: b\nCHECK-NEXT: c\n", input: "a b\n\nc\n", errSub: "not on the line after"},
	{name: "next/earlier-occurrence-wins", check: "CHECK: a\nCHECK-NEXT: b\n", input: "a\nx b\nb\n", pass: true},
	{name: "next/first-occurrence-too-far", check: "CHECK: a\nCHECK-NEXT: b\n", input: "a\nx\nb\nb\n", errSub: "not on the line after"},
	{name: "next/after-label", check: "CHECK-LABEL: f\nCHECK-NEXT: b\n", input: "f\nb\n", pass: true},
	{name: "next/chain", check: "CHECK: 1\nCHECK-NEXT: 2\nCHECK-NEXT: 3\n", input: "1\n2\n3\n", pass: true},

	// CHECK-SAME.
	{name: "same/ok", check: "CHECK: a\nCHECK-SAME: c\n", input: "a b c\n", pass: true},
	{name: "same/next-line", check: "CHECK: a\nCHECK-SAME: c\n", input: "a b\nc\n", errSub: "CHECK-SAME: is not on the same line as the previous match"},
	{name: "same/before", check: "CHECK: b\nCHECK-SAME: a\n", input: "a b\n", errSub: "CHECK-SAME: expected string not found"},
	{name: "same/anchor-at-previous-end", check: "CHECK: x\nCHECK-SAME: {{^}}y\n", input: "xy\n", pass: true},

	// CHECK-NOT.
	{name: "not/ok", check: "CHECK: a\nCHECK-NOT: x\nCHECK: b\n", input: "a\ny\nb\nx\n", pass: true},
	{name: "not/found", check: "CHECK: a\nCHECK-NOT: x\nCHECK: b\n", input: "a\nx\nb\n", errSub: "CHECK-NOT: excluded string found in input"},
	{name: "not/leading", check: "CHECK-NOT: x\nCHECK: a\n", input: "y\na\nx\n", pass: true},
	{name: "not/leading-found", check: "CHECK-NOT: x\nCHECK: a\n", input: "x\na\n", errSub: "excluded string found"},
	{name: "not/trailing-to-eof", check: "CHECK: a\nCHECK-NOT: x\n", input: "x\na\ny\n", pass: true},
	{name: "not/trailing-found", check: "CHECK: a\nCHECK-NOT: x\n", input: "a\ny\nx\n", errSub: "excluded string found"},
	{name: "not/only", check: "CHECK-NOT: x\n", input: "y\n", pass: true},
	{name: "not/same-line-before-match", check: "CHECK: a\nCHECK-NOT: x\nCHECK: b\n", input: "a x b\n", errSub: "excluded string found"},
	{name: "not/bad-combo", check: "CHECK-NOT-NEXT: x\n", input: "x\n", errSub: "unsupported -NOT combo"},
	{name: "not/regex", check: "CHECK: a\nCHECK-NOT: {{[0-9]+}}\nCHECK: b\n", input: "a\nxx\nb 1\n", pass: true},

	// CHECK-DAG.
	{name: "dag/any-order", check: "CHECK-DAG: b\nCHECK-DAG: a\n", input: "a\nb\n", pass: true},
	{name: "dag/missing", check: "CHECK-DAG: b\nCHECK-DAG: c\n", input: "a\nb\n", errSub: "CHECK-DAG: expected string not found"},
	{name: "dag/no-overlap", check: "CHECK-DAG: foo\nCHECK-DAG: foo\n", input: "foo\n", errSub: "CHECK-DAG: expected string not found"},
	{name: "dag/two-occurrences", check: "CHECK-DAG: foo\nCHECK-DAG: foo\n", input: "foo\nfoo\n", pass: true},
	{name: "dag/overlap-skips", check: "CHECK-DAG: abc\nCHECK-DAG: bc\n", input: "abc\n", errSub: "expected string not found"},
	{name: "dag/overlap-skips-ok", check: "CHECK-DAG: abc\nCHECK-DAG: bc\n", input: "abcbc\n", pass: true},
	{name: "dag/before-plain", check: "CHECK-DAG: x\nCHECK-DAG: y\nCHECK: z\n", input: "y\nx\nz\n", pass: true},
	{name: "dag/after-plain-fails", check: "CHECK-DAG: x\nCHECK: z\n", input: "z\nx\n", errSub: "CHECK: expected string not found"},
	{name: "dag/plain-after-group", check: "CHECK-DAG: x\nCHECK-DAG: y\nCHECK: z\n", input: "z\ny\nx\nz\n", pass: true},
	{name: "dag/plain-must-follow-group", check: "CHECK-DAG: x\nCHECK-DAG: y\nCHECK: z\n", input: "x\nz\ny\n", errSub: "CHECK: expected string not found"},
	{name: "dag/not-between-groups", check: "CHECK-DAG: a\nCHECK-DAG: b\nCHECK-NOT: x\nCHECK-DAG: c\nCHECK-DAG: d\n", input: "b\na\ny\nd\nc\nx\n", pass: true},
	{name: "dag/not-between-groups-found", check: "CHECK-DAG: a\nCHECK-DAG: b\nCHECK-NOT: x\nCHECK-DAG: c\nCHECK-DAG: d\n", input: "b\na\nx\nd\nc\n", errSub: "CHECK-NOT: excluded string found"},
	{name: "dag/groups-ordered", check: "CHECK-DAG: a\nCHECK-NOT: x\nCHECK-DAG: b\n", input: "b\na\n", errSub: "CHECK-DAG: expected string not found"},
	{name: "dag/not-region-ends-at-first-match", check: "CHECK-DAG: a\nCHECK-NOT: x\nCHECK-DAG: b\nCHECK-DAG: c\n", input: "a\nc\nx\nb\n", pass: true},
	{name: "dag/var-across", check: "CHECK-DAG: [[A:%[0-9]+]] = one\nCHECK-DAG: [[B:%[0-9]+]] = two\nCHECK: add [[B]], [[A]]\n", input: "%2 = two\n%1 = one\nadd %2, %1\n", pass: true},
	{name: "dag/var-across-wrong", check: "CHECK-DAG: [[A:%[0-9]+]] = one\nCHECK-DAG: [[B:%[0-9]+]] = two\nCHECK: add [[B]], [[A]]\n", input: "%2 = two\n%1 = one\nadd %1, %2\n", errSub: "expected string not found"},
	{name: "dag/trailing-not", check: "CHECK: a\nCHECK-DAG: c\nCHECK-DAG: b\nCHECK-NOT: x\n", input: "a\nb\nc\ny\n", pass: true},
	{name: "dag/trailing-not-found", check: "CHECK: a\nCHECK-DAG: c\nCHECK-DAG: b\nCHECK-NOT: x\n", input: "a\nb\nc\nx\n", errSub: "excluded string found"},
	{name: "dag/next-after-dag", check: "CHECK: a\nCHECK-DAG: b\nCHECK-NEXT: c\n", input: "a\nb\nc\n", pass: true},

	// CHECK-LABEL.
	{name: "label/blocks", check: "CHECK-LABEL: func @f\nCHECK: ret\nCHECK-LABEL: func @g\nCHECK: ret\n", input: "func @f\nret\nfunc @g\nret\n", pass: true},
	{name: "label/confined", check: "CHECK-LABEL: func @f\nCHECK: addi\nCHECK-LABEL: func @g\n", input: "func @f\nret\nfunc @g\naddi\n", errSub: "CHECK: expected string not found"},
	{name: "label/missing", check: "CHECK-LABEL: func @f\nCHECK-LABEL: func @h\n", input: "func @f\nfunc @g\n", errSub: "CHECK-LABEL: expected string not found"},
	{name: "label/order", check: "CHECK-LABEL: @g\nCHECK-LABEL: @f\n", input: "@f\n@g\n", errSub: "CHECK-LABEL: expected string not found"},
	{name: "label/not-within-block", check: "CHECK-LABEL: @f\nCHECK-NOT: bad\nCHECK-LABEL: @g\nCHECK: ok\n", input: "@f\ngood\n@g\nbad ok\n", pass: true},
	{name: "label/not-within-block-found", check: "CHECK-LABEL: @f\nCHECK-NOT: bad\nCHECK-LABEL: @g\n", input: "@f\nbad\n@g\n", errSub: "excluded string found"},
	{name: "label/dag-within-block", check: "CHECK-LABEL: @f\nCHECK-DAG: b\nCHECK-DAG: a\nCHECK-LABEL: @g\n", input: "@f\na\nb\n@g\n", pass: true},
	{name: "label/dag-cannot-cross", check: "CHECK-LABEL: @f\nCHECK-DAG: b\nCHECK-DAG: a\nCHECK-LABEL: @g\n", input: "@f\na\n@g\nb\n", errSub: "CHECK-DAG: expected string not found"},
	{name: "label/errors-in-several-blocks", check: "CHECK-LABEL: @f\nCHECK: x\nCHECK-LABEL: @g\nCHECK: y\n", input: "@f\n@g\n", errSub: "CHECK: expected string not found"},
	{name: "label/var-from-previous-block", check: "CHECK-LABEL: @f\nCHECK: [[V:v[0-9]]]\nCHECK-LABEL: @g\nCHECK: use [[V]]\n", input: "@f\nv3\n@g\nuse v3\n", pass: true},
	{name: "label/substring-prefers-earliest", check: "CHECK-LABEL: @f\nCHECK: body\nCHECK-LABEL: @f2\n", input: "@f2\nbody\n@f2\n", pass: true},

	// CHECK-EMPTY.
	{name: "empty/ok", check: "CHECK: a\nCHECK-EMPTY:\nCHECK-NEXT: b\n", input: "a\n\nb\n", pass: true},
	{name: "empty/not-empty", check: "CHECK: a\nCHECK-EMPTY:\n", input: "a\nb\n\n", errSub: "CHECK-EMPTY: is not on the line after the previous match"},
	{name: "empty/at-eof-newline", check: "CHECK: foo\nCHECK-EMPTY:\n", input: "foo\n", pass: true},
	{name: "empty/at-eof-no-newline", check: "CHECK: foo\nCHECK-EMPTY:\n", input: "foo", errSub: "CHECK-EMPTY: expected string not found"},
	{name: "empty/whitespace-line", check: "CHECK: a\nCHECK-EMPTY:\n", input: "a\n \nb\n", errSub: "CHECK-EMPTY"},
	{name: "empty/non-empty-pattern", check: "CHECK: a\nCHECK-EMPTY: x\n", input: "a\n\n", errSub: "found non-empty check string for empty check"},

	// CHECK-COUNT.
	{name: "count/ok", check: "CHECK-COUNT-3: foo\n", input: "foo\nfoo foo\n", pass: true},
	{name: "count/short", check: "CHECK-COUNT-3: foo\n", input: "foo\nfoo\n", errSub: "CHECK-COUNT: expected string not found in input (3 out of 3)"},
	{name: "count/then-next", check: "CHECK-COUNT-2: x\nCHECK-NEXT: y\n", input: "x\nx\ny\n", pass: true},
	{name: "count/zero", check: "CHECK-COUNT-0: x\n", input: "x\n", errSub: "invalid count in -COUNT specification"},
	{name: "count/not-after", check: "CHECK-COUNT-2: x\nCHECK-NOT: x\n", input: "x\nx\nx\n", errSub: "excluded string found"},

	// Corner cases found while comparing with FileCheck.
	{name: "dag/before-label", check: "CHECK: a\nCHECK-DAG: b\nCHECK-LABEL: c\n", input: "a\nc\nb\n", errSub: "CHECK-DAG: expected string not found in input"},
	{name: "dag/then-next-from-group-end", check: "CHECK: a\nCHECK-DAG: b\nCHECK-NEXT: c\n", input: "a\nc\nb\nc\n", pass: true},
	{name: "dag/then-same", check: "CHECK: a\nCHECK-DAG: b\nCHECK-SAME: c\n", input: "a c b\n", errSub: "CHECK-SAME: expected string not found in input"},
	{name: "dag/prefix-overlap", check: "CHECK-DAG: ab\nCHECK-DAG: a\n", input: "aab\n", pass: true},
	{name: "dag/prefix-overlap-fail", check: "CHECK-DAG: ab\nCHECK-DAG: a\n", input: "ab\n", errSub: "CHECK-DAG: expected string not found in input"},
	{name: "dag/three-way", check: "CHECK-DAG: b\nCHECK-DAG: ab\nCHECK-DAG: a\n", input: "ab ba\n", errSub: "CHECK-DAG: expected string not found in input"},
	{name: "dag/overlap-restart-after-range", check: "CHECK-DAG: c\nCHECK-DAG: b\nCHECK-DAG: bc\n", input: "bc b\n", errSub: "CHECK-DAG: expected string not found in input"},
	{name: "dag/zero-length", check: "CHECK-DAG: {{^}}\nCHECK-DAG: {{^}}\nCHECK: x\n", input: "x\n", pass: true},
	{name: "label/duplicate-needs-two", check: "CHECK-LABEL: a\nCHECK-LABEL: a\n", input: "a\n", errSub: "CHECK-LABEL: expected string not found in input"},
	{name: "label/empty-after-label", check: "CHECK-LABEL: f\nCHECK-EMPTY:\n", input: "f\n\n", pass: true},
	{name: "count/then-same", check: "CHECK-COUNT-2: a\nCHECK-SAME: b\n", input: "a\na b\n", pass: true},
	{name: "count/literal", check: "CHECK-COUNT-2{LITERAL}: [[x]]\n", input: "[[x]] [[x]]\n", pass: true},
	{name: "var/backref-leftmost-line", check: "CHECK: x [[X:[a-z]+]] [[X]]\n", input: "x ab b ab ab\n", errSub: "CHECK: expected string not found in input"},
	{name: "var/empty-def", check: "CHECK: [[X:]]a[[X]]\n", input: "a\n", pass: true},
	{name: "var/escaped-bracket-in-def", check: "CHECK: [[X:a\\]]]\n", input: "a]\n", pass: true},
	{name: "plain/two-prefixes-on-line", check: "CHECK: a CHECK: b\n", input: "a b\n", errSub: "CHECK: expected string not found in input"},
	{name: "plain/no-space-after-colon", check: "CHECK:a\n", input: "a\n", pass: true},
	{name: "plain/space-before-colon", check: "CHECK : a\nCHECK: z\n", input: "z\n", pass: true},
	{name: "plain/underscore-before-prefix", check: "_CHECK: x\nCHECK: z\n", input: "z\n", pass: true},
	{name: "plain/lone-bracket", check: "CHECK: [[\n", input: "[[\n", errSub: "Invalid substitution block, no ]] found"},
	{name: "not/no-trailing-newline", check: "CHECK-NOT: x\n", input: "x", errSub: "CHECK-NOT: excluded string found in input"},

	// Custom prefixes.
	{name: "prefix/custom", check: "FOO: a\nCHECK: zzz\n", input: "a\n", opts: Options{Prefixes: []string{"FOO"}}, pass: true},
	{name: "prefix/multiple", check: "FOO: a\nBAR: b\nCHECK: zzz\n", input: "a\nb\n", opts: Options{Prefixes: []string{"FOO", "BAR"}}, pass: true},
	{name: "prefix/multiple-order", check: "FOO: a\nBAR-NEXT: b\n", input: "a\nb\n", opts: Options{Prefixes: []string{"FOO", "BAR"}}, pass: true},
	{name: "prefix/missing", check: "CHECK: a\n", input: "a\n", opts: Options{Prefixes: []string{"FOO"}}, errSub: "no check strings found with prefix 'FOO:'"},
	{name: "prefix/longest-at-position", check: "CHECK-A: a\nCHECK: b\n", input: "b\n", opts: Options{Prefixes: []string{"CHECK", "CHECK-A"}}, errSub: "CHECK-A: expected string not found"},
	{name: "prefix/unused-one", check: "FOO: a\n", input: "a\n", opts: Options{Prefixes: []string{"FOO", "BAR"}}, errSub: "no check strings found with prefix 'BAR:'"},
	{name: "prefix/unused-several", check: "FOO: a\n", input: "a\n", opts: Options{Prefixes: []string{"FOO", "BAZ", "BAR"}}, errSub: "no check strings found with prefixes 'BAR:', 'BAZ:'"},
	{name: "prefix/used-only-in-comment", check: "FOO: a\nCOM: BAR: x\n", input: "a\n", opts: Options{Prefixes: []string{"FOO", "BAR"}}, errSub: "prefix 'BAR:'"},
	{name: "prefix/word-suffix-not-used", check: "FOO: a\nX-BAR: x\n", input: "a\n", opts: Options{Prefixes: []string{"FOO", "BAR"}}, errSub: "prefix 'BAR:'"},
	{name: "prefix/invalid", check: "CHECK: a\n", input: "a\n", opts: Options{Prefixes: []string{"1X"}}, errSub: "invalid check prefix"},
}
