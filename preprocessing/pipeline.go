package preprocessing

import "github.com/torchlower/torchlower/ir/pass"

// BackwardDataConvPipeline is the text of the `backward-data-conv`
// pipeline: the passes of this package in the order of conv-backward.md
// ("Pipelines"), then canonicalize and CSE, as IREE's
// iree-preprocessing-backward-data-conv-pipeline runs its two passes. The
// phase decomposition (decompose-strided-backward-data) goes first: it
// handles every kernel, the 1x1 one included, so the swap and the
// conversion only see what it leaves (a scatter that is not read by a
// matching correlation). swap-cast-with-insert-slice-chain then moves the
// f16/bf16 truncation of the decomposition's f32 accumulator onto its
// regions, so that the output is written once in its own type: here for
// a one-region chain only (a 1x1 stride-2 kernel; max-slices=1, the
// CPU's measured choice), while the GPU pipeline swaps any chain. The
// CPU truncates a gradient of several regions once, after they have
// written it in f32 (channels-last where the decomposition transposes).
// erase-overwritten-fills drops the zeros under the regions where they
// cover the whole output (kernels with at least stride taps).
// strided-insert-slice-to-generic runs with its default, the CPU
// cost decision (DefaultMaxPassThroughElements), which converts nothing:
// on the CPU backend the remaining scatters are cheaper as memset +
// strided copy; another backend's pipeline sets the option.
const BackwardDataConvPipeline = "decompose-strided-backward-data,swap-strided-insert-slice-with-contraction,swap-cast-with-insert-slice-chain{max-slices=1},erase-overwritten-fills,strided-insert-slice-to-generic,canonicalize,cse"

// BackwardDataConvGPUPipeline is backward-data-conv as a GPU runs it: the
// phase decomposition reads dy as it is (reduction-last-source=false).
// The CPU's contraction reads dy's rows of the channel it sums and wants
// the channel innermost (unless the data gradient has at most
// DefaultNarrowColumns channels, whose tiles read along W); a GPU's contraction kernels give consecutive
// threads consecutive outputs along W, which NCHW keeps contiguous
// (gpu/codegen: the tiled kernels' staging, mma.go's byRow). Results are
// the same bits either way.
const BackwardDataConvGPUPipeline = "decompose-strided-backward-data{reduction-last-source=false},swap-strided-insert-slice-with-contraction,swap-cast-with-insert-slice-chain,erase-overwritten-fills,strided-insert-slice-to-generic,canonicalize,cse"

// AddPipelines registers the named pipelines of this package in r, which
// must already hold its passes and canonicalize/cse.
func AddPipelines(r *pass.Registry) {
	r.AddPipeline("backward-data-conv",
		"rewrite the strided scatter of backward-data convolutions so that no scattered zero is multiplied",
		BackwardDataConvPipeline)
	r.AddPipeline("backward-data-conv-gpu",
		"backward-data-conv as a GPU runs it: dy read in its own layout (NCHW) by the phase decomposition",
		BackwardDataConvGPUPipeline)
}
