package module

import (
	"fmt"
	"sync"

	"github.com/torchlower/torchlower/dialect/arith"
	fn "github.com/torchlower/torchlower/dialect/func"
	"github.com/torchlower/torchlower/dialect/linalg"
	"github.com/torchlower/torchlower/dialect/math"
	"github.com/torchlower/torchlower/dialect/tensor"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/plan"
)

// The plans' kernels are their linalg.generic ops themselves: the CPU
// backend compiles a generic's body when it runs the step, and a GPU
// target's module carries them too, so that its plans are restored whole
// (the GPU code is generated from them; gpucode.go). They
// travel as one function per distinct Generic step holding only that
// generic (and the scalar arith.constant ops its body reads from outside),
// in the binary form of irbin.go, so the loader builds a few small
// functions, never the whole program, and nothing is lowered again. A
// kernel's tensors have dynamic sizes (shapeless): the step's views give
// them, and equal generics at different sizes share one function.

// shapeless is t with every dimension of a tensor type dynamic: a kernel
// takes its sizes from the step's views (the loader checks those against
// the buffers, the CPU the maps against the views), so steps that run one
// generic at several sizes share its function.
func shapeless(t ir.Type) ir.Type {
	rt, ok := t.(ir.RankedTensorType)
	if !ok {
		return t
	}
	shape := make([]int64, len(rt.Shape))
	for i := range shape {
		shape[i] = ir.Dynamic
	}
	return ir.RankedTensorType{Shape: shape, Elem: rt.Elem, Encoding: rt.Encoding}
}

// kernelFormat names the stored form of the plans' kernels (Kernel.format).
const kernelFormat = "ir1"

// newContext is a context with the dialects a kernel body may use.
func newContext() *ir.Context {
	return ir.NewContext(fn.Dialect, arith.Dialect, math.Dialect, tensor.Dialect, linalg.Dialect)
}

// readContext is the context modules' kernels are read in. Building one
// (registering five dialects' ops) was a tenth of decoding a module, and
// reading only looks ops up in it, so it is built once and shared, also
// by decodes on several goroutines; nothing registers into it afterwards.
var readContext = sync.OnceValue(newContext)

// kernelWriter collects the kernel functions of one plan.
type kernelWriter struct {
	ctx *ir.Context
	mod *ir.Operation
	b   *ir.Builder
	// seen maps a function's text (under a fixed name) to the name it
	// was written under.
	seen map[string]string
}

func newKernelWriter() *kernelWriter {
	ctx := newContext()
	return &kernelWriter{ctx: ctx, mod: ir.NewModule(ctx, ir.UnknownLoc{}), b: ir.NewBuilder(ctx), seen: map[string]string{}}
}

// add writes the generic of Generic step s as function name. The function
// takes the generic's operands, then the tensors its body captures;
// captureArgs[i] is the argument s.Captures[i] binds to.
func (k *kernelWriter) add(s *plan.Step, name string) (kernel string, captureArgs []uint32, err error) {
	op := s.Op
	if op == nil || op.Name != linalg.Generic {
		return "", nil, fmt.Errorf("a generic step without its linalg.generic")
	}
	var args []*ir.Value
	args = append(args, op.Operands()...)
	for _, c := range s.Captures {
		if c.Value == nil {
			return "", nil, ir.OpErrorf(op, "module: capture without a value")
		}
		args = append(args, c.Value)
	}
	types := make([]ir.Type, len(args))
	for i, v := range args {
		types[i] = shapeless(v.Type())
	}
	results := op.ResultTypes()
	for i, t := range results {
		results[i] = shapeless(t)
	}
	k.b.SetInsertionPointToEnd(ir.Body(k.mod))
	f := fn.NewFunc(k.b, op.Loc, name, ir.FunctionType{Inputs: types, Results: results})
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
			return "", nil, ir.OpErrorf(op, "module: the body reads a value defined outside it that is neither a captured tensor nor a scalar constant")
		}
		k.b.Insert(ir.Clone(v.DefiningOp(), mapping))
	}
	g := k.b.Insert(ir.Clone(op, mapping))
	for i, t := range results {
		g.Result(i).SetType(t)
	}
	fn.NewReturn(k.b, op.Loc, g.Results()...)
	// Steps that run the same generic on operands of the same element
	// types and ranks share one function (a training step repeats its
	// blocks, at several sizes): the loader parses and verifies it once.
	f.SetAttr("sym_name", ir.StringAttr("k"))
	key := f.String()
	if prev, ok := k.seen[key]; ok {
		f.Erase()
		return prev, captureArgs, nil
	}
	f.SetAttr("sym_name", ir.StringAttr(name))
	k.seen[key] = name
	return name, captureArgs, nil
}

// blob is the kernels in their stored form (irbin.go).
func (k *kernelWriter) blob() ([]byte, error) {
	w := newIRWriter()
	fs := ir.Body(k.mod).OpList()
	w.uv(len(fs))
	for _, f := range fs {
		if err := w.fn(f); err != nil {
			return nil, err
		}
	}
	return w.finish()
}

// kernelSet is a parsed kernel source: each function's linalg.generic and
// entry block, by function name.
type kernelSet struct {
	generic map[string]*ir.Operation
	args    map[string][]*ir.Value
	// module holds the functions, for verification.
	module *ir.Operation
}

// parseKernels reads the cpu kernels and checks their shape: every
// function holds one linalg.generic, whose results it returns. The caller
// verifies ks.module (see decode).
func parseKernels(name string, blob []byte) (*kernelSet, error) {
	ks := &kernelSet{generic: map[string]*ir.Operation{}, args: map[string][]*ir.Value{}}
	if len(blob) == 0 {
		return ks, nil
	}
	m, err := readKernels(name, blob)
	if err != nil {
		return nil, err
	}
	ks.module = m
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
