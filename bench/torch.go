package bench

import (
	"bufio"
	"bytes"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"os/exec"
	"strings"
	"time"
)

// torchScript times PyTorch; see its docstring for the protocol.
//
//go:embed torch_bench.py
var torchScript string

type torchShape struct {
	Name     string  `json:"name"`
	N        int64   `json:"n"`
	C        int64   `json:"c"`
	F        int64   `json:"f"`
	Groups   int64   `json:"groups"`
	H        []int64 `json:"h"`
	K        []int64 `json:"k"`
	Stride   []int64 `json:"stride"`
	Padding  []int64 `json:"padding"`
	Dilation []int64 `json:"dilation"`
	Dtype    string  `json:"dtype"`
	Mask     [3]bool `json:"mask"`
}

type torchLine struct {
	Torch    string  `json:"torch"`
	Device   string  `json:"device"` // the GPU's name when timed on one
	Threads  int     `json:"threads"`
	Name     string  `json:"name"`
	MedianMS float64 `json:"median_ms"`
	BestMS   float64 `json:"best_ms"`
	Error    string  `json:"error"`
}

type torchResult struct {
	median, best time.Duration
	err          string
}

// runTorch runs the embedded script with python on shapes and returns
// each shape's time by name and a description of PyTorch ("torch 1.13.0,
// 2 threads"). The error says why PyTorch could not run at all.
// device is "cpu" or "cuda" (the script's tensors and timing follow it).
func runTorch(python, device string, shapes []Shape, threads, reps, warmup int) (map[string]torchResult, string, error) {
	if _, err := exec.LookPath(python); err != nil {
		return nil, "", fmt.Errorf("%s not found", python)
	}
	req := struct {
		Device  string       `json:"device"`
		Threads int          `json:"threads"`
		Reps    int          `json:"reps"`
		Warmup  int          `json:"warmup"`
		Shapes  []torchShape `json:"shapes"`
	}{Device: device, Threads: threads, Reps: reps, Warmup: warmup}
	for _, s := range shapes {
		req.Shapes = append(req.Shapes, torchShape{Name: s.Name, N: s.N, C: s.C, F: s.F, Groups: s.Groups,
			H: s.H, K: s.K, Stride: s.Stride, Padding: s.Padding, Dilation: s.Dilation, Dtype: s.Dtype, Mask: s.Mask})
	}
	in, err := json.Marshal(req)
	if err != nil {
		return nil, "", err
	}
	cmd := exec.Command(python, "-c", torchScript)
	cmd.Stdin = bytes.NewReader(in)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		msg := strings.TrimSpace(stderr.String())
		if i := strings.LastIndexByte(msg, '\n'); i >= 0 {
			msg = msg[i+1:] // the last line: the exception
		}
		var ee *exec.ExitError
		if errors.As(err, &ee) && msg != "" {
			return nil, "", fmt.Errorf("%s: %s", python, msg)
		}
		return nil, "", fmt.Errorf("%s: %v", python, err)
	}
	out := map[string]torchResult{}
	desc := ""
	sc := bufio.NewScanner(&stdout)
	for sc.Scan() {
		var l torchLine
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			return nil, "", fmt.Errorf("%s: unexpected output %q", python, sc.Text())
		}
		switch {
		case l.Torch != "" && l.Device != "":
			desc = fmt.Sprintf("torch %s (%s) on %s", l.Torch, python, l.Device)
		case l.Torch != "":
			desc = fmt.Sprintf("torch %s (%s), %d threads", l.Torch, python, l.Threads)
		case l.Error != "":
			out[l.Name] = torchResult{err: l.Error}
		default:
			out[l.Name] = torchResult{median: fromMS(l.MedianMS), best: fromMS(l.BestMS)}
		}
	}
	if desc == "" {
		return nil, "", fmt.Errorf("%s: no output from the timing script", python)
	}
	return out, desc, nil
}

func fromMS(v float64) time.Duration { return time.Duration(v * float64(time.Millisecond)) }
