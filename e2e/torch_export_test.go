package e2e

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// torchExportDir holds the real-torch fixtures: programs exported by
// torch.export (torch >= 2.6) with e2e/gen/export_fixtures.py, written as
// e2e cases, which TestSuite runs with the rest. They can only be made on
// a machine with torch >= 2.6 (the GPU machine has 2.11;
// `bash tools/gpusession/run.sh fixtures`, then untar fixtures.tgz here).
var torchExportDir = filepath.Join(casesDir, "torch_export")

// torchExportFixtures are the fixtures export_fixtures.py writes: the
// single-op convolution_backward programs, the joint training graphs, the
// KV-cache update, masked attention at inference, an MLP exported with a
// dynamic batch, and a CNN saved without run_decompositions().
var torchExportFixtures = []string{
	"conv_bwd_1d", "conv_bwd_2d", "conv_bwd_3d", "conv_bwd_2d_strided", "conv_bwd_2d_dilated",
	"conv_bwd_2d_grouped", "conv_bwd_2d_depthwise", "conv_bwd_2d_1x1_stride2", "conv_bwd_2d_transposed",
	"conv_bwd_2d_mask_ttf", "conv_bwd_2d_mask_ftt", "conv_bwd_2d_mask_tff",
	"joint_conv_bn_relu", "joint_strided_grouped_depthwise", "joint_conv_transpose", "joint_residual",
	"kv_cache_update", "joint_mlp_layernorm_xent", "joint_cnn_xent", "joint_cnn3d_xent", "joint_embed_xent",
	"joint_attention_xent", "sdpa_masked_inference", "mlp_dynamic_batch",
	"joint_unet_block", "cnn_export_ir_inference",
}

// TestTorchExportCases checks what the committed real-torch fixtures
// promise: every fixture of the generator is there, exported by torch >=
// 2.6 (its meta.json records the version), runs from its archive with the
// user inputs only, and the joint graphs return a loss, parameter
// gradients and the batch-norm buffers. Until a session with torch >= 2.6
// commits them, it skips saying so.
func TestTorchExportCases(t *testing.T) {
	if _, err := os.Stat(torchExportDir); os.IsNotExist(err) {
		t.Skipf("no real-torch fixtures under %s yet: they need torch >= 2.6 (run `bash tools/gpusession/run.sh fixtures` on the GPU machine and untar fixtures.tgz there)", torchExportDir)
	}
	for _, name := range torchExportFixtures {
		t.Run(name, func(t *testing.T) {
			dir := filepath.Join(torchExportDir, name)
			c, err := LoadCase(dir)
			if err != nil {
				t.Fatal(err)
			}
			b, err := os.ReadFile(filepath.Join(dir, "meta.json"))
			if err != nil {
				t.Fatal(err)
			}
			var m struct {
				TorchVersion string   `json:"torch_version"`
				Kind         string   `json:"kind"`
				OutputKinds  []string `json:"output_kinds"`
			}
			if err := json.Unmarshal(b, &m); err != nil {
				t.Fatal(err)
			}
			if !torchAtLeast(m.TorchVersion, 2, 6) {
				t.Errorf("exported by torch %q, want >= 2.6", m.TorchVersion)
			}
			if filepath.Base(c.Program) != "program.pt2" {
				t.Errorf("program %s, want the archive", c.Program)
			}
			if len(m.OutputKinds) != len(c.Results) {
				t.Errorf("%d output kinds for %d results", len(m.OutputKinds), len(c.Results))
			}
			if m.Kind == "joint" {
				kinds := map[string]int{}
				for _, k := range m.OutputKinds {
					kinds[strings.SplitN(k, ":", 2)[0]]++
				}
				if kinds["loss_output"] != 1 || kinds["gradient_to_parameter"] == 0 {
					t.Errorf("joint graph outputs by kind: %v", kinds)
				}
			}
		})
	}
}

// torchAtLeast reports whether version ("2.11.0+cu130") is at least
// major.minor.
func torchAtLeast(version string, major, minor int) bool {
	parts := strings.SplitN(strings.SplitN(version, "+", 2)[0], ".", 3)
	if len(parts) < 2 {
		return false
	}
	ma, err1 := strconv.Atoi(parts[0])
	mi, err2 := strconv.Atoi(strings.TrimRightFunc(parts[1], func(r rune) bool { return r < '0' || r > '9' }))
	if err1 != nil || err2 != nil {
		return false
	}
	return ma > major || ma == major && mi >= minor
}

func TestTorchAtLeast(t *testing.T) {
	for v, want := range map[string]bool{"2.11.0+cu130": true, "2.6.0": true, "2.5.1": false, "1.13.0a0": false, "3.0": true, "": false} {
		if got := torchAtLeast(v, 2, 6); got != want {
			t.Errorf("torchAtLeast(%q, 2, 6) = %v", v, got)
		}
	}
}
