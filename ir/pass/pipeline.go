package pass

import (
	"fmt"
	"strings"
)

// Pipeline is an ordered list of passes and nested pipelines. A nested
// pipeline runs on each op with its anchor name directly inside the ops the
// enclosing level runs on, as in MLIR's `builtin.module(func.func(cse))`.
type Pipeline struct {
	Anchor  string // "" for the top level
	Entries []Entry
}

// Entry is either a pass with options or a nested pipeline.
type Entry struct {
	Pass    *Def
	Options Options
	Nested  *Pipeline
}

// String prints the pipeline in the textual syntax it was parsed from.
func (pl *Pipeline) String() string {
	var parts []string
	for _, e := range pl.Entries {
		if e.Nested != nil {
			parts = append(parts, e.Nested.Anchor+"("+e.Nested.String()+")")
			continue
		}
		s := e.Pass.Name
		var opts []string
		for _, o := range e.Pass.Options {
			if v, ok := e.Options[o.Name]; ok && v != o.Default {
				opts = append(opts, o.Name+"="+v)
			}
		}
		if len(opts) > 0 {
			s += "{" + strings.Join(opts, " ") + "}"
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, ",")
}

// Parse reads a pipeline: comma-separated pass names, each optionally with
// `{opt=value opt2=value}`, and `op.name(...)` nesting. Named pipelines
// registered with AddPipeline expand in place.
func (r *Registry) Parse(text string) (*Pipeline, error) {
	ps := &pipeParser{r: r, src: text}
	pl, err := ps.parseList("", 0)
	if err != nil {
		return nil, err
	}
	if ps.pos < len(ps.src) {
		return nil, ps.errorf("unexpected '%c'", ps.src[ps.pos])
	}
	// `builtin.module(...)` at the top level means the module itself.
	if len(pl.Entries) == 1 && pl.Entries[0].Nested != nil && pl.Entries[0].Nested.Anchor == "builtin.module" {
		return &Pipeline{Entries: pl.Entries[0].Nested.Entries}, nil
	}
	return pl, nil
}

type pipeParser struct {
	r   *Registry
	src string
	pos int
}

func (ps *pipeParser) errorf(format string, args ...any) error {
	return fmt.Errorf("invalid pass pipeline %q at offset %d: %s", ps.src, ps.pos, fmt.Sprintf(format, args...))
}

func (ps *pipeParser) skipSpace() {
	for ps.pos < len(ps.src) && (ps.src[ps.pos] == ' ' || ps.src[ps.pos] == '\t' || ps.src[ps.pos] == '\n') {
		ps.pos++
	}
}

func (ps *pipeParser) parseList(anchor string, depth int) (*Pipeline, error) {
	if depth > 16 {
		return nil, ps.errorf("pipeline nested too deeply")
	}
	pl := &Pipeline{Anchor: anchor}
	for {
		ps.skipSpace()
		start := ps.pos
		for ps.pos < len(ps.src) && strings.IndexByte(",(){} \t\n", ps.src[ps.pos]) < 0 {
			ps.pos++
		}
		name := ps.src[start:ps.pos]
		if name == "" {
			if ps.pos >= len(ps.src) && len(pl.Entries) == 0 && anchor == "" {
				return pl, nil
			}
			return nil, ps.errorf("expected pass or pipeline name")
		}
		ps.skipSpace()
		switch {
		case ps.pos < len(ps.src) && ps.src[ps.pos] == '(':
			ps.pos++
			nested, err := ps.parseList(name, depth+1)
			if err != nil {
				return nil, err
			}
			if ps.pos >= len(ps.src) || ps.src[ps.pos] != ')' {
				return nil, ps.errorf("expected ')' to close the pipeline of '%s'", name)
			}
			ps.pos++
			pl.Entries = append(pl.Entries, Entry{Nested: nested})
		default:
			if text, ok := ps.r.pipelines[name]; ok {
				sub, err := ps.r.Parse(text)
				if err != nil {
					return nil, err
				}
				pl.Entries = append(pl.Entries, sub.Entries...)
				break
			}
			def := ps.r.Lookup(name)
			if def == nil {
				return nil, ps.errorf("'%s' does not refer to a registered pass or pass pipeline", name)
			}
			e := Entry{Pass: def, Options: DefaultOptions(def)}
			if ps.pos < len(ps.src) && ps.src[ps.pos] == '{' {
				if err := ps.parseOptions(def, e.Options); err != nil {
					return nil, err
				}
			}
			pl.Entries = append(pl.Entries, e)
		}
		ps.skipSpace()
		if ps.pos < len(ps.src) && ps.src[ps.pos] == ',' {
			ps.pos++
			continue
		}
		return pl, nil
	}
}

func (ps *pipeParser) parseOptions(def *Def, opts Options) error {
	ps.pos++ // {
	end := strings.IndexByte(ps.src[ps.pos:], '}')
	if end < 0 {
		return ps.errorf("expected '}' to close the options of '%s'", def.Name)
	}
	body := ps.src[ps.pos : ps.pos+end]
	ps.pos += end + 1
	for _, kv := range strings.Fields(body) {
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			v = "true"
		}
		known := false
		for _, o := range def.Options {
			known = known || o.Name == k
		}
		if !known {
			var names []string
			for _, o := range def.Options {
				names = append(names, o.Name)
			}
			return fmt.Errorf("pass '%s' has no option '%s' (options: %s)", def.Name, k, strings.Join(names, ", "))
		}
		opts[k] = v
	}
	return nil
}
