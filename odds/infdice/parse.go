package infdice

import (
	"fmt"

	"github.com/ordo-rules/ordo/odds"
)

// Program is the name the usage line shows (upstream prints its argv[0]).
const Program = "inf-dice-n4"

// usageLine is upstream's usage text (usage() in the inf-dice source).
func usageLine() string {
	return "Usage: " + Program + " <STAT 1> <B 1> <SAVES 1> <DAM 1> <TAG 1> <...> <STAT 2> <B 2> <SAVES 2> <DAM 2> <TAG 2> <...>"
}

// Field names what a ParseError is about.
type Field string

// The fields a ParseError can be about.
const (
	FieldArgs      Field = "args"      // argument count: none, too few, too many
	FieldStat      Field = "stat"      // STAT unreadable or out of range
	FieldBurst     Field = "burst"     // B out of range
	FieldAmmo      Field = "ammo"      // unknown AMMO
	FieldSaves     Field = "saves"     // fewer DAM/TAG words than the ammo takes
	FieldDam       Field = "dam"       // DAM out of range
	FieldTag       Field = "tag"       // unknown TAG
	FieldBurstSum  Field = "burst-sum" // B1+B2 above 9
	FieldTemplates Field = "templates" // both players are templates
)

// ParseError is one of upstream's argument errors. Msg is upstream's exact
// line (without the newline); the other fields say where it is, for callers
// that want more than the text.
type ParseError struct {
	Field  Field
	Player int // 1 or 2; 0 when not about one player
	Save   int // k of DAM[k]/TAG[k]; -1 otherwise
	Index  int // index in args of the offending word; -1 when none
	Msg    string
	// Usage is set where upstream prints its usage line after Msg (argument
	// counts). With no argument at all Msg is empty and only the usage line
	// is printed, as upstream does.
	Usage bool
}

func (e *ParseError) Error() string {
	if e.Msg == "" {
		return usageLine()
	}
	return e.Msg
}

// argError is a count error: upstream prints msg then its usage line.
func argError(msg string) *ParseError {
	return &ParseError{Field: FieldArgs, Save: -1, Index: -1, Msg: msg, Usage: true}
}

// Parse reads upstream's arguments (the words after the program name,
// verbatim) into a Config, checking what upstream checks, in its order, with
// its messages; the first failure is returned as a *ParseError:
//
//	no argument (usage only); fewer than 8 words ("Too few arguments");
//	P1 STAT (format, then range 0..40), P1 B (1..6), P1 AMMO, enough DAM/TAG
//	words, each DAM (0..20) then its TAG; the same for P2; leftover words;
//	B1+B2 <= 9; not two templates.
//
// noLimit lifts the burst caps: B may go up to odds.MaxBurst per player and
// the B1+B2 check is skipped; the success cap grows to fit (Config.SuccessCap).
//
// Upstream reads past the end of argv when P1's saves leave no words for P2
// (undefined behaviour, usually a crash); Parse reports "Too few arguments"
// with the usage line there instead.
func Parse(args []string, noLimit bool) (Config, error) {
	if len(args) == 0 {
		return Config{}, argError("")
	}
	if len(args) < 8 { // upstream: argc < 9, argv[0] included
		return Config{}, argError("ERROR: Too few arguments")
	}
	bmax := burstMax
	if noLimit {
		bmax = odds.MaxBurst
	}
	var cfg Config
	i := 0
	for n, p := range cfg.players() {
		var err error
		if i, err = parsePlayer(args, i, n+1, bmax, p); err != nil {
			return Config{}, err
		}
	}
	if i < len(args) {
		return Config{}, argError("ERROR: Too many arguments")
	}
	if !noLimit && cfg.P1.Burst+cfg.P2.Burst > burstSum {
		return Config{}, &ParseError{Field: FieldBurstSum, Save: -1, Index: -1,
			Msg: fmt.Sprintf("ERROR: Combined B value may not exceed %d", burstSum)}
	}
	if cfg.P1.Template && cfg.P2.Template {
		return Config{}, &ParseError{Field: FieldTemplates, Save: -1, Index: -1,
			Msg: "ERROR: FtF roll cannot have two templates"}
	}
	cfg.SuccessCap = successMax
	if noLimit {
		cfg.SuccessCap = defaultCap(cfg.P1.Burst, cfg.P2.Burst)
	}
	return cfg, nil
}

// parsePlayer reads STAT B AMMO (DAM TAG)... for player n from args[i:] and
// returns the index after them.
func parsePlayer(args []string, i, n, bmax int, p *Player) (int, error) {
	// Upstream reads P2's words without checking they exist (argc >= 9
	// only covers P1); each missing one is "Too few arguments" here.
	missing := func() bool { return i >= len(args) }
	if missing() {
		return i, argError("ERROR: Too few arguments")
	}
	if err := parseStat(cString(args[i]), n, i, p); err != nil {
		return i, err
	}
	i++
	if missing() {
		return i, argError("ERROR: Too few arguments")
	}
	p.Burst = atoiC(cString(args[i]))
	if p.Burst < 1 || p.Burst > bmax {
		return i, &ParseError{Field: FieldBurst, Player: n, Save: -1, Index: i,
			Msg: fmt.Sprintf("ERROR: P%d B %d must be in the range of 1 to %d", n, p.Burst, bmax)}
	}
	i++
	if missing() {
		return i, argError("ERROR: Too few arguments")
	}
	ammo := cString(args[i])
	saves := 0
	switch ammo {
	case "1", "2", "3":
		p.Ammo, saves = AmmoNormal, int(ammo[0]-'0')
	case "1C", "2C", "3C":
		p.Ammo, saves = AmmoContinuous, int(ammo[0]-'0')
	case "-":
		p.Ammo, saves = AmmoNone, 1
	default:
		return i, &ParseError{Field: FieldAmmo, Player: n, Save: -1, Index: i,
			Msg: fmt.Sprintf("ERROR: P%d AMMO type '%s' unknown.  Must be one of 1, 2, 3, 1C, 2C, 3C, -", n, ammo)}
	}
	i++
	if i+2*saves > len(args) {
		return i, &ParseError{Field: FieldSaves, Player: n, Save: -1, Index: -1,
			Msg: "ERROR: Too few damage values for number of saves"}
	}
	p.Saves = make([]Save, saves)
	for k := range p.Saves {
		dam := atoiC(cString(args[i]))
		if dam < 0 || dam > damMax {
			return i, &ParseError{Field: FieldDam, Player: n, Save: k, Index: i,
				Msg: fmt.Sprintf("ERROR: P%d DAM[%d] %d must be in the range of 0 to %d", n, k, dam, damMax)}
		}
		i++
		tag := cString(args[i])
		if _, ok := tagMask(tag); !ok {
			return i, &ParseError{Field: FieldTag, Player: n, Save: k, Index: i,
				Msg: fmt.Sprintf("ERROR: P%d TAG[%d] '%s' is unknown.", n, k, tag)}
		}
		i++
		p.Saves[k] = Save{Dam: dam, Tag: tag}
	}
	return i, nil
}

// parseStat reads STAT as upstream's parse_stat does: "T" is a template;
// otherwise strtol, then an optional "*" (no crits, and no boost), then an
// optional "!" (crit on a 1, raising a stat below 1 to 1), and nothing else
// unless the whole word is empty (which reads as 0). The range is checked
// after the "!" adjustment.
func parseStat(s string, n, idx int, p *Player) error {
	if s == "T" {
		p.Stat, p.Crit, p.Template = faces, noCritVal, true
		return nil
	}
	v, end := strtol(s)
	p.Stat = cInt(v)
	rest := s[end:]
	noCrit := false
	if len(rest) > 0 && rest[0] == '*' {
		noCrit, rest = true, rest[1:]
	}
	if len(rest) > 0 && rest[0] == '!' {
		p.CritOnOne, rest = true, rest[1:]
		p.Stat = max(p.Stat, 1)
	}
	if s != "" && rest != "" {
		return &ParseError{Field: FieldStat, Player: n, Save: -1, Index: idx,
			Msg: fmt.Sprintf("ERROR: P%d Stat %s cannot be read", n, s)}
	}
	if p.Stat < 0 || p.Stat > statMax {
		return &ParseError{Field: FieldStat, Player: n, Save: -1, Index: idx,
			Msg: fmt.Sprintf("ERROR: P%d Stat %d must be in the range of 0 to %d", n, p.Stat, statMax)}
	}
	switch {
	case noCrit:
		p.Crit = noCritVal
	case p.Stat > faces:
		p.Crit, p.Boost = faces, p.Stat-faces
	default:
		p.Crit = p.Stat
	}
	return nil
}
