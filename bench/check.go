package bench

import (
	"fmt"
	"math"
	"os"
	"path/filepath"

	"github.com/torchlower/torchlower/cpu"
	"github.com/torchlower/torchlower/plan"
	"github.com/torchlower/torchlower/runtime"
)

// Checking what was timed (Options.Check): a timing is only worth having
// of a correct result, and the suites' shapes are the real sizes at which
// the fast paths run, which the e2e cases (KBs) mostly do not reach. For
// each convolution_backward shape, the default plan's results on the
// timed inputs are compared with PyTorch's convolution_backward of the
// same inputs computed in float64 (on the CPU: no oneDNN path, whose f32
// results can be wrong; e2e/gen/conv_backward_matrix.py met one) and
// rounded once to the dtype, at tolerances from each result's reduction
// length, as the e2e matrix derives them.

// A ResultRunner is a Device that can also return a run's results, which
// --check compares; a Device without it leaves its rows unchecked.
type ResultRunner interface {
	Results(p *plan.Plan, args []*runtime.Tensor) ([]*runtime.Tensor, error)
}

// checkShape compares p's results on args (run on dev, or the CPU when dev
// is nil) with torch's float64 reference for sh. It returns the
// mismatches, one line per result out of tolerance, or an error when the
// comparison could not be made.
func checkShape(sh Shape, p *plan.Plan, args []*runtime.Tensor, dev Device, torch *torchSession) ([]string, error) {
	if sh.Net != nil {
		return nil, fmt.Errorf("a training step's parameters are PyTorch's own: --check compares convolution_backward shapes")
	}
	var got []*runtime.Tensor
	var err error
	switch r, ok := dev.(ResultRunner); {
	case dev == nil:
		got, err = cpu.Run(p, args)
	case ok:
		got, err = r.Results(p, args)
	default:
		return nil, fmt.Errorf("%s returns no results to check", dev.Name())
	}
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "torchlower-check-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	for i, a := range args {
		if err := runtime.WriteNPYFile(filepath.Join(dir, fmt.Sprintf("arg%d.npy", i)), a); err != nil {
			return nil, err
		}
	}
	if err := torch.reference(sh, dir); err != nil {
		return nil, err
	}
	red := reductionLengths(sh)
	var bad []string
	j := 0 // the plan returns the masked results alone
	for i, m := range sh.Mask {
		if !m {
			continue
		}
		if j >= len(got) {
			return nil, fmt.Errorf("the plan returned %d results, the mask asks for more", len(got))
		}
		want, err := runtime.ReadNPYFile(filepath.Join(dir, fmt.Sprintf("want%d.npy", i)), got[j].DType)
		if err != nil {
			return nil, err
		}
		rep := runtime.Compare(got[j], want, checkTolerance(got[j].DType, red[i]))
		if !rep.Match {
			bad = append(bad, fmt.Sprintf("%s: %v", []string{"grad_input", "grad_weight", "grad_bias"}[i], rep))
		}
		j++
	}
	return bad, nil
}

// reductionLengths is, for each of sh's results (grad_input, grad_weight,
// grad_bias), the number of products each of its elements sums.
func reductionLengths(sh Shape) [3]int64 {
	taps := int64(1)
	for _, k := range sh.K {
		taps *= k
	}
	points := sh.N
	for i, h := range sh.H {
		d := sh.Dilation[i]*(sh.K[i]-1) + 1
		points *= (h+2*sh.Padding[i]-d)/sh.Stride[i] + 1
	}
	return [3]int64{sh.F / sh.Groups * taps, points, points}
}

// checkTolerance is the tolerance for a result of dtype dt whose elements
// sum r products of values in [-1, 1): the dtype's default, with atol at
// least 2·r^1.5·eps of the accumulation (f32, or f64 for f64): two sums of
// the same r terms in different orders differ by about r·eps times their
// partial sums, which grow like √r (e2e/gen/conv_backward_matrix.py's
// tolerance).
func checkTolerance(dt runtime.DType, r int64) runtime.Tolerance {
	tol := runtime.DefaultTolerance(dt)
	eps := 0x1p-23
	if dt == runtime.F64 {
		eps = 0x1p-52
	}
	tol.Atol = max(tol.Atol, 2*math.Pow(float64(r), 1.5)*eps)
	return tol
}

// checkLines is the --check section of the report: what was compared,
// how many shapes matched, and each mismatch or shape left unchecked.
func (r *Result) checkLines() []string {
	if !r.Checked {
		return nil
	}
	lines := []string{"check: the default pipeline's results against PyTorch's convolution_backward of the same inputs in float64, rounded once to the dtype, at tolerances from each result's reduction length:"}
	matched, checked := 0, 0
	var more []string
	for _, row := range r.Rows {
		switch {
		case row.CheckErr != "":
			more = append(more, fmt.Sprintf("  %s: not checked: %s", row.Shape.Name, row.CheckErr))
		case len(row.Mismatch) > 0:
			checked++
			for _, m := range row.Mismatch {
				more = append(more, fmt.Sprintf("  %s: %s", row.Shape.Name, m))
			}
		case row.Err == "":
			checked++
			matched++
		}
	}
	lines = append(lines, fmt.Sprintf("  %d of %d shapes checked match", matched, checked))
	return append(lines, more...)
}

// Mismatched is the number of rows whose results --check found out of
// tolerance.
func (r *Result) Mismatched() int {
	n := 0
	for _, row := range r.Rows {
		if len(row.Mismatch) > 0 {
			n++
		}
	}
	return n
}
