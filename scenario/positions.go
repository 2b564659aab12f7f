package scenario

import (
	"github.com/ordo-rules/ordo/internal/yamlfile"

	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/token"
)

// pos is a 1-based line and column; the zero pos means "unknown".
type pos = yamlfile.Pos

// positions remembers where every field of a parsed file is, keyed by the
// same field paths the validator uses ("sides[0].troopers[1].id"). The
// validator works on the decoded Go values, which have no positions; it
// names the path of a bad value and positions turns that into a line.
//
// One walk of the AST serves every lookup. Querying goccy's YAMLPath per
// error (yaml.PathString + FilterFile) would do the same work once per
// error and chokes on keys that need quoting.
type positions struct {
	byPath map[string]pos
	// byToken maps a token to the path of the node or key it starts, so a
	// decoder error, which carries only a token, can name its field.
	byToken map[*token.Token]string
}

// indexPositions walks the body of a document.
func indexPositions(body ast.Node) *positions {
	p := &positions{byPath: map[string]pos{}, byToken: map[*token.Token]string{}}
	p.walk(body, "")
	return p
}

func (p *positions) walk(n ast.Node, path string) {
	if n == nil {
		return
	}
	p.byPath[path] = yamlfile.NodePos(n)
	if tk := yamlfile.NodeToken(n); tk != nil {
		if _, seen := p.byToken[tk]; !seen {
			p.byToken[tk] = path
		}
	}
	switch n := n.(type) {
	case *ast.MappingNode:
		for _, mv := range n.Values {
			if mv == nil {
				continue
			}
			name, _ := keyName(mv.Key)
			child := yamlfile.ChildPath(path, name)
			if tk := yamlfile.NodeToken(mv.Key); tk != nil {
				p.byToken[tk] = child
			}
			if mv.Start != nil {
				p.byToken[mv.Start] = child
			}
			p.walk(mv.Value, child)
		}
	case *ast.SequenceNode:
		for i, v := range n.Values {
			p.walk(v, yamlfile.IndexPath(path, i))
		}
	case *ast.AnchorNode:
		p.walk(n.Value, path)
		p.byPath[path] = yamlfile.NodePos(n)
	case *ast.TagNode:
		p.walk(n.Value, path)
		p.byPath[path] = yamlfile.NodePos(n)
	}
}

// lookup returns the position of path, or of its nearest ancestor present
// in the file: a missing field is reported where it should have been, in
// the mapping that lacks it.
func (p *positions) lookup(path string) pos {
	if p == nil {
		return pos{}
	}
	at, _ := yamlfile.Lookup(p.byPath, path)
	return at
}

// keyName is the text of a mapping key and whether it is a string; keys of
// other types (numbers, booleans, null) are given their text so that a
// message can quote them.
func keyName(k ast.Node) (string, bool) {
	switch k := k.(type) {
	case *ast.StringNode:
		return k.Value, true
	case *ast.MappingKeyNode:
		return keyName(k.Value)
	case nil:
		return "", false
	}
	if tk := yamlfile.NodeToken(k); tk != nil {
		return tk.Value, false
	}
	return "", false
}
