package bench

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"

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
// length, as the e2e matrix derives them. For a training step, PyTorch's
// eager network takes the plan's arguments as its parameters, buffers and
// input and runs the step in float64; each float result (the batch
// norms' updated buffers, the loss, every gradient) is held to it
// norm-wise (netTolerance), integers exactly.

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
	if sh.Net != nil {
		err32, err := torch.reference(sh, dir, len(got))
		if err != nil {
			return nil, err
		}
		return checkNet(sh.Net, got, dir, err32)
	}
	// A convolution_backward's masked results (the plan returns those
	// alone) by their index in (grad_input, grad_weight, grad_bias), at
	// tolerances from their reduction lengths.
	if _, err := torch.reference(sh, dir, countTrue(sh.Mask)); err != nil {
		return nil, err
	}
	red := reductionLengths(sh)
	var bad []string
	j := 0
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
		if rep := runtime.Compare(got[j], want, checkTolerance(got[j].DType, red[i])); !rep.Match {
			bad = append(bad, fmt.Sprintf("%s: %v", []string{"grad_input", "grad_weight", "grad_bias"}[i], rep))
		}
		j++
	}
	return bad, nil
}

// netTolerance is the norm-wise relative error a training step's float
// result may have: ‖got − want‖ ≤ max(netTolerance·‖want‖, 10·e32), e32
// PyTorch's own float32 error. A ReLU whose input lies within rounding
// of zero may be decided either way, and moves the gradients of every
// weight that sees that element by O(1): elementwise, PyTorch's float32
// step is then as far off as ours (ResNet layer1's at 8x56x56,
// norm-wise 2-4e-3 of its gradients), while a bug (a wrong tap, a wrong
// edge row) moves a whole tensor by more. A gradient that is zero but
// for rounding (a convolution bias's, under a batch norm: the sum of
// 100352 terms at 8x112x112) is held to PyTorch's own float32 noise.
const netTolerance = 1e-2

// checkNet compares a network's results got with the references in dir:
// integers exactly, floats norm-wise (netTolerance; err32 are PyTorch's
// float32 errors).
func checkNet(net *Net, got []*runtime.Tensor, dir string, err32 []float64) ([]string, error) {
	names := netResults(net)
	if len(names) != len(got) || len(err32) != len(got) {
		return nil, fmt.Errorf("the plan returned %d results, the network has %d", len(got), len(names))
	}
	var bad []string
	for j, g := range got {
		want, err := runtime.ReadNPYFile(filepath.Join(dir, fmt.Sprintf("want%d.npy", j)), g.DType)
		if err != nil {
			return nil, err
		}
		if !g.DType.IsFloat() {
			if rep := runtime.Compare(g, want, runtime.Tolerance{}); !rep.Match {
				bad = append(bad, fmt.Sprintf("%s: %v", names[j], rep))
			}
			continue
		}
		if e, n := normError(g, want); e > max(netTolerance*n, 10*err32[j]) {
			bad = append(bad, fmt.Sprintf("%s: norm-wise error %.3g of a norm %.3g (tolerance %g of it, or 10 times PyTorch's float32 error %.3g)", names[j], e, n, netTolerance, err32[j]))
		}
	}
	return bad, nil
}

// normError is ‖got − want‖₂ and ‖want‖₂.
func normError(got, want *runtime.Tensor) (e, n float64) {
	a, b := got.Float64s(), want.Float64s()
	for i := range a {
		e += (a[i] - b[i]) * (a[i] - b[i])
		n += b[i] * b[i]
	}
	return math.Sqrt(e), math.Sqrt(n)
}

// netResults names the results of net's joint graph (internal/jointnet):
// per block its batch norm's buffers, the loss, then per block its
// parameters' gradients.
func netResults(net *Net) []string {
	var names []string
	if e := net.Encoder; e != nil {
		names = append(names, "loss")
		for _, p := range e.ParamNames() {
			names = append(names, "grad of "+p)
		}
		return names
	}
	for i := range net.Blocks {
		for _, b := range []string{"num_batches_tracked", "running_mean", "running_var"} {
			names = append(names, fmt.Sprintf("blocks.%d.bn.%s", i, b))
		}
	}
	names = append(names, "loss")
	for i := range net.Blocks {
		for _, p := range []string{"conv.weight", "conv.bias", "bn.weight", "bn.bias"} {
			names = append(names, fmt.Sprintf("grad of blocks.%d.%s", i, p))
		}
	}
	return names
}

func countTrue(m [3]bool) int {
	n := 0
	for _, b := range m {
		if b {
			n++
		}
	}
	return n
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
	head := "check: the default pipeline's results against PyTorch's convolution_backward of the same inputs in float64, rounded once to the dtype, at tolerances from each result's reduction length:"
	if slices.ContainsFunc(r.Rows, func(row Row) bool { return row.Shape.Net != nil }) {
		head = "check: the default pipeline's results against PyTorch's eager training step on the same parameters, buffers and input in float64: each float result within 1% norm-wise (a ReLU at zero may go either way) or 10 times PyTorch's own float32 error, integers exactly:"
	}
	lines := []string{head}
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
