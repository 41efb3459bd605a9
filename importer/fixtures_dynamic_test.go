package importer

import (
	"github.com/torchlower/torchlower/internal/jointnet"
	w "github.com/torchlower/torchlower/internal/pt2write"
)

// progDynamic is a Linear layer exported with a dynamic batch
// (dynamic_shapes={"x": {0: Dim("batch", min=2, max=64)}}), as torch.export
// writes it: x is [s0, 4] and every value that depends on the batch has a
// symbolic size; the batch itself is read with sym_size.int, Python
// arithmetic on it is _operator.mul / _operator.floordiv with SymInt
// outputs, the range becomes a runtime assertion (_operator.ge,
// _assert_scalar) besides the range constraint, and x.to() left an
// _assert_tensor_metadata; a second assertion says the batch is even (as
// torch.export writes a guard such as Eq(Mod(s0, 2), 0)). Sizes are
// written as torch 2.6+ writes them, sympy srepr. The result is the
// Linear's output flattened with a symbolic size list and, with sizeOut,
// half the batch as a SymInt output.
func progDynamic(sizeOut bool) (*w.Program, []w.Tensor) {
	const s0 = "Symbol('s0', integer=True, positive=True)"
	p := w.NewProgram()
	var ts []w.Tensor
	seed := uint32(9)
	param := jointnet.ParamAdder(p, &ts, &seed, 1)
	wt, b := param("fc.weight", 3, 4), param("fc.bias", 3)
	p.Input("user_input", "x", "", f32, 0, 4)
	p.DynSizes("x", s0, 4)
	p.Range("s0", 2, int64(64))
	p.Node("torch.ops.aten._assert_tensor_metadata.default", "_assert_tensor_metadata", []w.NamedArg{
		na("a", w.T("x")), na("dtype", w.ScalarType(f32)),
	})
	p.Node("torch.ops.aten.sym_size.int", "sym_size_int", []w.NamedArg{na("self", w.T("x")), na("dim", w.Int(0))},
		w.OSym("sym_size_int", "int"))
	p.Node("_operator.ge", "ge", []w.NamedArg{na("a", w.SymInt("sym_size_int")), na("b", w.Int(2))}, w.OSym("ge", "bool"))
	p.Node("torch.ops.aten._assert_scalar.default", "_assert_scalar_default", []w.NamedArg{
		na("self", w.SymBool("ge")), na("assert_msg", w.Str("Runtime assertion failed for expression 2 <= s0 on node 'ge'")),
	})
	p.Node("torch.ops.aten.permute.default", "permute", []w.NamedArg{na("self", w.T(wt)), na("dims", w.Ints(1, 0))},
		w.O("permute", f32, 4, 3))
	p.Node("torch.ops.aten.addmm.default", "addmm", []w.NamedArg{na("self", w.T(b)), na("mat1", w.T("x")), na("mat2", w.T("permute"))},
		w.O("addmm", f32, 0, 3))
	p.DynSizes("addmm", s0, 3)
	p.Node("_operator.mul", "mul", []w.NamedArg{na("a", w.SymInt("sym_size_int")), na("b", w.Int(3))}, w.OSym("mul", "int"))
	p.Node("torch.ops.aten.view.default", "view", []w.NamedArg{na("self", w.T("addmm")), na("size", w.SymInts("mul"))},
		w.O("view", f32, 0))
	p.DynSizes("view", "Mul(Integer(3), "+s0+")")
	p.Node("_operator.mod", "mod", []w.NamedArg{na("a", w.SymInt("sym_size_int")), na("b", w.Int(2))}, w.OSym("mod", "int"))
	p.Node("_operator.eq", "eq", []w.NamedArg{na("a", w.SymInt("mod")), na("b", w.Int(0))}, w.OSym("eq", "bool"))
	p.Node("torch.ops.aten._assert_scalar.default", "_assert_scalar_default_1", []w.NamedArg{
		na("self", w.SymBool("eq")), na("assert_msg", w.Str("Runtime assertion failed for expression Eq(Mod(s0, 2), 0) on node 'eq'")),
	})
	p.Output("user_output", "view", "")
	if sizeOut {
		p.Node("_operator.floordiv", "floordiv", []w.NamedArg{na("a", w.SymInt("sym_size_int")), na("b", w.Int(2))}, w.OSym("floordiv", "int"))
		p.OutputSymInt("floordiv")
	}
	return p, ts
}

// progDynamicPair adds two inputs exported with one dynamic batch s0:
// both are [s0, 4], so they must agree on it.
func progDynamicPair() (*w.Program, []w.Tensor) {
	const s0 = "Symbol('s0', integer=True, positive=True)"
	p := w.NewProgram()
	for _, n := range []string{"x", "y"} {
		p.Input("user_input", n, "", f32, 0, 4)
		p.DynSizes(n, s0, 4)
	}
	p.Range("s0", 2, nil)
	p.Node("torch.ops.aten.add.Tensor", "add", []w.NamedArg{na("self", w.T("x")), na("other", w.T("y"))}, w.O("add", f32, 0, 4))
	p.DynSizes("add", s0, 4)
	p.Output("user_output", "add", "")
	return p, nil
}

// progDynamicDerived doubles an input exported with a derived dim: x is
// [2*s0, 4] (dynamic_shapes with Dim("n") * 2), so only even sizes exist.
func progDynamicDerived() (*w.Program, []w.Tensor) {
	const twice = "Mul(Integer(2), Symbol('s0', integer=True, positive=True))"
	p := w.NewProgram()
	p.Input("user_input", "x", "", f32, 0, 4)
	p.DynSizes("x", twice, 4)
	p.Range("s0", 1, int64(32))
	p.Node("torch.ops.aten.add.Tensor", "add", []w.NamedArg{na("self", w.T("x")), na("other", w.T("x"))}, w.O("add", f32, 0, 4))
	p.DynSizes("add", twice, 4)
	p.Output("user_output", "add", "")
	return p, nil
}
