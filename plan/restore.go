package plan

import "github.com/torchlower/torchlower/ir"

// The accessors below let a compiled module (package module) carry what
// Build computes beyond the exported fields, and give it back to a plan it
// reads, so that the plan prints and reports as the one it was compiled
// from.

// OpText is the one-line text String prints for op, "" when Build
// recorded none.
func (p *Plan) OpText(op *ir.Operation) string { return p.opText[op] }

// Aliases are the lines String prints before the buffers: the alias
// definitions (#map = ...) that the op texts refer to.
func (p *Plan) Aliases() []string { return append([]string(nil), p.aliases...) }

// Restore sets the peak (PeakBytes) and the alias lines of a plan built
// from its exported fields rather than by Build, and derives from its
// steps what Build derives (ZeroOnEntry); call it once the steps are set.
func (p *Plan) Restore(peak int64, aliases []string) {
	p.peak = peak
	p.aliases = append([]string(nil), aliases...)
	p.markZeroOnEntry()
}
