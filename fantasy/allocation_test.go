package fantasy

import "testing"

// Acceptance tests T01–T13: Characters in units: hit allocation. Shooting
// hits (S3) land on the blue unit "u"; red is the attacker and, by
// default (fantasy-allocator: attacker), the allocating player. To-wound
// dice of 1 make every hit harmless, so each test sees only where the hits
// went.

// swordsmen is a blue unit of n Swordsmen (infantry) with characters.
func swordsmen(n int, characters ...string) []map[string]any {
	return []map[string]any{unitSpecOf("u", "swordsman", n, min(n+len(characters)/2, 10), [2]float64{24, 10}, 90, chars(characters...))}
}

// volley lands hits on unit u from red; it returns the events so far.
func volley(t *testing.T, s *State, hits int) []Event {
	t.Helper()
	s.Phase = PhaseShooting
	if err := s.hitUnit("red", s.unit("u"), hits, 3, script(t, ones(hits)...)); err != nil {
		t.Fatal(err)
	}
	return s.stepped
}

// allocateAs applies an allocation by red and returns the per-model hits.
func allocateAs(t *testing.T, s *State, hits map[string]int) map[string]int {
	t.Helper()
	n := s.Pending.Hits
	evs := apply(t, s, "red", Allocate{Hits: hits}, ones(n)...)
	return allocated(t, evs)
}

func TestT01SameTypeSixRankAndFileTakeEveryHit(t *testing.T) {
	s := battle(t, nil, swordsmen(6, "captain", "captain"), target())
	per := allocated(t, volley(t, s, 4))
	if s.Phase == PhaseAllocate {
		t.Fatal("case A leaves the attacker no choice, yet the game waits for an allocation")
	}
	if per["captain"] != 0 || rfHits(s.unit("u"), per) != 4 {
		t.Fatalf("Captain %d, R&F %d; want 0 and 4", per["captain"], rfHits(s.unit("u"), per))
	}
}

func TestT02ExactlyFiveRankAndFileIsCaseA(t *testing.T) {
	s := battle(t, nil, swordsmen(5, "captain", "captain"), target())
	per := allocated(t, volley(t, s, 7))
	if per["captain"] != 0 || rfHits(s.unit("u"), per) != 7 {
		t.Fatalf("Captain %d, R&F %d; want 0 and 7", per["captain"], rfHits(s.unit("u"), per))
	}
	// Under fantasy-rank-and-file: 6 (the page's "more than 5" read
	// literally) five rank-and-file no longer protect him.
	s = battle(t, map[string]string{"fantasy-rank-and-file": "6"}, swordsmen(5, "captain", "captain"), target())
	volley(t, s, 7)
	if s.Phase != PhaseAllocate || len(s.Pending.Eligible) != 1 {
		t.Fatalf("under the literal reading the Captain should be eligible; phase %s", s.Phase)
	}
}

func TestT03FourRankAndFileEveryModelTakesOne(t *testing.T) {
	s := battle(t, nil, swordsmen(4, "captain", "captain"), target())
	per := allocated(t, volley(t, s, 5))
	if s.Phase == PhaseAllocate {
		t.Fatal("5 hits on 5 models leave no choice")
	}
	for _, m := range s.unit("u").Models {
		if per[m.ID] != 1 {
			t.Fatalf("%s takes %d hits, want exactly 1 (all: %v)", m.ID, per[m.ID], per)
		}
	}
}

func TestT04CharactersFirstAndNoSecondHit(t *testing.T) {
	s := battle(t, nil, swordsmen(4, "captain", "captain"), target())
	volley(t, s, 3)
	if p := s.Prompt(); p.Window != string(PhaseAllocate) || !p.Waits("red") {
		t.Fatalf("prompt %+v, want the attacker (red) to allocate", p)
	}
	legal, _ := legalOptions(s, "red")
	if len(legal) != 2 {
		t.Fatalf("menu %v, want the Captain on 0 or 1", legal)
	}
	bad := s.clone()
	re := refused(t, bad, "red", Allocate{Hits: map[string]int{"captain": 2}}, CodeAllocate)
	if re.Rule != ruleAllocation {
		t.Fatalf("refused citing %q", re.Rule)
	}
	per := allocateAs(t, s, map[string]int{"captain": 1})
	if per["captain"] != 1 || rfHits(s.unit("u"), per) != 2 {
		t.Fatalf("Captain %d, R&F %d; want 1 and 2", per["captain"], rfHits(s.unit("u"), per))
	}
}

func TestT05SevenHitsOnFiveModels(t *testing.T) {
	for _, captain := range []int{1, 2} {
		s := battle(t, nil, swordsmen(4, "captain", "captain"), target())
		volley(t, s, 7)
		per := allocateAs(t, s, map[string]int{"captain": captain})
		twos := 0
		for _, m := range s.unit("u").Models {
			switch n := per[m.ID]; {
			case n < 1 || n > 2:
				t.Fatalf("Captain %d: %s takes %d hits (%v)", captain, m.ID, n, per)
			case n == 2:
				twos++
			}
		}
		if twos != 2 || per["captain"] != captain {
			t.Fatalf("Captain %d: %d models with 2 hits, Captain %d (%v)", captain, twos, per["captain"], per)
		}
	}
	s := battle(t, nil, swordsmen(4, "captain", "captain"), target())
	volley(t, s, 7)
	refused(t, s, "red", Allocate{Hits: map[string]int{"captain": 3}}, CodeAllocate)
	refused(t, s, "red", Allocate{Hits: map[string]int{"captain": 0}}, CodeAllocate)
}

func TestT06MountedCaptainInInfantryTakesAHit(t *testing.T) {
	s := battle(t, nil, swordsmen(10, "captain", "mounted-captain"), target())
	volley(t, s, 5)
	per := allocateAs(t, s, map[string]int{"captain": 1})
	if per["captain"] != 1 || rfHits(s.unit("u"), per) != 4 {
		t.Fatalf("Captain %d, R&F %d; want 1 and 4", per["captain"], rfHits(s.unit("u"), per))
	}
}

func TestT07ElevenHitsOnElevenModels(t *testing.T) {
	s := battle(t, nil, swordsmen(10, "captain", "mounted-captain"), target())
	per := allocated(t, volley(t, s, 11))
	for _, m := range s.unit("u").Models {
		if per[m.ID] != 1 {
			t.Fatalf("%s takes %d, want 1 (%v)", m.ID, per[m.ID], per)
		}
	}
}

func TestT08TwelveHitsCaptainTakesTwo(t *testing.T) {
	s := battle(t, nil, swordsmen(10, "captain", "mounted-captain"), target())
	volley(t, s, 12)
	per := allocateAs(t, s, map[string]int{"captain": 2})
	if per["captain"] != 2 || rfHits(s.unit("u"), per) != 10 {
		t.Fatalf("Captain %d, R&F %d; want 2 and 10", per["captain"], rfHits(s.unit("u"), per))
	}
}

func TestT09OnlyTheOtherTypeCharacterIsEligible(t *testing.T) {
	s := battle(t, nil, swordsmen(10, "foot", "captain", "mounted", "mounted-captain"), target())
	volley(t, s, 3)
	refused(t, s, "red", Allocate{Hits: map[string]int{"foot": 1}}, CodeAllocate)
	per := allocateAs(t, s, map[string]int{"mounted": 1})
	if per["foot"] != 0 || per["mounted"] != 1 || rfHits(s.unit("u"), per) != 2 {
		t.Fatalf("foot %d, mounted %d, R&F %d; want 0, 1, 2", per["foot"], per["mounted"], rfHits(s.unit("u"), per))
	}
}

func TestT10SecondHitBeforeEveryModelHasOneIsRefused(t *testing.T) {
	s := battle(t, nil, swordsmen(10, "captain", "mounted-captain"), target())
	volley(t, s, 2)
	re := refused(t, s, "red", Allocate{Hits: map[string]int{"captain": 2}}, CodeAllocate)
	if re.Rule != ruleAllocation {
		t.Fatalf("cites %q", re.Rule)
	}
}

func TestT11FewRankAndFileMakeBothCharactersEligible(t *testing.T) {
	s := battle(t, nil, swordsmen(4, "foot", "captain", "mounted", "mounted-captain"), target())
	per := allocated(t, volley(t, s, 6))
	if len(s.unit("u").Models) != 6 {
		t.Fatal("want 6 models")
	}
	for _, m := range s.unit("u").Models {
		if per[m.ID] != 1 {
			t.Fatalf("%s takes %d, want 1 (%v)", m.ID, per[m.ID], per)
		}
	}
}

func TestT12UnitOfTwoCharacters(t *testing.T) {
	blue := []map[string]any{
		unitSpecOf("u", "captain", 1, 1, [2]float64{24, 10}, 90, nil),
		unitSpecOf("b", "captain", 1, 1, [2]float64{24, 12.5}, 90, nil),
	}
	for _, second := range []string{"u", "b"} {
		s := battle(t, nil, blue, target())
		apply(t, s, "blue", EndCharges{})
		apply(t, s, "blue", Join{Character: "b", Unit: "u"})
		volley(t, s, 3)
		legal, _ := legalOptions(s, "red")
		if len(legal) != 2 {
			t.Fatalf("menu %v: the attacker picks which character takes 2", legal)
		}
		other := map[string]string{"u": "b", "b": "u"}[second]
		per := allocateAs(t, s, map[string]int{second: 2, other: 1})
		if per[second] != 2 || per[other] != 1 {
			t.Fatalf("%v, want %s 2 and %s 1", per, second, other)
		}
	}
}

func TestT13RankAndFileCountedBeforeCasualtiesExcessLost(t *testing.T) {
	s := battle(t, nil, swordsmen(5, "captain", "captain"), target())
	s.Phase = PhaseShooting
	// 8 to-wound sixes, then 8 armour saves of 1 (5+ needed).
	faces := append(ones(0), 6, 6, 6, 6, 6, 6, 6, 6, 1, 1, 1, 1, 1, 1, 1, 1)
	if err := s.hitUnit("red", s.unit("u"), 8, 3, script(t, faces...)); err != nil {
		t.Fatal(err)
	}
	u := s.unit("u")
	if len(u.Models) != 1 || u.Models[0].ID != "captain" || u.Models[0].Wounds != 2 {
		t.Fatalf("models %+v: want the Captain alone and unhurt", u.Models)
	}
	if u.Pool != 0 {
		t.Fatalf("%d excess wounds kept; they are discarded", u.Pool)
	}
}
