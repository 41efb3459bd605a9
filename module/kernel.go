package module

import (
	"fmt"
	"strings"

	"github.com/torchlower/torchlower/dialect/arith"
	fn "github.com/torchlower/torchlower/dialect/func"
	"github.com/torchlower/torchlower/dialect/linalg"
	"github.com/torchlower/torchlower/dialect/math"
	"github.com/torchlower/torchlower/dialect/tensor"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/asm"
	"github.com/torchlower/torchlower/plan"
)

// The cpu target's kernels are the plan's linalg.generic ops themselves:
// the CPU backend compiles a generic's body when it runs the step. They
// travel as MLIR text, one function per Generic step holding only that
// generic (and the scalar arith.constant ops its body reads from outside),
// so the loader parses a few small functions, never the whole program,
// and nothing is lowered again.

// newContext is a context with the dialects a kernel body may use.
func newContext() *ir.Context {
	return ir.NewContext(fn.Dialect, arith.Dialect, math.Dialect, tensor.Dialect, linalg.Dialect)
}

// kernelWriter collects the kernel functions of one plan.
type kernelWriter struct {
	ctx *ir.Context
	mod *ir.Operation
	b   *ir.Builder
}

func newKernelWriter() *kernelWriter {
	ctx := newContext()
	return &kernelWriter{ctx: ctx, mod: ir.NewModule(ctx, ir.UnknownLoc{}), b: ir.NewBuilder(ctx)}
}

// add writes the generic of Generic step s as function name. The function
// takes the generic's operands, then the tensors its body captures;
// captureArgs[i] is the argument s.Captures[i] binds to.
func (k *kernelWriter) add(s *plan.Step, name string) (captureArgs []uint32, err error) {
	op := s.Op
	if op == nil || op.Name != linalg.Generic {
		return nil, fmt.Errorf("a generic step without its linalg.generic")
	}
	var args []*ir.Value
	args = append(args, op.Operands()...)
	for _, c := range s.Captures {
		if c.Value == nil {
			return nil, ir.OpErrorf(op, "module: capture without a value")
		}
		args = append(args, c.Value)
	}
	types := make([]ir.Type, len(args))
	for i, v := range args {
		types[i] = v.Type()
	}
	k.b.SetInsertionPointToEnd(ir.Body(k.mod))
	f := fn.NewFunc(k.b, op.Loc, name, ir.FunctionType{Inputs: types, Results: op.ResultTypes()})
	body := fn.Body(f)
	mapping := map[*ir.Value]*ir.Value{}
	index := map[*ir.Value]int{}
	for i, v := range args {
		if _, ok := mapping[v]; !ok {
			mapping[v] = body.Arg(i)
			index[v] = i
		}
	}
	for _, c := range s.Captures {
		captureArgs = append(captureArgs, uint32(index[c.Value]))
	}
	k.b.SetInsertionPointToEnd(body)
	// Values the body reads from outside the generic: captures (mapped
	// above) and scalar constants, which are cloned in front of it.
	inside := map[*ir.Value]bool{}
	var outside []*ir.Value
	op.Walk(ir.PreOrder, func(o *ir.Operation) {
		for _, r := range o.Regions() {
			for _, blk := range r.Blocks() {
				for _, a := range blk.Args() {
					inside[a] = true
				}
			}
		}
		if o == op {
			return
		}
		for _, v := range o.Operands() {
			outside = append(outside, v)
		}
		for _, r := range o.Results() {
			inside[r] = true
		}
	})
	for _, v := range outside {
		if inside[v] || mapping[v] != nil {
			continue
		}
		if plan.ScalarConstant(v) == nil {
			return nil, ir.OpErrorf(op, "module: the body reads a value defined outside it that is neither a captured tensor nor a scalar constant")
		}
		k.b.Insert(ir.Clone(v.DefiningOp(), mapping))
	}
	g := k.b.Insert(ir.Clone(op, mapping))
	fn.NewReturn(k.b, op.Loc, g.Results()...)
	return captureArgs, nil
}

// text is the kernel source: the module of all kernel functions.
func (k *kernelWriter) text() string { return k.mod.String() }

// kernelSet is a parsed kernel source: each function's linalg.generic and
// entry block, by function name.
type kernelSet struct {
	generic map[string]*ir.Operation
	args    map[string][]*ir.Value
}

// parseKernels parses and verifies a cpu kernel source. Every function
// must hold one linalg.generic, whose results it returns.
func parseKernels(name, src string) (*kernelSet, error) {
	ks := &kernelSet{generic: map[string]*ir.Operation{}, args: map[string][]*ir.Value{}}
	if strings.TrimSpace(src) == "" {
		return ks, nil
	}
	ctx := newContext()
	m, err := asm.Parse(ctx, src, asm.Options{FileName: name})
	if err != nil {
		return nil, err
	}
	if err := ir.Verify(m); err != nil {
		return nil, err
	}
	for f := ir.Body(m).First(); f != nil; f = f.Next() {
		if f.Name != fn.Func || fn.IsDeclaration(f) {
			return nil, fmt.Errorf("%s: %s where a kernel function was expected", name, f.Name)
		}
		var g *ir.Operation
		for o := fn.Body(f).First(); o != nil; o = o.Next() {
			switch o.Name {
			case linalg.Generic:
				if g != nil {
					return nil, fmt.Errorf("%s: kernel @%s holds more than one linalg.generic", name, fn.Name(f))
				}
				g = o
			case arith.ConstantOp, fn.Return:
			default:
				return nil, fmt.Errorf("%s: kernel @%s holds %s (only arith.constant, one linalg.generic and func.return belong there)", name, fn.Name(f), o.Name)
			}
		}
		if g == nil {
			return nil, fmt.Errorf("%s: kernel @%s holds no linalg.generic", name, fn.Name(f))
		}
		if _, dup := ks.generic[fn.Name(f)]; dup {
			return nil, fmt.Errorf("%s: kernel @%s is defined twice", name, fn.Name(f))
		}
		ks.generic[fn.Name(f)] = g
		ks.args[fn.Name(f)] = fn.Body(f).Args()
	}
	return ks, nil
}
