package e2e

import (
	"encoding/gob"
	"errors"
	"fmt"
	"io"
	"slices"
	"time"

	"github.com/torchlower/torchlower/runtime"
)

// Results cross processes when a suite runs its cases again in a new
// one (Options.Rerun): the child writes them with WriteResults, the
// parent reads them back against its own cases with ReadResults. gob
// keeps the comparison reports whole, NaN and infinite values included.

// wireResult is a Result without its Case, its error as text.
type wireResult struct {
	Key      string // Case.Key
	Err      string
	ErrIs    []string // which of the runtime's device errors Err wraps
	Outputs  []Output
	Duration time.Duration
}

// deviceErrors are the errors a result's error keeps its identity with
// across processes, by name.
var deviceErrors = map[string]error{
	"lost":  runtime.ErrDeviceLost,
	"fault": runtime.ErrDeviceFault,
}

// Key names a case among all suites: suite/name.
func (c *Case) Key() string { return c.Suite + "/" + c.Name }

// WriteResults writes results for ReadResults.
func WriteResults(w io.Writer, results []*Result) error {
	out := make([]wireResult, len(results))
	for i, r := range results {
		out[i] = wireResult{Key: r.Case.Key(), Outputs: r.Outputs, Duration: r.Duration}
		if r.Err != nil {
			out[i].Err = r.Err.Error()
			for name, e := range deviceErrors {
				if errors.Is(r.Err, e) {
					out[i].ErrIs = append(out[i].ErrIs, name)
				}
			}
		}
	}
	return gob.NewEncoder(w).Encode(out)
}

// ReadResults reads what WriteResults wrote about cases, and returns
// their results in the order of cases (Status as RunCase sets it).
func ReadResults(r io.Reader, cases []*Case) ([]*Result, error) {
	var in []wireResult
	if err := gob.NewDecoder(r).Decode(&in); err != nil {
		return nil, fmt.Errorf("reading results: %v", err)
	}
	byKey := map[string]*wireResult{}
	for i := range in {
		byKey[in[i].Key] = &in[i]
	}
	results := make([]*Result, len(cases))
	for i, c := range cases {
		w, ok := byKey[c.Key()]
		if !ok {
			return nil, fmt.Errorf("no result for case %s", c.Key())
		}
		res := &Result{Case: c, Outputs: w.Outputs, Duration: w.Duration}
		if w.Err != "" {
			e := &carriedError{msg: w.Err}
			for _, name := range w.ErrIs {
				if de, ok := deviceErrors[name]; ok {
					e.is = append(e.is, de)
				}
			}
			res.Err = e
		}
		res.Status = status(res)
		results[i] = res
	}
	return results, nil
}

// carriedError is an error read back from another process: its text,
// and the device errors it wrapped there.
type carriedError struct {
	msg string
	is  []error
}

func (e *carriedError) Error() string        { return e.msg }
func (e *carriedError) Is(target error) bool { return slices.Contains(e.is, target) }
