package bench

import (
	"bufio"
	"bytes"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"time"
)

// torchScript times PyTorch; see its docstring for the protocol.
//
//go:embed torch_bench.py
var torchScript string

type torchShape struct {
	// Check, when set, asks for the float64 reference results of the
	// inputs bench wrote there instead of a time (torch_bench.py).
	Check    string    `json:"check,omitempty"`
	Name     string    `json:"name"`
	N        int64     `json:"n"`
	C        int64     `json:"c"`
	F        int64     `json:"f"`
	Groups   int64     `json:"groups"`
	H        []int64   `json:"h"`
	K        []int64   `json:"k"`
	Stride   []int64   `json:"stride"`
	Padding  []int64   `json:"padding"`
	Dilation []int64   `json:"dilation"`
	Dtype    string    `json:"dtype"`
	Mask     [3]bool   `json:"mask"`
	Net      *torchNet `json:"net,omitempty"`
}

// torchNet is a Net for the script: it builds the eager network and
// times a training step instead of one convolution_backward.
type torchNet struct {
	Batch   int64         `json:"batch"`
	HW      int64         `json:"hw"`
	Blocks  []torchBlock  `json:"blocks"`
	Encoder *torchEncoder `json:"encoder,omitempty"`
}

// torchEncoder is a Net's Encoder: the script builds layers EncoderLayer
// modules instead of blocks.
type torchEncoder struct {
	Batch  int64 `json:"batch"`
	Seq    int64 `json:"seq"`
	Dim    int64 `json:"dim"`
	Heads  int64 `json:"heads"`
	Hidden int64 `json:"hidden"`
	Layers int64 `json:"layers"`
}

type torchBlock struct {
	Cin    int64 `json:"cin"`
	Cout   int64 `json:"cout"`
	Kernel int64 `json:"kernel"`
	Stride int64 `json:"stride"`
	Groups int64 `json:"groups"`
}

type torchLine struct {
	Torch  string `json:"torch"`
	Device string `json:"device"` // the GPU's name when timed on one
	// BLAS is the library torch's CPU matmuls run in (torch_bench.py's
	// blas()).
	BLAS     string  `json:"blas"`
	Threads  int     `json:"threads"`
	Name     string  `json:"name"`
	MedianMS float64 `json:"median_ms"`
	BestMS   float64 `json:"best_ms"`
	Error    string  `json:"error"`
	Checked  int     `json:"checked"`
	// Err32 is, for a network's check, the norm of PyTorch's own float32
	// error in each result.
	Err32 []float64 `json:"err32"`
}

type torchResult struct {
	median, best time.Duration
	err          string
}

// torchSession is the timing script running in a process of its own,
// timing one shape per request: bench asks it for each shape right after
// timing the shape's plans, so that PyTorch's time and torchlower's are
// taken in the same minute, not a whole suite apart (a shared 2-core
// machine's speed drifts by up to 2x within minutes).
type torchSession struct {
	python string
	cmd    *exec.Cmd
	in     io.WriteCloser
	out    *bufio.Scanner
	stderr *bytes.Buffer
	// desc describes PyTorch ("torch 1.13.0 (python), 2 threads").
	desc string
	// dead, once set, is why the script can time no more shapes.
	dead error
	// waitErr is the script's exit, once waited for (exited, close).
	waitErr error
	waited  bool
}

// startTorch starts the embedded script with python and reads its first
// line. device is "cpu" or "cuda" (the script's tensors and timing follow
// it). The error says why PyTorch cannot run at all.
func startTorch(python, device string, threads, reps, warmup int) (*torchSession, error) {
	if _, err := exec.LookPath(python); err != nil {
		return nil, fmt.Errorf("%s not found", python)
	}
	head, err := json.Marshal(struct {
		Device  string `json:"device"`
		Threads int    `json:"threads"`
		Reps    int    `json:"reps"`
		Warmup  int    `json:"warmup"`
	}{device, threads, reps, warmup})
	if err != nil {
		return nil, err
	}
	s := &torchSession{python: python, cmd: exec.Command(python, "-c", torchScript), stderr: &bytes.Buffer{}}
	s.cmd.Stderr = s.stderr
	if s.in, err = s.cmd.StdinPipe(); err != nil {
		return nil, err
	}
	stdout, err := s.cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := s.cmd.Start(); err != nil {
		return nil, fmt.Errorf("%s: %v", python, err)
	}
	s.out = bufio.NewScanner(stdout)
	// A script that has already exited (no torch) leaves the pipe
	// closed: what it printed says why, not the failed write.
	s.in.Write(append(head, '\n'))
	l, err := s.line()
	if err == nil && l.Torch == "" {
		err = fmt.Errorf("%s: the timing script began with %q, not PyTorch's version", python, s.out.Text())
	}
	if err != nil {
		s.close()
		return nil, err
	}
	if l.Device != "" {
		s.desc = fmt.Sprintf("torch %s (%s) on %s", l.Torch, python, l.Device)
	} else {
		s.desc = fmt.Sprintf("torch %s (%s), %d threads", l.Torch, python, l.Threads)
		if l.BLAS != "" {
			s.desc += ", BLAS: " + l.BLAS
		}
	}
	return s, nil
}

// line reads the script's next line. At the end of its output the error
// is the script's own (the last line of its stderr: the exception).
func (s *torchSession) line() (torchLine, error) {
	var l torchLine
	if !s.out.Scan() {
		return l, s.exited()
	}
	if err := json.Unmarshal(s.out.Bytes(), &l); err != nil {
		return l, fmt.Errorf("%s: unexpected output %q", s.python, s.out.Text())
	}
	return l, nil
}

// exited waits for the script, whose output has ended, and says why.
func (s *torchSession) exited() error {
	err := s.wait()
	msg := strings.TrimSpace(s.stderr.String())
	if i := strings.LastIndexByte(msg, '\n'); i >= 0 {
		msg = msg[i+1:] // the last line: the exception
	}
	switch {
	case msg != "":
		return fmt.Errorf("%s: %s", s.python, msg)
	case err != nil:
		return fmt.Errorf("%s: %v", s.python, err)
	}
	return fmt.Errorf("%s: no output from the timing script", s.python)
}

// time has the script time sh.
func (s *torchSession) time(sh Shape) torchResult {
	if s.dead != nil {
		return torchResult{err: "not timed: " + s.dead.Error()}
	}
	l, err := s.ask(torchShapeOf(sh))
	if err != nil {
		return torchResult{err: err.Error()}
	}
	return torchResult{median: fromMS(l.MedianMS), best: fromMS(l.BestMS)}
}

// reference has the script write the float64 reference results of shape
// sh for the arguments in dir (arg<i>.npy) as dir/want<i>.npy, want of
// them; for a network it returns PyTorch's own float32 error in each.
func (s *torchSession) reference(sh Shape, dir string, want int) (err32 []float64, err error) {
	if s.dead != nil {
		return nil, fmt.Errorf("PyTorch: %v", s.dead)
	}
	ts := torchShapeOf(sh)
	ts.Check = dir
	l, err := s.ask(ts)
	if err != nil {
		return nil, fmt.Errorf("PyTorch: %v", err)
	}
	if l.Checked != want || (sh.Net != nil && len(l.Err32) != want) {
		return nil, fmt.Errorf("PyTorch wrote %d reference results (%d errors), want %d", l.Checked, len(l.Err32), want)
	}
	return l.Err32, nil
}

// torchShapeOf is sh as the script reads it.
func torchShapeOf(sh Shape) torchShape {
	ts := torchShape{Name: sh.Name, N: sh.N, C: sh.C, F: sh.F, Groups: sh.Groups,
		H: sh.H, K: sh.K, Stride: sh.Stride, Padding: sh.Padding, Dilation: sh.Dilation, Dtype: sh.Dtype, Mask: sh.Mask}
	if n := sh.Net; n != nil {
		ts.Net = &torchNet{Batch: n.Batch, HW: n.HW}
		if e := n.Encoder; e != nil {
			ts.Net.Encoder = &torchEncoder{Batch: e.Batch, Seq: e.Seq, Dim: e.Dim, Heads: e.Heads, Hidden: e.Hidden, Layers: e.Layers}
		}
		for _, b := range n.Blocks {
			ts.Net.Blocks = append(ts.Net.Blocks, torchBlock{Cin: b.Cin, Cout: b.Cout, Kernel: b.Kernel, Stride: b.Stride, Groups: b.Groups})
		}
	}
	return ts
}

// ask sends the script one request and reads its answer: an error is the
// script's for this request, or (s.dead set) why it can answer no more.
func (s *torchSession) ask(ts torchShape) (torchLine, error) {
	req, err := json.Marshal(ts)
	if err != nil {
		return torchLine{}, err
	}
	// A failed write (the script gone) shows as the read's end.
	s.in.Write(append(req, '\n'))
	l, err := s.line()
	switch {
	case err != nil:
		s.dead = err
		return l, err
	case l.Name != ts.Name:
		s.dead = fmt.Errorf("%s: an answer for %q, asked for %q", s.python, l.Name, ts.Name)
		return l, s.dead
	case l.Error != "":
		return l, errors.New(l.Error)
	}
	return l, nil
}

// close ends the script (its input's end) and waits for it.
func (s *torchSession) close() { s.wait() }

// wait closes the script's input and waits for it to exit, once.
func (s *torchSession) wait() error {
	if !s.waited {
		s.in.Close()
		s.waitErr, s.waited = s.cmd.Wait(), true
	}
	return s.waitErr
}

func fromMS(v float64) time.Duration { return time.Duration(v * float64(time.Millisecond)) }
