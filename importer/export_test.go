package importer

import w "github.com/torchlower/torchlower/importer/internal/pt2write"

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
	p, ts := progJoint([]blockCfg{{cin, cout, stride, groups}}, n, hw)
	return writeArchive(w.PT2Raw, p, ts)
}
