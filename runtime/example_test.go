package runtime_test

import (
	"fmt"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"

	"github.com/torchlower/torchlower/runtime"
)

// The flow of `torchlower run --expected_output`: read the reference with
// the result's dtype (a float32 file for a bf16 result is rounded to bf16),
// check the shape, compare with the dtype's default tolerance.
func ExampleCompare() {
	want, err := runtime.ReadNPYFile("testdata/f32_2x3.npy", runtime.F32)
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := runtime.CheckShape(want, []int64{2, 3}); err != nil {
		fmt.Println(err)
		return
	}
	got, _ := runtime.FromFloat64s(runtime.F32, []int64{2, 3}, []float64{1.5, -2.25, 3, 0, 1e-8, -65000})
	fmt.Println(runtime.Compare(got, want, runtime.DefaultTolerance(runtime.F32)))
	// Output:
	// mismatch at [1, 2]: got -65000, want -65504.5 (max abs err 504.5, max rel err 0.007702, tolerance atol=1e-05 rtol=1e-04); 1 of 6 elements differ
}

func ExampleReadNPYFile_dtypeMismatch() {
	_, err := runtime.ReadNPYFile("testdata/i64_2x2.npy", runtime.F32)
	fmt.Println(err)
	// Output:
	// testdata/i64_2x2.npy: dtype mismatch: the file holds int64 ('<i8'), expected f32, which is read from '<f4'
}

type hostDevice struct{}

func (hostDevice) Name() string    { return "cpu" }
func (hostDevice) Available() bool { return true }

var _ runtime.Device = hostDevice{}

// TestImportsStdlibAndNPYIOOnly keeps the package's promise in its doc:
// backends import runtime, so runtime imports nothing of the compiler (and
// no third-party code but npyio). deps_test.go at the root only sees
// imports inside the module.
func TestImportsStdlibAndNPYIOOnly(t *testing.T) {
	files, _ := filepath.Glob("*.go")
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		ast, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range ast.Imports {
			path := strings.Trim(imp.Path.Value, `"`)
			first, _, _ := strings.Cut(path, "/")
			if strings.Contains(first, ".") && path != "github.com/sbinet/npyio" {
				t.Errorf("%s imports %s; runtime may import only the standard library and github.com/sbinet/npyio", f, path)
			}
		}
	}
}
