package ir

import (
	"strings"
	"testing"
)

// Test-only op rows: an isolated container, a terminator with successors,
// and a pure op.
var (
	testIsolated = &OpDef{Name: "test.isolated", Traits: IsolatedFromAbove | NoTerminator}
	testBr       = &OpDef{Name: "test.br", Traits: Terminator}
	testPure     = &OpDef{Name: "test.pure", Traits: Pure}
	testDialect  = &Dialect{Name: "test", Ops: []*OpDef{testIsolated, testBr, testPure}}
)

func wantVerifyError(t *testing.T, op *Operation, want string) {
	t.Helper()
	err := Verify(op)
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("Verify error = %v, want it to contain %q", err, want)
	}
}

func TestVerifyIsolation(t *testing.T) {
	ctx := NewContext(testDialect)
	m := NewModule(ctx, nil)
	b := NewBuilder(ctx)
	b.SetInsertionPointToEnd(Body(m))
	outer := b.Create("test.pure", nil, nil, []Type{I32}, nil, 0)
	iso := b.Create("test.isolated", nil, nil, nil, nil, 1)
	b.CreateBlock(iso.Region(0))
	b.Create("test.pure", nil, []*Value{outer.Result(0)}, []Type{I32}, nil, 0)
	wantVerifyError(t, m, "using value defined outside the region")
}

func TestVerifyTerminatorPosition(t *testing.T) {
	ctx := NewContext(testDialect)
	m := NewModule(ctx, nil)
	b := NewBuilder(ctx)
	iso := b.Insert(NewOperation("test.isolated", testIsolated, nil, nil, nil, nil, 1))
	Body(m).Append(iso)
	b.CreateBlock(iso.Region(0))
	b.Create("test.br", nil, nil, nil, nil, 0)
	b.Create("test.pure", nil, nil, []Type{I32}, nil, 0)
	wantVerifyError(t, m, "must be the last operation in the parent block")
}

// TestVerifyBlockDominance: a value defined in one branch does not
// dominate the join block; one defined in the entry block does.
func TestVerifyBlockDominance(t *testing.T) {
	ctx := NewContext(testDialect)
	build := func(useFromBranch bool) *Operation {
		m := NewModule(ctx, nil)
		b := NewBuilder(ctx)
		// A region op that is not NoTerminator, so blocks need terminators.
		region := NewOperation("test.region", nil, nil, nil, nil, nil, 1)
		Body(m).Append(region)
		r := region.Region(0)
		entry, left, right, join := NewBlock(), NewBlock(), NewBlock(), NewBlock()
		for _, blk := range []*Block{entry, left, right, join} {
			r.AppendBlock(blk)
		}
		b.SetInsertionPointToEnd(entry)
		e := b.Create("test.pure", nil, nil, []Type{I32}, nil, 0)
		b.Create("test.br", nil, nil, nil, nil, 0).SetSuccessors([]*Block{left, right})
		b.SetInsertionPointToEnd(left)
		l := b.Create("test.pure", nil, nil, []Type{I32}, nil, 0)
		b.Create("test.br", nil, nil, nil, nil, 0).SetSuccessors([]*Block{join})
		b.SetInsertionPointToEnd(right)
		b.Create("test.br", nil, nil, nil, nil, 0).SetSuccessors([]*Block{join})
		b.SetInsertionPointToEnd(join)
		use := e.Result(0)
		if useFromBranch {
			use = l.Result(0)
		}
		b.Create("test.pure", nil, []*Value{use}, []Type{I32}, nil, 0)
		b.Create("test.br", nil, nil, nil, nil, 0)
		return m
	}
	if err := Verify(build(false)); err != nil {
		t.Fatalf("entry-block value must dominate the join: %v", err)
	}
	wantVerifyError(t, build(true), "operand #0 does not dominate this use")
}

func TestCloneRemapsNestedValues(t *testing.T) {
	ctx := NewContext(testDialect)
	b := NewBuilder(ctx)
	iso := NewOperation("test.isolated", testIsolated, nil, nil, nil, nil, 1)
	blk := b.CreateBlock(iso.Region(0), I32)
	inner := b.Create("test.pure", nil, []*Value{blk.Arg(0)}, []Type{I32}, nil, 0)
	b.Create("test.pure", nil, []*Value{inner.Result(0)}, []Type{I32}, nil, 0)
	c := Clone(iso, map[*Value]*Value{})
	cb := c.Region(0).Front()
	first := cb.First()
	if first.Operand(0) != cb.Arg(0) || first.Next().Operand(0) != first.Result(0) {
		t.Fatal("clone must remap block arguments and results to the copies")
	}
	if blk.Arg(0).Uses()[0].Owner() != inner {
		t.Fatal("the original must keep its own uses")
	}
}
