package e2e

import (
	"os"
	"testing"
)

// TestMain runs the suite with the CPU backend's results and arena
// starting as 0xff bytes (cpu: TORCHLOWER_CPU_POISON), as a GPU's memory
// starts as garbage: an element no step writes then fails its case
// instead of passing as a zero.
func TestMain(m *testing.M) {
	if os.Getenv("TORCHLOWER_CPU_POISON") == "" {
		os.Setenv("TORCHLOWER_CPU_POISON", "1")
	}
	os.Exit(m.Run())
}
