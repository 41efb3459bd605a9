package pass

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/torchlower/torchlower/ir"
)

// Option declares one pass option, for validation and --help.
type Option struct {
	Name    string
	Default string
	Help    string
}

// Def describes a pass. Its doc comment at the definition site says what
// holds before and after it runs.
type Def struct {
	// Name is the kebab-case name used in pipelines.
	Name    string
	Summary string
	Options []Option
	// Anchor restricts the ops the pass runs on ("func.func"); empty means
	// it runs on whatever op the pipeline level is anchored on.
	Anchor string
	// Run transforms op in place.
	Run func(op *ir.Operation, c *Context) error
}

// Context carries what a running pass may need.
type Context struct {
	IR      *ir.Context
	Options Options
}

// Options holds the option values given to one pass instance.
type Options map[string]string

// String returns the named option (defaults are filled in when the
// pipeline is parsed).
func (o Options) String(name string) string { return o[name] }

// Int returns an integer option.
func (o Options) Int(name string) (int, error) {
	s := o[name]
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0, fmt.Errorf("option '%s' expects an integer, got %q", name, s)
	}
	return n, nil
}

// Bool returns a boolean option.
func (o Options) Bool(name string) (bool, error) {
	s := o[name]
	b, err := strconv.ParseBool(s)
	if err != nil {
		return false, fmt.Errorf("option '%s' expects true or false, got %q", name, s)
	}
	return b, nil
}

// DefaultOptions returns the defaults of def's options.
func DefaultOptions(def *Def) Options {
	o := Options{}
	for _, opt := range def.Options {
		o[opt.Name] = opt.Default
	}
	return o
}

// Registry maps pass names to definitions. Tools build one explicitly.
type Registry struct {
	defs map[string]*Def
	// pipelines are named pass pipelines (aliases for pipeline text).
	pipelines map[string]string
	pipeDocs  map[string]string
}

// NewRegistry returns a registry holding defs.
func NewRegistry(defs ...*Def) *Registry {
	r := &Registry{defs: map[string]*Def{}, pipelines: map[string]string{}, pipeDocs: map[string]string{}}
	for _, d := range defs {
		r.Add(d)
	}
	return r
}

// Add registers a pass; a duplicate name is a programming error.
func (r *Registry) Add(d *Def) {
	if _, dup := r.defs[d.Name]; dup {
		panic("pass: duplicate pass name " + d.Name)
	}
	r.defs[d.Name] = d
}

// AddPipeline registers a named pipeline that expands to text.
func (r *Registry) AddPipeline(name, summary, text string) {
	r.pipelines[name] = text
	r.pipeDocs[name] = summary
}

// Lookup finds a pass by name.
func (r *Registry) Lookup(name string) *Def { return r.defs[name] }

// Names lists registered passes, sorted.
func (r *Registry) Names() []string {
	var ns []string
	for n := range r.defs {
		ns = append(ns, n)
	}
	sort.Strings(ns)
	return ns
}

// Help describes every pass and pipeline, for --help output.
func (r *Registry) Help() string {
	var sb strings.Builder
	for _, n := range r.Names() {
		d := r.defs[n]
		fmt.Fprintf(&sb, "  %-36s %s\n", n, d.Summary)
		for _, o := range d.Options {
			fmt.Fprintf(&sb, "      %-32s %s (default %s)\n", o.Name+"=", o.Help, o.Default)
		}
	}
	var ps []string
	for n := range r.pipelines {
		ps = append(ps, n)
	}
	sort.Strings(ps)
	for _, n := range ps {
		fmt.Fprintf(&sb, "  %-36s %s\n", n, r.pipeDocs[n])
	}
	return sb.String()
}
