package lowering

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	fn "github.com/torchlower/torchlower/dialect/func"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/asm"
	"github.com/torchlower/torchlower/ir/pass"
	"github.com/torchlower/torchlower/torch"
)

// TestOperandsProducedByOps lowers every positive lit chunk again after
// routing each tensor argument through a torch.aten.clone, so that every
// op's tensor operands are results of other torch ops instead of block
// arguments. A converter that keeps an operand *ir.Value from its check
// phase would then hold a value the driver has replaced and erased by the
// time the emitter runs; the verifier names the op that reads it. (Real
// graphs are all like this: the joint training graphs found the bug.)
func TestOperandsProducedByOps(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.mlir")
	pl := torchToLinalgPipeline()
	n := 0
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(src), "--verify-diagnostics") {
			continue
		}
		chunks, firstLines := asm.SplitInput(string(src))
		for i, chunk := range chunks {
			ctx := newContext()
			m, err := asm.Parse(ctx, chunk, asm.Options{FileName: f, LineOffset: firstLines[i]})
			if err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			cloned := cloneTensorArgs(t, ctx, m)
			if cloned == 0 {
				continue
			}
			if err := ir.Verify(m); err != nil {
				t.Fatalf("%s:%d: after inserting clones: %v", f, firstLines[i]+1, err)
			}
			pm := &pass.Manager{IR: ctx, Pipeline: pl, VerifyEach: true}
			if err := pm.Run(m); err != nil {
				t.Errorf("%s:%d: lowering with op-produced operands: %v", f, firstLines[i]+1, err)
			}
			n++
		}
	}
	if n == 0 {
		t.Fatal("no chunk had tensor arguments to clone")
	}
}

// cloneTensorArgs puts `torch.aten.clone %arg, %none` after the entry of
// every function for each vtensor argument and redirects the argument's
// uses to it. It returns how many clones it made.
func cloneTensorArgs(t *testing.T, ctx *ir.Context, m *ir.Operation) int {
	t.Helper()
	n := 0
	m.Walk(ir.PreOrder, func(f *ir.Operation) {
		if f.Name != fn.Func || fn.IsDeclaration(f) {
			return
		}
		body := fn.Body(f)
		b := ir.NewBuilder(ctx)
		b.SetInsertionPointToStart(body)
		for _, a := range body.Args() {
			vt, ok := a.Type().(torch.VTensorType)
			if !ok || !a.HasUses() {
				continue
			}
			uses := append([]*ir.Operand(nil), a.Uses()...)
			none := torch.ConstantNone(b, ir.UnknownLoc{})
			op, err := torch.AtenOp(b, ir.UnknownLoc{}, "aten.clone", []*ir.Value{a, none}, []ir.Type{vt})
			if err != nil {
				t.Fatalf("building clone: %v", err)
			}
			for _, u := range uses {
				u.Set(op.Result(0))
			}
			n++
		}
	})
	return n
}
