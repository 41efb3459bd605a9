package module

import (
	"strings"
	"testing"

	flatbuffers "github.com/google/flatbuffers/go"

	"github.com/torchlower/torchlower/module/internal/fb"
)

// TestSharedObjectsRefused: a file whose vector of plans points 2000
// times at one plan claims more objects than its bytes can hold; the
// verifier refuses it instead of decoding the plan 2000 times.
func TestSharedObjectsRefused(t *testing.T) {
	b := flatbuffers.NewBuilder(0)
	b.Prep(ConstantAlign, 0)
	name := b.CreateString("main")
	fb.PlanStart(b)
	fb.PlanAddFunc(b, name)
	p := fb.PlanEnd(b)
	const n = 2000
	b.StartVector(4, n, 4)
	for i := 0; i < n; i++ {
		b.PrependUOffsetT(p)
	}
	plans := b.EndVector(n)
	target := b.CreateString("cpu")
	fb.ModuleStart(b)
	fb.ModuleAddSchemaVersion(b, SchemaVersion)
	fb.ModuleAddTarget(b, target)
	fb.ModuleAddPlans(b, plans)
	b.FinishWithFileIdentifier(fb.ModuleEnd(b), []byte(Identifier))
	_, err := Decode("shared.tlm", b.FinishedBytes())
	if err == nil || !strings.Contains(err.Error(), "more objects than a") {
		t.Fatalf("got %v, want the object budget to refuse the file", err)
	}
}
