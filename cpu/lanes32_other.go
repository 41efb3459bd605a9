//go:build !amd64

package cpu

func lane32Add(d, a, b *float32, n int) int { panic("cpu: no vector kernel on this architecture") }
func lane32Sub(d, a, b *float32, n int) int { panic("cpu: no vector kernel on this architecture") }
func lane32Mul(d, a, b *float32, n int) int { panic("cpu: no vector kernel on this architecture") }
func lane32Div(d, a, b *float32, n int) int { panic("cpu: no vector kernel on this architecture") }
func lane32Max(d, a, b *float32, n int) int { panic("cpu: no vector kernel on this architecture") }
func lane32Min(d, a, b *float32, n int) int { panic("cpu: no vector kernel on this architecture") }
func lane32Fill(d *float32, v float32, n int) int {
	panic("cpu: no vector kernel on this architecture")
}
func lane32Select(d, a, b *float32, c *int32, n int) int {
	panic("cpu: no vector kernel on this architecture")
}

var lane32Cmp = map[string]func(d *int32, a, b *float32, n int) int{}
