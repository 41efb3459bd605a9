package module

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"strings"
	"unicode/utf8"
)

// A GPU target's module keeps the plans and their linalg kernels (format
// "ir1") exactly as a cpu module does, and adds two more Kernel entries
// for its target: the source that package gpu/codegen generates from the
// plans (format "source": one translation unit in the common subset of
// HIP and CUDA C++) and, when the target's compiler could be loaded at
// compile time, that source compiled for the target (format "binary": an
// AMD code object for hip:*, a cubin or PTX for cuda:*). The source is
// kept even beside a binary: a run regenerates it from the plans and
// compares, so a module from another torchlower version is refused rather
// than launched with kernels that no longer match the plan's steps, and a
// module without a binary is compiled on the target machine from it.
// Package module does not generate or compile anything itself: package
// gpu does (gpu.Compile), and the caller hands the result to Encode.

// Kernel formats of a GPU target's entries.
const (
	sourceFormat = "source"
	binaryFormat = "binary"
)

// GPUCode is the code of a GPU target's module besides its plans.
type GPUCode struct {
	// Source is the generated kernel source of the module's plans.
	Source string
	// Binary is Source compiled for the target, or nil when its compiler
	// was not available where the module was compiled. In a module read
	// with ReadFile it points into the mapped file (valid until Close).
	Binary []byte
}

// TargetKind splits a target name into its kind (cpu, hip or cuda) and
// architecture (gfx90a, sm_90; "" for cpu). The name must be valid
// (ParseTarget).
func TargetKind(target string) (kind, arch string) {
	kind, arch, _ = strings.Cut(target, ":")
	return kind, arch
}

// isGPU reports whether target is a GPU target.
func isGPU(target string) bool {
	kind, _ := TargetKind(target)
	return kind == "hip" || kind == "cuda"
}

// ELF machine numbers of the GPU code objects.
const (
	emAMDGPU = 224
	emCUDA   = 190
)

// checkBinary checks that data looks like code for target's kind: an AMD
// code object (an ELF for EM_AMDGPU, or a clang offload bundle holding
// one), or an NVIDIA cubin (an ELF for EM_CUDA) or PTX text. It does not
// prove the code loads; it catches a binary stored for the wrong vendor
// or damaged at its start, with a message saying which.
func checkBinary(target string, data []byte) error {
	kind, _ := TargetKind(target)
	machine := -1
	if len(data) >= 20 && string(data[:4]) == "\x7fELF" {
		machine = int(binary.LittleEndian.Uint16(data[18:20]))
	}
	switch kind {
	case "hip":
		if machine == emAMDGPU || bytes.HasPrefix(data, []byte("__CLANG_OFFLOAD_BUNDLE__")) {
			return nil
		}
		return fmt.Errorf("the binary for %s (%d bytes) is not an AMD GPU code object", target, len(data))
	case "cuda":
		if machine == emCUDA || isPTX(data) {
			return nil
		}
		return fmt.Errorf("the binary for %s (%d bytes) is neither a cubin nor PTX", target, len(data))
	}
	return fmt.Errorf("target %s holds no GPU binary", target)
}

// isPTX reports whether data is PTX as NVRTC writes it: text with a
// .version directive near its start, NUL-terminated.
func isPTX(data []byte) bool {
	if len(data) == 0 || data[len(data)-1] != 0 {
		return false
	}
	head := data[:min(len(data), 4096)]
	return utf8.Valid(bytes.TrimRight(head, "\x00")) && bytes.Contains(head, []byte(".version "))
}

// checkGPUCode checks the GPU code given for target: a GPU target needs
// a source, a cpu target has none.
func checkGPUCode(target string, c *GPUCode) error {
	if !isGPU(target) {
		if c != nil {
			return fmt.Errorf("target %s runs no GPU code, but GPU code was given", target)
		}
		return nil
	}
	if c == nil || c.Source == "" {
		return fmt.Errorf("target %s: the module needs the plans' GPU kernel source (gpu.Compile generates it)", target)
	}
	if !utf8.ValidString(c.Source) {
		return fmt.Errorf("target %s: the GPU kernel source is not UTF-8 text", target)
	}
	if c.Binary != nil {
		if err := checkBinary(target, c.Binary); err != nil {
			return err
		}
	}
	return nil
}
