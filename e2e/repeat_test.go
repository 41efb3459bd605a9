package e2e

import (
	"bytes"
	"fmt"
	goruntime "runtime"
	"testing"

	"github.com/torchlower/torchlower/compiler"
	"github.com/torchlower/torchlower/cpu"
	"github.com/torchlower/torchlower/runtime"
)

// TestCPURunsAgreeBitwise runs every committed case's default plan on the
// CPU three times through one Executor (each run's results handed back
// for the next run's, its prepared kernels, folded pads and scratch kept,
// as a training loop runs it) and once on one worker, and requires the
// bits of a fresh cpu.Run each time: a result must not depend on what an
// earlier run left behind, nor on how the work is split among the
// workers (each output's sums keep their order).
func TestCPURunsAgreeBitwise(t *testing.T) {
	cases, err := LoadCases(casesDir)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		args, err := readInputs(c)
		if err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
		p, err := compileFor(c.Program, c.Func, "", args, compiler.CPU)
		if err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
		fresh, err := cpu.Run(p, args)
		if err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
		want := resultBits(fresh)
		check := func(how string, res []*runtime.Tensor) {
			for i, b := range resultBits(res) {
				if !bytes.Equal(b, want[i]) {
					t.Errorf("%s: result %d %s differs from a fresh run's", c.Name, i, how)
				}
			}
		}
		ex := cpu.NewExecutor(p)
		for r := range 3 {
			res, err := ex.Run(args, nil)
			if err != nil {
				t.Fatalf("%s: executor run %d: %v", c.Name, r, err)
			}
			check(fmt.Sprintf("of the executor's run %d", r), res)
			ex.Recycle(res...)
		}
		old := goruntime.GOMAXPROCS(1)
		res, err := cpu.Run(p, args)
		goruntime.GOMAXPROCS(old)
		if err != nil {
			t.Fatalf("%s: one worker: %v", c.Name, err)
		}
		check("on one worker", res)
	}
}

// resultBits copies each result's bytes (nil for a None result).
func resultBits(ts []*runtime.Tensor) [][]byte {
	out := make([][]byte, len(ts))
	for i, x := range ts {
		if x != nil {
			out[i] = bytes.Clone(x.Data)
		}
	}
	return out
}
