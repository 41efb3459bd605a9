package importer

import w "github.com/torchlower/torchlower/internal/pt2write"

// FixtureArchive writes the named test program as a 2.9+ archive, for the
// external CLI test (which cannot live in this package: the CLI imports it).
func FixtureArchive(name string) ([]byte, error) {
	for _, f := range fixtures {
		if f.name == name {
			p, ts := f.make()
			return writeArchive(w.PT2Raw, p, ts)
		}
	}
	return nil, nil
}

// JointBlockArchive writes the training step of one conv+bn+relu block
// (progJoint with one block: cin→cout channels, a 3x3 kernel with padding
// 1, stride and groups; batch n, hw×hw images) as a 2.9+ archive.
func JointBlockArchive(cin, cout, stride, groups, n, hw int64) ([]byte, error) {
	p, ts := progJoint([]blockCfg{block3x3(cin, cout, stride, groups)}, n, hw)
	return writeArchive(w.PT2Raw, p, ts)
}

// JointArchive writes the training step of n conv+bn+relu blocks (batch
// 2, 8×8 images, 3 input channels) as a 2.9+ archive: the joint
// fixture's blocks, then stride-1 blocks cycling through its plain,
// grouped and depthwise kinds, a deeper network of the same layers.
func JointArchive(n int) ([]byte, error) {
	deeper := []blockCfg{block3x3(4, 4, 1, 1), block3x3(4, 8, 1, 4), block3x3(8, 8, 1, 8), block3x3(8, 4, 1, 1)}
	blocks := append([]blockCfg(nil), jointBlocks[:min(n, len(jointBlocks))]...)
	for i := 0; len(blocks) < n; i++ {
		blocks = append(blocks, deeper[i%len(deeper)])
	}
	p, ts := progJoint(blocks, 2, 8)
	return writeArchive(w.PT2Raw, p, ts)
}

// DynamicArchive writes progDynamic without its SymInt output: a Linear
// exported with a dynamic batch s0 (2 <= s0 <= 64, even).
func DynamicArchive() ([]byte, error) {
	p, ts := progDynamic(false)
	return writeArchive(w.PT2Raw, p, ts)
}

// DynamicPairArchive writes progDynamicPair: x + y, both [s0, 4].
func DynamicPairArchive() ([]byte, error) {
	p, ts := progDynamicPair()
	return writeArchive(w.PT2Raw, p, ts)
}

// DynamicDerivedArchive writes progDynamicDerived: x + x, x of [2*s0, 4].
func DynamicDerivedArchive() ([]byte, error) {
	p, ts := progDynamicDerived()
	return writeArchive(w.PT2Raw, p, ts)
}
