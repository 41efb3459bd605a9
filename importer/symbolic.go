package importer

import (
	"encoding/json"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"github.com/torchlower/torchlower/ir"
)

// Programs exported with dynamic shapes describe every size that depends
// on an input's size as a sympy expression over symbols (s0, s1, ...):
// "3*s0" in older files, a srepr such as
// Mul(Integer(3), Symbol('s0', integer=True, positive=True)) since torch
// 2.6. Imported as they are, those sizes are `?`, which torchlower's
// lowering does not compile. Binding the symbols (Options.Dims: `--dim
// s0=8` on the command line) specializes the program to those sizes: every
// expression is evaluated, so every tensor type is static, and the nodes
// that compute sizes at run time (sym_size.int, _operator arithmetic,
// _assert_scalar on them) are folded to constants, as they would be for a
// program exported with those shapes. A symbol's value must lie in its
// range_constraints range.

// symExprParser evaluates a SymExpr's expr_str, in srepr or infix form,
// with bound symbols. It knows integer arithmetic: Symbol, Integer, Add,
// Mul, FloorDiv, CleanDiv, Mod, PythonMod, Max, Min, Pow, PowByNatural,
// + - * // % and parentheses. Anything else, or an unbound symbol, makes
// the expression unknown (ok false): that size stays dynamic, never wrong.
type symExprParser struct {
	src   string
	pos   int
	vals  map[string]int64
	ok    bool
	depth int
}

const (
	maxSymExpr  = 1 << 14
	maxSymDepth = 200
	maxSymValue = 1 << 62
)

// check fails the parse when v is out of ±maxSymValue.
func (p *symExprParser) check(v int64) int64 {
	if v > maxSymValue || v < -maxSymValue {
		return p.fail()
	}
	return v
}

// mul multiplies with an overflow check.
func (p *symExprParser) mul(a, b int64) int64 {
	if a != 0 && (b > maxSymValue/abs64(a) || b < -maxSymValue/abs64(a)) {
		return p.fail()
	}
	return p.check(a * b)
}

func abs64(v int64) int64 {
	if v < 0 {
		return -v
	}
	return v
}

// evalSymExpr evaluates src under vals. Results and intermediates beyond
// ±2^62, and expressions longer than maxSymExpr (or nested deeper than
// maxSymDepth), are unknown rather than wrapped or recursed into.
func evalSymExpr(src string, vals map[string]int64) (int64, bool) {
	if len(src) > maxSymExpr {
		return 0, false
	}
	p := &symExprParser{src: src, vals: vals, ok: true}
	v := p.expr()
	p.space()
	if !p.ok || p.pos != len(p.src) {
		return 0, false
	}
	return v, true
}

// plainSymbol reports whether src is a single symbol ("s0" or
// Symbol('s0', ...)) and returns its name.
func plainSymbol(src string) (string, bool) {
	src = strings.TrimSpace(src)
	if inner, ok := strings.CutPrefix(src, "Symbol("); ok && strings.HasSuffix(inner, ")") {
		q := strings.TrimSpace(inner)
		if len(q) > 0 && (q[0] == '\'' || q[0] == '"') {
			if end := strings.IndexByte(q[1:], q[0]); end >= 0 {
				return q[1 : 1+end], true
			}
		}
		return "", false
	}
	if src == "" || !isIdentStart(rune(src[0])) {
		return "", false
	}
	for _, r := range src {
		if !isIdentPart(r) {
			return "", false
		}
	}
	return src, true
}

func isIdentStart(r rune) bool { return r == '_' || unicode.IsLetter(r) }
func isIdentPart(r rune) bool  { return r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) }

func (p *symExprParser) fail() int64 { p.ok = false; return 0 }

func (p *symExprParser) space() {
	for p.pos < len(p.src) && p.src[p.pos] == ' ' {
		p.pos++
	}
}

// eat consumes tok (after spaces) when it comes next.
func (p *symExprParser) eat(tok string) bool {
	p.space()
	if strings.HasPrefix(p.src[p.pos:], tok) {
		p.pos += len(tok)
		return true
	}
	return false
}

// expr := term (('+' | '-') term)*
func (p *symExprParser) expr() int64 {
	v := p.term()
	for p.ok {
		switch {
		case p.eat("+"):
			v = p.check(v + p.term())
		case p.eat("-"):
			v = p.check(v - p.term())
		default:
			return v
		}
	}
	return v
}

// term := unary (('*' | '//' | '%') unary)*
func (p *symExprParser) term() int64 {
	v := p.unary()
	for p.ok {
		switch {
		case p.eat("//"):
			v = floorDiv(v, p.unary(), p)
		case p.eat("*"):
			v = p.mul(v, p.unary())
		case p.eat("%"):
			v = pyMod(v, p.unary(), p)
		default:
			return v
		}
	}
	return v
}

// unary := '-' unary | power. As in Python, -s0**2 is -(s0**2).
func (p *symExprParser) unary() int64 {
	if p.eat("-") {
		return -p.unary()
	}
	return p.power()
}

// power := primary ('**' unary)?, right-associative: 2**s0**2 is
// 2**(s0**2), and 2**-1 is not an integer (unknown).
func (p *symExprParser) power() int64 {
	v := p.primary()
	if p.eat("**") {
		return power(v, p.unary(), p)
	}
	return v
}

// primary := integer | '(' expr ')' | name | name '(' args ')'
func (p *symExprParser) primary() int64 {
	if p.depth++; p.depth > maxSymDepth {
		return p.fail()
	}
	defer func() { p.depth-- }()
	p.space()
	if p.pos >= len(p.src) {
		return p.fail()
	}
	c := rune(p.src[p.pos])
	switch {
	case c == '(':
		p.pos++
		v := p.expr()
		if !p.eat(")") {
			return p.fail()
		}
		return v
	case c >= '0' && c <= '9':
		start := p.pos
		for p.pos < len(p.src) && p.src[p.pos] >= '0' && p.src[p.pos] <= '9' {
			p.pos++
		}
		v, err := strconv.ParseInt(p.src[start:p.pos], 10, 64)
		if err != nil {
			return p.fail()
		}
		return p.check(v)
	case isIdentStart(c):
		start := p.pos
		for p.pos < len(p.src) && isIdentPart(rune(p.src[p.pos])) {
			p.pos++
		}
		name := p.src[start:p.pos]
		if !p.eat("(") {
			v, bound := p.vals[name]
			if !bound {
				return p.fail()
			}
			return v
		}
		return p.call(name)
	}
	return p.fail()
}

// call evaluates the sympy function name; its '(' is consumed.
func (p *symExprParser) call(name string) int64 {
	if name == "Symbol" {
		p.space()
		if p.pos >= len(p.src) || (p.src[p.pos] != '\'' && p.src[p.pos] != '"') {
			return p.fail()
		}
		q := p.src[p.pos]
		end := strings.IndexByte(p.src[p.pos+1:], q)
		if end < 0 {
			return p.fail()
		}
		sym := p.src[p.pos+1 : p.pos+1+end]
		p.pos += end + 2
		p.skipKeywords()
		v, bound := p.vals[sym]
		if !bound {
			return p.fail()
		}
		return v
	}
	var args []int64
	for p.ok && !p.eat(")") {
		if len(args) > 0 && !p.eat(",") {
			return p.fail()
		}
		args = append(args, p.expr())
	}
	if !p.ok {
		return 0
	}
	arity := func(n int) bool { return len(args) == n || (n < 0 && len(args) > 0) }
	switch {
	case name == "Integer" && arity(1):
		return args[0]
	case name == "Add" && arity(-1):
		s := int64(0)
		for _, a := range args {
			s = p.check(s + a)
		}
		return s
	case name == "Mul" && arity(-1):
		s := int64(1)
		for _, a := range args {
			s = p.mul(s, a)
		}
		return s
	case name == "FloorDiv" && arity(2):
		return floorDiv(args[0], args[1], p)
	case name == "CleanDiv" && arity(2):
		if args[1] == 0 || args[0]%args[1] != 0 {
			return p.fail()
		}
		return args[0] / args[1]
	case (name == "Mod" || name == "PythonMod") && arity(2):
		return pyMod(args[0], args[1], p)
	case (name == "Pow" || name == "PowByNatural") && arity(2):
		return power(args[0], args[1], p)
	case (name == "Max" || name == "Min") && arity(-1):
		v := args[0]
		for _, a := range args[1:] {
			if (name == "Max") == (a > v) {
				v = a
			}
		}
		return v
	}
	return p.fail()
}

// skipKeywords skips a Symbol's assumptions (", integer=True, positive=True")
// up to and including its ')'.
func (p *symExprParser) skipKeywords() {
	for p.ok {
		if p.eat(")") {
			return
		}
		if !p.eat(",") {
			p.fail()
			return
		}
		p.space()
		for p.pos < len(p.src) && p.src[p.pos] != ',' && p.src[p.pos] != ')' {
			p.pos++
		}
	}
}

func floorDiv(a, b int64, p *symExprParser) int64 {
	if b == 0 {
		return p.fail()
	}
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

func pyMod(a, b int64, p *symExprParser) int64 {
	if b == 0 {
		return p.fail()
	}
	return a - b*floorDiv(a, b, p)
}

func power(a, b int64, p *symExprParser) int64 {
	if b < 0 || b > 63 {
		return p.fail()
	}
	v := int64(1)
	for i := int64(0); i < b && p.ok; i++ {
		v = p.mul(v, a)
	}
	return v
}

// RangeConstraint is one entry of range_constraints: a symbol's inclusive
// bounds, nil where unbounded.
type RangeConstraint struct {
	MinVal *int64 `json:"min_val"`
	MaxVal *int64 `json:"max_val"`
}

// UnmarshalJSON reads the bounds as ints, tolerating null, strings and
// the huge floats (inf) older files write for an open end.
func (r *RangeConstraint) UnmarshalJSON(b []byte) error {
	var raw struct {
		MinVal json.RawMessage `json:"min_val"`
		MaxVal json.RawMessage `json:"max_val"`
	}
	if json.Unmarshal(b, &raw) != nil {
		return nil // an entry of another shape: no bounds, not a broken file
	}
	read := func(m json.RawMessage) *int64 {
		if t := strings.TrimSpace(string(m)); t == "" || t == "null" {
			return nil // unbounded
		}
		if v, err := parseFlexInt(m); err == nil {
			return &v
		}
		return nil
	}
	r.MinVal, r.MaxVal = read(raw.MinVal), read(raw.MaxVal)
	return nil
}

// bindSymbols fixes the program's symbols from opts.Dims, checking each
// value against the symbol's range. A symbol the program does not have is
// an error (a misspelt --dim would otherwise be silently ignored).
func (g *graphImporter) bindSymbols() error {
	if len(g.opts.Dims) == 0 {
		return nil
	}
	known := g.symbolNames()
	names := make([]string, 0, len(g.opts.Dims))
	for n := range g.opts.Dims {
		names = append(names, n)
	}
	sort.Strings(names)
	g.syms = map[string]int64{}
	for _, n := range names {
		v := g.opts.Dims[n]
		if unbacked(n) {
			return fmt.Errorf("--dim %s=%d: %s is a data-dependent size (torch.export's unbacked symbols u0, u1, ... come from tensor values at run time); only input sizes can be bound", n, v, n)
		}
		if !known[n] {
			list := make([]string, 0, len(known))
			for k := range known {
				list = append(list, k)
			}
			sort.Strings(list)
			if len(list) == 0 {
				return fmt.Errorf("--dim %s=%d: the program has no symbolic sizes (it was exported with static shapes)", n, v)
			}
			return fmt.Errorf("--dim %s=%d: the program has no symbol %s (its symbols: %s)", n, v, n, strings.Join(list, ", "))
		}
		if r, ok := g.p.EP.RangeConstraints[n]; ok {
			if (r.MinVal != nil && v < *r.MinVal) || (r.MaxVal != nil && v > *r.MaxVal) {
				return fmt.Errorf("%s=%d is outside the range the program was exported for: %s", n, v, r.describe(n))
			}
		}
		g.syms[n] = v
	}
	return nil
}

func (r RangeConstraint) describe(sym string) string {
	lo, hi := "-inf", "inf"
	if r.MinVal != nil {
		lo = strconv.FormatInt(*r.MinVal, 10)
	}
	if r.MaxVal != nil {
		hi = strconv.FormatInt(*r.MaxVal, 10)
	}
	return fmt.Sprintf("%s <= %s <= %s", lo, sym, hi)
}

// symbolNames are the symbols of the program that sizes can be bound to:
// the keys of its range_constraints and the plain symbols of its values'
// sizes, less the unbacked ones.
func (g *graphImporter) symbolNames() map[string]bool {
	known := map[string]bool{}
	for n := range g.p.EP.RangeConstraints {
		known[n] = !unbacked(n)
	}
	for _, m := range g.g.TensorValues {
		for _, u := range m.Sizes {
			if s, ok := symExprString(u); ok {
				if n, ok := plainSymbol(s); ok && !unbacked(n) {
					known[n] = true
				}
			}
		}
	}
	for n, ok := range known {
		if !ok {
			delete(known, n)
		}
	}
	return known
}

// unbacked reports whether a symbol is one of torch.export's unbacked
// symbols (u0, u1, ...): a size computed from tensor values at run time
// (nonzero, item), which no input size determines.
func unbacked(name string) bool {
	if len(name) < 2 || name[0] != 'u' {
		return false
	}
	for _, c := range name[1:] {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// symExprString is the expr_str of an as_expr SymInt.
func symExprString(u Union) (string, bool) {
	if u.Key != "as_expr" {
		return "", false
	}
	var e struct {
		ExprStr string `json:"expr_str"`
	}
	if json.Unmarshal(u.Val, &e) != nil || e.ExprStr == "" {
		// Very old files write the expression as a bare string.
		var s string
		if json.Unmarshal(u.Val, &s) != nil {
			return "", false
		}
		return s, true
	}
	return e.ExprStr, true
}

// sizes evaluates a TensorMeta's sizes: literals as they are, symbolic
// ones under the bound symbols, or ir.Dynamic where they stay unknown.
func (g *graphImporter) sizes(us []Union) ([]int64, error) {
	out, err := staticInts(us, ir.Dynamic)
	if err != nil || g.syms == nil {
		return out, err
	}
	for i, u := range us {
		if out[i] != ir.Dynamic {
			continue
		}
		if s, ok := symExprString(u); ok {
			if v, ok := evalSymExpr(s, g.syms); ok {
				out[i] = v
			}
		}
	}
	return out, nil
}

// foldSymbolic computes a size node of a specialized program (size.int,
// numel, the int ops of symbolicOps, _assert_scalar) when its operands are
// known: its output becomes a constant, which every use materializes, and
// a failing assertion is an error naming the bindings. It reports whether
// the node was handled.
func (g *graphImporter) foldSymbolic(label string, n *Node, target string) bool {
	if g.syms == nil {
		return false
	}
	args := map[string]Union{}
	for _, na := range n.Inputs {
		args[na.Name] = na.Arg
	}
	intOf := func(name string) (int64, bool) {
		u, ok := args[name]
		if !ok {
			return 0, false
		}
		if vn, named := u.ValueName(); named && u.Key != "as_tensor" {
			c, ok := g.consts[vn]
			if !ok {
				return 0, false
			}
			u = c
		} else if strings.HasPrefix(u.Key, "as_sym_") {
			// A SymIntArgument or SymBoolArgument literal: {as_int: n}.
			var inner Union
			if json.Unmarshal(u.Val, &inner) != nil {
				return 0, false
			}
			u = inner
		}
		switch u.Key {
		case "as_int":
			v, err := parseFlexInt(u.Val)
			return v, err == nil
		case "as_bool":
			var b bool
			if json.Unmarshal(u.Val, &b) != nil {
				return 0, false
			}
			if b {
				return 1, true
			}
			return 0, true
		}
		return 0, false
	}
	sizesOf := func() ([]int64, bool) {
		name, ok := args["self"].ValueName()
		if !ok {
			return nil, false
		}
		m, ok := g.g.TensorValues[name]
		if !ok {
			return nil, false
		}
		s, err := g.sizes(m.Sizes)
		if err != nil {
			return nil, false
		}
		for _, d := range s {
			if d == ir.Dynamic {
				return nil, false
			}
		}
		return s, true
	}
	var result Union
	op := strings.TrimPrefix(target, "torch.ops.aten.")
	switch op {
	case "size.int":
		s, ok1 := sizesOf()
		d, ok2 := intOf("dim")
		if !ok1 || !ok2 || d < -int64(len(s)) || d >= int64(len(s)) {
			return false
		}
		if d < 0 {
			d += int64(len(s))
		}
		result = intUnion(s[d])
	case "numel.default":
		s, ok := sizesOf()
		if !ok {
			return false
		}
		p := &symExprParser{ok: true}
		v := int64(1)
		for _, d := range s {
			v = p.mul(v, d)
		}
		if !p.ok {
			return false
		}
		result = intUnion(v)
	case "_assert_scalar.default":
		c, ok := intOf("self")
		if !ok {
			return false
		}
		if c == 0 {
			var msg string
			_ = json.Unmarshal(args["assert_msg"].Val, &msg)
			g.fail(label, n.Target, "the program's runtime assertion fails for %s: %s", g.bindingText(), msg)
		}
		return true
	default:
		a, ok := intOf("a")
		if !ok {
			return false
		}
		b, okB := intOf("b")
		p := &symExprParser{ok: true}
		switch op {
		case "neg.int":
			result = intUnion(p.check(-a))
		case "torch.sym_not", "_operator.not_":
			result = boolUnion(a == 0)
		case "div.int":
			if !okB || b == 0 {
				return false
			}
			result = floatUnion(float64(a) / float64(b))
		case "add.int", "sub.int", "mul.int", "floordiv.int", "remainder.int", "eq.int", "ne.int", "lt.int", "le.int",
			"gt.int", "ge.int", "torch.sym_max", "torch.sym_min", "_operator.pow", "_operator.and_", "_operator.or_":
			if !okB {
				return false
			}
			switch op {
			case "add.int":
				result = intUnion(p.check(a + b))
			case "sub.int":
				result = intUnion(p.check(a - b))
			case "mul.int":
				result = intUnion(p.mul(a, b))
			case "floordiv.int":
				result = intUnion(floorDiv(a, b, p))
			case "remainder.int":
				result = intUnion(pyMod(a, b, p))
			case "torch.sym_max":
				result = intUnion(max(a, b))
			case "torch.sym_min":
				result = intUnion(min(a, b))
			case "_operator.pow":
				result = intUnion(power(a, b, p))
			case "_operator.and_", "_operator.or_":
				// Only their bool form (a guard's conjunction) reaches here:
				// symbolicTarget sends int operands of & and | nowhere else.
				result = boolUnion(map[bool]bool{true: a != 0 && b != 0, false: a != 0 || b != 0}[op == "_operator.and_"])
			default:
				result = boolUnion(map[string]bool{"eq.int": a == b, "ne.int": a != b, "lt.int": a < b,
					"le.int": a <= b, "gt.int": a > b, "ge.int": a >= b}[op])
			}
			if !p.ok {
				// A division by zero or an overflow: left to run time.
				return false
			}
		default:
			return false
		}
	}
	for _, o := range n.Outputs {
		if name, ok := o.ValueName(); ok {
			g.consts[name] = result
		}
	}
	return true
}

func intUnion(v int64) Union {
	return Union{Key: "as_int", Val: json.RawMessage(strconv.FormatInt(v, 10))}
}
func boolUnion(v bool) Union {
	return Union{Key: "as_bool", Val: json.RawMessage(strconv.FormatBool(v))}
}

// bindingText prints the bound symbols, "s0=8, s1=3".
func (g *graphImporter) bindingText() string {
	names := make([]string, 0, len(g.syms))
	for n := range g.syms {
		names = append(names, n)
	}
	sort.Strings(names)
	parts := make([]string, len(names))
	for i, n := range names {
		parts[i] = fmt.Sprintf("%s=%d", n, g.syms[n])
	}
	return strings.Join(parts, ", ")
}

// Symbol is a symbolic size of a program exported with dynamic shapes,
// with its range_constraints bounds (nil: unbounded).
type Symbol struct {
	Name     string
	Min, Max *int64
}

// Range prints the symbol's range: "2 <= s0 <= 64".
func (s Symbol) Range() string { return RangeConstraint{s.Min, s.Max}.describe(s.Name) }

// Symbols lists the symbols of a program of the archive (program "" is the
// only one, or "model"), sorted by name: what Options.Dims can bind.
func Symbols(a *Archive, program string) ([]Symbol, error) {
	p, err := a.Program(program)
	if err != nil {
		return nil, err
	}
	g := &graphImporter{a: a, p: p, g: &p.EP.GraphModule.Graph}
	var out []Symbol
	for n := range g.symbolNames() {
		r := p.EP.RangeConstraints[n]
		out = append(out, Symbol{Name: n, Min: r.MinVal, Max: r.MaxVal})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, nil
}

// InputSizeExprs gives, for each user input of a program of the archive
// (in argument order) and each of its dims, the dim's symbolic size as
// torch.export wrote it ("s0", "Mul(Integer(2), Symbol('s0', ...))"), or
// "" for a static dim: what a caller that has the inputs binds the
// symbols from (SolveSize).
func InputSizeExprs(a *Archive, program string) ([][]string, error) {
	p, err := a.Program(program)
	if err != nil {
		return nil, err
	}
	specs, err := p.EP.InputSpecs()
	if err != nil {
		return nil, err
	}
	graph := &p.EP.GraphModule.Graph
	var out [][]string
	for i, s := range specs {
		if s.Kind != InputUserInput || i >= len(graph.Inputs) {
			continue
		}
		name, ok := graph.Inputs[i].ValueName()
		if !ok {
			continue // a specialized non-tensor input: not an argument
		}
		m := graph.TensorValues[name]
		dims := make([]string, len(m.Sizes))
		for d, u := range m.Sizes {
			dims[d], _ = symExprString(u)
		}
		out = append(out, dims)
	}
	return out, nil
}

// EvalSize evaluates a symbolic size under bound symbols (ok false while
// one is unbound, or for a form it does not know).
func EvalSize(expr string, bound map[string]int64) (int64, bool) { return evalSymExpr(expr, bound) }

// SolveSize finds the one unbound symbol of a size expression whose value
// makes it equal size: a plain symbol (s0) is size itself; an affine
// expression of one symbol (2*s0, s0 + 1, as derived dims write) is solved
// exactly. It reports ok false when the expression has no unbound symbol
// or several, or is not affine in it; impossible says, in addition, that
// it is affine in one symbol but no integer value of it gives size.
func SolveSize(expr string, bound map[string]int64, size int64) (sym string, v int64, ok, impossible bool) {
	var free []string
	for _, n := range symbolsIn(expr) {
		if _, b := bound[n]; !b && !slices.Contains(free, n) {
			free = append(free, n)
		}
	}
	if len(free) != 1 {
		return "", 0, false, false
	}
	sym = free[0]
	vals := maps.Clone(bound)
	if vals == nil {
		vals = map[string]int64{}
	}
	f := func(x int64) (int64, bool) {
		vals[sym] = x
		return evalSymExpr(expr, vals)
	}
	b, ok0 := f(0)
	f1, ok1 := f(1)
	f2, ok2 := f(2)
	f5, ok5 := f(5)
	a := f1 - b
	if !ok0 || !ok1 || !ok2 || !ok5 || a == 0 || f2 != 2*a+b || f5 != 5*a+b {
		return "", 0, false, false
	}
	if (size-b)%a != 0 {
		return sym, 0, false, true
	}
	v = (size - b) / a
	if got, ok := f(v); !ok || got != size {
		return sym, 0, false, true
	}
	return sym, v, true, false
}

// SizeSymbols lists the symbol names a size expression mentions:
// Symbol('s0', ...) in srepr, bare names not followed by '(' in the infix
// form.
func SizeSymbols(expr string) []string { return symbolsIn(expr) }

func symbolsIn(expr string) []string {
	var out []string
	if strings.Contains(expr, "Symbol(") {
		for _, m := range symbolRE.FindAllStringSubmatch(expr, -1) {
			out = append(out, m[1])
		}
		return out
	}
	for _, m := range nameRE.FindAllStringSubmatchIndex(expr, -1) {
		if end := m[1]; end < len(expr) && strings.TrimLeft(expr[end:], " ") != "" && strings.TrimLeft(expr[end:], " ")[0] == '(' {
			continue // a function
		}
		out = append(out, expr[m[2]:m[3]])
	}
	return out
}

var (
	symbolRE = regexp.MustCompile(`Symbol\(\s*['"]([^'"]+)['"]`)
	nameRE   = regexp.MustCompile(`([A-Za-z_][A-Za-z_0-9]*)`)
)

func floatUnion(v float64) Union {
	return Union{Key: "as_float", Val: json.RawMessage(strconv.FormatFloat(v, 'g', -1, 64))}
}
