package infdice

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

// words splits a command line on single spaces, keeping empty words.
func words(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(s, " ")
}

const usage = "Usage: inf-dice-n4 <STAT 1> <B 1> <SAVES 1> <DAM 1> <TAG 1> <...> <STAT 2> <B 2> <SAVES 2> <DAM 2> <TAG 2> <...>"

// TestParseErrors covers every upstream error text ("Argument grammar",
// "Limits"), in upstream's check order: each case also carries a later mistake
// that must not be the one reported.
func TestParseErrors(t *testing.T) {
	for _, tc := range []struct {
		args    string
		noLimit bool
		msg     string
		field   Field
		player  int
		save    int
		index   int
	}{
		// argc < 2: usage only.
		{"", false, "", FieldArgs, 0, -1, -1},
		// argc < 9.
		{"12 1 1 12 NONE 12 1", false, "ERROR: Too few arguments", FieldArgs, 0, -1, -1},
		{"x 1 1 12 NONE 12 1", false, "ERROR: Too few arguments", FieldArgs, 0, -1, -1},
		// STAT format before range, before B.
		{"12x 0 1 12 NONE 12 1 1 12 NONE", false, "ERROR: P1 Stat 12x cannot be read", FieldStat, 1, -1, 0},
		{"12!* 1 1 12 NONE 12 1 1 12 NONE", false, "ERROR: P1 Stat 12!* cannot be read", FieldStat, 1, -1, 0},
		{"12** 1 1 12 NONE 12 1 1 12 NONE", false, "ERROR: P1 Stat 12** cannot be read", FieldStat, 1, -1, 0},
		{"T* 1 1 12 NONE 12 1 1 12 NONE", false, "ERROR: P1 Stat T* cannot be read", FieldStat, 1, -1, 0},
		{"+ 1 1 12 NONE 12 1 1 12 NONE", false, "ERROR: P1 Stat + cannot be read", FieldStat, 1, -1, 0},
		{"12\t 1 1 12 NONE 12 1 1 12 NONE", false, "ERROR: P1 Stat 12\t cannot be read", FieldStat, 1, -1, 0},
		{"41 0 1 12 NONE 12 1 1 12 NONE", false, "ERROR: P1 Stat 41 must be in the range of 0 to 40", FieldStat, 1, -1, 0},
		{"-1 0 1 12 NONE 12 1 1 12 NONE", false, "ERROR: P1 Stat -1 must be in the range of 0 to 40", FieldStat, 1, -1, 0},
		{"41* 1 1 12 NONE 12 1 1 12 NONE", false, "ERROR: P1 Stat 41 must be in the range of 0 to 40", FieldStat, 1, -1, 0},
		// strtol overflow clamps to LONG_MAX, which an int holds as -1.
		{"99999999999999999999 1 1 12 NONE 12 1 1 12 NONE", false, "ERROR: P1 Stat -1 must be in the range of 0 to 40", FieldStat, 1, -1, 0},
		// B, before AMMO.
		{"12 0 X 12 NONE 12 1 1 12 NONE", false, "ERROR: P1 B 0 must be in the range of 1 to 6", FieldBurst, 1, -1, 1},
		{"12 7 1 12 NONE 12 1 1 12 NONE", false, "ERROR: P1 B 7 must be in the range of 1 to 6", FieldBurst, 1, -1, 1},
		{"12 abc 1 12 NONE 12 1 1 12 NONE", false, "ERROR: P1 B 0 must be in the range of 1 to 6", FieldBurst, 1, -1, 1},
		{"12 -1 1 12 NONE 12 1 1 12 NONE", true, "ERROR: P1 B -1 must be in the range of 1 to 100", FieldBurst, 1, -1, 1},
		{"12 101 1 12 NONE 12 1 1 12 NONE", true, "ERROR: P1 B 101 must be in the range of 1 to 100", FieldBurst, 1, -1, 1},
		// AMMO, before the DAM/TAG count.
		{"12 1 4 12 NONE 12 1 1 12", false, "ERROR: P1 AMMO type '4' unknown.  Must be one of 1, 2, 3, 1C, 2C, 3C, -", FieldAmmo, 1, -1, 2},
		{"12 1 F 12 NONE 12 1 1 12 NONE", false, "ERROR: P1 AMMO type 'F' unknown.  Must be one of 1, 2, 3, 1C, 2C, 3C, -", FieldAmmo, 1, -1, 2},
		{"12 1 1c 12 NONE 12 1 1 12 NONE", false, "ERROR: P1 AMMO type '1c' unknown.  Must be one of 1, 2, 3, 1C, 2C, 3C, -", FieldAmmo, 1, -1, 2},
		// Enough DAM/TAG words, before DAM.
		{"12 1 3 21 NONE 12 NONE 12", false, "ERROR: Too few damage values for number of saves", FieldSaves, 1, -1, -1},
		// DAM before its TAG, each save in turn.
		{"12 1 1 21 BAD 12 1 1 12 NONE", false, "ERROR: P1 DAM[0] 21 must be in the range of 0 to 20", FieldDam, 1, 0, 3},
		{"12 1 1 -1 NONE 12 1 1 12 NONE", false, "ERROR: P1 DAM[0] -1 must be in the range of 0 to 20", FieldDam, 1, 0, 3},
		{"12 1 1 12 none 12 1 1 12 NONE", false, "ERROR: P1 TAG[0] 'none' is unknown.", FieldTag, 1, 0, 4},
		{"12 1 2 12 NONE 12 FOO 12 1 1 99 NONE", false, "ERROR: P1 TAG[1] 'FOO' is unknown.", FieldTag, 1, 1, 6},
		{"12 1 2 12 BAD 21 NONE 12 1 1 12 NONE", false, "ERROR: P1 TAG[0] 'BAD' is unknown.", FieldTag, 1, 0, 4},
		// The same for P2, after all of P1.
		{"12 1 1 12 NONE 12x 9 1 12 NONE", false, "ERROR: P2 Stat 12x cannot be read", FieldStat, 2, -1, 5},
		{"12 1 1 12 NONE 50 9 1 12 NONE", false, "ERROR: P2 Stat 50 must be in the range of 0 to 40", FieldStat, 2, -1, 5},
		{"12 1 1 12 NONE 12 9 Q 12 NONE", false, "ERROR: P2 B 9 must be in the range of 1 to 6", FieldBurst, 2, -1, 6},
		{"12 1 1 12 NONE 12 1 Q 12 NONE", false, "ERROR: P2 AMMO type 'Q' unknown.  Must be one of 1, 2, 3, 1C, 2C, 3C, -", FieldAmmo, 2, -1, 7},
		{"12 1 1 12 NONE 12 1 2 12 NONE", false, "ERROR: Too few damage values for number of saves", FieldSaves, 2, -1, -1},
		{"12 1 1 12 NONE 12 1 1 30 NONE", false, "ERROR: P2 DAM[0] 30 must be in the range of 0 to 20", FieldDam, 2, 0, 8},
		{"12 1 1 12 NONE 12 1 1 12 SHOCKED", false, "ERROR: P2 TAG[0] 'SHOCKED' is unknown.", FieldTag, 2, 0, 9},
		// P1's saves leave no words for P2 (upstream reads past argv).
		{"12 1 3 12 NONE 12 NONE 12 NONE", false, "ERROR: Too few arguments", FieldArgs, 0, -1, -1},
		{"12 1 2 12 NONE 12 NONE 12", false, "ERROR: Too few arguments", FieldArgs, 0, -1, -1},
		{"12 1 2 12 NONE 12 NONE 12 1", false, "ERROR: Too few arguments", FieldArgs, 0, -1, -1},
		// Leftover words, before the burst sum and the templates.
		{"T 6 1 12 NONE T 6 1 12 NONE extra", false, "ERROR: Too many arguments", FieldArgs, 0, -1, -1},
		{"12 1 1 12 NONE 12 1 1 12 NONE ", false, "ERROR: Too many arguments", FieldArgs, 0, -1, -1},
		// B1+B2 <= 9, before the templates.
		{"T 5 1 12 NONE T 5 1 12 NONE", false, "ERROR: Combined B value may not exceed 9", FieldBurstSum, 0, -1, -1},
		{"12 6 1 12 NONE 12 4 1 12 NONE", false, "ERROR: Combined B value may not exceed 9", FieldBurstSum, 0, -1, -1},
		{"T 5 1 12 NONE T 5 1 12 NONE", true, "ERROR: FtF roll cannot have two templates", FieldTemplates, 0, -1, -1},
		{"T 1 1 12 NONE T 1 1 12 NONE", false, "ERROR: FtF roll cannot have two templates", FieldTemplates, 0, -1, -1},
	} {
		_, err := Parse(words(tc.args), tc.noLimit)
		var pe *ParseError
		if !errors.As(err, &pe) {
			t.Errorf("%q: error %v, want a *ParseError", tc.args, err)
			continue
		}
		if pe.Msg != tc.msg || pe.Field != tc.field || pe.Player != tc.player || pe.Save != tc.save || pe.Index != tc.index {
			t.Errorf("%q:\n got %+v\nwant msg %q field %s player %d save %d index %d", tc.args, *pe, tc.msg, tc.field, tc.player, tc.save, tc.index)
		}
		if wantUsage := tc.field == FieldArgs; pe.Usage != wantUsage {
			t.Errorf("%q: Usage = %v", tc.args, pe.Usage)
		}
		// Main prints the same line (and the usage line after count errors)
		// on stdout, where upstream prints it and inf-dice's front end reads
		// it, nothing on stderr, and fails.
		var out, errOut bytes.Buffer
		code := Main(words(tc.args), tc.noLimit, &out, &errOut)
		want := tc.msg + "\n"
		if pe.Usage {
			want += usage + "\n"
		}
		if tc.msg == "" {
			want = usage + "\n"
		}
		if code == 0 || errOut.Len() != 0 || out.String() != want {
			t.Errorf("%q: Main = %d, stdout %q, stderr %q, want stdout %q", tc.args, code, out.String(), errOut.String(), want)
		}
	}
}

// TestParseAccepts covers what upstream's readers accept: strtol's leading
// space and sign, trailing junk after B and DAM, the empty STAT, "*" and
// "!" alone, the int truncation of long values, and noLimit's bursts.
func TestParseAccepts(t *testing.T) {
	for _, tc := range []struct {
		args    string
		noLimit bool
		p1      Player
	}{
		{"\t12 3x 1 4abc NONE 12 1 1 12 NONE", false, Player{Stat: 12, Crit: 12, Burst: 3, Saves: []Save{{4, "NONE"}}}},
		{"+12 1 1 12 NONE 12 1 1 12 NONE", false, Player{Stat: 12, Crit: 12, Burst: 1, Saves: []Save{{12, "NONE"}}}},
		{" 1 1 abc NONE 12 1 1 12 NONE", false, Player{Stat: 0, Crit: 0, Burst: 1, Saves: []Save{{0, "NONE"}}}},
		{"* 1 1 12 NONE 12 1 1 12 NONE", false, Player{Stat: 0, Crit: 21, Burst: 1, Saves: []Save{{12, "NONE"}}}},
		{"! 1 1 12 NONE 12 1 1 12 NONE", false, Player{Stat: 1, Crit: 1, CritOnOne: true, Burst: 1, Saves: []Save{{12, "NONE"}}}},
		{"-5! 1 1 12 NONE 12 1 1 12 NONE", false, Player{Stat: 1, Crit: 1, CritOnOne: true, Burst: 1, Saves: []Save{{12, "NONE"}}}},
		{"25*! 1 1 12 NONE 12 1 1 12 NONE", false, Player{Stat: 25, Crit: 21, CritOnOne: true, Burst: 1, Saves: []Save{{12, "NONE"}}}},
		{"4294967297 4294967299 1 12 NONE 12 1 1 12 NONE", false, Player{Stat: 1, Crit: 1, Burst: 3, Saves: []Save{{12, "NONE"}}}},
		{"-99999999999999999999 1 1 12 NONE 12 1 1 12 NONE", false, Player{Stat: 0, Crit: 0, Burst: 1, Saves: []Save{{12, "NONE"}}}},
		{"12 1 - 7 SHOCK 12 1 1 12 NONE", false, Player{Stat: 12, Crit: 12, Burst: 1, Ammo: AmmoNone, Saves: []Save{{7, "SHOCK"}}}},
		{"T 2 3C 1 C 2 D 3 E 12 1 1 12 NONE", false, Player{Stat: 20, Crit: 21, Template: true, Burst: 2, Ammo: AmmoContinuous, Saves: []Save{{1, "C"}, {2, "D"}, {3, "E"}}}},
		{"12 7 2 1 EM 2 NONE 12 8 1 12 NONE", true, Player{Stat: 12, Crit: 12, Burst: 7, Saves: []Save{{1, "EM"}, {2, "NONE"}}}},
	} {
		cfg, err := Parse(words(tc.args), tc.noLimit)
		if err != nil {
			t.Errorf("%q: %v", tc.args, err)
			continue
		}
		if got, want := headerOf(1, &cfg.P1), headerOf(1, &tc.p1); got != want {
			t.Errorf("%q:\n got %s\nwant %s", tc.args, got, want)
		}
	}
}

// TestSuccessCap checks the cap Parse sets: upstream's 24, raised under
// noLimit only when the bursts need it.
func TestSuccessCap(t *testing.T) {
	for _, tc := range []struct {
		args    string
		noLimit bool
		want    int
	}{
		{"12 6 1 12 NONE 12 3 1 12 NONE", false, 24},
		{"12 6 1 12 NONE 12 3 1 12 NONE", true, 24},
		{"12 10 1 12 NONE 12 3 1 12 NONE", true, 40},
		{"12 1 1 12 NONE 12 100 1 12 NONE", true, 400},
	} {
		cfg, err := Parse(words(tc.args), tc.noLimit)
		if err != nil || cfg.SuccessCap != tc.want {
			t.Errorf("%q: cap %d, err %v; want %d", tc.args, cfg.SuccessCap, err, tc.want)
		}
	}
}

// TestStrtol pins the C reader that STAT, B and DAM go through.
func TestStrtol(t *testing.T) {
	for _, tc := range []struct {
		in  string
		v   int64
		end int
	}{
		{"", 0, 0}, {"12", 12, 2}, {" \t\n\v\f\r-7x", -7, 8}, {"+", 0, 0}, {" -", 0, 0},
		{"abc", 0, 0}, {"9223372036854775807", 9223372036854775807, 19},
		{"9223372036854775808", 9223372036854775807, 19}, {"-9223372036854775808", -9223372036854775808, 20},
		{"-9223372036854775809", -9223372036854775808, 20}, {"00012*", 12, 5},
	} {
		if v, end := strtol(tc.in); v != tc.v || end != tc.end {
			t.Errorf("strtol(%q) = %d, %d; want %d, %d", tc.in, v, end, tc.v, tc.end)
		}
	}
	if cInt(4294967297) != 1 || cInt(9223372036854775807) != -1 || cInt(-9223372036854775808) != 0 {
		t.Error("cInt does not truncate to 32 bits")
	}
	if atoiC("12\x0034") != 12 || cString("NO\x00NE") != "NO" {
		t.Error("NUL does not end a C string")
	}
}
