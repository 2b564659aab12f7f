package odds

import (
	"math"
	"testing"

	"github.com/ordo-rules/ordo/dice"
)

// This file is the reference the fast calculator is checked against: a plain
// enumeration of every outcome of both sides' dice, judged by
// dice.FaceToFace itself, followed by a roll-by-roll walk through the Saving
// Rolls. It is slow on purpose and shares no code with the calculator beyond
// package dice.

// faceClass is a set of faces that judge alike, with one representative.
type faceClass struct {
	face int
	n    int64 // faces in the class
}

// classes groups the 20 faces of s by their judged die. Faces that judge
// alike are interchangeable in any comparison, so enumerating one face per
// class with its weight is the same as enumerating all 20.
func classes(s dice.Side) []faceClass {
	var out []faceClass
	index := map[dice.Die]int{}
	for f := 1; f <= dice.Faces; f++ {
		d, _ := s.Judge(f)
		d.Face = 0
		if i, ok := index[d]; ok {
			out[i].n++
			continue
		}
		index[d] = len(out)
		out = append(out, faceClass{face: f, n: 1})
	}
	return out
}

// weightedRoll is one multiset of faces with the number of ordered outcomes
// of 20^Burst it stands for.
type weightedRoll struct {
	faces []int
	n     int64
}

// multisets enumerates every multiset of Burst faces (by class) with its
// multinomial count; a side that does not roll has one empty roll standing
// for all 20^Burst outcomes.
func multisets(s dice.Side) []weightedRoll {
	if !s.Rolls() {
		return []weightedRoll{{n: ipow64(dice.Faces, s.Burst)}}
	}
	cls := classes(s)
	var out []weightedRoll
	idx := make([]int, s.Burst)
	var rec func(pos, from int)
	rec = func(pos, from int) {
		if pos == s.Burst {
			faces := make([]int, s.Burst)
			n := factorial(s.Burst)
			run := int64(1)
			for i, c := range idx {
				faces[i] = cls[c].face
				n *= cls[c].n
				if i > 0 && idx[i-1] == c {
					run++
					n /= run
				} else {
					run = 1
				}
			}
			out = append(out, weightedRoll{faces: faces, n: n})
			return
		}
		for c := from; c < len(cls); c++ {
			idx[pos] = c
			rec(pos+1, c)
		}
	}
	rec(0, 0)
	return out
}

func factorial(n int) int64 {
	f := int64(1)
	for i := 2; i <= n; i++ {
		f *= int64(i)
	}
	return f
}

func ipow64(x, n int) int64 {
	v := int64(1)
	for range n {
		v *= int64(x)
	}
	return v
}

// judged is one multiset judged by dice.Judge, with what it blocks.
type judged struct {
	out   dice.Outcome
	block int
	n     int64
}

func judgeAll(s dice.Side) []judged {
	var out []judged
	for _, r := range multisets(s) {
		o, err := dice.Judge(dice.Roll{Side: s, Faces: r.faces})
		if err != nil {
			panic(err)
		}
		out = append(out, judged{out: o, block: o.Blocks(), n: r.n})
	}
	return out
}

// survivors counts the dice of o that survive an opposing block, by the
// rule of dice.FaceToFace (dice.Die.Survives).
func survivors(o dice.Outcome, block int) (hits, crits int) {
	for _, d := range o.Dice {
		if d.Survives(block) {
			if d.Critical {
				crits++
			} else {
				hits++
			}
		}
	}
	return hits, crits
}

// refHits enumerates both sides' dice and returns P[h][c] for each side.
// b == nil is a Normal Roll.
func refHits(a dice.Side, b *dice.Side) (ta, tb [][]float64) {
	ca, cb := refCounts(a, b)
	if b == nil {
		return scale(ca, ipow64(dice.Faces, a.Burst)), nil
	}
	total := ipow64(dice.Faces, a.Burst+b.Burst)
	return scale(ca, total), scale(cb, total)
}

// refCounts counts, over every ordered outcome of both sides' dice, the
// outcomes giving each side exactly (h, c) survivors. Each multiset is judged
// once and every pair is compared by the rule dice.FaceToFace applies.
func refCounts(a dice.Side, b *dice.Side) (ca, cb [][]int64) {
	ca = itriangle(a.Burst)
	if b == nil {
		for _, ja := range judgeAll(a) {
			h, c := survivors(ja.out, 0)
			ca[h][c] += ja.n
		}
		return ca, nil
	}
	cb = itriangle(b.Burst)
	jbs := judgeAll(*b)
	for _, ja := range judgeAll(a) {
		for _, jb := range jbs {
			n := ja.n * jb.n
			h, c := survivors(ja.out, jb.block)
			ca[h][c] += n
			h, c = survivors(jb.out, ja.block)
			cb[h][c] += n
		}
	}
	return ca, cb
}

// itriangle allocates exact counts for h+c <= b.
func itriangle(b int) [][]int64 {
	t := make([][]int64, b+1)
	for h := range t {
		t[h] = make([]int64, b+1-h)
	}
	return t
}

// scale turns exact counts into probabilities with one rounding each.
func scale(c [][]int64, total int64) [][]float64 {
	t := triangle(len(c) - 1)
	for h := range c {
		for k := range c[h] {
			t[h][k] = float64(c[h][k]) / float64(total)
		}
	}
	return t
}

func triangle(b int) [][]float64 {
	t := make([][]float64, b+1)
	for h := range t {
		t[h] = make([]float64, b+1-h)
	}
	return t
}

// refInflicted walks every Saving Roll of every (h, c) one roll at a time,
// following each continuous chain to its end or to the tail row.
func refInflicted(t [][]float64, e Effect, last int) map[[2]int]float64 {
	tags := e.tags()
	out := map[[2]int]float64{}
	for h := range t {
		for c := range t[h] {
			if t[h][c] == 0 {
				continue
			}
			var rolls []SaveRoll
			auto := 0
			for range h {
				rolls = append(rolls, e.Saves...)
			}
			for range c {
				switch {
				case len(e.Saves) == 0:
				case e.Crits == CritAutoWound:
					auto++
					rolls = append(rolls, e.Saves[1:]...)
				default:
					rolls = append(rolls, e.Saves...)
					rolls = append(rolls, e.Saves[0])
				}
			}
			start := map[[2]int]float64{}
			switch {
			case len(e.Saves) == 0:
				start[[2]int{min(h+c, last), 0}] = 1
			case auto > 0:
				start[[2]int{min(auto, last), tagBit(tags, e.Saves[0].Tag)}] = 1
			default:
				start[[2]int{0, 0}] = 1
			}
			for sm, p := range walk(start, rolls, tags, e.Continuous, last) {
				out[sm] += t[h][c] * p
			}
		}
	}
	return out
}

// walk applies each roll in turn to a distribution over (successes, mask).
func walk(dist map[[2]int]float64, rolls []SaveRoll, tags []string, continuous bool, last int) map[[2]int]float64 {
	for _, r := range rolls {
		p := float64(min(max(r.Damage, 0), 20)) / 20
		bit := tagBit(tags, r.Tag)
		next := map[[2]int]float64{}
		for sm, q := range dist {
			s, m := sm[0], sm[1]
			if !continuous {
				next[[2]int{min(s, last), m}] += q * (1 - p)
				next[[2]int{min(s+1, last), m | bit}] += q * p
				continue
			}
			if s >= last {
				// Already in the tail: only the tag can still change.
				next[[2]int{last, m}] += q * (1 - p)
				next[[2]int{last, m | bit}] += q * p
				continue
			}
			// Fail k times then pass; stop counting at the tail row.
			pk := 1.0
			for k := 0; ; k++ {
				mk := m
				if k > 0 {
					mk |= bit
				}
				if s+k >= last {
					next[[2]int{last, mk}] += q * pk
					break
				}
				next[[2]int{s + k, mk}] += q * pk * (1 - p)
				pk *= p
				if pk == 0 {
					break
				}
			}
		}
		dist = next
	}
	return dist
}

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

// The shortcut the reference takes (judge once, compare by Blocks and
// Survives) is what dice.FaceToFace does: check it on every pair of small
// rolls.
func TestReferenceShortcutIsFaceToFace(t *testing.T) {
	sides := []dice.Side{{SV: 12, Burst: 2}, {SV: 23, Burst: 1}, {Template: true, Burst: 2}, {SV: 0, Burst: 1}, {SV: 9, Burst: 2, NoCrit: true}}
	for _, a := range sides {
		for _, b := range sides {
			if a.Template && b.Template {
				continue
			}
			for _, ra := range multisets(a) {
				for _, rb := range multisets(b) {
					oa, ob, err := dice.FaceToFace(dice.Roll{Side: a, Faces: ra.faces}, dice.Roll{Side: b, Faces: rb.faces})
					if err != nil {
						t.Fatal(err)
					}
					ja, _ := dice.Judge(dice.Roll{Side: a, Faces: ra.faces})
					jb, _ := dice.Judge(dice.Roll{Side: b, Faces: rb.faces})
					ha, ca := survivors(ja, jb.Blocks())
					hb, cb := survivors(jb, ja.Blocks())
					if ha != oa.Hits || ca != oa.Crits || hb != ob.Hits || cb != ob.Crits {
						t.Fatalf("%+v %v vs %+v %v: shortcut %d,%d/%d,%d, FaceToFace %+v %+v", a, ra.faces, b, rb.faces, ha, ca, hb, cb, oa, ob)
					}
				}
			}
		}
	}
}
