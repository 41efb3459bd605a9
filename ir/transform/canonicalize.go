package transform

import (
	"fmt"

	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/pass"
)

// Canonicalize folds ops, erases trivially dead ones and applies every
// registered op's canonicalization patterns until a fixed point, with the
// greedy driver.
//
// Pre:  valid IR.
// Post: no op with a folder folds further, no pure op is unused, and no
// canonicalization pattern applies (within max-iterations sweeps).
var Canonicalize = &pass.Def{
	Name:    "canonicalize",
	Summary: "fold ops, remove dead ones and apply canonicalization patterns",
	Options: []pass.Option{
		{Name: "max-iterations", Default: "10", Help: "maximum number of sweeps of the greedy driver"},
		{Name: "test-convergence", Default: "false", Help: "fail if the driver does not converge"},
	},
	Run: runCanonicalize,
}

func runCanonicalize(op *ir.Operation, c *pass.Context) error {
	maxIter, err := c.Options.Int("max-iterations")
	if err != nil {
		return err
	}
	strict, err := c.Options.Bool("test-convergence")
	if err != nil {
		return err
	}
	var patterns []*ir.Pattern
	for _, name := range c.IR.OpNames() {
		patterns = append(patterns, c.IR.Lookup(name).Canonicalize...)
	}
	converged, err := pass.ApplyPatternsGreedily(c.IR, op, patterns, pass.GreedyConfig{MaxIterations: maxIter, Fold: true})
	if err != nil {
		return err
	}
	if strict && !converged {
		return fmt.Errorf("canonicalize did not converge within %d iterations", maxIter)
	}
	return nil
}
