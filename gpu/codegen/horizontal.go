package codegen

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/torchlower/torchlower/plan"
)

// Horizontal fusion: one launch for consecutive kernels that do not
// depend on each other. A decomposed strided data gradient is the case
// that matters. Each phase of a stride-2 3x3 one is a kernel, and so is
// each edge region. None of them reads what another writes: each writes
// its own window of dx and reads dy and the weight. Where a kernel's
// work is small, its launch costs more than the work. The seeds'
// 3-channel rows have 9 kernels, and their edge regions have a few
// thousand outputs each. Each launch takes several microseconds of the
// host, and the GPU waits for them.
//
// One kernel that deals its blocks to the members does them all in one
// launch, and the members then advance together. For the phases, that is
// through the same rows of dy and the same stretches of dx (dealBlocks
// says what that saves).
//
// Pre: m's kernels are final (epilogues fused, dead fills dropped), in
// step order; each covers the steps whose views it touches.
//
// Post: each run of two or more consecutive kernels that are fused
// becomes one kernel. The conditions:
//   - every member is fusible: it is not a tiled contraction, whose
//     shared memory and grid are its tensor-core body's and depend on
//     the target; it takes no scratch memory (split-K's tile counters
//     and sums, which one launch's members would share); it does not
//     write the scalar registers, which later
//     kernels read; and it deals its work out by blockIndex and
//     gridBlocks. Members may synchronize their blocks (a block runs
//     one member, all its threads alike) and declare shared memory
//     (transposes, block reductions), the launch at most
//     maxLaunchShared of it: each member's arrays are its own;
//   - the members ask for the same blocks a multiprocessor, except
//     those that hold one output a thread (oneOutputAThread) and
//     transposes (launchBound). The launch has one register budget: a
//     narrow kernel's 64 registers would cramp another contraction's
//     body, but not a thread-per-output kernel's single accumulator or
//     a transpose's tile, which take the others' bound (a transpose
//     keeps its own 32 registers only among transposes; the ptxas checks
//     of every e2e kernel, fused launches included, find no spill);
//   - no constant upload lies between them (the host orders an upload);
//   - no member writes memory that another reads or writes
//     (plan.MayAlias over the views of the steps each covers);
//   - the launch has fewer than maxLaunchBlocks blocks.
//
// In the fused kernel, the blocks are dealt to the members in turn
// (dealBlocks): each member's body runs as if launched on its own
// Grid_j blocks. The members keep their code and their step numbers, so
// an error names the member's step. Steps[first member] is the fused
// kernel; the other members' steps have none.

// maxLaunchBlocks bounds a fused launch: HIP wants a grid's threads
// under 2^32, 2^24 blocks of BlockSize.
const maxLaunchBlocks = 1 << 24

// maxLaunchShared bounds the static shared memory of a fused launch, the
// sum of its members' arrays: about a third of the 48 KB a block may
// declare, so that shared memory does not bound how many blocks a
// multiprocessor holds more than a tiled contraction's does. Two
// transposes fit, of any element type: 16.5 KB for two of 16-bit values
// in tiles of 64 pairs (a data gradient's dy and its weights) or two of
// f64; H100's eight blocks of them take 132 of its 228 KB.
const maxLaunchShared = 17 << 10

// fuseLaunches applies horizontal fusion to m (see above).
func (m *Module) fuseLaunches(p *plan.Plan, prefix string) {
	var group []*Kernel
	var effects []kernelEffects
	flush := func() {
		if len(group) > 1 {
			f := fuseKernels(group, prefix)
			for _, k := range group {
				m.Steps[k.Step] = nil
			}
			m.Steps[f.Step] = f
			at := slices.Index(m.Kernels, group[0])
			m.Kernels = slices.Replace(m.Kernels, at, at+len(group), f)
		}
		group, effects = nil, nil
	}
	for _, k := range slices.Clone(m.Kernels) {
		if !k.fusible() {
			flush()
			continue
		}
		e := effectsOf(p, k)
		if len(group) > 0 && !joins(p, group, effects, k, e) {
			flush()
		}
		group = append(group, k)
		effects = append(effects, e)
	}
	flush()
}

// KernelOf is the kernel that runs step i's own kernel: that kernel, or
// the launch of several that it is a member of; nil when it has none.
func (m *Module) KernelOf(i int) *Kernel {
	if k := m.Steps[i]; k != nil {
		return k
	}
	for _, k := range m.Kernels {
		if slices.Contains(k.Group, i) {
			return k
		}
	}
	return nil
}

// fusible reports whether k may share a launch (the first condition
// above).
func (k *Kernel) fusible() bool {
	return !k.ownLaunch && k.Shared == 0 && k.GridMMA == 0 && k.Scratch == 0 && !k.scWrite && k.blockIndexed
}

// oneOutputAThread reports whether k's threads each hold one output at a
// time: a fill, a copy (not a transpose, whose tile is staged), or a
// generic a thread per output, its epilogue fused or not.
func (k *Kernel) oneOutputAThread() bool {
	form := k.baseForm()
	return form == FormThread || form == FormFill || form == FormCopy
}

// baseForm is k's Form without its epilogue.
func (k *Kernel) baseForm() string { return strings.TrimSuffix(k.Form, epilogueForm) }

// launchBound is the register bound (minBlocks) of a launch of members;
// ok is false when two of them need different ones. A member holding one
// output a thread fits the bound of any other (the tightest is 64
// registers); so does a transpose (its own bound: eight blocks, 32
// registers, for 2- or 4-byte elements, six for tiles of 16-bit pairs,
// none for 1- or 8-byte ones, which would spill), and a launch of
// transposes and such members takes the lowest of the transposes'
// bounds.
func launchBound(members []*Kernel) (bound int, ok bool) {
	needed, loose, transposes := -1, -1, math.MaxInt
	for _, g := range members {
		switch {
		case g.baseForm() == FormTranspose:
			transposes = min(transposes, g.minBlocks)
		case g.oneOutputAThread():
			loose = max(loose, g.minBlocks)
		case needed >= 0 && g.minBlocks != needed:
			return 0, false
		default:
			needed = g.minBlocks
		}
	}
	switch {
	case needed >= 0:
		return needed, true
	case transposes < math.MaxInt:
		return transposes, true
	}
	return loose, true
}

// joins reports whether k may join group, whose members touch effects.
func joins(p *plan.Plan, group []*Kernel, effects []kernelEffects, k *Kernel, e kernelEffects) bool {
	if _, ok := launchBound(append([]*Kernel{k}, group...)); !ok {
		return false
	}
	blocks, shared := k.Grid, k.sharedBytes
	for _, g := range group {
		blocks += g.Grid
		shared += g.sharedBytes
	}
	if blocks >= maxLaunchBlocks || shared > maxLaunchShared {
		return false
	}
	for i := group[len(group)-1].Step + 1; i < k.Step; i++ {
		if p.Steps[i].Kind == plan.StepConstant {
			return false
		}
	}
	for _, g := range effects {
		if g.conflicts(e) || e.conflicts(g) {
			return false
		}
	}
	return true
}

// kernelEffects are the views a kernel reads and those it writes.
type kernelEffects struct{ reads, writes []plan.View }

// effectsOf collects the views of the steps k covers. A forwarded output
// that the kernel neither reads nor stores (outUnread) is left out: the
// accumulators of a data gradient's phases are such temporaries, and
// sharing one arena slot they would otherwise seem to collide.
func effectsOf(p *plan.Plan, k *Kernel) kernelEffects {
	var unread *plan.Buffer
	if k.outUnread {
		unread = p.Steps[k.Step].Outputs[0].Buf
	}
	var e kernelEffects
	keep := func(to *[]plan.View, v plan.View) {
		if v.Buf != unread {
			*to = append(*to, v)
		}
	}
	for _, i := range k.covers {
		s := p.Steps[i]
		for _, v := range s.Inputs {
			keep(&e.reads, v)
		}
		for _, c := range s.Captures {
			keep(&e.reads, c.View)
		}
		for _, v := range s.Outputs {
			keep(&e.writes, v)
		}
	}
	return e
}

// conflicts reports whether e writes memory that o reads or writes.
func (e kernelEffects) conflicts(o kernelEffects) bool {
	for _, w := range e.writes {
		for _, vs := range [][]plan.View{o.reads, o.writes} {
			if slices.ContainsFunc(vs, func(v plan.View) bool { return plan.MayAlias(w, v) }) {
				return true
			}
		}
	}
	return false
}

// FormLaunch starts the Form of a fused kernel: "launch of 8: narrow +
// epilogue", its members' forms after the count.
const FormLaunch = "launch of"

// fuseKernels is the one kernel that runs group's.
func fuseKernels(group []*Kernel, prefix string) *Kernel {
	first := group[0]
	f := &Kernel{
		Name:         fmt.Sprintf("%s_s%d_launch", prefix, first.Step),
		Step:         first.Step,
		Block:        BlockSize,
		blockIndexed: true,
	}
	f.minBlocks, _ = launchBound(group)
	at := map[Param]int{}
	var forms []string
	for _, k := range group {
		for i, prm := range k.Params {
			n, ok := at[prm]
			switch {
			case !ok:
				at[prm] = len(f.Params)
				f.Params = append(f.Params, prm)
				f.decls = append(f.decls, k.decls[i])
			case !strings.HasPrefix(k.decls[i], "const "):
				f.decls[n] = k.decls[i] // a member writes it
			}
		}
		f.Group = append(f.Group, k.Step)
		f.covers = append(f.covers, k.covers...)
		if !slices.Contains(forms, k.Form) {
			forms = append(forms, k.Form)
		}
		f.Grid += k.Grid
		f.Sync = f.Sync || k.Sync
		f.sharedBytes += k.sharedBytes
	}
	// Members by decreasing grid (stable): the members that still have
	// blocks in a round of the deal below are a prefix of this order.
	order := make([]int, len(group))
	grids := make([]int, len(group))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return group[b].Grid - group[a].Grid })
	for p, j := range order {
		grids[p] = group[j].Grid
	}
	var body strings.Builder
	fmt.Fprintf(&body, "  // horizontal fusion: %d kernels, none writing what another reads or writes, their blocks dealt in turn\n", len(group))
	dealBlocks(&body, grids)
	for p, j := range order {
		k := group[j]
		if p > 0 {
			body.WriteString("  } else ")
		} else {
			body.WriteString("  ")
		}
		fmt.Fprintf(&body, "if (tl_member == %du) { // step %d, %s\n", p, k.Step, k.Form)
		fmt.Fprintf(&body, "    const unsigned %s = tl_block, %s = %du;\n", blockIndex, gridBlocks, k.Grid)
		for _, line := range strings.SplitAfter(k.body, "\n") {
			if line != "" {
				body.WriteString("  " + line)
			}
		}
	}
	body.WriteString("  }\n")
	f.Form = fmt.Sprintf("%s %d: %s", FormLaunch, len(group), strings.Join(forms, "; "))
	f.body = body.String()
	f.Source = kernelSource(f.Name, f.minBlocks, f.decls, f.body)
	return f
}

// dealBlocks emits the statements that give block blockIdx.x of a
// launch its member (tl_member, a position in grids) and the member's
// block (tl_block). grids are the members' blocks, largest first. The
// blocks are dealt like cards: block 0 of every member, then block 1 of
// every member that has one, and so on. So the members advance together
// through their work. For the phases of a data gradient, that is
// through the same rows of dy, which they then read from L2 rather than
// each from DRAM. It is also through the same stretches of dx: two
// phases that write alternate elements fill each other's sectors in L2
// before the sectors are written back.
//
// Round r deals to the members whose grid is larger than r: the first
// m of them, and m changes where a grid ends. A run of rounds with the
// same m is one segment, blocks [start, start + m·rounds). Its block b
// is round r0 + (b − start) / m of member (b − start) mod m.
func dealBlocks(body *strings.Builder, grids []int) {
	body.WriteString("  unsigned tl_member = 0, tl_block = 0;\n")
	body.WriteString("  {\n")
	body.WriteString("    const unsigned b = blockIdx.x;\n")
	start, round, lead := 0, 0, "    "
	for m := len(grids); m > 0; m-- {
		end := grids[m-1] // rounds before it deal to members 0..m-1
		if end <= round {
			continue
		}
		blocks := (end - round) * m
		fmt.Fprintf(body, "%sif (b < %du) { tl_member = (b - %du) %% %du; tl_block = %du + (b - %du) / %du; }\n", lead, start+blocks, start, m, round, start, m)
		lead = "    else "
		start += blocks
		round = end
	}
	body.WriteString("  }\n")
}
