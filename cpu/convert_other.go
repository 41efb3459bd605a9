//go:build !amd64

package cpu

func narrowBF16s(dst *uint16, src *float32, n int) int {
	panic("cpu: no vector kernel on this architecture")
}

func widenBF16s(dst *float32, src *uint16, n int, mags *[32]uint32) int {
	panic("cpu: no vector kernel on this architecture")
}

func widenF16s(dst *float32, src *uint16, n int, mags *[32]uint32) int {
	panic("cpu: no vector kernel on this architecture")
}

func narrowF16s(dst *uint16, src *float32, n int) int {
	panic("cpu: no vector kernel on this architecture")
}
