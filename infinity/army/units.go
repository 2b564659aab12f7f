package army

import (
	"encoding/json"
	"fmt"

	"github.com/ordo-rules/ordo/internal/jsonscan"
)

// The unit data a code's ids mean something against is the JSON the
// official army builder's data endpoint serves for one faction, as public
// community projects document it. Ordo never ships or downloads it: the
// user supplies the file. Only the fields below are read:
//
//	{"units": [{"id", "isc", "name", "slug",
//	   "profileGroups": [{"id", "isc",
//	     "profiles": [{"id", "name", "move": [cm, cm], "cc", "bs", "ph",
//	        "wip", "arm", "bts", "w", "s", "ava", "str", "type", "chars",
//	        "skills", "equip", "weapons"}],
//	     "options": [{"id", "name", "points", "swc": "1.5", "skills",
//	        "equip", "weapons", "orders": [{"type": "LIEUTENANT"}],
//	        "includes": [{"q", "group", "option"}]}]}]}],
//	 "filters": {"type", "chars", "skills", "equip", "weapons":
//	   [{"id", "name"}]}}
//
// skills, equip and weapons are lists of {"id", "extra": [ids]}, named
// through filters (extras through filters.extras); "move" is in
// centimetres (5 cm to 2").

// Bounds on a unit file, checked on its bytes before it is decoded: one
// faction's file is about 0.3 to 1 MiB, nests about 8 deep and has no list
// over a few hundred entries.
const (
	// MaxUnitFileSize is the most bytes a unit file may hold.
	MaxUnitFileSize = 16 << 20
	// MaxUnitDepth is the deepest a unit file may nest.
	MaxUnitDepth = 32
	// MaxUnitList is the most entries of any one list or object.
	MaxUnitList = 20000
)

type unitFile struct {
	Units   []unitJSON `json:"units"`
	Filters struct {
		Type    []namedJSON `json:"type"`
		Chars   []namedJSON `json:"chars"`
		Skills  []namedJSON `json:"skills"`
		Equip   []namedJSON `json:"equip"`
		Weapons []namedJSON `json:"weapons"`
		Extras  []namedJSON `json:"extras"`
	} `json:"filters"`
}

type namedJSON struct {
	ID   int    `json:"id"`
	Name string `json:"name"`
}

type unitJSON struct {
	ID            int         `json:"id"`
	ISC           string      `json:"isc"`
	Name          string      `json:"name"`
	Slug          string      `json:"slug"`
	ProfileGroups []groupJSON `json:"profileGroups"`
}

type groupJSON struct {
	ID       int           `json:"id"`
	ISC      string        `json:"isc"`
	Profiles []profileJSON `json:"profiles"`
	Options  []optionJSON  `json:"options"`
}

type profileJSON struct {
	ID      int        `json:"id"`
	Name    string     `json:"name"`
	Move    []int      `json:"move"`
	CC      int        `json:"cc"`
	BS      int        `json:"bs"`
	PH      int        `json:"ph"`
	WIP     int        `json:"wip"`
	ARM     int        `json:"arm"`
	BTS     int        `json:"bts"`
	W       int        `json:"w"`
	S       int        `json:"s"`
	AVA     int        `json:"ava"`
	Str     bool       `json:"str"`
	Type    int        `json:"type"`
	Chars   []int      `json:"chars"`
	Skills  []itemJSON `json:"skills"`
	Equip   []itemJSON `json:"equip"`
	Weapons []itemJSON `json:"weapons"`
}

type optionJSON struct {
	ID      int        `json:"id"`
	Name    string     `json:"name"`
	Points  int        `json:"points"`
	SWC     string     `json:"swc"`
	Chars   []int      `json:"chars"`
	Skills  []itemJSON `json:"skills"`
	Equip   []itemJSON `json:"equip"`
	Weapons []itemJSON `json:"weapons"`
	Orders  []struct {
		Type string `json:"type"`
	} `json:"orders"`
	// Includes are other troopers the option brings (a TAG's pilot, a
	// second model): {"q", "group", "option"}.
	Includes []struct {
		Q      int `json:"q"`
		Group  int `json:"group"`
		Option int `json:"option"`
	} `json:"includes"`
}

type itemJSON struct {
	ID    int   `json:"id"`
	Extra []int `json:"extra"`
}

// UnitError is a unit file that cannot be read.
type UnitError struct {
	File string
	// Offset is the byte where the problem is, -1 for the whole file.
	Offset int64
	Msg    string
}

func (e *UnitError) Error() string {
	if e.Offset < 0 {
		return fmt.Sprintf("%s: %s", e.File, e.Msg)
	}
	return fmt.Sprintf("%s: at byte %d: %s", e.File, e.Offset, e.Msg)
}

// decodeUnits checks a unit file's bounds on its bytes, then decodes it.
func decodeUnits(file string, data []byte) (*unitFile, error) {
	if len(data) > MaxUnitFileSize {
		return nil, &UnitError{file, -1, fmt.Sprintf("%d bytes, more than the %d MiB a unit file may hold; nothing was read", len(data), MaxUnitFileSize>>20)}
	}
	if off, msg := scanJSON(data); msg != "" {
		return nil, &UnitError{file, off, msg + "; nothing was read"}
	}
	var u unitFile
	if err := json.Unmarshal(data, &u); err != nil {
		off := int64(-1)
		switch e := err.(type) {
		case *json.SyntaxError:
			off = e.Offset
		case *json.UnmarshalTypeError:
			off = e.Offset
			return nil, &UnitError{file, off, fmt.Sprintf("%s: want %s, got %s", e.Field, e.Type, e.Value)}
		}
		return nil, &UnitError{file, off, err.Error()}
	}
	return &u, nil
}

// scanJSON checks a JSON text's nesting and the entries of each of its
// arrays and objects against MaxUnitDepth and MaxUnitList, in one pass
// over its bytes, so that the decoder never sees a hostile shape. It does
// not check the syntax: the decoder does.
func scanJSON(data []byte) (int64, string) {
	var commas []int // the commas so far of each open array or object
	for i, c := range jsonscan.Outside(data) {
		switch c {
		case '[', '{':
			commas = append(commas, 0)
			if len(commas) > MaxUnitDepth {
				return int64(i), fmt.Sprintf("the file nests deeper than %d levels here", MaxUnitDepth)
			}
		case ']', '}':
			if len(commas) > 0 {
				commas = commas[:len(commas)-1]
			}
		case ',':
			if n := len(commas); n > 0 {
				if commas[n-1]++; commas[n-1] >= MaxUnitList {
					return int64(i), fmt.Sprintf("a list or object of more than %d entries here", MaxUnitList)
				}
			}
		}
	}
	return 0, ""
}
