package arith_test

import (
	"strings"
	"testing"

	"github.com/torchlower/torchlower/dialect/arith"
	fn "github.com/torchlower/torchlower/dialect/func"
	"github.com/torchlower/torchlower/dialect/math"
	"github.com/torchlower/torchlower/ir"
)

// TestMalformedNeverPanics builds every op of func, arith and math with
// wrong operand and result counts and odd attributes, then verifies,
// prints and folds it: each must fail cleanly, never panic.
func TestMalformedNeverPanics(t *testing.T) {
	ctx := ir.NewContext(fn.Dialect, arith.Dialect, math.Dialect)
	attrSets := [][]ir.NamedAttr{
		nil,
		{{Name: "value", Value: ir.StringAttr("x")}, {Name: "predicate", Value: ir.I64Attr(99)},
			{Name: "fastmath", Value: ir.UnitAttr{}}, {Name: "callee", Value: ir.I64Attr(1)},
			{Name: "function_type", Value: ir.TypeAttr{Type: ir.I32}}, {Name: "sym_name", Value: ir.I64Attr(2)},
			{Name: "arg_attrs", Value: ir.ArrayAttr{ir.I64Attr(1)}}},
	}
	for _, name := range ctx.OpNames() {
		if strings.HasPrefix(name, "builtin.") {
			continue // not ours
		}
		for nOps := 0; nOps <= 4; nOps++ {
			for nRes := 0; nRes <= 2; nRes++ {
				for _, attrs := range attrSets {
					m := ir.NewModule(ctx, nil)
					b := ir.NewBuilder(ctx)
					b.SetInsertionPointToEnd(ir.Body(m))
					f := fn.NewFunc(b, nil, "f", ir.FunctionType{Inputs: []ir.Type{ir.F32T, ir.I32, ir.Tensor(ir.F32T, 4), ir.I1}})
					args := fn.Body(f).Args()
					b.SetInsertionPointToEnd(fn.Body(f))
					ops := make([]*ir.Value, nOps)
					for i := range ops {
						ops[i] = args[i%len(args)]
					}
					res := make([]ir.Type, nRes)
					for i := range res {
						res[i] = ir.F32T
					}
					op := b.Create(name, nil, ops, res, attrs, 0)
					fn.NewReturn(b, nil)
					func() {
						defer func() {
							if r := recover(); r != nil {
								t.Errorf("%s with %d operands, %d results, attrs %v: panic %v", name, nOps, nRes, attrs, r)
							}
						}()
						_ = ir.Verify(m)
						_ = ir.Sprint(m, ir.PrintOptions{})
						_ = op.String()
						if op.Def.Fold != nil {
							consts := make([]ir.Attribute, nOps)
							for i := range consts {
								consts[i] = []ir.Attribute{ir.FloatAttr{Value: 1, Type: ir.F32T.(ir.FloatType)}, ir.I64Attr(3), nil, ir.BoolAttr(true)}[i%4]
							}
							op.Def.Fold(op, consts)
						}
					}()
				}
			}
		}
	}
}
