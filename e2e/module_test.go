package e2e

import (
	"bytes"
	"fmt"
	"sync"
	"testing"

	goruntime "runtime"

	"github.com/torchlower/torchlower/compiler"
	"github.com/torchlower/torchlower/cpu"
	"github.com/torchlower/torchlower/module"
	"github.com/torchlower/torchlower/runtime"
)

// TestSuiteFromModule runs every case from a compiled module (the plan
// encoded as a .tlm, decoded again and run) and checks that the plan reads
// back as the one compiled (same printed form) and that its results are
// bit for bit those of the direct path, which TestSuite checks against
// PyTorch. The module's plan also runs twice through one cpu.Executor,
// the second run on the kernels the first kept: the same bits again.
func TestSuiteFromModule(t *testing.T) {
	cases, err := LoadCases(casesDir)
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var wg sync.WaitGroup
	next := make(chan *Case)
	checked := 0
	for w := 0; w < goruntime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for c := range next {
				err := moduleAgrees(c)
				mu.Lock()
				if err != nil {
					t.Errorf("%s/%s: %v", c.Suite, c.Name, err)
				} else {
					checked++
				}
				mu.Unlock()
			}
		}()
	}
	for _, c := range cases {
		next <- c
	}
	close(next)
	wg.Wait()
	t.Logf("%d of %d cases identical from a compiled module", checked, len(cases))
}

func moduleAgrees(c *Case) error {
	args := make([]*runtime.Tensor, len(c.Inputs))
	for i, in := range c.Inputs {
		a, err := runtime.ReadNPYFile(in.File, in.DType)
		if err != nil {
			return err
		}
		args[i] = a
	}
	p, err := compileFor(c.Program, c.Func, "default", args, compiler.CPU)
	if err != nil {
		return err
	}
	data, err := module.Encode(module.Options{Target: "cpu", Producer: module.Producer{Source: c.Program}}, p)
	if err != nil {
		return fmt.Errorf("encode: %v", err)
	}
	m, err := module.Decode(c.Name+".tlm", data)
	if err != nil {
		return fmt.Errorf("decode: %v", err)
	}
	e, err := m.Entry(c.Func)
	if err != nil {
		return err
	}
	if got, want := e.Plan.String(), p.String(); got != want {
		return fmt.Errorf("the plan reads back differently:\n%s\nwant:\n%s", got, want)
	}
	want, err := cpu.Run(p, args)
	if err != nil {
		return fmt.Errorf("direct: %v", err)
	}
	got, err := cpu.Run(e.Plan, args)
	if err != nil {
		return fmt.Errorf("from the module: %v", err)
	}
	if err := sameResults(got, want); err != nil {
		return fmt.Errorf("from the module: %v", err)
	}
	ex := cpu.NewExecutor(e.Plan)
	for r := 1; r <= 2; r++ {
		got, err := ex.Run(args, nil)
		if err != nil {
			return fmt.Errorf("executor run %d: %v", r, err)
		}
		if err := sameResults(got, want); err != nil {
			return fmt.Errorf("executor run %d: %v", r, err)
		}
	}
	return nil
}

// sameResults says how got differs from want, the direct path's, if it does.
func sameResults(got, want []*runtime.Tensor) error {
	if len(got) != len(want) {
		return fmt.Errorf("%d results, want %d", len(got), len(want))
	}
	for i := range want {
		switch {
		case (want[i] == nil) != (got[i] == nil):
			return fmt.Errorf("result %d: None on one path only", i)
		case want[i] == nil:
		case want[i].DType != got[i].DType || !bytes.Equal(want[i].Data, got[i].Data) || fmt.Sprint(want[i].Shape) != fmt.Sprint(got[i].Shape):
			return fmt.Errorf("result %d differs from the direct path", i)
		}
	}
	return nil
}
