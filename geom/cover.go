package geom

// CoverReach is how far behind a cover-giving piece a target may stand and
// still claim it: its base within 1" (edge to edge) of the piece.
const CoverReach = 1.0

// PartialCover reports whether the target is in Partial Cover from the
// shooter (Saving Rolls (N4): −3 BS to the attacker, −3 Attack Damage), and the
// index in Table.Terrain of the piece that gives it (-1 if none).
//
// Ordo plays the MODs of Cover (N4) but not its exact geometry, so the
// package uses a simple, deterministic rule in the spirit of N4's "in
// contact with scenery that partially hides the target":
//
//  1. the shooter has LoF to the target (see LoF); no LoF, no cover;
//  2. some terrain piece flagged GivesCover is within CoverReach of the
//     target's base, edge to edge (contact included);
//  3. at least one of the sight lines LoF samples that the shooter's arc
//     admits passes through that piece's interior: the piece stands between
//     the two and hides part of the target. A piece behind or beside the
//     target hides nothing and gives no cover.
//     These are the sample lines (see SightLines), whether or not LoF was
//     found on one of them or only by its exact search through a gap.
//
// A piece that both blocks LoF and gives cover (a wall) therefore gives
// cover when it hides some of the target while another sight line still
// sees it; a low piece that gives cover without blocking LoF gives it
// whenever a sight line passes over it. The first qualifying piece in table
// order is reported. Template and Impetuous exceptions are the ruleset's
// business (Saving Rolls (N4)).
func (t *Table) PartialCover(shooter Model, target Circle, blockers []Circle) (piece int, ok bool) {
	// No cover-giving piece near the target: no cover, and no need for the
	// (costlier) Line of Fire test.
	if !t.coverNear(target) {
		return -1, false
	}
	var q sightQuery
	if !q.lof(t, shooter, target, blockers) {
		return -1, false
	}
	found := q.coverPiece(target)
	return found, found >= 0
}

// coverPiece is PartialCover once LoF has been found with q: the first
// piece near the target that gives cover and that a sample line crosses,
// or -1.
func (q *sightQuery) coverPiece(target Circle) int {
	t := q.t
	// The same sample lines, now against the pieces that give cover.
	q.recull(target, GivesCover)
	found := -1
	q.terrainCandidates(func(i int) bool {
		tr := t.Terrain[i]
		if tr.Outline.DistTo(target.Center)-target.Radius > CoverReach+Eps {
			return false
		}
		for k := range SightSamples * SightSamples {
			if s, ok := q.line(k); ok && tr.Outline.CrossedBy(s) {
				found = i // candidates come in table order: the first wins
				return true
			}
		}
		return false
	})
	return found
}

// coverNear reports whether some piece that gives cover lies within
// CoverReach of the target's base. A piece whose box is plainly out of
// reach is out of reach (boxGap), without its distance.
func (t *Table) coverNear(target Circle) bool {
	reach := target.Radius + CoverReach + Eps
	for i, tr := range t.terrain() {
		if !tr.Flags.Has(GivesCover) {
			continue
		}
		if gap, tol := boxGap(t.box(i), target.Center, reach); gap > reach+tol {
			continue
		}
		if tr.Outline.DistTo(target.Center)-target.Radius <= CoverReach+Eps {
			return true
		}
	}
	return false
}
