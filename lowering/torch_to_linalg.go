package lowering

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/torchlower/torchlower/dialect/arith"
	fn "github.com/torchlower/torchlower/dialect/func"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/pass"
	"github.com/torchlower/torchlower/torch"
)

// ConvertTorchToLinalg lowers value-semantic torch.aten ops to
// linalg-on-tensors (linalg.generic, linalg.fill, tensor.*, arith.*).
//
// It matches every func.func of the module. Function signatures are
// converted: each `!torch.vtensor<[sizes],dtype>` argument and result
// becomes the builtin `tensor<sizesxdtype>` (signless element type), the
// backend contract torch-mlir's backends use, so the lowered functions take
// and return builtin tensors. The only torch type allowed to remain at a
// function boundary is a `!torch.none` result (a masked output of
// convolution_backward, or a None the program returns); it is produced by a
// `torch.constant.none`, the only torch op that may survive the pass.
//
// Operands that an aten op needs at compile time (stride, padding, groups,
// output_mask, ...) must be `torch.constant.*` ops or
// `torch.prim.ListConstruct`s of them; they are folded into Go values and
// erased once dead.
//
// The conversion is all or nothing: every op is checked before anything is
// rewritten, and on failure the pass returns one diagnostic that lists
// every op it cannot lower, each at its own location, in program order
// (`file:line:col: error: failed to legalize operation 'torch.aten.foo'`),
// and leaves the module unchanged.
//
// Pre:  dtypes and shapes of tensors are known (no `!torch.vtensor` without
//
//	sizes or dtype); list/int/bool operands that ops need as constants
//	are constants.
//
// Post: no torch op remains except `torch.constant.none` feeding a
//
//	func.return; no `!torch.vtensor` type remains.
var ConvertTorchToLinalg = &pass.Def{
	Name:    "convert-torch-to-linalg",
	Summary: "lower torch.aten ops to linalg on tensors (builtin tensors at function boundaries)",
	Anchor:  "builtin.module",
	Run:     runConvertTorchToLinalg,
}

// converter checks one torch op and folds its constant operands without
// changing the IR. It returns an error (an *ir.Diagnostic at the op) when
// the op cannot be lowered, or a function that emits the lowering. The
// emit function runs with b before op, once every earlier op of the block
// has been lowered, so op's tensor operands then have builtin tensor types.
// It returns one value per op result: a builtin tensor, or nil for a result
// that is not computed (it must be unused or of type !torch.none).
//
// The emit function must read tensor operands from op when it runs (or
// refresh stored ones with rebindOperands): values seen at check time may
// belong to ops that have been lowered and erased since.
type converter func(op *ir.Operation) (emitFunc, error)

type emitFunc func(b *ir.Builder) ([]*ir.Value, error)

// rebindOperands updates operand values a converter kept from its check
// phase. By the time an emitter runs, the ops that produced its operands
// have been lowered: their results were replaced (the op's operand slots
// now hold the new values) and erased. Emitters read op.Operand(i) at emit
// time; one that stored values at check time passes the operand list it saw
// then (checked) and pointers to the stored values, which are replaced by
// the current operand in the same slot. Nil pointers stay nil.
func rebindOperands(op *ir.Operation, checked []*ir.Value, fields ...**ir.Value) {
	for _, f := range fields {
		if *f == nil {
			continue
		}
		for i, v := range checked {
			if v == *f && i < op.NumOperands() {
				*f = op.Operand(i)
				break
			}
		}
	}
}

// converters maps torch op names to their converters. Each op family's
// file adds its rows in init-free form through populate functions called
// from here, so the table is built explicitly and deterministically,
// on first use: a run of a compiled module never lowers.
var converters = sync.OnceValue(buildConverters)

func buildConverters() map[string]converter {
	m := map[string]converter{}
	populateConvBackward(m)
	populateConv(m)
	populateLiterals(m)
	populateElementwise(m)
	populateDataMovement(m)
	populateReduction(m)
	populateNormPool(m)
	populateMetadata(m)
	return m
}

// foldedOps are torch ops the driver consumes itself: constants and lists
// are folded into the ops that use them (a split's or unbind's list into
// its torch.prim.ListUnpack), then erased when dead.
func isFoldedOp(name string) bool {
	switch name {
	case torch.ConstantIntOp, torch.ConstantFloatOp, torch.ConstantBoolOp, torch.ConstantNoneOp,
		torch.ConstantStrOp, torch.ConstantDeviceOp, listConstructOp:
		return true
	}
	return isListResultOp(name)
}

const listConstructOp = "torch.prim.ListConstruct"

func isTorchOp(op *ir.Operation) bool { return strings.HasPrefix(op.Name, "torch.") }

// pending is one op that passed the check, with the function that lowers it.
type pending struct {
	op   *ir.Operation
	emit emitFunc
}

// checkModule is phase 1 of the conversion: it checks every function
// signature and every torch op under top without changing anything, and
// returns the work to do or every reason it cannot be done.
func checkModule(top *ir.Operation) (funcs []*ir.Operation, work []pending, sigs map[*ir.Operation]ir.FunctionType, errs []*ir.Diagnostic) {
	top.Walk(ir.PreOrder, func(o *ir.Operation) {
		if o.Name == fn.Func {
			funcs = append(funcs, o)
		}
	})
	sigs = map[*ir.Operation]ir.FunctionType{}
	for _, f := range funcs {
		ft, err := convertSignature(f)
		if err != nil {
			errs = append(errs, err)
		} else {
			sigs[f] = ft
		}
		f.Walk(ir.PreOrder, func(o *ir.Operation) {
			if !isTorchOp(o) || isFoldedOp(o.Name) {
				return
			}
			conv := converters()[o.Name]
			if conv == nil {
				errs = append(errs, ir.Errorf(o.Loc, "failed to legalize operation '%s'", o.Name))
				return
			}
			emit, err := conv(o)
			if err != nil {
				errs = append(errs, asDiagnostic(o, err))
				return
			}
			work = append(work, pending{o, emit})
		})
	}
	return funcs, work, sigs, errs
}

// CheckSupport reports, without changing the module, every op and function
// signature that convert-torch-to-linalg cannot lower, each at its
// location. An empty result means the whole module lowers.
func CheckSupport(top *ir.Operation) []*ir.Diagnostic {
	_, _, _, errs := checkModule(top)
	return errs
}

func runConvertTorchToLinalg(top *ir.Operation, c *pass.Context) error {
	// Phase 1: check everything, change nothing.
	funcs, work, sigs, errs := checkModule(top)
	if len(errs) > 0 {
		return joinDiagnostics(errs)
	}

	// Phase 2: rewrite. Signatures first, so that ops reading arguments see
	// builtin tensors; then each op in program order, replacing its results.
	for _, f := range funcs {
		applySignature(f, sigs[f])
	}
	retypeCalls(top, sigs)
	b := ir.NewBuilder(c.IR)
	for _, w := range work {
		b.SetInsertionPointBefore(w.op)
		vals, err := w.emit(b)
		if err != nil {
			// Emitters only fail on broken internal invariants; report them
			// at the op rather than panicking.
			return asDiagnostic(w.op, err)
		}
		for i, r := range w.op.Results() {
			v := vals[i]
			if v == nil {
				if !r.HasUses() {
					continue
				}
				v = torch.ConstantNone(b, w.op.Loc)
			}
			r.ReplaceAllUsesWith(v)
		}
		w.op.Erase()
	}
	for _, f := range funcs {
		eraseDeadTorchConstants(f)
	}
	var left []*ir.Diagnostic
	top.Walk(ir.PreOrder, func(o *ir.Operation) {
		if isTorchOp(o) && o.Name != torch.ConstantNoneOp {
			left = append(left, ir.Errorf(o.Loc, "failed to legalize operation '%s' (still used after conversion)", o.Name))
		}
	})
	if len(left) > 0 {
		return joinDiagnostics(left)
	}
	return nil
}

// asDiagnostic keeps a diagnostic as it is and puts any other error at op.
func asDiagnostic(op *ir.Operation, err error) *ir.Diagnostic {
	if d, ok := err.(*ir.Diagnostic); ok {
		return d
	}
	return ir.OpErrorf(op, "%v", err)
}

// joinDiagnostics returns one diagnostic for several errors: the first is
// the main one and the others follow as entries of severity "error" (not
// "note"), so that the printed error lists every failure at its own
// location and --verify-diagnostics matches each on its own line.
func joinDiagnostics(ds []*ir.Diagnostic) *ir.Diagnostic {
	first := *ds[0]
	first.Notes = append([]ir.Diagnostic(nil), first.Notes...)
	for _, d := range ds[1:] {
		first.Notes = append(first.Notes, ir.Diagnostic{Loc: d.Loc, Severity: d.Severity, Msg: d.Msg})
		first.Notes = append(first.Notes, d.Notes...)
	}
	return &first
}

// ---- signatures -----------------------------------------------------------

// convertType maps a torch boundary type to its lowered form: a vtensor
// with known sizes and dtype becomes a builtin tensor; !torch.none results
// stay; ok is false for anything else.
func convertType(t ir.Type, isResult bool) (ir.Type, bool) {
	switch x := t.(type) {
	case torch.VTensorType:
		return x.ToBuiltinTensor()
	case torch.NoneType:
		return t, isResult
	}
	if strings.HasPrefix(t.String(), "!torch.") {
		return nil, false
	}
	return t, true
}

func convertSignature(f *ir.Operation) (ir.FunctionType, *ir.Diagnostic) {
	ft := fn.FunctionType(f)
	out := ir.FunctionType{Inputs: make([]ir.Type, len(ft.Inputs)), Results: make([]ir.Type, len(ft.Results))}
	for i, t := range ft.Inputs {
		nt, ok := convertType(t, false)
		if !ok {
			return ft, ir.OpErrorf(f, "argument #%d has type '%s', which has no builtin tensor form (a vtensor needs known sizes and dtype)", i, t)
		}
		out.Inputs[i] = nt
	}
	for i, t := range ft.Results {
		nt, ok := convertType(t, true)
		if !ok {
			return ft, ir.OpErrorf(f, "result #%d has type '%s', which has no builtin tensor form (a vtensor needs known sizes and dtype)", i, t)
		}
		out.Results[i] = nt
	}
	return out, nil
}

func applySignature(f *ir.Operation, ft ir.FunctionType) {
	fn.SetFunctionType(f, ft)
	if body := fn.Body(f); body != nil {
		for i, a := range body.Args() {
			if i < len(ft.Inputs) {
				a.SetType(ft.Inputs[i])
			}
		}
	}
}

// retypeCalls gives func.call results the converted result types of their
// callee, so calls between converted functions stay valid.
func retypeCalls(top *ir.Operation, sigs map[*ir.Operation]ir.FunctionType) {
	byName := map[string]ir.FunctionType{}
	for f, ft := range sigs {
		byName[fn.Name(f)] = ft
	}
	top.Walk(ir.PreOrder, func(o *ir.Operation) {
		if o.Name != fn.CallOp {
			return
		}
		ft, ok := byName[fn.Callee(o)]
		if !ok || len(ft.Results) != o.NumResults() {
			return
		}
		for i, r := range o.Results() {
			r.SetType(ft.Results[i])
		}
	})
}

// eraseDeadTorchConstants removes folded torch constants and lists that
// nothing reads any more. Walking each block backwards erases a list before
// the constants it reads, so one sweep suffices.
func eraseDeadTorchConstants(f *ir.Operation) {
	f.Walk(ir.PostOrder, func(o *ir.Operation) {
		for _, r := range o.Regions() {
			for _, blk := range r.Blocks() {
				ops := blk.OpList()
				for i := len(ops) - 1; i >= 0; i-- {
					op := ops[i]
					if !isFoldedOp(op.Name) {
						continue
					}
					used := false
					for _, res := range op.Results() {
						used = used || res.HasUses()
					}
					if !used {
						op.Erase()
					}
				}
			}
		}
	})
}

// ---- constant operands ----------------------------------------------------

// constInt returns the value of a `torch.constant.int`.
func constInt(v *ir.Value) (int64, bool) {
	d := v.DefiningOp()
	if d == nil || d.Name != torch.ConstantIntOp {
		return 0, false
	}
	a, ok := d.Attr("value").(ir.IntegerAttr)
	return a.Value, ok
}

// constFloat returns the value of a `torch.constant.float`.
func constFloat(v *ir.Value) (float64, bool) {
	d := v.DefiningOp()
	if d == nil || d.Name != torch.ConstantFloatOp {
		return 0, false
	}
	a, ok := d.Attr("value").(ir.FloatAttr)
	return a.Value, ok
}

// constBool returns the value of a `torch.constant.bool`.
func constBool(v *ir.Value) (bool, bool) {
	d := v.DefiningOp()
	if d == nil || d.Name != torch.ConstantBoolOp {
		return false, false
	}
	a, ok := d.Attr("value").(ir.BoolAttr)
	return bool(a), ok
}

// constIntList returns the values of a `torch.prim.ListConstruct` of
// `torch.constant.int`s.
func constIntList(v *ir.Value) ([]int64, bool) {
	d := v.DefiningOp()
	if d == nil || d.Name != listConstructOp {
		return nil, false
	}
	out := make([]int64, d.NumOperands())
	for i := range out {
		x, ok := constInt(d.Operand(i))
		if !ok {
			return nil, false
		}
		out[i] = x
	}
	return out, true
}

// constBoolList returns the values of a `torch.prim.ListConstruct` of
// `torch.constant.bool`s.
func constBoolList(v *ir.Value) ([]bool, bool) {
	d := v.DefiningOp()
	if d == nil || d.Name != listConstructOp {
		return nil, false
	}
	out := make([]bool, d.NumOperands())
	for i := range out {
		x, ok := constBool(d.Operand(i))
		if !ok {
			return nil, false
		}
		out[i] = x
	}
	return out, true
}

func isNoneValue(v *ir.Value) bool {
	_, ok := v.Type().(torch.NoneType)
	return ok
}

// operandReader reads an op's operands by position for a converter and
// turns every problem into a diagnostic naming the schema argument.
type operandReader struct {
	op    *ir.Operation
	names []string // schema argument names, for messages
}

func (r operandReader) errorf(format string, args ...any) error {
	return ir.OpErrorf(r.op, format, args...)
}

func (r operandReader) intList(i int) ([]int64, error) {
	v, ok := constIntList(r.op.Operand(i))
	if !ok {
		return nil, r.errorf("expected '%s' to be a constant int list (torch.prim.ListConstruct of torch.constant.int), as the lowering needs it at compile time", r.names[i])
	}
	return v, nil
}

func (r operandReader) boolList(i int) ([]bool, error) {
	v, ok := constBoolList(r.op.Operand(i))
	if !ok {
		return nil, r.errorf("expected '%s' to be a constant bool list (torch.prim.ListConstruct of torch.constant.bool)", r.names[i])
	}
	return v, nil
}

func (r operandReader) int(i int) (int64, error) {
	v, ok := constInt(r.op.Operand(i))
	if !ok {
		return 0, r.errorf("expected '%s' to be a constant int (torch.constant.int)", r.names[i])
	}
	return v, nil
}

func (r operandReader) bool(i int) (bool, error) {
	v, ok := constBool(r.op.Operand(i))
	if !ok {
		return false, r.errorf("expected '%s' to be a constant bool (torch.constant.bool)", r.names[i])
	}
	return v, nil
}

// tensor returns the type of a tensor operand with known sizes and a float
// dtype (the dtypes the conv lowerings support).
func (r operandReader) floatTensor(i int) (torch.VTensorType, error) {
	t, ok := r.op.Operand(i).Type().(torch.VTensorType)
	if !ok || !t.HasSizes || t.Dtype == nil {
		return t, r.errorf("expected '%s' to be a !torch.vtensor with known sizes and dtype, got '%s'", r.names[i], r.op.Operand(i).Type())
	}
	if _, ok := t.Dtype.(ir.FloatType); !ok {
		return t, r.errorf("'%s' has dtype %s; only f16, bf16, f32 and f64 are supported", r.names[i], t.Dtype)
	}
	return t, nil
}

// ---- literals -------------------------------------------------------------

const vtensorLiteralOp = "torch.vtensor.literal"

// populateLiterals lowers `torch.vtensor.literal(dense<...>)` to an
// arith.constant of the same elements attribute (torch-mlir's
// ConvertTorchTensorLiteralOp); the attribute already has the builtin
// tensor type.
func populateLiterals(m map[string]converter) {
	m[vtensorLiteralOp] = func(op *ir.Operation) (emitFunc, error) {
		val := op.Attr("value")
		vt, ok := op.Result(0).Type().(torch.VTensorType)
		if !ok {
			return nil, ir.OpErrorf(op, "expected a !torch.vtensor result")
		}
		want, ok := vt.ToBuiltinTensor()
		if ok && val != nil {
			val = asSignless(val, want)
		}
		if !ok || val == nil || arith.AttrType(val) == nil || !ir.TypeEqual(arith.AttrType(val), want) {
			return nil, ir.OpErrorf(op, "expected a dense value of type %s", fmtType(want, ok))
		}
		return func(b *ir.Builder) ([]*ir.Value, error) {
			return []*ir.Value{arith.Constant(b, op.Loc, val)}, nil
		}, nil
	}
}

// asSignless gives a literal's value the signless builtin type want when
// it differs only in integer signedness: fx_importer writes int64 weights
// as `dense<..> : tensor<4xsi64>`, while arith.constant needs i64. The
// bytes are the same; only the type changes.
func asSignless(val ir.Attribute, want ir.RankedTensorType) ir.Attribute {
	at, ok := arith.AttrType(val).(ir.RankedTensorType)
	if !ok || !slices.Equal(at.Shape, want.Shape) {
		return val
	}
	it, ok1 := at.Elem.(ir.IntegerType)
	wt, ok2 := want.Elem.(ir.IntegerType)
	if !ok1 || !ok2 || it.Width != wt.Width || it.Signedness == wt.Signedness {
		return val
	}
	switch a := val.(type) {
	case *ir.DenseElementsAttr:
		if d, err := ir.NewDenseRaw(want, a.Raw()); err == nil {
			return d
		}
	case ir.DenseResourceAttr:
		return ir.DenseResourceAttr{Type: want, Blob: a.Blob}
	}
	return val
}

func fmtType(t ir.Type, ok bool) string {
	if !ok {
		return "<unknown>"
	}
	return fmt.Sprint(t)
}
