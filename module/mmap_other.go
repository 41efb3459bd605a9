//go:build !unix

package module

import (
	"io"
	"os"
)

// mapFile reads f into memory aligned to ConstantAlign (no mapping here).
func mapFile(f *os.File, size int64) ([]byte, func() error, error) {
	data := alignedCopy(make([]byte, size))
	if _, err := io.ReadFull(f, data); err != nil {
		return nil, nil, err
	}
	return data, func() error { return nil }, nil
}
