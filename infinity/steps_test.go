package infinity

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/ordo-rules/ordo/rules"
)

// Order Expenditure Sequence (N4): each step is declared once and whole.
// The table names every step, each entry says who is prompted, what it
// accepts and what the menu offers, and every action the wire can carry
// belongs to a step that checks and applies it.
func TestStepTableDeclaresEveryStepOnce(t *testing.T) {
	var all []Step
	for _, v := range constsOf(t, "Step") {
		all = append(all, Step(v))
	}
	var names []Step
	accepted := map[ActionKind]bool{}
	for _, d := range stepTable {
		if slices.Contains(names, d.name) {
			t.Errorf("step %s is declared twice", d.name)
		}
		names = append(names, d.name)
		if d.who == nil || d.candidates == nil || len(d.actions) == 0 {
			t.Errorf("step %s: who, candidates and actions must be set", d.name)
		}
		if d.order == (d.name == StepOrders || d.name == StepAppoint || d.name == StepStrategic || d.name == StepInitiative || d.name == StepChoice || d.name == StepClassified || d.name == StepDeploy) {
			t.Errorf("step %s: order is %v", d.name, d.order)
		}
		for _, a := range d.actions {
			if a.check == nil || a.apply == nil || a.is == nil {
				t.Errorf("step %s, %s: check, apply and is must be set", d.name, a.kind)
			}
			accepted[a.kind] = true
		}
	}
	for _, st := range all {
		if stepNamed(st) == nil || stepNamed(st).name != st {
			t.Errorf("step %s has no entry in the step table", st)
		}
	}
	if len(names) != len(all) {
		t.Errorf("the table has %d steps, want %d: %v", len(names), len(all), names)
	}
	for _, kind := range actionCodec.Kinds() {
		a, err := actionCodec.Decode([]byte(`{"kind":"` + kind + `"}`))
		if err != nil {
			// An action with required fields: its type is still known.
			if !accepted[ActionKind(kind)] {
				t.Errorf("action %s belongs to no step", kind)
			}
			continue
		}
		if !accepted[ActionKind(kind)] || !known(a) {
			t.Errorf("action %s (%T) belongs to no step", kind, a)
		}
	}
}

// The step table's refusals: an action of another window is refused with
// the window it was sent in, and a foreign action that borrows a known kind
// is unknown, not mistaken for ours (Order Expenditure Sequence (N4)).
func TestStepTableRefusals(t *testing.T) {
	st := setup(t, duelYAML("at: [10, 4], facing: 90", "at: [10, 14], facing: 270", ""), nil)
	_, err := st.check(Resolve{}, nil)
	var re *rules.RuleError
	if !errorsAs(err, &re) || re.Code != rules.CodeWrongWindow || !strings.Contains(re.Error(), "orders window") {
		t.Errorf("resolve between Orders: got %v, want a wrong-window refusal naming the orders window", err)
	}
	_, err = st.check(foreignResolve{}, nil)
	if !errorsAs(err, &re) || re.Code != rules.CodeUnknown {
		t.Errorf("a foreign action with the kind resolve: got %v, want unknown", err)
	}
}

// foreignResolve is an action of another package that calls itself resolve.
type foreignResolve struct{}

func (foreignResolve) Kind() string { return "resolve" }

func errorsAs(err error, re **rules.RuleError) bool {
	r, ok := rules.AsRuleError(err)
	if ok {
		*re = r
	}
	return ok
}

// Common Skills (N4): every skill has one entry in the skill table, with
// its rulebook name and a category, and the unknown-skill error lists
// every one.
func TestSkillTableHasEverySkillOnce(t *testing.T) {
	var all []SkillName
	for _, v := range constsOf(t, "SkillName") {
		all = append(all, SkillName(v))
	}
	if len(skillTable) != len(all) {
		t.Errorf("the skill table has %d entries, want %d", len(skillTable), len(all))
	}
	for _, name := range all {
		f := factsOf(name)
		if f == nil {
			t.Errorf("%s has no entry in the skill table", name)
			continue
		}
		if f.title == "" || skillName(name) != f.title {
			t.Errorf("%s: title %q", name, f.title)
		}
		if !slices.Contains([]Category{CategoryShortMovement, CategoryShort, CategoryEntire}, f.category) {
			t.Errorf("%s: category %q", name, f.category)
		}
		if !strings.Contains(", "+knownSkills()+", ", ", "+string(name)+", ") {
			t.Errorf("the unknown-skill list %q leaves out %s", knownSkills(), name)
		}
		if f.attack && !f.rolls {
			t.Errorf("%s is an Attack that does not roll", name)
		}
	}
}

// constsOf reads, from the package's source, the values of every constant
// declared with the named type: the vocabulary the tables must cover,
// wherever a later change declares a new word.
func constsOf(t *testing.T, typ string) []string {
	t.Helper()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok || g.Tok != token.CONST {
				continue
			}
			for _, sp := range g.Specs {
				vs := sp.(*ast.ValueSpec)
				if id, ok := vs.Type.(*ast.Ident); !ok || id.Name != typ {
					continue
				}
				for _, v := range vs.Values {
					lit, ok := v.(*ast.BasicLit)
					if !ok || lit.Kind != token.STRING {
						continue
					}
					s, err := strconv.Unquote(lit.Value)
					if err != nil {
						t.Fatal(err)
					}
					out = append(out, s)
				}
			}
		}
	}
	if len(out) == 0 {
		t.Fatalf("no constant of type %s found", typ)
	}
	return out
}
