package torchlower_test

import (
	"os/exec"
	"strings"
	"testing"
)

// allowedImports is the layering of the repository: a package may import
// only the module packages listed for it (and the standard library and
// allowed third-party modules). Arrows point down the architecture table;
// this test keeps them that way, as Go's own deps_test.go does.
var allowedImports = map[string][]string{
	"ir/affine":           {},
	"ir":                  {"ir/affine"},
	"ir/asm":              {"ir", "ir/affine"},
	"ir/pass":             {"ir", "ir/affine"},
	"ir/transform":        {"ir", "ir/affine", "ir/pass"},
	"dialect/func":        {"ir", "ir/affine"},
	"dialect/arith":       {"ir", "ir/affine"},
	"dialect/math":        {"ir", "ir/affine", "dialect/arith"},
	"dialect/tensor":      {"ir", "ir/affine"},
	"dialect/linalg":      {"ir", "ir/affine"},
	"torch":               {"ir", "ir/affine", "dialect/func", "dialect/arith"},
	"tools/opgen":         {"*"},
	"torch/opgen":         {},
	"importer":            {"ir", "ir/affine", "dialect/func", "dialect/arith", "torch"},
	"lowering":            {"ir", "ir/affine", "ir/pass", "ir/transform", "dialect/func", "dialect/arith", "dialect/math", "dialect/tensor", "dialect/linalg", "torch"},
	"runtime":             {},
	"plan":                {"ir", "ir/affine", "dialect/func", "dialect/arith", "dialect/math", "dialect/tensor", "dialect/linalg"},
	"cpu":                 {"ir", "ir/affine", "dialect/func", "dialect/arith", "dialect/math", "dialect/tensor", "dialect/linalg", "plan", "runtime"},
	"preprocessing":       {"ir", "ir/affine", "ir/pass", "ir/transform", "dialect/func", "dialect/arith", "dialect/math", "dialect/tensor", "dialect/linalg"},
	"compiler":            {"ir", "ir/affine", "ir/asm", "ir/pass", "ir/transform", "dialect/func", "dialect/arith", "dialect/math", "dialect/tensor", "dialect/linalg", "torch", "importer", "lowering", "plan", "preprocessing"},
	"module":              {"plan", "runtime", "ir", "ir/affine", "ir/asm", "dialect/func", "dialect/arith", "dialect/math", "dialect/tensor", "dialect/linalg", "module/internal/fb"},
	"module/internal/fb":  {},
	"e2e":                 {"compiler", "cpu", "gpu", "plan", "runtime", "module", "ir", "ir/affine", "ir/asm", "ir/pass", "dialect/func", "dialect/arith", "dialect/math", "dialect/tensor", "dialect/linalg", "torch", "lowering"},
	"bench":               {"compiler", "cpu", "plan", "runtime", "ir", "ir/affine", "ir/asm", "importer", "internal/convcase", "internal/jointnet", "internal/pt2write"},
	"internal/convcase":   {},
	"internal/pt2write":   {},
	"internal/jointnet":   {"internal/pt2write"},
	"internal/hostgpu":    {"internal/testchild"},
	"internal/testchild":  {},
	"gpu/dl":              {},
	"gpu/hip":             {"gpu/dl"},
	"gpu/cuda":            {"gpu/dl"},
	"gpu/codegen":         {"ir", "ir/affine", "dialect/arith", "dialect/tensor", "dialect/linalg", "plan"},
	"gpu":                 {"gpu/codegen", "gpu/dl", "gpu/hip", "gpu/cuda", "ir", "plan", "runtime"},
	"internal/filecheck":  {},
	"internal/diagverify": {},
	"internal/lit":        {"internal/filecheck"},
	"internal/irtest":     {"ir", "ir/affine", "ir/asm"},
	"internal/cli":        {"*"},
	"tools/torchlower":    {"*"},
	"tools/hostgpu":       {"internal/hostgpu"},
	"tools/gpusession":    {},
}

const module = "github.com/torchlower/torchlower/"

func TestImportLayering(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", "{{.ImportPath}} {{join .Imports \" \"}}", "./...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		fields := strings.Fields(line)
		pkg := strings.TrimPrefix(fields[0], module)
		if pkg == strings.TrimSuffix(module, "/") || strings.HasPrefix(pkg, "internal/smoke") {
			continue
		}
		allowed, ok := allowedImports[pkg]
		if !ok {
			t.Errorf("package %s is not in the layering table of deps_test.go; add it", pkg)
			continue
		}
		for _, imp := range fields[1:] {
			if !strings.HasPrefix(imp, module) {
				continue
			}
			dep := strings.TrimPrefix(imp, module)
			if !permitted(allowed, dep) {
				t.Errorf("%s imports %s, which the layering does not allow (allowed: %v)", pkg, dep, allowed)
			}
		}
	}
}

func permitted(allowed []string, dep string) bool {
	for _, a := range allowed {
		if a == "*" || a == dep {
			return true
		}
	}
	return false
}
