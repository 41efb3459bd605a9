//go:build !amd64

package cpu

func laneAdd32(d, a, b *float64, n int) int { panic("cpu: no vector kernel on this architecture") }
func laneSub32(d, a, b *float64, n int) int { panic("cpu: no vector kernel on this architecture") }
func laneMul32(d, a, b *float64, n int) int { panic("cpu: no vector kernel on this architecture") }
func laneDiv32(d, a, b *float64, n int) int { panic("cpu: no vector kernel on this architecture") }
func laneMax32(d, a, b *float64, n int) int { panic("cpu: no vector kernel on this architecture") }
func laneMin32(d, a, b *float64, n int) int { panic("cpu: no vector kernel on this architecture") }
func laneExp(d, s *float64, n int) int      { panic("cpu: no vector kernel on this architecture") }
func laneErf(d, s *float64, n int) int      { panic("cpu: no vector kernel on this architecture") }
func laneLoadF32(d *float64, s *float32, n int) int {
	panic("cpu: no vector kernel on this architecture")
}
func laneLoadBF16(d *float64, s *uint16, n int) int {
	panic("cpu: no vector kernel on this architecture")
}
func laneStoreF32(d *float32, s *float64, n int) int {
	panic("cpu: no vector kernel on this architecture")
}
func laneStoreBF16(d *uint16, s *float64, n int) int {
	panic("cpu: no vector kernel on this architecture")
}
func laneRoundBF16(d, s *float64, n int) int { panic("cpu: no vector kernel on this architecture") }

var laneCmp = map[string]func(d *int64, a, b *float64, n int) int{}

func laneSelect(d, a, b *float64, c *int64, n int) int {
	panic("cpu: no vector kernel on this architecture")
}

func laneLoadF16(d *float64, s *uint16, n int) int {
	panic("cpu: no vector kernel on this architecture")
}
func laneStoreF16(d *uint16, s *float64, n int) int {
	panic("cpu: no vector kernel on this architecture")
}
func laneRoundF16(d, s *float64, n int) int { panic("cpu: no vector kernel on this architecture") }
