package cpu

import (
	"fmt"
	"math"

	"github.com/torchlower/torchlower/dialect/arith"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/plan"
)

// A linalg.generic body is compiled once into a program: a list of
// closures over a register file (float64 registers for floats, int64
// registers for integers, index and i1), so that running it per element
// costs one indirect call per op and no look-ups in the IR. Each float
// result is rounded to its type as it is produced, so f32, f16 and bf16
// arithmetic is correctly rounded; integers are kept sign-extended from
// their width.

type frame struct {
	f   []float64
	i   []int64
	idx []int64
}

type instr func(fr *frame)

// reg is a register: a float or an int slot; idx < 0 means none.
type reg struct {
	float bool
	idx   int
}

type program struct {
	initF []float64 // initial register values (constants; the rest 0)
	initI []int64
	code  []instr
	args  []reg // per block argument; idx -1 when unused
	yield []reg // per output
}

func (p *program) newFrame(loops int) *frame {
	return &frame{f: append([]float64(nil), p.initF...), i: append([]int64(nil), p.initI...), idx: make([]int64, loops)}
}

// capture is a tensor a body reads with tensor.extract.
type capture struct {
	view plan.View
	acc  accessor
}

type compiler struct {
	p        *program
	regs     map[*ir.Value]reg
	captures map[*ir.Value]*capture
	loops    int
}

// newCompiler is a compiler for body, loops deep, its tables sized for
// the body: a run compiles a few dozen small bodies, and growing maps and
// slices was a good part of that.
func newCompiler(body *ir.Block, loops int) *compiler {
	n := len(body.Args()) + body.Len()
	p := &program{initF: make([]float64, 0, n)}
	return &compiler{p: p, regs: make(map[*ir.Value]reg, n), loops: loops}
}

func (c *compiler) newReg(t ir.Type) (reg, error) {
	switch {
	case ir.IsFloat(t):
		c.p.initF = append(c.p.initF, 0)
		return reg{float: true, idx: len(c.p.initF) - 1}, nil
	case ir.IsIntOrIndex(t):
		c.p.initI = append(c.p.initI, 0)
		return reg{idx: len(c.p.initI) - 1}, nil
	}
	return reg{}, fmt.Errorf("unsupported scalar type %s", t)
}

// lookup returns the register of v, making a constant register for a
// scalar constant defined outside the body.
func (c *compiler) lookup(op *ir.Operation, v *ir.Value) (reg, error) {
	if r, ok := c.regs[v]; ok {
		return r, nil
	}
	a := plan.ScalarConstant(v)
	if a == nil {
		return reg{}, ir.OpErrorf(op, "cpu: operand of %s is defined outside the body and is not a constant", op.Name)
	}
	r, err := c.newReg(v.Type())
	if err != nil {
		return reg{}, ir.OpErrorf(op, "cpu: %v", err)
	}
	setConst(c.p, r, a, v.Type())
	c.regs[v] = r
	return r, nil
}

func setConst(p *program, r reg, a ir.Attribute, t ir.Type) {
	switch x := a.(type) {
	case ir.FloatAttr:
		p.initF[r.idx] = x.Value
	case ir.IntegerAttr:
		p.initI[r.idx] = sext(x.Value, intWidth(t))
	}
}

// compileBody compiles the body of a linalg.generic.
func compileBody(op *ir.Operation, body *ir.Block, loops int, captures map[*ir.Value]*capture) (*program, error) {
	p, _, err := compileBodyRegs(op, body, loops, captures, nil)
	return p, err
}

// compileBodyRegs is compileBody that also returns the registers that
// hold vals (values of the body, or scalar constants) once the program
// has run.
func compileBodyRegs(op *ir.Operation, body *ir.Block, loops int, captures map[*ir.Value]*capture, vals []*ir.Value) (*program, []reg, error) {
	c := newCompiler(body, loops)
	c.captures = captures
	if err := c.bindArgs(body); err != nil {
		return nil, nil, ir.OpErrorf(op, "cpu: block argument: %v", err)
	}
	for o := body.First(); o != nil; o = o.Next() {
		if o.Name == "linalg.yield" {
			for i := range o.NumOperands() {
				r, err := c.lookup(o, o.Operand(i))
				if err != nil {
					return nil, nil, err
				}
				c.p.yield = append(c.p.yield, r)
			}
			regs := make([]reg, len(vals))
			for i, v := range vals {
				r, err := c.lookup(o, v)
				if err != nil {
					return nil, nil, err
				}
				regs[i] = r
			}
			return c.p, regs, nil
		}
		if err := c.compileOp(o); err != nil {
			return nil, nil, err
		}
	}
	return nil, nil, ir.OpErrorf(op, "cpu: linalg.generic body has no linalg.yield")
}

// bindArgs gives each used block argument a register (unused ones -1).
func (c *compiler) bindArgs(body *ir.Block) error {
	c.p.args = make([]reg, 0, len(body.Args()))
	for _, a := range body.Args() {
		r := reg{idx: -1}
		if a.HasUses() {
			var err error
			if r, err = c.newReg(a.Type()); err != nil {
				return err
			}
			c.regs[a] = r
		}
		c.p.args = append(c.p.args, r)
	}
	return nil
}

func (c *compiler) emit(i instr) { c.p.code = append(c.p.code, i) }

func (c *compiler) compileOp(o *ir.Operation) error {
	if o.NumRegions() > 0 {
		return ir.OpErrorf(o, "cpu: %s with regions inside a linalg body is not supported", o.Name)
	}
	if o.NumResults() != 1 {
		return ir.OpErrorf(o, "cpu: %s with %d results inside a linalg body is not supported", o.Name, o.NumResults())
	}
	res := o.Result(0)
	rt := res.Type()
	if o.Name == arith.ConstantOp {
		a := plan.ScalarConstant(res)
		if a == nil {
			return ir.OpErrorf(o, "cpu: non-scalar constant inside a linalg body")
		}
		r, err := c.newReg(rt)
		if err != nil {
			return ir.OpErrorf(o, "cpu: %v", err)
		}
		setConst(c.p, r, a, rt)
		c.regs[res] = r
		return nil
	}
	if arith.FusedProduct(o) {
		return nil // its one user, a fused multiply-add, multiplies
	}
	operands, fused := operandsOf(o)
	ins := make([]reg, len(operands))
	for i, v := range operands {
		if ir.IsTensor(v.Type()) {
			ins[i] = reg{idx: -1} // tensor.extract's source: a capture
			continue
		}
		r, err := c.lookup(o, v)
		if err != nil {
			return err
		}
		ins[i] = r
	}
	d, err := c.newReg(rt)
	if err != nil {
		return ir.OpErrorf(o, "cpu: %v", err)
	}
	c.regs[res] = d
	var code instr
	switch {
	case o.Name == "linalg.index":
		code, err = c.index(o, d)
	case o.Name == "tensor.extract":
		code, err = c.extract(o, ins, d)
	case o.Name == arith.Select:
		code, err = selectOp(o, ins, d)
	case o.Name == arith.CmpF || o.Name == arith.CmpI:
		code, err = cmpOp(o, ins, d)
	default:
		if f, ok := unaryOp(o.Name, rt); ok && len(ins) == 1 && ins[0].float && d.float {
			code = floatUn(ins[0].idx, d.idx, f, rounder(rt))
		} else if f, ok := floatBinary[o.Name]; ok && len(ins) == 2 && ins[0].float && ins[1].float && d.float {
			code = floatBin(ins[0].idx, ins[1].idx, d.idx, f, rounder(rt))
		} else if (fused || o.Name == "math.fma") && len(ins) == 3 && d.float {
			a, b, cc, rd, rnd := ins[0].idx, ins[1].idx, ins[2].idx, d.idx, rounder(rt)
			code = func(fr *frame) { fr.f[rd] = fusedMulAdd(fr.f[a], fr.f[b], fr.f[cc], rnd) }
		} else if f, ok := intBinary[o.Name]; ok && len(ins) == 2 && !ins[0].float && !ins[1].float && !d.float {
			a, b, rd, w := ins[0].idx, ins[1].idx, d.idx, intWidth(rt)
			code = func(fr *frame) { fr.i[rd] = sext(f(fr.i[a], fr.i[b], w), w) }
		} else if o.Name == "math.absi" && len(ins) == 1 && !d.float {
			a, rd, w := ins[0].idx, d.idx, intWidth(rt)
			code = func(fr *frame) {
				v := fr.i[a]
				if v < 0 {
					v = -v
				}
				fr.i[rd] = sext(v, w)
			}
		} else {
			code, err = castOp(o, ins, d)
		}
	}
	if err != nil {
		return err
	}
	if code == nil {
		return ir.OpErrorf(o, "cpu: unsupported op %s inside a linalg body", o.Name)
	}
	c.emit(code)
	return nil
}

// operandsOf is what o computes from: its operands, or, for an addf
// that fuses with its product (arith.FusedMultiplyAdd), the product's two
// factors and the addend, x·y + addend rounded once (fused).
func operandsOf(o *ir.Operation) (vs []*ir.Value, fused bool) {
	if _, x, y, addend, ok := arith.FusedMultiplyAdd(o); ok {
		return []*ir.Value{x, y, addend}, true
	}
	return o.Operands(), false
}

func round(r func(float64) float64, v float64) float64 {
	if r == nil {
		return v
	}
	return r(v)
}

func floatUn(a, d int, f func(float64) float64, r func(float64) float64) instr {
	if r == nil {
		return func(fr *frame) { fr.f[d] = f(fr.f[a]) }
	}
	return func(fr *frame) { fr.f[d] = r(f(fr.f[a])) }
}

func floatBin(a, b, d int, f func(x, y float64) float64, r func(float64) float64) instr {
	if r == nil {
		return func(fr *frame) { fr.f[d] = f(fr.f[a], fr.f[b]) }
	}
	return func(fr *frame) { fr.f[d] = r(f(fr.f[a], fr.f[b])) }
}

// unaryOp is the float function of a one-operand op with result type rt.
// math.rsqrt of a narrower float than f64 is 1 / sqrt(x) with the square
// root rounded to rt first: two roundings, as PyTorch's CPU kernels
// (1 / std::sqrt(x) in float, and their vector form) and the GPU kernels
// (1.0f / sqrtf(x)) compute it, rather than the correctly rounded
// reciprocal square root.
func unaryOp(name string, rt ir.Type) (func(float64) float64, bool) {
	if name == "math.rsqrt" {
		if r := rounder(rt); r != nil {
			return func(x float64) float64 { return 1 / r(math.Sqrt(x)) }, true
		}
	}
	f, ok := floatUnary[name]
	return f, ok
}

var floatUnary = map[string]func(float64) float64{
	"arith.negf":     func(x float64) float64 { return -x },
	"math.absf":      math.Abs,
	"math.exp":       math.Exp,
	"math.exp2":      math.Exp2,
	"math.expm1":     math.Expm1,
	"math.log":       math.Log,
	"math.log1p":     math.Log1p,
	"math.log2":      math.Log2,
	"math.log10":     math.Log10,
	"math.sqrt":      math.Sqrt,
	"math.rsqrt":     func(x float64) float64 { return 1 / math.Sqrt(x) },
	"math.tanh":      math.Tanh,
	"math.erf":       math.Erf,
	"math.ceil":      math.Ceil,
	"math.floor":     math.Floor,
	"math.round":     math.Round,
	"math.roundeven": math.RoundToEven,
	"math.trunc":     math.Trunc,
	"math.sin":       math.Sin,
	"math.cos":       math.Cos,
	"math.tan":       math.Tan,
	"math.atan":      math.Atan,
	"math.cbrt":      math.Cbrt,
	"arith.extf":     func(x float64) float64 { return x },
	"arith.truncf":   func(x float64) float64 { return x }, // rounding is the result type's
}

func maxF(x, y float64) float64 { return max(x, y) }
func minF(x, y float64) float64 { return min(x, y) }

var floatBinary = map[string]func(x, y float64) float64{
	"arith.addf": func(x, y float64) float64 { return x + y },
	"arith.subf": func(x, y float64) float64 { return x - y },
	"arith.mulf": func(x, y float64) float64 { return x * y },
	"arith.divf": func(x, y float64) float64 { return x / y },
	"arith.remf": math.Mod,
	// maxf/minf (MLIR 16) and maximumf/minimumf propagate NaN and order
	// -0 < +0, as Go's max and min do (and the lanes and the GPU's
	// tl_maxf); maxnumf/minnumf prefer the number. Not math.Max/Min:
	// math.Max(+Inf, NaN) is +Inf.
	"arith.maxf":     maxF,
	"arith.minf":     minF,
	"arith.maximumf": maxF,
	"arith.minimumf": minF,
	"arith.maxnumf": func(x, y float64) float64 {
		if math.IsNaN(x) {
			return y
		}
		if math.IsNaN(y) {
			return x
		}
		return max(x, y)
	},
	"arith.minnumf": func(x, y float64) float64 {
		if math.IsNaN(x) {
			return y
		}
		if math.IsNaN(y) {
			return x
		}
		return min(x, y)
	},
	"math.powf":     math.Pow,
	"math.atan2":    math.Atan2,
	"math.copysign": math.Copysign,
}

// intBinary ops take sign-extended operands and the result width; the
// caller sign-extends the result. Division by zero (undefined in MLIR)
// yields 0 rather than a crash.
var intBinary = map[string]func(a, b int64, w int) int64{
	"arith.addi": func(a, b int64, _ int) int64 { return a + b },
	"arith.subi": func(a, b int64, _ int) int64 { return a - b },
	"arith.muli": func(a, b int64, _ int) int64 { return a * b },
	"arith.divsi": func(a, b int64, _ int) int64 {
		if b == 0 {
			return 0
		}
		return a / b
	},
	"arith.divui": func(a, b int64, w int) int64 {
		if zext(b, w) == 0 {
			return 0
		}
		return int64(zext(a, w) / zext(b, w))
	},
	"arith.remsi": func(a, b int64, _ int) int64 {
		if b == 0 {
			return 0
		}
		return a % b
	},
	"arith.remui": func(a, b int64, w int) int64 {
		if zext(b, w) == 0 {
			return 0
		}
		return int64(zext(a, w) % zext(b, w))
	},
	"arith.ceildivsi": func(a, b int64, _ int) int64 {
		if b == 0 {
			return 0
		}
		q := a / b
		if (a%b != 0) && ((a < 0) == (b < 0)) {
			q++
		}
		return q
	},
	"arith.ceildivui": func(a, b int64, w int) int64 {
		ua, ub := zext(a, w), zext(b, w)
		if ub == 0 {
			return 0
		}
		q := ua / ub
		if ua%ub != 0 {
			q++
		}
		return int64(q)
	},
	"arith.floordivsi": func(a, b int64, _ int) int64 {
		if b == 0 {
			return 0
		}
		q := a / b
		if (a%b != 0) && ((a < 0) != (b < 0)) {
			q--
		}
		return q
	},
	"arith.maxsi": func(a, b int64, _ int) int64 { return max(a, b) },
	"arith.minsi": func(a, b int64, _ int) int64 { return min(a, b) },
	"arith.maxui": func(a, b int64, w int) int64 { return int64(max(zext(a, w), zext(b, w))) },
	"arith.minui": func(a, b int64, w int) int64 { return int64(min(zext(a, w), zext(b, w))) },
	"arith.andi":  func(a, b int64, _ int) int64 { return a & b },
	"arith.ori":   func(a, b int64, _ int) int64 { return a | b },
	"arith.xori":  func(a, b int64, _ int) int64 { return a ^ b },
	"arith.shli": func(a, b int64, w int) int64 {
		if zext(b, w) >= uint64(w) {
			return 0
		}
		return a << uint(zext(b, w))
	},
	"arith.shrsi": func(a, b int64, w int) int64 {
		if zext(b, w) >= uint64(w) {
			return a >> 63
		}
		return a >> uint(zext(b, w))
	},
	"arith.shrui": func(a, b int64, w int) int64 {
		if zext(b, w) >= uint64(w) {
			return 0
		}
		return int64(zext(a, w) >> uint(zext(b, w)))
	},
	"math.ipowi": func(a, b int64, _ int) int64 {
		if b < 0 {
			switch a {
			case 1:
				return 1
			case -1:
				if b%2 == 0 {
					return 1
				}
				return -1
			}
			return 0
		}
		r := int64(1)
		for ; b > 0; b >>= 1 {
			if b&1 == 1 {
				r *= a
			}
			a *= a
		}
		return r
	},
}

func (c *compiler) index(o *ir.Operation, d reg) (instr, error) {
	a, ok := o.Attr("dim").(ir.IntegerAttr)
	if !ok || a.Value < 0 || int(a.Value) >= c.loops || d.float {
		return nil, ir.OpErrorf(o, "cpu: linalg.index dimension out of range")
	}
	dim, rd := int(a.Value), d.idx
	return func(fr *frame) { fr.i[rd] = fr.idx[dim] }, nil
}

func (c *compiler) extract(o *ir.Operation, ins []reg, d reg) (instr, error) {
	capt := c.captures[o.Operand(0)]
	if capt == nil {
		return nil, ir.OpErrorf(o, "cpu: tensor.extract from a tensor the plan did not capture")
	}
	v := capt.view
	if len(ins)-1 != len(v.Shape) {
		return nil, ir.OpErrorf(o, "cpu: tensor.extract index count does not match rank")
	}
	idx := make([]int, len(ins)-1)
	for k := range idx {
		if ins[k+1].float {
			return nil, ir.OpErrorf(o, "cpu: float index")
		}
		idx[k] = ins[k+1].idx
	}
	shape, strides, base := v.Shape, v.Strides, v.Offset
	check := func(fr *frame) int64 {
		off := base
		for k, r := range idx {
			i := fr.i[r]
			if i < 0 || i >= shape[k] {
				panic(fmt.Errorf("tensor.extract index %d out of range [0, %d) in dimension %d", i, shape[k], k))
			}
			off += i * strides[k]
		}
		return off
	}
	rd := d.idx
	if d.float != capt.acc.kind.isFloat() {
		return nil, ir.OpErrorf(o, "cpu: tensor.extract type mismatch")
	}
	acc := capt.acc
	if d.float {
		return func(fr *frame) { fr.f[rd] = acc.loadF(check(fr)) }, nil
	}
	return func(fr *frame) { fr.i[rd] = acc.loadI(check(fr)) }, nil
}

func selectOp(o *ir.Operation, ins []reg, d reg) (instr, error) {
	if len(ins) != 3 || ins[0].float || ins[1].float != d.float || ins[2].float != d.float {
		return nil, ir.OpErrorf(o, "cpu: malformed arith.select")
	}
	c, a, b, rd := ins[0].idx, ins[1].idx, ins[2].idx, d.idx
	if d.float {
		return func(fr *frame) {
			if fr.i[c] != 0 {
				fr.f[rd] = fr.f[a]
			} else {
				fr.f[rd] = fr.f[b]
			}
		}, nil
	}
	return func(fr *frame) {
		if fr.i[c] != 0 {
			fr.i[rd] = fr.i[a]
		} else {
			fr.i[rd] = fr.i[b]
		}
	}, nil
}

func b2i(b bool) int64 {
	if b {
		return -1 // i1 true, sign-extended
	}
	return 0
}

func cmpOp(o *ir.Operation, ins []reg, d reg) (instr, error) {
	pa, ok := o.Attr("predicate").(ir.IntegerAttr)
	if !ok || len(ins) != 2 || d.float {
		return nil, ir.OpErrorf(o, "cpu: malformed %s", o.Name)
	}
	a, b, rd := ins[0].idx, ins[1].idx, d.idx
	if o.Name == arith.CmpF {
		if pa.Value < 0 || int(pa.Value) >= len(arith.CmpFPredicates) || !ins[0].float || !ins[1].float {
			return nil, ir.OpErrorf(o, "cpu: malformed arith.cmpf")
		}
		f := cmpFFunc(pa.Value)
		return func(fr *frame) { fr.i[rd] = b2i(f(fr.f[a], fr.f[b])) }, nil
	}
	if pa.Value < 0 || int(pa.Value) >= len(arith.CmpIPredicates) || ins[0].float || ins[1].float {
		return nil, ir.OpErrorf(o, "cpu: malformed arith.cmpi")
	}
	f := cmpIFunc(arith.CmpIPredicates[pa.Value], intWidth(o.Operand(0).Type()))
	return func(fr *frame) { fr.i[rd] = b2i(f(fr.i[a], fr.i[b])) }, nil
}

// cmpIFunc is arith.cmpi's predicate pred on operands of width w, which
// registers hold sign-extended: the unsigned orderings compare them
// zero-extended.
func cmpIFunc(pred string, w int) func(x, y int64) bool {
	var f func(x, y int64) bool
	switch pred {
	case "eq":
		f = func(x, y int64) bool { return x == y }
	case "ne":
		f = func(x, y int64) bool { return x != y }
	case "slt":
		f = func(x, y int64) bool { return x < y }
	case "sle":
		f = func(x, y int64) bool { return x <= y }
	case "sgt":
		f = func(x, y int64) bool { return x > y }
	case "sge":
		f = func(x, y int64) bool { return x >= y }
	case "ult":
		f = func(x, y int64) bool { return zext(x, w) < zext(y, w) }
	case "ule":
		f = func(x, y int64) bool { return zext(x, w) <= zext(y, w) }
	case "ugt":
		f = func(x, y int64) bool { return zext(x, w) > zext(y, w) }
	default:
		f = func(x, y int64) bool { return zext(x, w) >= zext(y, w) }
	}
	return f
}

// cmpFFunc is arith.cmpf's predicate p (an index into
// arith.CmpFPredicates, already checked) as a Go function; the common
// ordered ones are direct comparisons.
func cmpFFunc(p int64) func(x, y float64) bool {
	switch arith.CmpFPredicates[p] {
	case "oeq":
		return func(x, y float64) bool { return x == y }
	case "ogt":
		return func(x, y float64) bool { return x > y }
	case "oge":
		return func(x, y float64) bool { return x >= y }
	case "olt":
		return func(x, y float64) bool { return x < y }
	case "ole":
		return func(x, y float64) bool { return x <= y }
	case "une":
		return func(x, y float64) bool { return x != y }
	// Unordered: true when either is NaN, which the negated ordered
	// comparison gives.
	case "ugt":
		return func(x, y float64) bool { return !(x <= y) }
	case "uge":
		return func(x, y float64) bool { return !(x < y) }
	case "ult":
		return func(x, y float64) bool { return !(x >= y) }
	case "ule":
		return func(x, y float64) bool { return !(x > y) }
	}
	return func(x, y float64) bool { return arith.EvalCmpF(p, x, y) }
}

// castOp compiles the conversions between register classes and widths.
func castOp(o *ir.Operation, ins []reg, d reg) (instr, error) {
	if len(ins) != 1 {
		return nil, nil
	}
	st, rt := o.Operand(0).Type(), o.Result(0).Type()
	a, rd := ins[0].idx, d.idx
	sw, rw := intWidth(st), intWidth(rt)
	rnd := rounder(rt)
	switch o.Name {
	case arith.ExtSI, arith.IndexCast:
		if ins[0].float || d.float {
			return nil, nil
		}
		return func(fr *frame) { fr.i[rd] = sext(fr.i[a], rw) }, nil
	case arith.ExtUI, arith.IndexCastUI:
		if ins[0].float || d.float {
			return nil, nil
		}
		return func(fr *frame) { fr.i[rd] = sext(int64(zext(fr.i[a], sw)), rw) }, nil
	case arith.TruncI:
		if ins[0].float || d.float {
			return nil, nil
		}
		return func(fr *frame) { fr.i[rd] = sext(fr.i[a], rw) }, nil
	case arith.SIToFP:
		if ins[0].float || !d.float {
			return nil, nil
		}
		return func(fr *frame) { fr.f[rd] = round(rnd, float64(fr.i[a])) }, nil
	case arith.UIToFP:
		if ins[0].float || !d.float {
			return nil, nil
		}
		return func(fr *frame) { fr.f[rd] = round(rnd, float64(zext(fr.i[a], sw))) }, nil
	case arith.FPToSI:
		if !ins[0].float || d.float {
			return nil, nil
		}
		return func(fr *frame) { fr.i[rd] = sext(fpToInt(fr.f[a]), rw) }, nil
	case arith.FPToUI:
		if !ins[0].float || d.float {
			return nil, nil
		}
		return func(fr *frame) { fr.i[rd] = sext(int64(fpToUint(fr.f[a])), rw) }, nil
	case arith.Bitcast:
		return bitcast(st, rt, ins[0], d)
	}
	return nil, nil
}

// fpToInt truncates toward zero; out-of-range values (undefined in MLIR)
// saturate instead of depending on the host's conversion.
func fpToInt(x float64) int64 {
	switch {
	case math.IsNaN(x):
		return 0
	case x >= 9.223372036854775807e18:
		return math.MaxInt64
	case x <= -9.223372036854775808e18:
		return math.MinInt64
	}
	return int64(x)
}

func fpToUint(x float64) uint64 {
	switch {
	case math.IsNaN(x) || x <= 0:
		return 0
	case x >= 1.8446744073709551615e19:
		return math.MaxUint64
	}
	return uint64(x)
}

func bitcast(st, rt ir.Type, s, d reg) (instr, error) {
	a, rd := s.idx, d.idx
	toBits := func(t ir.Type) func(float64) int64 {
		switch t.(ir.FloatType).Kind {
		case ir.F16:
			return func(x float64) int64 { return int64(int16(ir.F32ToF16Bits(float32(x)))) }
		case ir.BF16:
			return func(x float64) int64 { return int64(int16(ir.F32ToBF16Bits(float32(x)))) }
		case ir.F32:
			return func(x float64) int64 { return int64(int32(math.Float32bits(float32(x)))) }
		}
		return func(x float64) int64 { return int64(math.Float64bits(x)) }
	}
	fromBits := func(t ir.Type) func(int64) float64 {
		switch t.(ir.FloatType).Kind {
		case ir.F16:
			return func(v int64) float64 { return float64(ir.F16BitsToF32(uint16(v))) }
		case ir.BF16:
			return func(v int64) float64 { return float64(ir.BF16BitsToF32(uint16(v))) }
		case ir.F32:
			return func(v int64) float64 { return float64(math.Float32frombits(uint32(v))) }
		}
		return func(v int64) float64 { return math.Float64frombits(uint64(v)) }
	}
	switch {
	case s.float && !d.float:
		f := toBits(st)
		return func(fr *frame) { fr.i[rd] = f(fr.f[a]) }, nil
	case !s.float && d.float:
		f := fromBits(rt)
		return func(fr *frame) { fr.f[rd] = f(fr.i[a]) }, nil
	case s.float && d.float:
		f, g := toBits(st), fromBits(rt)
		return func(fr *frame) { fr.f[rd] = g(f(fr.f[a])) }, nil
	}
	w := intWidth(rt)
	return func(fr *frame) { fr.i[rd] = sext(fr.i[a], w) }, nil
}
