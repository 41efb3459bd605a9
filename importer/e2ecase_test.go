package importer

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/torchlower/torchlower/internal/jointnet"
	w "github.com/torchlower/torchlower/internal/pt2write"
	"github.com/torchlower/torchlower/runtime"
)

var updateModels = flag.Bool("update-models", false,
	"rewrite the program.pt2, inputs/ and params/ of the model-level e2e cases from the fixtures")

// modelCasesDir holds the model-level e2e cases, relative to this package.
var modelCasesDir = filepath.Join("..", "e2e", "cases", "models")

// TestModelCaseInputsUpToDate keeps the model-level e2e cases in step with the
// fixtures they are made of. The fixtures are Go programs (progJoint,
// progJointCore), so
// only this package can write them; the e2e case needs, besides the
// archive it runs, the values PyTorch is to start from: the user input and
// every parameter and buffer as .npy, which the case's generator
// (e2e/gen/joint_conv_bn_relu.py, joint_mlp_xent.py) loads into an eager
// torch network to compute the expected outputs. A
// changed fixture therefore fails here first (and then the e2e case, once
// its references are regenerated). With -update-models it rewrites the
// files instead:
//
//	go test ./importer -run TestModelCaseInputsUpToDate -update-models
//	cd /tmp && /usr/bin/python3 <repo>/e2e/gen/<generator>.py --case <repo>/e2e/cases/models/<case>
func TestModelCaseInputsUpToDate(t *testing.T) {
	for name, c := range modelCases {
		t.Run(name, func(t *testing.T) {
			p, ts := c.program()
			files, err := modelCaseFiles(p, ts, c.inputs())
			if err != nil {
				t.Fatal(err)
			}
			checkModelCase(t, filepath.Join(modelCasesDir, name), files)
		})
	}
}

// modelCase is a model-level e2e case made of a fixture: its program and
// its user inputs.
type modelCase struct {
	program func() (*w.Program, []w.Tensor)
	inputs  func() []*runtime.Tensor
}

// modelCases are the model-level e2e cases made of fixtures: the joint
// training step of the conv+bn+relu blocks as autograd records it and as
// torch 2.x's core decompositions write it (the same network on the same
// values, so e2e/gen/joint_conv_bn_relu.py computes the same references
// for both) and of mixedBlocks (1x1 and 3x3, strided, grouped and
// depthwise: bench's training networks in miniature), the feed-forward block with cross entropy
// (e2e/gen/joint_mlp_xent.py), two transformer encoder layers
// (jointnet.Encoder, e2e/gen/joint_encoder.py), an embedding with a Linear head and
// cross entropy (e2e/gen/joint_embed_xent.py), a small image
// classifier with max pooling (e2e/gen/joint_cnn_xent.py) and a volume
// classifier with padding modes and 3-D pooling
// (e2e/gen/joint_cnn3d_xent.py).
var modelCases = map[string]modelCase{
	"joint_conv_bn_relu": {
		func() (*w.Program, []w.Tensor) { return progJoint(jointBlocks, 2, 8) },
		func() []*runtime.Tensor { return []*runtime.Tensor{ramp(2, 3, 8, 8)} },
	},
	"joint_conv_bn_relu_core": {
		func() (*w.Program, []w.Tensor) { return progJointCore(jointBlocks, 2, 8) },
		func() []*runtime.Tensor { return []*runtime.Tensor{ramp(2, 3, 8, 8)} },
	},
	"joint_conv_bn_relu_mixed": {
		func() (*w.Program, []w.Tensor) { return progJointCore(mixedBlocks, 2, 12) },
		func() []*runtime.Tensor { return []*runtime.Tensor{ramp(2, 3, 12, 12)} },
	},
	"joint_embed_xent": {
		func() (*w.Program, []w.Tensor) { return progJointEmbed(embedFixture) },
		func() []*runtime.Tensor {
			s := embedFixture
			tokens := runtime.New(runtime.I64, s.batch, s.tokens)
			target := runtime.New(runtime.I64, s.batch*s.tokens)
			for j := 0; j < tokens.NumElements(); j++ {
				// Token 3 repeats, so its embedding row sums gradients.
				tokens.SetInt64(j, []int64{3, 7, 3, 0, 9, 3}[j])
				target.SetInt64(j, int64((j*7+1)%int(s.vocab)))
			}
			return []*runtime.Tensor{tokens, target}
		},
	},
	"joint_cnn_xent": {
		func() (*w.Program, []w.Tensor) { return progJointCNN(cnnFixture) },
		func() []*runtime.Tensor {
			s := cnnFixture
			target := runtime.New(runtime.I64, s.batch)
			for j := 0; j < target.NumElements(); j++ {
				target.SetInt64(j, int64((j*3+1)%int(s.classes)))
			}
			return []*runtime.Tensor{ramp(s.batch, s.cin, s.hw, s.hw), target}
		},
	},
	"joint_cnn3d_xent": {
		func() (*w.Program, []w.Tensor) { return progJointCNN3D(volumeFixture) },
		func() []*runtime.Tensor {
			s := volumeFixture
			target := runtime.New(runtime.I64, s.batch)
			for j := 0; j < target.NumElements(); j++ {
				target.SetInt64(j, int64((j*2+3)%int(s.classes)))
			}
			return []*runtime.Tensor{ramp(s.batch, s.cin, s.dhw, s.dhw, s.dhw), target}
		},
	},
	"joint_encoder": {
		func() (*w.Program, []w.Tensor) {
			return jointnet.Encoder{Batch: 2, Seq: 4, Dim: 8, Heads: 2, Hidden: 16, Layers: 2}.Program()
		},
		func() []*runtime.Tensor { return []*runtime.Tensor{ramp(2, 4, 8)} },
	},
	"joint_mlp_xent": {
		func() (*w.Program, []w.Tensor) { return progJointMLP(mlpFixture) },
		func() []*runtime.Tensor {
			// Targets cycle through the classes.
			target := runtime.New(runtime.I64, mlpFixture.rows)
			for j := 0; j < target.NumElements(); j++ {
				target.SetInt64(j, int64((j*3)%int(mlpFixture.classes)))
			}
			return []*runtime.Tensor{ramp(mlpFixture.rows, mlpFixture.in), target}
		},
	},
}

// ramp is the input of TestRunParamsArgs: multiples of 1/8 in [-1, 1], so
// a first convolution is exact in float32 on both sides.
func ramp(shape ...int64) *runtime.Tensor {
	in := runtime.New(runtime.F32, shape...)
	for j := 0; j < in.NumElements(); j++ {
		in.SetFloat64(j, float64((j*13)%17)/8-1)
	}
	return in
}

// checkModelCase compares the case directory dir with files, or writes
// them there with -update-models.
func checkModelCase(t *testing.T, dir string, files map[string][]byte) {
	t.Helper()
	if *updateModels {
		for name, b := range files {
			path := filepath.Join(dir, name)
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return
	}
	var drift []string
	for name, b := range files {
		have, err := os.ReadFile(filepath.Join(dir, name))
		switch {
		case err != nil:
			drift = append(drift, fmt.Sprintf("%s: %v", name, err))
		case !bytes.Equal(have, b):
			drift = append(drift, name+": differs from what the fixture writes")
		}
	}
	// A parameter file with no parameter behind it would be loaded by the
	// generator all the same; it must go.
	if names, err := filepath.Glob(filepath.Join(dir, "params", "*.npy")); err == nil {
		for _, n := range names {
			rel := filepath.Join("params", filepath.Base(n))
			if _, ok := files[rel]; !ok {
				drift = append(drift, rel+": committed but no such parameter or buffer")
			}
		}
	}
	if len(drift) > 0 {
		sort.Strings(drift)
		t.Errorf("e2e case %s is out of step with its fixture; run\n"+
			"  go test ./importer -run TestModelCaseInputsUpToDate -update-models\n"+
			"and regenerate its references (see e2e/README.md):\n%s", dir, strings.Join(drift, "\n"))
	}
}

// modelCaseFiles returns the files of a model case, by path relative to
// the case directory: program.pt2 (the archive, parameters inside; the e2e
// suite imports it with them inlined), inputs/<i>.npy (the user inputs)
// and params/<fqn>.npy for each parameter and buffer.
func modelCaseFiles(p *w.Program, ts []w.Tensor, inputs []*runtime.Tensor) (map[string][]byte, error) {
	files := map[string][]byte{}
	archive, err := writeArchive(w.PT2Raw, p, ts)
	if err != nil {
		return nil, err
	}
	files["program.pt2"] = archive
	for _, tn := range ts {
		if tn.Strides != nil || tn.Offset != 0 {
			return nil, fmt.Errorf("%s: only contiguous parameters are exported", tn.FQN)
		}
		dt := runtime.F32
		if tn.Dtype == w.Int64 {
			dt = runtime.I64
		} else if tn.Dtype != w.Float32 {
			return nil, fmt.Errorf("%s: dtype %d is not exported", tn.FQN, tn.Dtype)
		}
		b, err := npyBytes(&runtime.Tensor{DType: dt, Shape: tn.Sizes, Data: tn.Data})
		if err != nil {
			return nil, fmt.Errorf("%s: %v", tn.FQN, err)
		}
		files[filepath.Join("params", tn.FQN+".npy")] = b
	}
	for i, in := range inputs {
		if files[filepath.Join("inputs", fmt.Sprintf("%d.npy", i))], err = npyBytes(in); err != nil {
			return nil, err
		}
	}
	return files, nil
}

func npyBytes(t *runtime.Tensor) ([]byte, error) {
	if err := t.Validate(); err != nil {
		return nil, err
	}
	var b bytes.Buffer
	err := runtime.WriteNPY(&b, t)
	return b.Bytes(), err
}
