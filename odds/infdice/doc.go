// Package infdice is a drop-in re-implementation of inf-dice-n4, the N4
// backend of the community Infinity dice calculator inf-dice
// (toadchild/inf-dice): the same arguments, the same report line for line,
// the same error texts, and the same probability model with its quirks
// (docs/ODDS.md, "inf-dice compatible backend"). The sections below are that
// model as the code and its tests cite it.
//
// Upstream enumerates every ordered outcome of both sides' dice, which is why
// it caps Burst at 6 per side and 9 in total and takes about 20 seconds for B6
// with three continuous saves against B3. Here the hit table comes from
// package odds (exact counts, conditioned on the opponent's best die, no
// enumeration) and the saving rolls from an exact dynamic program over
// upstream's sequential save process (saves.go), so every upstream input is
// answered in milliseconds and, with noLimit, Bursts up to odds.MaxBurst.
//
// Where upstream's behaviour is undefined (it reads past argv, or aborts on a
// floating-point self-check) this package reports an error or the computed
// numbers instead; those choices are documented where they are made.
//
// # Argument grammar
//
// Each player is STAT B AMMO followed by one DAM TAG pair per saving roll
// category (one for "1", "1C" and "-", two for "2"/"2C", three for "3"/"3C").
// STAT is a number 0..40, optionally followed by "*" (no Criticals) and then
// "!" (a 1 is also a Critical), or "T" for a Direct Template. DAM is the net
// damage 0..20; TAG is NONE, SHOCK, EM, C, D or E. Numbers are read as C's
// strtol reads them (config.go and strtol.go give the details).
//
// # Roll parameters
//
// A die face r counts as r plus the boost, the amount by which STAT exceeds
// 20. It succeeds when that value is at most STAT, and is a Critical when it
// reaches min(STAT, 20), or, with "!", when it is exactly 1. "*" removes both
// the Criticals and the boost. A template's dice all succeed with the value 1
// and never crit.
//
// # Face to Face
//
// Each side's best die is a Critical, else its highest success, else
// nothing. A Critical survives unless the other side's best is a Critical; a
// success survives when the other side's best is nothing or a lower success
// (equal values cancel). Template successes fall to any success of the other
// side and cancel nothing themselves. In any outcome at most one side keeps
// anything: the hit table counts, for each side, the outcomes in which it
// keeps h successes and c Criticals.
//
// # Saving rolls
//
// Each saving roll fails with probability DAM/20, independently, and each
// failure is one "success" for the attacker.
//
// Normal ammo: every surviving success and Critical rolls once in each
// category, and each Critical rolls once more in the first category.
//
// No ammo ("-"): no saving rolls; the surviving dice are the successes,
// untagged.
//
// Continuous ammo: the categories are taken in order, each re-rolling its
// failures until none fail, with one budget of 24 rounds shared by all
// categories, and stopping at 24 successes; a category skipped by the cap or
// the budget rolls nothing and adds no tag. The Critical's extra roll comes
// after them, once, not continuous, even when the cap or budget was reached;
// the total is capped at 24.
//
// Tags: an outcome carries the tag of every category in which some roll
// failed (per outcome, not per success).
//
// # Report
//
// For each side and each number of successes s from 1 to 24: the chance of
// exactly s (whatever the tags, with no tag, and with each tag), then the
// running sums from 24 down. "No Successes" is the chance that neither side
// scores, so both sides' exact lines and it sum to 100%.
//
// # Output format
//
// The header echoes each side's parsed parameters, the hit table follows with
// exact counts out of 20^(B1+B2), then each side's success lines; a line is
// printed only where its value is not zero, except the cumulative lines of all
// tags together, printed from the first non-zero one down to 1. Percentages
// are C's %6.3f of the unrounded value (report.go).
//
// # Limits
//
// STAT 0..40, B 1..6 per side and at most 9 in total, DAM 0..20, at most three
// categories, at most one template.
package infdice
