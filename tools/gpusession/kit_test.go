// Package gpusession_test checks the GPU kit's script without a GPU: the
// session that draws one has 15 minutes, and a slip in run.sh costs them.
package gpusession_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func TestScriptsParse(t *testing.T) {
	for _, f := range []string{"run.sh", "build.sh"} {
		if out, err := exec.Command("bash", "-n", f).CombinedOutput(); err != nil {
			t.Errorf("%s: %v\n%s", f, err, out)
		}
	}
}

// TestE2EFailuresRerunSynced runs run.sh's e2e phase in a copy of the
// tree with a stand-in torchlower: its suite FAILs two cases (one with a
// kernel fault), and the phase then runs those two again, alone, with
// each step waited for (TORCHLOWER_GPU_SYNC=1), so that a fault's error
// names its step.
func TestE2EFailuresRerunSynced(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("no bash")
	}
	root := t.TempDir()
	script, err := os.ReadFile("run.sh")
	if err != nil {
		t.Fatal(err)
	}
	for dir, files := range map[string]map[string]string{
		"tools/gpusession": {"run.sh": string(script)},
		// The stand-in records each call; the suite's call reports the
		// way torchlower e2e --progress -v does.
		".gpukit": {"torchlower": `#!/bin/bash
echo "sync=${TORCHLOWER_GPU_SYNC:-} $*" >>"$OUT/calls"
case "$*" in
*--filter=*) echo 'PASS - "dt_a"'; echo 'PASS - "dt_b"'; exit 0 ;;
esac
echo 'PASS - "ok_case" (2ms)' >&2
echo 'FAIL - "dt_a" (5ms): step 3 (generic): cuda: error 700 (noticed there: a kernel of steps 0-2 faulted)' >&2
echo 'FAIL - "dt_b" (4ms): result 0 [2, 3]: mismatch at [0, 0]' >&2
echo 'PASS - "ok_case"'
echo 'FAIL - "dt_a"'
echo 'FAIL - "dt_b"'
exit 1
`},
	} {
		if err := os.MkdirAll(filepath.Join(root, dir), 0o755); err != nil {
			t.Fatal(err)
		}
		for name, text := range files {
			if err := os.WriteFile(filepath.Join(root, dir, name), []byte(text), 0o755); err != nil {
				t.Fatal(err)
			}
		}
	}
	out := filepath.Join(root, "out")
	cmd := exec.Command("bash", filepath.Join(root, "tools/gpusession/run.sh"), "--budget", "120", "e2e")
	cmd.Env = append(os.Environ(), "OUT="+out)
	log, err := cmd.CombinedOutput()
	t.Logf("run.sh:\n%s", log)
	if err != nil {
		t.Fatal(err)
	}
	calls, err := os.ReadFile(filepath.Join(out, "calls"))
	if err != nil {
		t.Fatal(err)
	}
	want := "sync= e2e --device=cuda -v --progress\nsync=1 e2e --device=cuda -v --filter=^(dt_a|dt_b)$\n"
	if string(calls) != want {
		t.Errorf("torchlower was called\n%s\nwant\n%s", calls, want)
	}
	summary, err := os.ReadFile(filepath.Join(out, "summary.txt"))
	if err != nil {
		t.Fatal(err)
	}
	for _, step := range []string{"e2e cuda ", "e2e failures, steps synced "} {
		if !strings.Contains(string(summary), step) {
			t.Errorf("summary.txt has no step %q:\n%s", step, summary)
		}
	}
	report, err := os.ReadFile(filepath.Join(out, "e2e_cuda.txt"))
	if err != nil || !strings.Contains(string(report), `FAIL - "dt_a" (5ms): step 3`) {
		t.Errorf("e2e_cuda.txt lacks the progress lines (%v):\n%s", err, report)
	}
}
