package e2e

import (
	"errors"
	"fmt"
	"io"
	"regexp"
	"runtime/debug"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	goruntime "runtime"

	"github.com/torchlower/torchlower/runtime"
)

// Status is a case's outcome, named as torch-mlir's e2e report names them.
type Status string

const (
	Pass  Status = "PASS"
	Fail  Status = "FAIL"
	XFail Status = "XFAIL"
	XPass Status = "XPASS"
)

// Output is the comparison of one result.
type Output struct {
	Index int
	Name  string
	// Skipped: a None result that the program also returned as None.
	None   bool
	Report runtime.Report
	// Problem is set when there was nothing to compare element by element
	// (None on one side only, an unreadable expected file).
	Problem string
	Shape   []int64
}

// Result is the outcome of one case.
type Result struct {
	Case   *Case
	Status Status
	// Err is a compile, run or load error (the case failed before any
	// comparison); Outputs are the per-result comparisons otherwise.
	Err      error
	Outputs  []Output
	Duration time.Duration
}

// bad reports whether the result does not match what was expected.
func (o *Output) bad() bool { return o.Problem != "" || (!o.None && !o.Report.Match) }

// failed reports whether the case itself (ignoring XFail) went wrong.
func (r *Result) failed() bool {
	return r.Err != nil || slices.ContainsFunc(r.Outputs, func(o Output) bool { return o.bad() })
}

// Options configure Run.
type Options struct {
	// Filter keeps the cases whose name (or suite/name) it matches.
	Filter *regexp.Regexp
	// Parallel is the number of cases run at once (default GOMAXPROCS).
	Parallel int
	// XFail marks more cases as expected failures, name -> reason.
	XFail map[string]string
	// Rerun runs cases again in a new process and returns their results
	// in order: those that did not run because an earlier case's kernel
	// fault left the device unusable in this process
	// (runtime.ErrDeviceLost). Run calls it until every case has run or
	// a rerun runs none; without it those cases FAIL with that error.
	Rerun func(cases []*Case) ([]*Result, error)
	// Progress, when not nil, gets each case's result as soon as the
	// case is done, one call at a time; not a case's that did not run
	// because the device was lost (its rerun's process reports it).
	Progress func(*Result)
}

// Filter returns the cases that re matches (all when re is nil).
func Filter(cases []*Case, re *regexp.Regexp) []*Case {
	if re == nil {
		return cases
	}
	var out []*Case
	for _, c := range cases {
		if re.MatchString(c.Name) || re.MatchString(c.Key()) {
			out = append(out, c)
		}
	}
	return out
}

// Run runs the cases on b, GOMAXPROCS at a time, and returns the results
// in case order.
func Run(cases []*Case, b Backend, opts Options) []*Result {
	cases = Filter(cases, opts.Filter)
	results := make([]*Result, len(cases))
	par := opts.Parallel
	if par <= 0 {
		par = goruntime.GOMAXPROCS(0)
	}
	var wg sync.WaitGroup
	var progress sync.Mutex
	next := make(chan int)
	for w := 0; w < par; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				c := cases[i]
				if reason, ok := opts.XFail[c.Name]; ok && c.XFail == "" {
					cc := *c
					cc.XFail = reason
					c = &cc
				}
				results[i] = RunCase(c, b)
				if opts.Progress != nil && !notRun(results[i]) {
					progress.Lock()
					opts.Progress(results[i])
					progress.Unlock()
				}
			}
		}()
	}
	for i := range cases {
		next <- i
	}
	close(next)
	wg.Wait()
	if opts.Rerun != nil {
		rerunLost(results, opts.Rerun)
	}
	return results
}

// notRun reports whether r's case did not run because the device was
// lost to an earlier case's fault.
func notRun(r *Result) bool { return r.Err != nil && errors.Is(r.Err, runtime.ErrDeviceLost) }

// rerunLost replaces the results of the cases that did not run with
// those of rerun, for as long as each rerun runs some of them (a case
// that faults in the new process loses it the ones after it, which the
// next rerun takes).
func rerunLost(results []*Result, rerun func([]*Case) ([]*Result, error)) {
	for {
		var at []int
		var again []*Case
		for i, r := range results {
			if notRun(r) {
				at = append(at, i)
				again = append(again, r.Case)
			}
		}
		if len(again) == 0 {
			return
		}
		more, err := rerun(again)
		if err == nil && len(more) != len(again) {
			err = fmt.Errorf("%d results for %d cases", len(more), len(again))
		}
		if err != nil {
			for _, i := range at {
				results[i].Err = fmt.Errorf("%w; running it again in a new process failed: %v", results[i].Err, err)
			}
			return
		}
		ran := false
		for j, i := range at {
			r := more[j]
			r.Case = results[i].Case // with the XFail Run gave it
			r.Status = status(r)
			results[i] = r
			ran = ran || !notRun(r)
		}
		if !ran {
			return
		}
	}
}

func status(r *Result) Status {
	switch f := r.failed(); {
	case r.Case.XFail != "" && f:
		return XFail
	case r.Case.XFail != "":
		return XPass
	case f:
		return Fail
	}
	return Pass
}

// RunCase runs one case on b and compares its results (Status is set as
// if the case were not an expected failure; Run applies XFail).
func RunCase(c *Case, b Backend) (res *Result) {
	start := time.Now()
	res = &Result{Case: c}
	defer func() {
		if p := recover(); p != nil {
			res.Err = fmt.Errorf("panic: %v\n%s", p, debug.Stack())
		}
		res.Duration = time.Since(start)
		res.Status = status(res)
	}()
	args, err := readInputs(c)
	if err != nil {
		res.Err = err
		return res
	}
	got, err := b.Run(c.Program, c.Func, args)
	if err != nil {
		res.Err = err
		return res
	}
	if len(got) != len(c.Results) {
		res.Err = fmt.Errorf("the program returned %d results, the case expects %d", len(got), len(c.Results))
		return res
	}
	for i, want := range c.Results {
		o := Output{Index: i}
		switch {
		case want == nil && got[i] == nil:
			o.None = true
		case want == nil:
			o.Problem = fmt.Sprintf("got a %s%s tensor, want None", got[i].DType, runtime.FormatShape(got[i].Shape))
			o.Shape = got[i].Shape
		case got[i] == nil:
			o.Name = want.Name
			o.Problem = fmt.Sprintf("got None, want a %s%s tensor", want.DType, runtime.FormatShape(want.Shape))
		default:
			o.Name, o.Shape = want.Name, got[i].Shape
			w, err := runtime.ReadNPYFile(want.File, want.DType)
			if err != nil {
				o.Problem = fmt.Sprintf("expected output: %v", err)
				break
			}
			o.Report = runtime.Compare(got[i], w, want.Tol)
		}
		res.Outputs = append(res.Outputs, o)
	}
	return res
}

// readInputs reads case c's inputs, each checked against its shape in
// meta.json.
func readInputs(c *Case) ([]*runtime.Tensor, error) {
	args := make([]*runtime.Tensor, len(c.Inputs))
	for i, in := range c.Inputs {
		t, err := runtime.ReadNPYFile(in.File, in.DType)
		if err != nil {
			return nil, fmt.Errorf("input %d: %v", i, err)
		}
		if in.Shape != nil {
			if err := runtime.CheckShape(t, in.Shape); err != nil {
				return nil, fmt.Errorf("input %d: %v", i, err)
			}
		}
		args[i] = t
	}
	return args, nil
}

// Summary counts the results by status.
type Summary map[Status]int

// Failed reports whether any case FAILed or XPASSed (the exit status of
// `torchlower e2e`).
func (s Summary) Failed() bool { return s[Fail] > 0 || s[XPass] > 0 }

// Summarize counts results by status.
func Summarize(results []*Result) Summary {
	s := Summary{}
	for _, r := range results {
		s[r.Status]++
	}
	return s
}

var meanings = []struct {
	s       Status
	meaning string
}{
	{Pass, "Passed"},
	{Fail, "Failed"},
	{XFail, "Expectedly Failed"},
	{XPass, "Unexpectedly Passed"},
}

// Report prints results in torch-mlir's e2e format (report_results in
// llvm/torch-mlir python/torch_mlir_e2e_test/reporting.py): one
// `PASS - "Name"` / `FAIL - "Name"` / `XFAIL - "Name"` / `XPASS - "Name"` line
// per case; when some case FAILed or XPASSed, `Unexpected outcome summary:
// (config)` and, for each of the two, a `****** Failed tests - N tests` /
// `****** Unexpectedly Passed tests - N tests` section listing them (with
// verbose, each FAIL's details indented under it: shapes, max errors,
// first mismatch); then
//
//	Summary:
//	    Passed: 365
//	    Failed: 1
//
// listing the non-zero counts. config names the run (the backend). It
// returns the counts.
func Report(w io.Writer, results []*Result, verbose bool, config string) Summary {
	by := map[Status][]*Result{}
	for _, r := range results {
		fmt.Fprintln(w, r.Line())
		by[r.Status] = append(by[r.Status], r)
	}
	s := Summarize(results)
	if s.Failed() {
		fmt.Fprintf(w, "\nUnexpected outcome summary: (%s)\n", config)
	}
	for _, m := range meanings {
		if m.s == Pass || m.s == XFail || len(by[m.s]) == 0 {
			continue
		}
		fmt.Fprintf(w, "\n****** %s tests - %d tests\n", m.meaning, len(by[m.s]))
		for _, r := range by[m.s] {
			fmt.Fprintf(w, "    %s - %q\n", r.Status, r.Case.Name)
			if verbose {
				fmt.Fprint(w, indent(Details(r), "        "))
			}
		}
	}
	fmt.Fprintf(w, "\nSummary:\n")
	for _, m := range meanings {
		if s[m.s] > 0 {
			fmt.Fprintf(w, "    %s: %d\n", m.meaning, s[m.s])
		}
	}
	return s
}

// Line is the case's line of the report: its status and name, as
// torch-mlir's e2e report prints them (PASS - "name").
func (r *Result) Line() string { return fmt.Sprintf("%s - %q", r.Status, r.Case.Name) }

// Problem is what went wrong in a case, in a line: its error, the first
// result that does not match, or that it passed though expected to fail
// ("" for a case that went as expected).
func Problem(r *Result) string {
	switch {
	case r.Status == XPass:
		return fmt.Sprintf("expected to fail (%s) but passed", r.Case.XFail)
	case r.Status != Fail:
		return ""
	case r.Err != nil:
		return r.Err.Error()
	}
	i := slices.IndexFunc(r.Outputs, func(o Output) bool { return o.bad() })
	switch {
	case i < 0:
		return ""
	case r.Outputs[i].Problem != "":
		return fmt.Sprintf("result %d: %s", r.Outputs[i].Index, r.Outputs[i].Problem)
	}
	return fmt.Sprintf("result %d %s: %s", r.Outputs[i].Index, runtime.FormatShape(r.Outputs[i].Shape), r.Outputs[i].Report)
}

// Details describes what went wrong in one case, one line per fact.
func Details(r *Result) string {
	var b strings.Builder
	c := r.Case
	if r.Status == XPass {
		fmt.Fprintf(&b, "expected to fail (%s) but passed\n", c.XFail)
	}
	fmt.Fprintf(&b, "program: %s\n", c.Program)
	var ins []string
	for _, in := range c.Inputs {
		ins = append(ins, in.DType.String()+runtime.FormatShape(in.Shape))
	}
	fmt.Fprintf(&b, "inputs: %s\n", strings.Join(ins, ", "))
	if r.Err != nil {
		fmt.Fprintf(&b, "ERROR: %v\n", r.Err)
		return b.String()
	}
	for _, o := range r.Outputs {
		name := o.Name
		if name == "" {
			name = "None"
		}
		switch {
		case o.None:
			fmt.Fprintf(&b, "result %d: None, as expected\n", o.Index)
		case o.Problem != "":
			fmt.Fprintf(&b, "result %d (%s): ERROR: %s\n", o.Index, name, o.Problem)
		case o.Report.Match:
			fmt.Fprintf(&b, "result %d (%s) %s: %s\n", o.Index, name, runtime.FormatShape(o.Shape), o.Report)
		default:
			fmt.Fprintf(&b, "result %d (%s) %s: ERROR: %s\n", o.Index, name, runtime.FormatShape(o.Shape), o.Report)
			if t := c.Results[o.Index]; t != nil {
				fmt.Fprintf(&b, "    tolerance: %s\n", t.TolReason)
			}
		}
	}
	return b.String()
}

func indent(s, prefix string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	for i, l := range lines {
		lines[i] = prefix + l
	}
	return strings.Join(lines, "\n") + "\n"
}

// CountByForm counts cases by Form, for notes and tests.
func CountByForm(cases []*Case) map[string]int {
	m := map[string]int{}
	for _, c := range cases {
		m[c.Form]++
	}
	return m
}

// SortedForms returns the forms of CountByForm in name order.
func SortedForms(m map[string]int) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
