// Package convcase reads the convolution configurations of
// lowering/testdata/runner (written by e2e/gen/convbwd_refs.py with
// PyTorch's convolution_backward and convolution: inputs and results) and
// writes each as a torch-dialect function, for the tests of the packages
// that run them (cpu, preprocessing). It is test support shared instead of
// copied.
package convcase

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Case is one configuration of lowering/testdata/runner, written by
// e2e/gen/convbwd_refs.py with PyTorch's convolution_backward/convolution.
type Case struct {
	Name          string               `json:"name"`
	Op            string               `json:"op"` // "convolution_backward" or "convolution"
	ND            int                  `json:"nd"`
	Stride        []int64              `json:"stride"`
	Padding       []int64              `json:"padding"`
	Dilation      []int64              `json:"dilation"`
	OutputPadding []int64              `json:"output_padding"`
	Groups        int64                `json:"groups"`
	Transposed    bool                 `json:"transposed"`
	OutputMask    []bool               `json:"output_mask"`
	Dtype         string               `json:"dtype"`
	Bias          bool                 `json:"bias"`
	DynamicBatch  bool                 `json:"dynamic_batch"`
	Shapes        map[string][]int64   `json:"shapes"`
	OutputShapes  [][]int64            `json:"output_shapes"`
	Inputs        map[string][]float64 `json:"inputs"`
	Outputs       [][]float64          `json:"outputs"`
}

func (c *Case) Operands() []string {
	if c.Op == "convolution" {
		if c.Bias {
			return []string{"input", "weight", "bias"}
		}
		return []string{"input", "weight"}
	}
	return []string{"grad_output", "input", "weight"}
}

// TorchFunc writes the case as torch dialect, as lowering/runner_test.go
// does, but always with static shapes: the plan supports static shapes
// only, so the dynamic-batch cases run specialized to their batch size.
func (c *Case) TorchFunc() string {
	var sb strings.Builder
	vt := func(shape []int64) string {
		parts := make([]string, len(shape))
		for i, d := range shape {
			parts[i] = fmt.Sprint(d)
		}
		return "!torch.vtensor<[" + strings.Join(parts, ",") + "]," + c.Dtype + ">"
	}
	var argTypes, decls []string
	for i, name := range c.Operands() {
		argTypes = append(argTypes, vt(c.Shapes[name]))
		decls = append(decls, fmt.Sprintf("%%a%d: %s", i, argTypes[i]))
	}
	var resTypes, retTypes, retVals []string
	for i, m := range c.OutputMask {
		if !m {
			resTypes = append(resTypes, "!torch.none")
			continue
		}
		resTypes = append(resTypes, vt(c.OutputShapes[i]))
		retTypes = append(retTypes, vt(c.OutputShapes[i]))
		retVals = append(retVals, fmt.Sprintf("%%r#%d", i))
	}
	fmt.Fprintf(&sb, "func.func @conv(%s) -> (%s) {\n", strings.Join(decls, ", "), strings.Join(retTypes, ", "))
	list := func(name string, vs []int64) {
		var elems, types []string
		for j, v := range vs {
			fmt.Fprintf(&sb, "  %%%s_%d = torch.constant.int %d\n", name, j, v)
			elems = append(elems, fmt.Sprintf("%%%s_%d", name, j))
			types = append(types, "!torch.int")
		}
		fmt.Fprintf(&sb, "  %%%s = torch.prim.ListConstruct %s : (%s) -> !torch.list<int>\n", name, strings.Join(elems, ", "), strings.Join(types, ", "))
	}
	list("stride", c.Stride)
	list("padding", c.Padding)
	list("dilation", c.Dilation)
	list("output_padding", c.OutputPadding)
	fmt.Fprintf(&sb, "  %%transposed = torch.constant.bool %v\n  %%groups = torch.constant.int %d\n", c.Transposed, c.Groups)
	const common = "!torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int"
	if c.Op == "convolution" {
		bias, biasType := "%none", "!torch.none"
		if c.Bias {
			bias, biasType = "%a2", argTypes[2]
		} else {
			sb.WriteString("  %none = torch.constant.none\n")
		}
		fmt.Fprintf(&sb, "  %%r = torch.aten.convolution %%a0, %%a1, %s, %%stride, %%padding, %%dilation, %%transposed, %%output_padding, %%groups : %s, %s, %s, %s -> %s\n",
			bias, argTypes[0], argTypes[1], biasType, common, retTypes[0])
		fmt.Fprintf(&sb, "  return %%r : %s\n}\n", retTypes[0])
		return sb.String()
	}
	biasType := "!torch.none"
	if c.Bias {
		list("bias_sizes", []int64{c.OutputShapes[2][0]})
		biasType = "!torch.list<int>"
	} else {
		sb.WriteString("  %bias_sizes = torch.constant.none\n")
	}
	for j, m := range c.OutputMask {
		fmt.Fprintf(&sb, "  %%m%d = torch.constant.bool %v\n", j, m)
	}
	sb.WriteString("  %mask = torch.prim.ListConstruct %m0, %m1, %m2 : (!torch.bool, !torch.bool, !torch.bool) -> !torch.list<bool>\n")
	fmt.Fprintf(&sb, "  %%r:3 = torch.aten.convolution_backward %%a0, %%a1, %%a2, %%bias_sizes, %%stride, %%padding, %%dilation, %%transposed, %%output_padding, %%groups, %%mask : %s, %s, %s, %s, %s, !torch.list<bool> -> %s\n",
		argTypes[0], argTypes[1], argTypes[2], biasType, common, strings.Join(resTypes, ", "))
	fmt.Fprintf(&sb, "  return %s : %s\n}\n", strings.Join(retVals, ", "), strings.Join(retTypes, ", "))
	return sb.String()
}

// Tolerance is lowering/runner_test.go's: see its derivation there.
func (c *Case) Tolerance() (atol, rtol float64) {
	switch c.Dtype {
	case "f64":
		return 1e-10, 1e-10
	case "f16":
		return 2.0 / 1024, 2.0 / 1024
	case "bf16":
		return 2.0 / 128, 2.0 / 128
	}
	return 1e-4, 1e-4
}

// Load reads one configuration.
func Load(path string) (*Case, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var c Case
	if err := json.Unmarshal(b, &c); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return &c, nil
}

// LoadAll reads every *.json configuration of dir, in name order.
func LoadAll(dir string) ([]*Case, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil {
		return nil, err
	}
	sort.Strings(files)
	var out []*Case
	for _, f := range files {
		c, err := Load(f)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no configurations in %s", dir)
	}
	return out, nil
}
