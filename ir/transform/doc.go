// Package transform holds the dialect-agnostic passes: canonicalize, cse
// and symbol-dce. Each pass is one file whose doc comment says what holds
// before and after it.
package transform

import "github.com/torchlower/torchlower/ir/pass"

// Passes returns every pass of this package, for registries.
func Passes() []*pass.Def { return []*pass.Def{Canonicalize, CSE, SymbolDCE} }
