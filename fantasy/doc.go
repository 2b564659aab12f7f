// Package fantasy is the rank-and-flank fantasy battle ruleset ("fantasy"
// in scenario files), on the same kernel as Infinity: units of models on
// rectangular bases in ranks and files, characters joined to units and
// alone, and the turn of Movement (charges and reactions, compulsory and
// remaining moves), Magic (the Winds of Magic, casting and dispelling an
// illustrative lore), Shooting and Close Combat (combat result, break
// tests, flight and pursuit), with psychology and the special rules a
// profile lists.
//
// The page of rules it was built around — charging out of a unit, hit
// allocation in combined units, In the First Rank! — is enforced as
// written there; where the 8th edition of the game it grew from reads
// otherwise, a named ruling selects that reading (docs/RULES.md
// (rulings): fantasy-rank-and-file, fantasy-look-out, fantasy-allocator,
// fantasy-half-strength,
// fantasy-casting-dice).
//
// Files are grouped by what they hold: actions.go (the actions and the
// event), catalog.go (profiles and troop types), unit.go (models, units
// and their geometry), state.go (the state, the steps table, Setup,
// Apply), hits.go (hit allocation, templates, wounds, casualties),
// firstrank.go (In the First Rank!), movement.go (charges), charge.go
// (the charge move and its one wheel), path.go (what a move passes
// through), makeway.go (Make Way!), moves.go (remaining moves, joining and
// leaving), combat.go (shooting, close combat, break tests, end of turn),
// attacks.go (attacking characters), special.go (special rules,
// Leadership, psychology, wargear), magic.go (the Magic phase, the lore,
// miscasts),
// legal.go (the menu) and validate.go (the invariants a decoded state must
// hold).
package fantasy
