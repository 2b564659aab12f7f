package army

import (
	"encoding/base64"
	"fmt"
	"net/url"
	"strings"
)

// The official Infinity Army builder shares a list as a code: base64 of a
// small binary record, as public community projects document it. Its
// integers are 1 byte below 128, else 2 bytes with the high bit of the
// first set (15 bits, big-endian); its strings are a length and the
// bytes. The record:
//
//	faction id (int), faction name (string), list name (1-byte length
//	and bytes; the builder's default is " "), points limit (int),
//	number of combat groups (int), then each group:
//	  group number (int), layout (int: 0 older, 1 newer),
//	  [newer: a reinforcement flag (int)], number of members (int),
//	  [newer: a 0 (int)], then each member:
//	    [older: its place in the group, 1, 2, … (int);
//	     newer: a 0 (int) before every member but the first]
//	    unit id (int), profile group (int), option (int), a 0 byte.
//
// Ordo reads only this record; the ids mean something only against the
// unit data the user supplies (units.go).

// Bounds on a code, checked before anything is decoded: real codes are a
// few hundred characters, with at most 15 troopers (and a few more in
// reinforcement groups).
const (
	// MaxCodeLength is the most characters a code may have.
	MaxCodeLength = 4096
	// MaxCodeGroups is the most combat groups a code may hold.
	MaxCodeGroups = 16
	// MaxCodeMembers is the most members in all a code may hold.
	MaxCodeMembers = 64
)

// Code is a decoded army code.
type Code struct {
	// Faction is the faction (or sectorial army) id and FactionName the
	// name the code gives it ("nomads").
	Faction     int
	FactionName string
	// Name is the list's name; empty when the code has the builder's
	// default.
	Name string
	// Points is the points limit.
	Points int
	Groups []CodeGroup
}

// CodeGroup is one combat group of a code.
type CodeGroup struct {
	Number int
	// Reinforcement marks a reinforcement group (the newer layout).
	Reinforcement bool
	Members       []Member
}

// Member is one trooper of a code: the unit, its profile group and its
// option, ids into the unit data.
type Member struct {
	Unit, Group, Option int
}

// CodeError is a code that cannot be decoded: At is the byte of the
// decoded record where it went wrong (-1 before decoding), Msg what.
type CodeError struct {
	At  int
	Msg string
}

func (e *CodeError) Error() string {
	if e.At < 0 {
		return "army code: " + e.Msg
	}
	return fmt.Sprintf("army code: at byte %d: %s", e.At, e.Msg)
}

// DecodeCode decodes an army builder code. The code may be URL-escaped
// (as the builder's links carry it) and its base64 padded or not.
func DecodeCode(code string) (*Code, error) {
	code = strings.TrimSpace(code)
	if len(code) > MaxCodeLength {
		return nil, &CodeError{-1, fmt.Sprintf("%d characters, more than the %d a code may have; nothing was decoded", len(code), MaxCodeLength)}
	}
	if code == "" {
		return nil, &CodeError{-1, "the code is empty"}
	}
	if strings.Contains(code, "%") {
		u, err := url.PathUnescape(code)
		if err != nil {
			return nil, &CodeError{-1, "a bad %-escape: " + err.Error()}
		}
		code = u
	}
	data, err := base64.RawStdEncoding.DecodeString(strings.TrimRight(code, "="))
	if err != nil {
		if data, err = base64.RawURLEncoding.DecodeString(strings.TrimRight(code, "=")); err != nil {
			return nil, &CodeError{-1, "not base64: " + err.Error()}
		}
	}
	d := &codeReader{data: data}
	c := &Code{}
	c.Faction = d.int("the faction id")
	c.FactionName = d.str("the faction name", d.int("the faction name's length"))
	c.Name = strings.TrimSpace(d.str("the list name", d.byte("the list name's length")))
	c.Points = d.int("the points limit")
	groups := d.int("the number of combat groups")
	if d.err == nil && groups > MaxCodeGroups {
		d.fail(fmt.Sprintf("%d combat groups, more than the %d a code may hold", groups, MaxCodeGroups))
	}
	members := 0
	for g := 0; g < groups && d.err == nil; g++ {
		cg := CodeGroup{Number: d.int("a combat group's number")}
		layout := d.int("a combat group's layout")
		if d.err == nil && layout > 1 {
			d.fail(fmt.Sprintf("combat group %d has layout %d; the known layouts are 0 and 1", cg.Number, layout))
		}
		if layout == 1 {
			cg.Reinforcement = d.int("the reinforcement flag") != 0
		}
		n := d.int("a combat group's size")
		if layout == 1 {
			d.int("the 0 after a group's size")
		}
		if members += n; d.err == nil && members > MaxCodeMembers {
			d.fail(fmt.Sprintf("more than %d members, the most a code may hold", MaxCodeMembers))
		}
		for i := 0; i < n && d.err == nil; i++ {
			if layout == 0 || i > 0 {
				d.int("a member's place")
			}
			m := Member{Unit: d.int("a unit id"), Group: d.int("a profile group"), Option: d.int("an option")}
			d.byte("the 0 after a member")
			cg.Members = append(cg.Members, m)
		}
		c.Groups = append(c.Groups, cg)
	}
	if d.err == nil && d.at < len(d.data) {
		d.fail(fmt.Sprintf("%d bytes after the last combat group", len(d.data)-d.at))
	}
	if d.err != nil {
		return nil, d.err
	}
	return c, nil
}

// codeReader reads a code's record; its first problem sticks.
type codeReader struct {
	data []byte
	at   int
	err  *CodeError
}

func (d *codeReader) fail(msg string) {
	if d.err == nil {
		d.err = &CodeError{d.at, msg}
	}
}

func (d *codeReader) byte(what string) int {
	if d.err != nil {
		return 0
	}
	if d.at >= len(d.data) {
		d.fail("the code ends before " + what)
		return 0
	}
	d.at++
	return int(d.data[d.at-1])
}

func (d *codeReader) int(what string) int {
	b := d.byte(what)
	if b < 0x80 {
		return b
	}
	return (b&0x7f)<<8 | d.byte(what)
}

func (d *codeReader) str(what string, n int) string {
	if d.err != nil {
		return ""
	}
	if n > len(d.data)-d.at {
		d.fail(fmt.Sprintf("%s is %d bytes long, past the end of the code", what, n))
		return ""
	}
	s := string(d.data[d.at : d.at+n])
	d.at += n
	return s
}
