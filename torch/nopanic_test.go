package torch_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	fn "github.com/torchlower/torchlower/dialect/func"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/asm"
	"github.com/torchlower/torchlower/torch"
)

// TestMalformedNeverPanics builds every torch op with wrong operand and
// result counts, wrong types and odd attributes, then verifies and prints
// it in both forms: each must fail or print cleanly, never panic.
func TestMalformedNeverPanics(t *testing.T) {
	ctx := newCtx()
	attrSets := [][]ir.NamedAttr{
		nil,
		{{Name: "value", Value: ir.StringAttr("x")}, {Name: "name", Value: ir.I64Attr(1)}},
		{{Name: "value", Value: ir.I64Attr(7)}},
	}
	argTypes := []ir.Type{torch.VTensor(ir.F32T, 2), torch.IntType{}, torch.NoneType{}, ir.F32T,
		torch.ListType{Elem: torch.IntType{}}, torch.TupleType{}}
	for _, name := range ctx.OpNames() {
		if !strings.HasPrefix(name, "torch.") {
			continue
		}
		for nOps := 0; nOps <= 3; nOps++ {
			for nRes := 0; nRes <= 2; nRes++ {
				for _, attrs := range attrSets {
					m := ir.NewModule(ctx, nil)
					b := ir.NewBuilder(ctx)
					b.SetInsertionPointToEnd(ir.Body(m))
					f := fn.NewFunc(b, nil, "f", ir.FunctionType{Inputs: argTypes})
					args := fn.Body(f).Args()
					b.SetInsertionPointToEnd(fn.Body(f))
					ops := make([]*ir.Value, nOps)
					for i := range ops {
						ops[i] = args[(i+nRes)%len(args)]
					}
					res := make([]ir.Type, nRes)
					for i := range res {
						res[i] = argTypes[(i+nOps+1)%len(argTypes)]
					}
					b.Create(name, nil, ops, res, attrs, 0)
					fn.NewReturn(b, nil)
					_ = ir.Verify(m)
					_ = ir.Sprint(m, ir.PrintOptions{})
					_ = ir.Sprint(m, ir.PrintOptions{Generic: true})
				}
			}
		}
	}
}

// TestTruncatedInputNeverPanics parses every prefix (at token-ish
// boundaries) of the testdata files: errors are fine, panics are not.
func TestTruncatedInputNeverPanics(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.mlir")
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		text := string(b)
		for i := 0; i < len(text); i++ {
			if c := text[i]; c != ' ' && c != ',' && c != '>' && c != ']' && c != ')' && c != '\n' {
				continue
			}
			func() {
				defer func() {
					if r := recover(); r != nil {
						t.Fatalf("%s: panic parsing prefix of %d bytes: %v", f, i, r)
					}
				}()
				if m, err := asm.Parse(newCtx(), text[:i], asm.Options{FileName: f}); err == nil {
					_ = ir.Verify(m)
				}
			}()
		}
	}
}
