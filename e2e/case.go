// Package e2e is the end-to-end suite: cases are data (a program, .npy
// inputs, .npy expected outputs from real PyTorch, tolerances), a Backend
// compiles and runs each program, and the report is torch-mlir's e2e
// format (PASS/FAIL/XFAIL/XPASS lines and a Summary block).
//
// A case is a directory holding meta.json, program.mlir (torch dialect or
// linalg on tensors) or program.pt2 (a torch.export archive, imported with
// its parameters and buffers inlined, so the inputs are the user inputs
// alone), inputs/*.npy and expected/*.npy; see LoadCase for the meta.json
// fields. e2e/gen/conv_backward_matrix.py writes the convolution_backward
// matrix under e2e/cases/conv_backward; e2e/gen/joint_conv_bn_relu.py the
// references of the model-level case under e2e/cases/models.
//
// # Tolerances
//
// A result is compared with runtime.Compare, |got-want| <= atol + rtol*|want|.
// Without a tolerance in meta.json the dtype's runtime.DefaultTolerance
// applies. The generator derives one per result from the length r of the
// reduction that produces each element (grad_input: F/G * prod(K) taps;
// grad_weight: N * prod(output extents) non-transposed, N * prod(input
// extents) transposed; grad_bias: N * prod(output extents)): both sides
// accumulate in f32 (f64 for f64) in different orders, and with inputs in
// [-1, 1) the partial sums grow like sqrt(r), so two summation orders differ
// by about r * eps_acc * sqrt(r); atol = max(default atol, 2 * r^1.5 * eps_acc),
// rtol = the dtype's default (two ulps for f16/bf16: the single rounding at
// the end may land one ulp apart). Long weight-gradient reductions in f16 and
// bf16 therefore get a looser atol than short data gradients, and a real
// bug (a missing tap, a wrong offset: an error of the size of one O(1)
// product) stays far outside it.
package e2e

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"github.com/torchlower/torchlower/compiler"
	"github.com/torchlower/torchlower/runtime"
)

// Case is one end-to-end test: run Program on Inputs and compare each
// result with Results (nil where the program returns None).
type Case struct {
	// Name is unique within a suite: the case directory's name.
	Name string
	// Suite is the name of the directory holding the case (e.g. conv_backward).
	Suite string
	Dir   string
	// Program is the path of program.mlir or program.pt2; Func the
	// function to run.
	Program string
	Func    string
	Inputs  []TensorSpec
	// Results has one entry per function result; nil marks a None result.
	Results []*TensorSpec
	// Form groups cases in reports (kernel_sweep, transposed, ...).
	Form  string
	DType string
	// XFail, when set, says why the case is expected to fail.
	XFail string
	// Reference says what computed the expected results when it was not
	// the generator: reference.json's (true f16 results from a GPU's
	// PyTorch, e2e/gen/device_refs.py), "" otherwise.
	Reference string
}

// TensorSpec is one .npy file of a case.
type TensorSpec struct {
	Name  string
	File  string // absolute path
	DType runtime.DType
	Shape []int64
	// Tol is the comparison tolerance (results only); TolReason says where
	// it comes from.
	Tol       runtime.Tolerance
	TolReason string
}

type metaTensor struct {
	Name      string  `json:"name"`
	File      string  `json:"file"`
	DType     string  `json:"dtype"`
	Shape     []int64 `json:"shape"`
	Tolerance *struct {
		Atol            *float64 `json:"atol"`
		Rtol            *float64 `json:"rtol"`
		ReductionLength int64    `json:"reduction_length"`
		Reason          string   `json:"reason"`
	} `json:"tolerance"`
}

type metaFile struct {
	Name     string        `json:"name"`
	Form     string        `json:"form"`
	DType    string        `json:"dtype"`
	Function string        `json:"function"`
	Program  string        `json:"program"`
	Inputs   []metaTensor  `json:"inputs"`
	Results  []*metaTensor `json:"results"`
	XFail    string        `json:"xfail"`
}

// LoadCase reads the case in dir. meta.json holds:
//
//	name, form, dtype        the case's name (default: the directory's), group and dtype
//	program, function        default program.mlir (program.pt2 where the
//	                         case has no program.mlir) and main
//	inputs: [{file, dtype, shape}]           in argument order
//	results: [{file, dtype, shape, tolerance: {atol, rtol, reason}} | null]
//	                         in result order; null for a None result
//	xfail                    a reason, if the case is expected to fail
func LoadCase(dir string) (*Case, error) {
	b, err := os.ReadFile(filepath.Join(dir, "meta.json"))
	if err != nil {
		return nil, err
	}
	var m metaFile
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, fmt.Errorf("%s: %v", filepath.Join(dir, "meta.json"), err)
	}
	c := &Case{
		Name: m.Name, Suite: filepath.Base(filepath.Dir(dir)), Dir: dir,
		Program: filepath.Join(dir, "program.mlir"), Func: "main",
		Form: m.Form, DType: m.DType, XFail: m.XFail,
	}
	if c.Name == "" {
		c.Name = filepath.Base(dir)
	}
	if m.Program != "" {
		c.Program = filepath.Join(dir, m.Program)
	} else if pt2 := filepath.Join(dir, "program.pt2"); !fileExists(c.Program) && fileExists(pt2) {
		// A model exported by a user is an archive; its parameters come
		// from the archive itself (compiler.Load inlines them).
		c.Program = pt2
	}
	if m.Function != "" {
		c.Func = m.Function
	}
	spec := func(t *metaTensor, result bool) (*TensorSpec, error) {
		dt, err := runtime.ParseDType(t.DType)
		if err != nil {
			return nil, fmt.Errorf("%s: %s: %v", dir, t.File, err)
		}
		s := &TensorSpec{Name: t.Name, File: filepath.Join(dir, t.File), DType: dt, Shape: t.Shape}
		if result {
			s.Tol = runtime.DefaultTolerance(dt)
			s.TolReason = "default for " + dt.String()
			if tl := t.Tolerance; tl != nil {
				if tl.Atol != nil {
					s.Tol.Atol = *tl.Atol
				}
				if tl.Rtol != nil {
					s.Tol.Rtol = *tl.Rtol
				}
				if tl.Reason != "" {
					s.TolReason = tl.Reason
				}
			}
		}
		return s, nil
	}
	for i := range m.Inputs {
		s, err := spec(&m.Inputs[i], false)
		if err != nil {
			return nil, err
		}
		c.Inputs = append(c.Inputs, *s)
	}
	for _, r := range m.Results {
		if r == nil {
			c.Results = append(c.Results, nil)
			continue
		}
		s, err := spec(r, true)
		if err != nil {
			return nil, err
		}
		c.Results = append(c.Results, s)
	}
	if err := c.deviceReference(); err != nil {
		return nil, err
	}
	return c, nil
}

// deviceReference applies the case's reference.json, when it has one:
// results computed by PyTorch on a GPU (e2e/gen/device_refs.py), which
// replace the generator's expected files (a true f16 convolution_backward,
// which Debian's CPU torch lacks). Its results list names a file per
// result, null for a None one, matching meta.json's. Its errors, where
// given, are each result's largest distance from the exact result rounded
// once to the dtype: cuDNN rounds some partial sums to f16, and a result
// within its tolerance of the exact one is within the tolerance plus that
// error of the device's, so the atol grows by it.
func (c *Case) deviceReference() error {
	path := filepath.Join(c.Dir, "reference.json")
	b, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		return err
	}
	var ref struct {
		Reference string     `json:"reference"`
		Results   []*string  `json:"results"`
		Errors    []*float64 `json:"errors"`
	}
	if err := json.Unmarshal(b, &ref); err != nil {
		return fmt.Errorf("%s: %v", path, err)
	}
	if ref.Reference == "" || len(ref.Results) != len(c.Results) {
		return fmt.Errorf("%s: want a reference and %d results, got %q and %d", path, len(c.Results), ref.Reference, len(ref.Results))
	}
	if ref.Errors != nil && len(ref.Errors) != len(ref.Results) {
		return fmt.Errorf("%s: %d errors for %d results", path, len(ref.Errors), len(ref.Results))
	}
	for i, f := range ref.Results {
		if (f == nil) != (c.Results[i] == nil) {
			return fmt.Errorf("%s: result %d is None in one of meta.json and reference.json only", path, i)
		}
		if f == nil {
			continue
		}
		c.Results[i].File = filepath.Join(c.Dir, *f)
		if ref.Errors == nil || ref.Errors[i] == nil {
			continue
		}
		if e := *ref.Errors[i]; e > 0 {
			c.Results[i].Tol.Atol += e
			c.Results[i].TolReason += fmt.Sprintf("; atol + %.3g, the device reference's own error (its largest distance from the exact result rounded once)", e)
		}
	}
	c.Reference = ref.Reference
	return nil
}

// LoadCases loads every case under root: each directory below it that holds
// a meta.json, sorted by path.
func LoadCases(root string) ([]*Case, error) {
	var dirs []string
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && d.Name() == "meta.json" {
			dirs = append(dirs, filepath.Dir(path))
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	sort.Strings(dirs)
	cases := make([]*Case, 0, len(dirs))
	for _, d := range dirs {
		c, err := LoadCase(d)
		if err != nil {
			return nil, err
		}
		cases = append(cases, c)
	}
	return cases, nil
}

func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// Dims binds the symbolic sizes of a program exported with dynamic shapes
// to the case's input sizes (compiler.InputDimsOf), as `torchlower run`
// and the suite do; nil for a static program.
func (c *Case) Dims() (map[string]int64, error) {
	shapes := make([][]int64, len(c.Inputs))
	for i, in := range c.Inputs {
		shapes[i] = in.Shape
	}
	return compiler.InputDimsOf(c.Program, shapes, nil)
}
