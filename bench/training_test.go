package bench

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/torchlower/torchlower/internal/jointnet"
)

// tinyTraining is a training suite of one small network: a plain block,
// a strided grouped 1x1 block and a depthwise one.
func tinyTraining() Suite {
	return Suite{Name: "tiny-training", Pipelines: []string{"baseline", "default"}, Shapes: []Shape{
		net("tiny_net_n2_8x8", "tests", 2, 8, block(3, 4, 3, 1, 1), block(4, 8, 1, 2, 2), block(8, 8, 3, 1, 8)),
	}}
}

// convMACs is the multiply-accumulates of the network's convolutions in a
// training step: each block's forward and weight gradient, and the data
// gradient of every block but the first (the input needs none).
func convMACs(n *Net) int64 {
	var total int64
	hw := n.HW
	for i, b := range n.Blocks {
		hw = (hw+2*(b.Kernel/2)-b.Kernel)/b.Stride + 1
		one := n.Batch * b.Cout * hw * hw * (b.Cin / b.Groups) * b.Kernel * b.Kernel
		total += 2 * one
		if i > 0 {
			total += one
		}
	}
	return total
}

// TestTrainingStep times a network's training step through both
// pipelines: its joint graph is written as a .pt2, imported with the
// parameters as arguments and planned. The plans multiply at least the
// convolutions' products (the batch norms' sums of squares count too),
// and the baseline more than the default one: the strided block's data
// gradient scatters zeros.
func TestTrainingStep(t *testing.T) {
	r, err := Run(tinyTraining(), Options{Reps: 2, Warmup: 1, NoTorch: true})
	if err != nil {
		t.Fatal(err)
	}
	row := r.Rows[0]
	if row.Err != "" {
		t.Fatal(row.Err)
	}
	want := convMACs(row.Shape.Net)
	if row.MACs[1] < want || row.MACs[0] <= row.MACs[1] {
		t.Errorf("MACs baseline %d, default %d; want default at least the convolutions' %d and baseline more", row.MACs[0], row.MACs[1], want)
	}
	for i, tm := range row.Times {
		if tm.Median <= 0 || tm.Best > tm.Median {
			t.Errorf("pipeline %s: times %+v", r.Suite.Pipelines[i], tm)
		}
	}
	var sb strings.Builder
	r.Print(&sb)
	out := sb.String()
	if !strings.Contains(out, "suite tiny-training: training steps on cpu") || !strings.Contains(out, "tiny_net_n2_8x8  training step") {
		t.Errorf("table:\n%s", out)
	}
}

// TestTrainingStepF32Only: a training step in another dtype is that row's
// error, saying why.
func TestTrainingStepF32Only(t *testing.T) {
	r, err := Run(tinyTraining(), Options{Reps: 1, NoTorch: true, Dtype: "bf16"})
	if err != nil {
		t.Fatal(err)
	}
	if e := r.Rows[0].Err; !strings.Contains(e, "a training step runs in f32 only") || !strings.Contains(e, "not bf16") {
		t.Errorf("error %q", e)
	}
}

// TestTrainingRequest: the timing script is sent the network (batch,
// size, blocks), not a convolution.
func TestTrainingRequest(t *testing.T) {
	_, req := torchRequest(t, tinyTraining(), `{"torch": "9.9", "threads": 2}`)
	n := req.Net
	if n == nil || n.Batch != 2 || n.HW != 8 || len(n.Blocks) != 3 || n.Blocks[1] != (torchBlock{Cin: 4, Cout: 8, Kernel: 1, Stride: 2, Groups: 2}) || req.Dtype != "f32" {
		t.Errorf("request %+v", req)
	}
}

// torchRequest runs suite (one shape) against a timing script that
// answers head, then a time for every request, and returns the result and
// the request the script was sent.
func torchRequest(t *testing.T, suite Suite, head string) (*Result, torchShape) {
	t.Helper()
	log := filepath.Join(t.TempDir(), "log")
	py := fakePython(t, `read head
echo '`+head+`'
while read line; do
	echo "$line" >>`+log+`
	echo '{"name": "`+suite.Shapes[0].Name+`", "median_ms": 2.0, "best_ms": 1.5}'
done
`)
	r, err := Run(suite, Options{Reps: 1, Python: py})
	if err != nil {
		t.Fatal(err)
	}
	if r.Rows[0].Torch == nil {
		t.Fatalf("no PyTorch time: %+v", r.Rows[0])
	}
	data, err := os.ReadFile(log)
	if err != nil {
		t.Fatal(err)
	}
	var req torchShape
	if err := json.Unmarshal(data, &req); err != nil {
		t.Fatalf("request %q: %v", data, err)
	}
	return r, req
}

// TestTorchTimesTrainingStep runs the embedded script with Debian's
// PyTorch on the tiny network: its eager network builds and steps.
func TestTorchTimesTrainingStep(t *testing.T) {
	if err := exec.Command(DefaultPython, "-c", "import torch").Run(); err != nil {
		t.Skipf("%s cannot import torch (apt-get install python3-torch): %v", DefaultPython, err)
	}
	r, err := Run(tinyTraining(), Options{Reps: 2, Warmup: 1})
	if err != nil {
		t.Fatal(err)
	}
	if row := r.Rows[0]; row.Torch == nil || row.Torch.Median <= 0 {
		t.Fatalf("PyTorch %q, row %+v", r.Torch, row)
	}
}

// The suite's networks are what their names say: a name's batch and
// image size are the Net's, and every block's channels follow on from
// the one before.
func TestTrainingSuiteShapes(t *testing.T) {
	s, ok := SuiteByName("training")
	if !ok {
		t.Fatal("no training suite")
	}
	for _, sh := range s.Shapes {
		n := sh.Net
		if n == nil {
			t.Fatalf("%s is not a network", sh.Name)
		}
		if want := fmt.Sprintf("_n%d_%dx%d", n.Batch, n.HW, n.HW); !strings.HasSuffix(sh.Name, want) {
			t.Errorf("%s: want the suffix %s", sh.Name, want)
		}
		for i, b := range n.Blocks {
			if i > 0 && b.Cin != n.Blocks[i-1].Cout || b.Cin%b.Groups != 0 || b.Cout%b.Groups != 0 || b.Kernel%2 != 1 {
				t.Errorf("%s block %d: %+v", sh.Name, i, b)
			}
		}
	}
}

// TestTrainingStepOnDevice times the tiny network through the Device
// path as `bench --device=cuda --suite=training` does (plans for CUDA,
// run here by the host stand-in): every round runs both plans, and the
// default plan's kernels, all of them listed, carry all its
// multiply-adds.
func TestTrainingStepOnDevice(t *testing.T) {
	r, dev, flops := runOnHost(t, tinyTraining())
	row := r.Rows[0]
	if dev.runs != 2*3 {
		t.Errorf("%d device runs, want 6 (2 pipelines × 3 rounds)", dev.runs)
	}
	if flops != 2*row.MACs[1] {
		t.Errorf("the kernels' FLOPs add up to %d, want twice the default plan's %d MACs", flops, row.MACs[1])
	}
	var sb strings.Builder
	r.Print(&sb)
	if out := sb.String(); !strings.Contains(out, "training steps on host: the CPU standing in for a GPU") {
		t.Errorf("table:\n%s", out)
	}
}

// tinyEncoder is a training suite of two small transformer encoder
// layers.
func tinyEncoder() Suite {
	return Suite{Name: "tiny-encoder", Pipelines: []string{"default"}, Shapes: []Shape{
		encoder("tiny_enc_b2_t8_d16_h2_l2", "tests", 2, 8, 16, 2, 32, 2),
	}}
}

// encoderMatmulMACs is the multiply-accumulates of an encoder's matmuls
// in a training step: each forward product (the four Linears, q·kᵀ and
// p·v) and its two gradients.
func encoderMatmulMACs(e *jointnet.Encoder) int64 {
	rows := e.Batch * e.Seq
	linears := rows * e.Dim * (3*e.Dim + e.Dim + 2*e.Hidden)
	attention := 2 * e.Batch * e.Seq * e.Seq * e.Dim
	return 3 * e.Layers * (linears + attention)
}

// TestEncoderStep times a transformer encoder's training step: its joint
// graph is written as a .pt2, imported with the parameters as arguments
// and planned. Its plan multiplies at least the matmuls' products (the
// layer norms' and softmax's sums add a few per element), and every
// parameter has a gradient.
func TestEncoderStep(t *testing.T) {
	r, err := Run(tinyEncoder(), Options{Reps: 2, Warmup: 1, NoTorch: true})
	if err != nil {
		t.Fatal(err)
	}
	row := r.Rows[0]
	if row.Err != "" {
		t.Fatal(row.Err)
	}
	e := row.Shape.Net.Encoder
	if want := encoderMatmulMACs(e); row.MACs[0] < want || row.MACs[0] > want*3/2 {
		t.Errorf("%d MACs, want the matmuls' %d and at most half as many more", row.MACs[0], want)
	}
	if names := netResults(row.Shape.Net); len(names) != 1+12*int(e.Layers) || names[1] != "grad of layers.0.ln1.weight" || names[24] != "grad of layers.1.fc2.bias" {
		t.Errorf("results %q", names)
	}
	var sb strings.Builder
	r.Print(&sb)
	if out := sb.String(); !strings.Contains(out, "tiny_enc_b2_t8_d16_h2_l2  training step") {
		t.Errorf("table:\n%s", out)
	}
}

// TestEncoderRequest: the timing script is sent the encoder's sizes, and
// the BLAS it names shows on the PyTorch line.
func TestEncoderRequest(t *testing.T) {
	r, req := torchRequest(t, tinyEncoder(), `{"torch": "9.9", "threads": 2, "blas": "OpenBLAS, SkylakeX kernels"}`)
	if !strings.Contains(r.Torch, "BLAS: OpenBLAS, SkylakeX kernels") {
		t.Errorf("PyTorch %q", r.Torch)
	}
	if req.Net == nil || req.Net.Encoder == nil || *req.Net.Encoder != (torchEncoder{Batch: 2, Seq: 8, Dim: 16, Heads: 2, Hidden: 32, Layers: 2}) {
		t.Errorf("request %+v", req)
	}
}

// The transformer suite's encoders are what their names say, and their
// widths split into whole heads.
func TestTransformerSuiteShapes(t *testing.T) {
	s, ok := SuiteByName("transformer")
	if !ok {
		t.Fatal("no transformer suite")
	}
	for _, sh := range s.Shapes {
		e := sh.Net.Encoder
		if e == nil {
			t.Fatalf("%s is not an encoder", sh.Name)
		}
		if want := fmt.Sprintf("_b%d_t%d_d%d_h%d_l%d", e.Batch, e.Seq, e.Dim, e.Heads, e.Layers); !strings.HasSuffix(sh.Name, want) {
			t.Errorf("%s: want the suffix %s", sh.Name, want)
		}
		if e.Dim%e.Heads != 0 {
			t.Errorf("%s: width %d in %d heads", sh.Name, e.Dim, e.Heads)
		}
	}
}

// TestEncoderStepOnDevice times the tiny encoder through the Device path
// as `bench --device=cuda --suite=transformer` does (plans for CUDA, run
// here by the host stand-in): its kernels, all listed, carry all the
// plan's multiply-adds.
func TestEncoderStepOnDevice(t *testing.T) {
	r, dev, flops := runOnHost(t, tinyEncoder())
	row := r.Rows[0]
	if dev.runs != 3 {
		t.Errorf("%d device runs, want 3 (1 pipeline × 3 rounds)", dev.runs)
	}
	if flops != 2*row.MACs[0] {
		t.Errorf("the kernels' FLOPs add up to %d, want twice the plan's %d MACs", flops, row.MACs[0])
	}
}

// runOnHost runs suite's one shape through the Device path on the host
// stand-in (2 timed rounds after 1 warm-up, every kernel listed) and
// returns the result, the device and the FLOPs its kernels list.
func runOnHost(t *testing.T, suite Suite) (*Result, *hostDevice, int64) {
	t.Helper()
	dev := &hostDevice{}
	r, err := Run(suite, Options{Reps: 2, Warmup: 1, NoTorch: true, Device: dev, Kernels: 1 << 20})
	if err != nil {
		t.Fatal(err)
	}
	row := r.Rows[0]
	if row.Err != "" {
		t.Fatal(row.Err)
	}
	var flops int64
	for _, k := range row.Kernels {
		flops += k.FLOPs
	}
	return r, dev, flops
}
