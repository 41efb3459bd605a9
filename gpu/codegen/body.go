package codegen

import (
	"fmt"

	"github.com/torchlower/torchlower/dialect/arith"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/plan"
)

// bodyCompiler emits a linalg.generic body as straight-line C: one const
// local per SSA value, in the body's order.
type bodyCompiler struct {
	k        *kernelBuilder
	names    map[*ir.Value]string
	captures []bodyCapture
	idx      []string // loop index names
	loops    int
	depth    int
	next     int
}

type bodyCapture struct {
	value *ir.Value
	buf   string
	base  string
	view  plan.View
	el    elem
}

// Float ops map to the device math library's float and double functions.
// The register of f16, bf16 and f32 values is a float; the result is
// rounded to the result type afterwards.
var floatUnaryFn = map[string][2]string{
	"math.absf":      {"fabsf", "fabs"},
	"math.exp":       {"expf", "exp"},
	"math.exp2":      {"exp2f", "exp2"},
	"math.expm1":     {"expm1f", "expm1"},
	"math.log":       {"logf", "log"},
	"math.log1p":     {"log1pf", "log1p"},
	"math.log2":      {"log2f", "log2"},
	"math.log10":     {"log10f", "log10"},
	"math.sqrt":      {"sqrtf", "sqrt"},
	"math.rsqrt":     {"tl_rsqrt", "tl_rsqrt"},
	"math.tanh":      {"tanhf", "tanh"},
	"math.erf":       {"erff", "erf"},
	"math.ceil":      {"ceilf", "ceil"},
	"math.floor":     {"floorf", "floor"},
	"math.round":     {"roundf", "round"}, // half away from zero, as Go's math.Round
	"math.roundeven": {"rintf", "rint"},   // the default rounding mode is to nearest even
	"math.trunc":     {"truncf", "trunc"},
	"math.sin":       {"sinf", "sin"},
	"math.cos":       {"cosf", "cos"},
	"math.tan":       {"tanf", "tan"},
	"math.atan":      {"atanf", "atan"},
	"math.cbrt":      {"cbrtf", "cbrt"},
}

// floatBinaryOp are infix operators; floatBinaryFn functions.
var floatBinaryOp = map[string]string{
	"arith.addf": "+", "arith.subf": "-", "arith.mulf": "*", "arith.divf": "/",
}

var floatBinaryFn = map[string][2]string{
	"arith.remf":     {"fmodf", "fmod"},
	"arith.maxf":     {"tl_maxf", "tl_maxf"},
	"arith.minf":     {"tl_minf", "tl_minf"},
	"arith.maximumf": {"tl_maxf", "tl_maxf"},
	"arith.minimumf": {"tl_minf", "tl_minf"},
	"arith.maxnumf":  {"tl_maxnumf", "tl_maxnumf"},
	"arith.minnumf":  {"tl_minnumf", "tl_minnumf"},
	"math.powf":      {"powf", "pow"},
	"math.atan2":     {"atan2f", "atan2"},
	"math.copysign":  {"copysignf", "copysign"},
}

// intBinary formats an integer op on sign-extended operands a, b of
// result width w; the result is sign-extended from w afterwards.
var intBinary = map[string]func(a, b string, w int) string{
	arith.AddI:       func(a, b string, _ int) string { return "tl_add(" + a + ", " + b + ")" },
	arith.SubI:       func(a, b string, _ int) string { return "tl_sub(" + a + ", " + b + ")" },
	arith.MulI:       func(a, b string, _ int) string { return "tl_mul(" + a + ", " + b + ")" },
	arith.DivSI:      func(a, b string, _ int) string { return "tl_divs(" + a + ", " + b + ")" },
	arith.RemSI:      func(a, b string, _ int) string { return "tl_rems(" + a + ", " + b + ")" },
	arith.DivUI:      func(a, b string, w int) string { return fmt.Sprintf("tl_divu(%s, %s, %d)", a, b, w) },
	arith.RemUI:      func(a, b string, w int) string { return fmt.Sprintf("tl_remu(%s, %s, %d)", a, b, w) },
	arith.CeilDivSI:  func(a, b string, _ int) string { return "tl_ceildivs(" + a + ", " + b + ")" },
	arith.CeilDivUI:  func(a, b string, w int) string { return fmt.Sprintf("tl_ceildivu(%s, %s, %d)", a, b, w) },
	arith.FloorDivSI: func(a, b string, _ int) string { return "tl_floordivs(" + a + ", " + b + ")" },
	arith.MaxSI:      func(a, b string, _ int) string { return "tl_maxs(" + a + ", " + b + ")" },
	arith.MinSI:      func(a, b string, _ int) string { return "tl_mins(" + a + ", " + b + ")" },
	arith.MaxUI:      func(a, b string, w int) string { return fmt.Sprintf("tl_maxu(%s, %s, %d)", a, b, w) },
	arith.MinUI:      func(a, b string, w int) string { return fmt.Sprintf("tl_minu(%s, %s, %d)", a, b, w) },
	arith.AndI:       func(a, b string, _ int) string { return "(" + a + " & " + b + ")" },
	arith.OrI:        func(a, b string, _ int) string { return "(" + a + " | " + b + ")" },
	arith.XOrI:       func(a, b string, _ int) string { return "(" + a + " ^ " + b + ")" },
	arith.ShLI:       func(a, b string, w int) string { return fmt.Sprintf("tl_shl(%s, %s, %d)", a, b, w) },
	arith.ShRSI:      func(a, b string, w int) string { return fmt.Sprintf("tl_shrs(%s, %s, %d)", a, b, w) },
	arith.ShRUI:      func(a, b string, w int) string { return fmt.Sprintf("tl_shru(%s, %s, %d)", a, b, w) },
	"math.ipowi":     func(a, b string, _ int) string { return "tl_ipow(" + a + ", " + b + ")" },
}

// cmpF are the arith.cmpf predicates as C on two float registers; C's
// comparisons are false on NaN, which is the ordered semantics.
var cmpF = map[string]string{
	"oeq": "(%[1]s == %[2]s)", "ogt": "(%[1]s > %[2]s)", "oge": "(%[1]s >= %[2]s)",
	"olt": "(%[1]s < %[2]s)", "ole": "(%[1]s <= %[2]s)", "one": "(%[1]s < %[2]s || %[1]s > %[2]s)",
	"ord": "(%[1]s == %[1]s && %[2]s == %[2]s)", "ueq": "!(%[1]s < %[2]s || %[1]s > %[2]s)",
	"ugt": "!(%[1]s <= %[2]s)", "uge": "!(%[1]s < %[2]s)", "ult": "!(%[1]s >= %[2]s)",
	"ule": "!(%[1]s > %[2]s)", "une": "(%[1]s != %[2]s)", "uno": "(%[1]s != %[1]s || %[2]s != %[2]s)",
}

// cmpI are the arith.cmpi predicates on sign-extended registers (signed)
// or their zero-extensions from width %[3]d (unsigned).
var cmpI = map[string]string{
	"eq": "(%[1]s == %[2]s)", "ne": "(%[1]s != %[2]s)",
	"slt": "(%[1]s < %[2]s)", "sle": "(%[1]s <= %[2]s)", "sgt": "(%[1]s > %[2]s)", "sge": "(%[1]s >= %[2]s)",
	"ult": "(tl_zext(%[1]s, %[3]d) < tl_zext(%[2]s, %[3]d))", "ule": "(tl_zext(%[1]s, %[3]d) <= tl_zext(%[2]s, %[3]d))",
	"ugt": "(tl_zext(%[1]s, %[3]d) > tl_zext(%[2]s, %[3]d))", "uge": "(tl_zext(%[1]s, %[3]d) >= tl_zext(%[2]s, %[3]d))",
}

// exactFMA matches o, an f32 addf of a product of two f16 values, which
// is emitted as one fmaf (the product's mulf then not at all): the
// product of two 11-bit significands has 22 bits, and of two f16
// exponents one within f32's normal range, so f32 holds it exactly and
// the fused add rounds once where the separate add did: the same bits,
// in one instruction instead of two. An f16 contraction's body (extf,
// extf, mulf, addf) is the case; the product must have no other use.
// (Not bf16: its exponents are f32's, and a product can overflow or fall
// below the normal range, where the fused add differs.) It returns the
// product, its two factors and the addend.
//
// It also matches the multiply-adds that arith.FusedMultiplyAdd fuses
// (contract on both ops, f32 or f64: fmaf or fma), the rule the CPU
// follows too.
func exactFMA(o *ir.Operation) (product, x, y, addend *ir.Value, ok bool) {
	if p, px, py, pa, fused := arith.FusedMultiplyAdd(o); fused {
		return p.Result(0), px, py, pa, true
	}
	if o.Name != "arith.addf" || o.NumOperands() != 2 || !isFloatKind(o.Result(0).Type(), ir.F32) {
		return nil, nil, nil, nil, false
	}
	fromF16 := func(v *ir.Value) bool {
		d := v.DefiningOp()
		return d != nil && d.Name == "arith.extf" && isFloatKind(v.Type(), ir.F32) && isFloatKind(d.Operand(0).Type(), ir.F16)
	}
	for i, v := range o.Operands() {
		if p := v.DefiningOp(); p != nil && p.Name == "arith.mulf" && v.HasOneUse() && fromF16(p.Operand(0)) && fromF16(p.Operand(1)) {
			return v, p.Operand(0), p.Operand(1), o.Operand(1 - i), true
		}
	}
	return nil, nil, nil, nil, false
}

// fusedProduct reports whether o is a product that its one user's fmaf
// computes (exactFMA): it has no statement of its own.
func fusedProduct(o *ir.Operation) bool {
	if o.Name != "arith.mulf" || o.NumResults() != 1 || !o.Result(0).HasOneUse() {
		return false
	}
	p, _, _, _, ok := exactFMA(o.Result(0).Users()[0])
	return ok && p == o.Result(0)
}

func isFloatKind(t ir.Type, k ir.FloatKind) bool {
	f, ok := t.(ir.FloatType)
	return ok && f.Kind == k
}

// SupportedOps lists every op a generic body may contain, for docs and
// tests.
func SupportedOps() []string {
	ops := []string{arith.ConstantOp, "linalg.index", "tensor.extract", arith.Select, arith.CmpF, arith.CmpI,
		"arith.negf", "arith.extf", "arith.truncf", "math.fma", "math.absi",
		arith.ExtSI, arith.ExtUI, arith.IndexCast, arith.IndexCastUI, arith.TruncI,
		arith.SIToFP, arith.UIToFP, arith.FPToSI, arith.FPToUI, arith.Bitcast}
	for _, m := range []map[string][2]string{floatUnaryFn, floatBinaryFn} {
		for k := range m {
			ops = append(ops, k)
		}
	}
	for k := range floatBinaryOp {
		ops = append(ops, k)
	}
	for k := range intBinary {
		ops = append(ops, k)
	}
	return ops
}

// compile emits the body and returns the yielded values.
func (bc *bodyCompiler) compile(body *ir.Block) ([]*ir.Value, error) {
	for o := body.First(); o != nil; o = o.Next() {
		if o.Name == "linalg.yield" {
			return o.Operands(), nil
		}
		if err := bc.op(o); err != nil {
			return nil, err
		}
	}
	return nil, fmt.Errorf("linalg.generic body has no linalg.yield")
}

// value is the C expression of v: its local, or the literal of a scalar
// constant defined outside the body.
func (bc *bodyCompiler) value(user *ir.Operation, v *ir.Value) (string, error) {
	if n, ok := bc.names[v]; ok {
		return n, nil
	}
	a := plan.ScalarConstant(v)
	if a == nil {
		return "", ir.OpErrorf(user, "gpu codegen: operand of %s is defined outside the body and is not a constant", user.Name)
	}
	return constLit(user, a, v.Type())
}

func constLit(o *ir.Operation, a ir.Attribute, t ir.Type) (string, error) {
	e, err := elemOf(t)
	if err != nil {
		return "", ir.OpErrorf(o, "gpu codegen: %v", err)
	}
	switch x := a.(type) {
	case ir.FloatAttr:
		if e.float {
			return floatLit(x.Value, e.kind), nil
		}
	case ir.IntegerAttr:
		if !e.float {
			return intLit(sext(x.Value, e.width)), nil
		}
	}
	return "", ir.OpErrorf(o, "gpu codegen: constant %v does not fit type %s", a, t)
}

func sext(v int64, w int) int64 {
	if w >= 64 || w <= 0 {
		return v
	}
	s := uint(64 - w)
	return v << s >> s
}

func (bc *bodyCompiler) op(o *ir.Operation) error {
	if o.NumRegions() > 0 {
		return ir.OpErrorf(o, "gpu codegen: %s with regions inside a linalg body is not supported", o.Name)
	}
	if o.NumResults() != 1 {
		return ir.OpErrorf(o, "gpu codegen: %s with %d results inside a linalg body is not supported", o.Name, o.NumResults())
	}
	res := o.Result(0)
	re, err := elemOf(res.Type())
	if err != nil {
		return ir.OpErrorf(o, "gpu codegen: %s: %v", o.Name, err)
	}
	if fusedProduct(o) {
		return nil
	}
	var expr string
	if _, x, y, addend, ok := exactFMA(o); ok {
		a, err := bc.value(o, addend)
		if err != nil {
			return err
		}
		fma := "fmaf"
		if isFloatKind(res.Type(), ir.F64) {
			fma = "fma"
		}
		expr = fmt.Sprintf("%s(%s, %s, %s)", fma, bc.names[x], bc.names[y], a)
	} else if o.Name == arith.ConstantOp {
		a := plan.ScalarConstant(res)
		if a == nil {
			return ir.OpErrorf(o, "gpu codegen: non-scalar constant inside a linalg body")
		}
		if expr, err = constLit(o, a, res.Type()); err != nil {
			return err
		}
	} else {
		args := make([]string, o.NumOperands())
		ae := make([]elem, o.NumOperands())
		for i, v := range o.Operands() {
			if ir.IsTensor(v.Type()) {
				continue // tensor.extract's source: a capture
			}
			if args[i], err = bc.value(o, v); err != nil {
				return err
			}
			if ae[i], err = elemOf(v.Type()); err != nil {
				return ir.OpErrorf(o, "gpu codegen: %s: %v", o.Name, err)
			}
		}
		if expr, err = bc.expr(o, re, args, ae); err != nil {
			return err
		}
	}
	name := fmt.Sprintf("v%d", bc.next)
	bc.next++
	bc.k.line(bc.depth, "const %s %s = %s;", re.reg, name, expr)
	bc.names[res] = name
	return nil
}

// expr is the C expression of o's result (of element re) from its
// operands' expressions args (of elements ae).
func (bc *bodyCompiler) expr(o *ir.Operation, re elem, args []string, ae []elem) (string, error) {
	allFloat := func(n int) bool {
		if len(args) != n || !re.float {
			return false
		}
		for _, e := range ae {
			if !e.float {
				return false
			}
		}
		return true
	}
	allInt := func(n int) bool {
		if len(args) != n || re.float {
			return false
		}
		for _, e := range ae {
			if e.float {
				return false
			}
		}
		return true
	}
	pick := func(fn [2]string) string {
		if re.kind == ir.F64 {
			return fn[1]
		}
		return fn[0]
	}
	w := re.width
	switch {
	case o.Name == "linalg.index":
		a, ok := o.Attr("dim").(ir.IntegerAttr)
		if !ok || a.Value < 0 || int(a.Value) >= bc.loops || re.float {
			return "", ir.OpErrorf(o, "gpu codegen: linalg.index dimension out of range")
		}
		return bc.idx[a.Value], nil
	case o.Name == "tensor.extract":
		return bc.extract(o, re, args)
	case o.Name == arith.Select:
		if len(args) != 3 || ae[0].float || ae[1].float != re.float || ae[2].float != re.float {
			return "", ir.OpErrorf(o, "gpu codegen: malformed arith.select")
		}
		return fmt.Sprintf("(%s != 0 ? %s : %s)", args[0], args[1], args[2]), nil
	case o.Name == arith.CmpF:
		pa, ok := o.Attr("predicate").(ir.IntegerAttr)
		if !ok || len(args) != 2 || !ae[0].float || !ae[1].float || pa.Value < 0 || int(pa.Value) >= len(arith.CmpFPredicates) {
			return "", ir.OpErrorf(o, "gpu codegen: malformed arith.cmpf")
		}
		switch pred := arith.CmpFPredicates[pa.Value]; pred {
		case "false":
			return "(i64)0", nil
		case "true":
			return "(i64)-1", nil
		default:
			return "-(i64)" + fmt.Sprintf(cmpF[pred], args[0], args[1]), nil
		}
	case o.Name == arith.CmpI:
		pa, ok := o.Attr("predicate").(ir.IntegerAttr)
		if !ok || len(args) != 2 || ae[0].float || ae[1].float || pa.Value < 0 || int(pa.Value) >= len(arith.CmpIPredicates) {
			return "", ir.OpErrorf(o, "gpu codegen: malformed arith.cmpi")
		}
		return "-(i64)" + fmt.Sprintf(cmpI[arith.CmpIPredicates[pa.Value]], args[0], args[1], ae[0].width), nil
	case o.Name == "arith.negf" && allFloat(1):
		return re.round("(-" + args[0] + ")"), nil
	case (o.Name == "arith.extf" || o.Name == "arith.truncf") && allFloat(1):
		// f64 to f16/bf16 goes through f32 (two roundings; the CPU
		// rounds once: they differ only on exact f32 ties).
		return re.round("(" + re.reg + ")" + args[0]), nil
	case o.Name == "math.fma" && allFloat(3):
		return re.round(fmt.Sprintf("%s(%s, %s, %s)", pick([2]string{"fmaf", "fma"}), args[0], args[1], args[2])), nil
	case o.Name == "math.absi" && allInt(1):
		return fmt.Sprintf("tl_sext(tl_absi(%s), %d)", args[0], w), nil
	}
	if fn, ok := floatUnaryFn[o.Name]; ok && allFloat(1) {
		return re.round(pick(fn) + "(" + args[0] + ")"), nil
	}
	if op, ok := floatBinaryOp[o.Name]; ok && allFloat(2) {
		return re.round("(" + args[0] + " " + op + " " + args[1] + ")"), nil
	}
	if fn, ok := floatBinaryFn[o.Name]; ok && allFloat(2) {
		return re.round(pick(fn) + "(" + args[0] + ", " + args[1] + ")"), nil
	}
	if f, ok := intBinary[o.Name]; ok && allInt(2) {
		return fmt.Sprintf("tl_sext(%s, %d)", f(args[0], args[1], w), w), nil
	}
	if len(args) == 1 {
		if e, ok := castExpr(o.Name, args[0], ae[0], re); ok {
			return e, nil
		}
	}
	return "", ir.OpErrorf(o, "gpu codegen: unsupported op %s inside a linalg body", o.Name)
}

// castExpr converts between register classes and widths as cpu's castOp.
func castExpr(name, a string, se, re elem) (string, bool) {
	switch name {
	case arith.ExtSI, arith.IndexCast, arith.TruncI:
		if se.float || re.float {
			return "", false
		}
		return fmt.Sprintf("tl_sext(%s, %d)", a, re.width), true
	case arith.ExtUI, arith.IndexCastUI:
		if se.float || re.float {
			return "", false
		}
		return fmt.Sprintf("tl_sext((i64)tl_zext(%s, %d), %d)", a, se.width, re.width), true
	case arith.SIToFP:
		if se.float || !re.float {
			return "", false
		}
		return re.round("(" + re.reg + ")" + a), true
	case arith.UIToFP:
		if se.float || !re.float {
			return "", false
		}
		return re.round(fmt.Sprintf("(%s)tl_zext(%s, %d)", re.reg, a, se.width)), true
	case arith.FPToSI:
		if !se.float || re.float {
			return "", false
		}
		return fmt.Sprintf("tl_sext(tl_fptosi((double)%s), %d)", a, re.width), true
	case arith.FPToUI:
		if !se.float || re.float {
			return "", false
		}
		return fmt.Sprintf("tl_sext(tl_fptoui((double)%s), %d)", a, re.width), true
	case arith.Bitcast:
		return bitcastExpr(a, se, re)
	}
	return "", false
}

func bitcastExpr(a string, se, re elem) (string, bool) {
	toBits := func(e elem, x string) string {
		switch e.kind {
		case ir.F16:
			return "(i64)(short)tl_f2h(" + x + ")"
		case ir.BF16:
			return "(i64)(short)tl_f2b(" + x + ")"
		case ir.F32:
			return "(i64)(int)__float_as_uint(" + x + ")"
		}
		return "(i64)__double_as_longlong(" + x + ")"
	}
	fromBits := func(e elem, x string) string {
		switch e.kind {
		case ir.F16:
			return "tl_h2f((h16)" + x + ")"
		case ir.BF16:
			return "tl_b2f((b16)" + x + ")"
		case ir.F32:
			return "__uint_as_float((unsigned)" + x + ")"
		}
		return "__longlong_as_double(" + x + ")"
	}
	switch {
	case se.float && !re.float:
		return toBits(se, a), true
	case !se.float && re.float:
		return fromBits(re, a), true
	case se.float && re.float:
		return fromBits(re, toBits(se, a)), true
	}
	return fmt.Sprintf("tl_sext(%s, %d)", a, re.width), true
}

// extract reads a captured tensor; an index out of range is reported
// through the error word and clamped, so memory stays in bounds.
func (bc *bodyCompiler) extract(o *ir.Operation, re elem, args []string) (string, error) {
	var c *bodyCapture
	for j := range bc.captures {
		if bc.captures[j].value == o.Operand(0) {
			c = &bc.captures[j]
		}
	}
	if c == nil {
		return "", ir.OpErrorf(o, "gpu codegen: tensor.extract from a tensor the plan did not capture")
	}
	if len(args)-1 != len(c.view.Shape) {
		return "", ir.OpErrorf(o, "gpu codegen: tensor.extract index count does not match rank")
	}
	if c.el.float != re.float {
		return "", ir.OpErrorf(o, "gpu codegen: tensor.extract type mismatch")
	}
	bc.k.err = true
	off := c.base
	for d, ix := range args[1:] {
		off += fmt.Sprintf(" + tl_clamp(%s, %d, err, %d) * %d", ix, c.view.Shape[d], bc.k.step, c.view.Strides[d])
	}
	return c.el.load(c.buf, off), nil
}
