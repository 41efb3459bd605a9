package lowering

import (
	"strings"
	"testing"

	"github.com/torchlower/torchlower/internal/irtest"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/asm"
	"github.com/torchlower/torchlower/ir/pass"
)

func runPass(t *testing.T, src string) (*ir.Operation, error) {
	t.Helper()
	ctx := newContext()
	m, err := asm.Parse(ctx, src, asm.Options{FileName: "in.mlir"})
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	if err := ir.Verify(m); err != nil {
		t.Fatalf("verify: %v", err)
	}
	pl := torchToLinalgPipeline()
	pm := &pass.Manager{IR: ctx, Pipeline: pl, VerifyEach: true}
	return m, pm.Run(m)
}

const twoUnsupported = `func.func @f(%a: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,3],f32> {
  %none = torch.constant.none
  %p = torch.constant.float 5.000000e-01
  %0 = torch.aten.bernoulli %a, %none : !torch.vtensor<[2,3],f32>, !torch.none -> !torch.vtensor<[2,3],f32>
  %1 = torch.aten.bernoulli.p %0, %p, %none : !torch.vtensor<[2,3],f32>, !torch.float, !torch.none -> !torch.vtensor<[2,3],f32>
  %2 = torch.aten.bernoulli %1, %none : !torch.vtensor<[2,3],f32>, !torch.none -> !torch.vtensor<[2,3],f32>
  return %2 : !torch.vtensor<[2,3],f32>
}
`

// TestErrorListsEveryUnsupportedOp: one error, one line per op that cannot
// be lowered, each with its own file:line:col, in program order; and the
// module is left exactly as it was.
func TestErrorListsEveryUnsupportedOp(t *testing.T) {
	m, err := runPass(t, twoUnsupported)
	if err == nil {
		t.Fatal("expected an error")
	}
	want := []string{
		"in.mlir:4:3: error: failed to legalize operation 'torch.aten.bernoulli'",
		"in.mlir:5:3: error: failed to legalize operation 'torch.aten.bernoulli.p'",
		"in.mlir:6:3: error: failed to legalize operation 'torch.aten.bernoulli'",
	}
	if got := strings.Split(err.Error(), "\n"); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("error:\n%s\nwant:\n%s", err, strings.Join(want, "\n"))
	}
	if _, isDiag := err.(*ir.Diagnostic); !isDiag {
		t.Errorf("error is %T, want *ir.Diagnostic", err)
	}
	printed := ir.Sprint(m, ir.PrintOptions{})
	if !strings.Contains(printed, "!torch.vtensor<[2,3],f32>") || strings.Contains(printed, "tensor<2x3xf32>") {
		t.Errorf("a failed conversion changed the module:\n%s", printed)
	}
}

// TestBadConvNeverPanics runs convolution_backward and convolution with
// parameters PyTorch would reject (or that make empty outputs): each must
// give a located diagnostic, never a panic or invalid IR.
func TestBadConvNeverPanics(t *testing.T) {
	base := func(stride, pad, dil, groups, k, h, ho string) string {
		return `func.func @f(%dy: !torch.vtensor<[1,2,` + ho + `],f32>, %x: !torch.vtensor<[1,2,` + h + `],f32>, %w: !torch.vtensor<[2,2,` + k + `],f32>) -> (!torch.vtensor<[1,2,` + h + `],f32>, !torch.vtensor<[2,2,` + k + `],f32>, !torch.vtensor<[2],f32>) {
  %s = torch.constant.int ` + stride + `
  %sl = torch.prim.ListConstruct %s : (!torch.int) -> !torch.list<int>
  %p = torch.constant.int ` + pad + `
  %pl = torch.prim.ListConstruct %p : (!torch.int) -> !torch.list<int>
  %d = torch.constant.int ` + dil + `
  %dl = torch.prim.ListConstruct %d : (!torch.int) -> !torch.list<int>
  %o = torch.constant.int 0
  %ol = torch.prim.ListConstruct %o : (!torch.int) -> !torch.list<int>
  %g = torch.constant.int ` + groups + `
  %false = torch.constant.bool false
  %true = torch.constant.bool true
  %mask = torch.prim.ListConstruct %true, %true, %true : (!torch.bool, !torch.bool, !torch.bool) -> !torch.list<bool>
  %none = torch.constant.none
  %r:3 = torch.aten.convolution_backward %dy, %x, %w, %none, %sl, %pl, %dl, %false, %ol, %g, %mask : !torch.vtensor<[1,2,` + ho + `],f32>, !torch.vtensor<[1,2,` + h + `],f32>, !torch.vtensor<[2,2,` + k + `],f32>, !torch.none, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int, !torch.list<bool> -> !torch.vtensor<[1,2,` + h + `],f32>, !torch.vtensor<[2,2,` + k + `],f32>, !torch.vtensor<[2],f32>
  return %r#0, %r#1, %r#2 : !torch.vtensor<[1,2,` + h + `],f32>, !torch.vtensor<[2,2,` + k + `],f32>, !torch.vtensor<[2],f32>
}
`
	}
	cases := map[string]struct{ src, msg string }{
		"stride 0":         {base("0", "0", "1", "1", "3", "5", "3"), "'stride' entry to be at least 1"},
		"negative padding": {base("1", "-1", "1", "1", "3", "5", "3"), "'padding' entry to be at least 0"},
		"dilation 0":       {base("1", "0", "0", "1", "3", "5", "3"), "'dilation' entry to be at least 1"},
		"groups 0":         {base("1", "0", "1", "0", "3", "5", "3"), "'groups' to be positive"},
		"groups 3":         {base("1", "0", "1", "3", "3", "5", "3"), "not divisible by groups"},
		"kernel > input":   {base("1", "0", "1", "1", "7", "5", "1"), "the output extent would be -1"},
		"wrong Ho":         {base("1", "0", "1", "1", "3", "5", "4"), "grad_output spatial dim 0 is 4"},
		"empty input":      {base("1", "0", "1", "1", "3", "0", "1"), "expected non-empty input and kernel"},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			_, err := runPass(t, c.src)
			if err == nil || !strings.Contains(err.Error(), c.msg) {
				t.Fatalf("got %v, want an error containing %q", err, c.msg)
			}
			if !strings.HasPrefix(err.Error(), "in.mlir:15:3:") {
				t.Errorf("error not located at the op: %v", err)
			}
		})
	}
}

// TestTestdataRoundTrips: the torch-dialect inputs of the lit files print
// back to a fixed point, as every testdata file must.
func TestTestdataRoundTrips(t *testing.T) {
	for _, f := range []string{"conv_backward", "conv", "torch_to_linalg", "invalid"} {
		runRoundTrip(t, "testdata/"+f+".mlir")
	}
}

// TestHalfDynamicBatch: only one of grad_output and input has a dynamic
// batch; the lowering reads it from that one and upstream accepts the IR.
func TestHalfDynamicBatch(t *testing.T) {
	for _, which := range []string{"dy", "x"} {
		dyT, xT := "!torch.vtensor<[2,3,4,4],f32>", "!torch.vtensor<[2,2,7,7],f32>"
		if which == "dy" {
			dyT = "!torch.vtensor<[?,3,4,4],f32>"
		} else {
			xT = "!torch.vtensor<[?,2,7,7],f32>"
		}
		src := `func.func @f(%dy: ` + dyT + `, %x: ` + xT + `, %w: !torch.vtensor<[3,2,3,3],f32>) -> (` + xT + `, !torch.vtensor<[3,2,3,3],f32>) {
  %s = torch.constant.int 2
  %sl = torch.prim.ListConstruct %s, %s : (!torch.int, !torch.int) -> !torch.list<int>
  %p = torch.constant.int 1
  %pl = torch.prim.ListConstruct %p, %p : (!torch.int, !torch.int) -> !torch.list<int>
  %d = torch.constant.int 1
  %dl = torch.prim.ListConstruct %d, %d : (!torch.int, !torch.int) -> !torch.list<int>
  %o = torch.constant.int 0
  %ol = torch.prim.ListConstruct %o, %o : (!torch.int, !torch.int) -> !torch.list<int>
  %g = torch.constant.int 1
  %false = torch.constant.bool false
  %true = torch.constant.bool true
  %mask = torch.prim.ListConstruct %true, %true, %false : (!torch.bool, !torch.bool, !torch.bool) -> !torch.list<bool>
  %none = torch.constant.none
  %r:3 = torch.aten.convolution_backward %dy, %x, %w, %none, %sl, %pl, %dl, %false, %ol, %g, %mask : ` + dyT + `, ` + xT + `, !torch.vtensor<[3,2,3,3],f32>, !torch.none, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int, !torch.list<bool> -> ` + xT + `, !torch.vtensor<[3,2,3,3],f32>, !torch.none
  return %r#0, %r#1 : ` + xT + `, !torch.vtensor<[3,2,3,3],f32>
}
`
		m, err := runPass(t, src)
		if err != nil {
			t.Fatalf("%s dynamic: %v", which, err)
		}
		if irtest.HaveMLIROpt() {
			irtest.MLIROpt(t, ir.Sprint(m, ir.PrintOptions{}), "--verify-each")
		}
	}
}

// TestEachOpHasOneConverter: the families fill one map, where a second
// registration of an op would silently replace the first.
func TestEachOpHasOneConverter(t *testing.T) {
	families := map[string]func(map[string]converter){
		"conv_backward": populateConvBackward, "conv": populateConv, "literals": populateLiterals,
		"elementwise": populateElementwise, "datamovement": populateDataMovement,
		"reduction": populateReduction, "normpool": populateNormPool, "metadata": populateMetadata,
	}
	owner := map[string]string{}
	total := 0
	for fam, populate := range families {
		m := map[string]converter{}
		populate(m)
		for op := range m {
			if prev, dup := owner[op]; dup {
				t.Errorf("%s is registered by both %s and %s", op, prev, fam)
			}
			owner[op] = fam
		}
		total += len(m)
	}
	if total != len(buildConverters()) {
		t.Errorf("buildConverters has %d ops, the families %d: a family is not called", len(buildConverters()), total)
	}
}
