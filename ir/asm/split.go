package asm

import "strings"

// SplitInput splits text at `// -----` lines, as mlir-opt's
// --split-input-file does, and returns each chunk with the 0-based line
// number it starts at (for Options.LineOffset).
func SplitInput(text string) (chunks []string, firstLines []int) {
	lines := strings.SplitAfter(text, "\n")
	var cur strings.Builder
	start := 0
	for i, l := range lines {
		if strings.HasPrefix(strings.TrimSpace(l), "// -----") {
			chunks = append(chunks, cur.String())
			firstLines = append(firstLines, start)
			cur.Reset()
			start = i + 1
			continue
		}
		cur.WriteString(l)
	}
	return append(chunks, cur.String()), append(firstLines, start)
}
