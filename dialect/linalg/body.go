package linalg

import (
	"github.com/torchlower/torchlower/ir"
)

// The implicit bodies of named ops are built from arith ops created by
// name, so this package does not depend on dialect/arith; the Builder
// finds their definitions in the context when arith is loaded.

// fastmathNone is the default `fastmath` attribute that upstream's
// builders attach to arith float ops (`#arith.fastmath<none>`).
func fastmathNone() ir.Attribute {
	return ir.OpaqueAttr{Dialect: "arith", Name: "fastmath", Body: "none", HasBody: true}
}

// isFastmathNone reports whether a is `#arith.fastmath<none>`, whatever Go
// type the arith dialect parses it into.
func isFastmathNone(a ir.Attribute) bool {
	return a != nil && a.String() == "#arith.fastmath<none>"
}

// hasFastmath lists the ops whose ODS definition carries a fastmath
// attribute with a default in MLIR 16; upstream materializes that default
// whenever it creates one of them.
func hasFastmath(name string) bool {
	switch name {
	case "arith.addf", "arith.subf", "arith.mulf", "arith.divf", "arith.remf",
		"arith.negf", "arith.maxf", "arith.minf":
		return true
	}
	if len(name) > 5 && name[:5] == "math." {
		switch name {
		case "math.ctlz", "math.cttz", "math.ctpop", "math.absi", "math.ipowi", "math.fpowi":
			return false
		}
		return true
	}
	return false
}

// scalarBuilder creates the arith ops of named-op bodies at b's insertion
// point, with unknown locations as upstream's region builders use.
type scalarBuilder struct {
	b *ir.Builder
}

func (s scalarBuilder) create(name string, operands []*ir.Value, result ir.Type) *ir.Value {
	var attrs []ir.NamedAttr
	if hasFastmath(name) {
		attrs = append(attrs, ir.NamedAttr{Name: "fastmath", Value: fastmathNone()})
	}
	op := s.b.Create(name, ir.UnknownLoc{}, operands, []ir.Type{result}, attrs, 0)
	return op.Result(0)
}

// cast converts v to type to like upstream's convertScalarToDtype (the
// TypeFn cast_signed / cast_unsigned of OpDSL): extf/truncf between floats,
// sitofp/uitofp and fptosi/fptoui across, extsi/extui/trunci between
// integers and index_cast to or from index. Same types need no op.
func (s scalarBuilder) cast(v *ir.Value, to ir.Type, unsigned bool) *ir.Value {
	from := v.Type()
	if ir.TypeEqual(from, to) {
		return v
	}
	switch t := to.(type) {
	case ir.IntegerType:
		switch f := from.(type) {
		case ir.FloatType:
			if unsigned {
				return s.create("arith.fptoui", []*ir.Value{v}, to)
			}
			return s.create("arith.fptosi", []*ir.Value{v}, to)
		case ir.IndexType:
			return s.create("arith.index_cast", []*ir.Value{v}, to)
		case ir.IntegerType:
			switch {
			case t.Width > f.Width && unsigned:
				return s.create("arith.extui", []*ir.Value{v}, to)
			case t.Width > f.Width:
				return s.create("arith.extsi", []*ir.Value{v}, to)
			case t.Width < f.Width:
				return s.create("arith.trunci", []*ir.Value{v}, to)
			}
		}
	case ir.FloatType:
		switch f := from.(type) {
		case ir.IntegerType:
			if unsigned {
				return s.create("arith.uitofp", []*ir.Value{v}, to)
			}
			return s.create("arith.sitofp", []*ir.Value{v}, to)
		case ir.FloatType:
			switch {
			case t.Bits() > f.Bits():
				return s.create("arith.extf", []*ir.Value{v}, to)
			case t.Bits() < f.Bits():
				return s.create("arith.truncf", []*ir.Value{v}, to)
			}
		}
	case ir.IndexType:
		if ir.IsInteger(from) {
			return s.create("arith.index_cast", []*ir.Value{v}, to)
		}
	}
	return v
}

// binaryFn is one of OpDSL's BinaryFn kinds used by the named ops.
type binaryFn int

const (
	fnAdd binaryFn = iota
	fnMul
	fnMax
	fnMin
)

// binary applies fn like upstream's RegionBuilderHelper::binary: float ops
// for floats, `ori`/`andi` for i1 add/mul, signed integer ops otherwise.
func (s scalarBuilder) binary(fn binaryFn, a, b *ir.Value) *ir.Value {
	t := a.Type()
	isFloat := ir.IsFloat(t)
	isBool := ir.IsInteger(t) && ir.IntWidth(t) == 1
	var name string
	switch fn {
	case fnAdd:
		name = pick(isFloat, "arith.addf", pick(isBool, "arith.ori", "arith.addi"))
	case fnMul:
		name = pick(isFloat, "arith.mulf", pick(isBool, "arith.andi", "arith.muli"))
	case fnMax:
		name = pick(isFloat, "arith.maxf", "arith.maxsi")
	case fnMin:
		name = pick(isFloat, "arith.minf", "arith.minsi")
	}
	return s.create(name, []*ir.Value{a, b}, t)
}

func pick(c bool, a, b string) string {
	if c {
		return a
	}
	return b
}

// yield appends linalg.yield of vs.
func (s scalarBuilder) yield(vs []*ir.Value) {
	s.b.Create(Yield, ir.UnknownLoc{}, vs, nil, nil, 0)
}

// bodyKind says what a named op computes per point.
type bodyKind int

const (
	bodyMulAdd bodyKind = iota // out + cast(a) * cast(b)
	bodyMax                    // max(out, cast(in))
	bodyMin                    // min(out, cast(in))
	bodySum                    // out + cast(in)
	bodyCast                   // cast(in)
)

// buildNamedBody fills block (whose arguments are the element types of
// the operands, inputs first) with the computation of a named op.
func buildNamedBody(ctx *ir.Context, block *ir.Block, kind bodyKind, unsigned bool) {
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointToEnd(block)
	s := scalarBuilder{b}
	args := block.Args()
	if len(args) == 0 {
		return
	}
	out := args[len(args)-1]
	outT := out.Type()
	switch kind {
	case bodyMulAdd:
		if len(args) < 3 {
			return
		}
		x := s.cast(args[0], outT, unsigned)
		y := s.cast(args[1], outT, unsigned)
		m := s.binary(fnMul, x, y)
		s.yield([]*ir.Value{s.binary(fnAdd, out, m)})
	case bodyMax, bodyMin, bodySum:
		if len(args) < 2 {
			return
		}
		x := s.cast(args[0], outT, unsigned)
		fn := map[bodyKind]binaryFn{bodyMax: fnMax, bodyMin: fnMin, bodySum: fnAdd}[kind]
		s.yield([]*ir.Value{s.binary(fn, out, x)})
	case bodyCast:
		if len(args) < 2 {
			return
		}
		s.yield([]*ir.Value{s.cast(args[0], outT, unsigned)})
	}
}
