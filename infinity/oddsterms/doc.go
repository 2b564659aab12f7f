// Package oddsterms reads the two sides of an Infinity N4 roll in the words
// players use at the table, turns them into inputs for package odds, and
// renders the exact odds as a table or as JSON. It is the engine of
// `ordo odds --active ... --reactive ...`.
//
// # A side
//
// A side is one string of words, in any order, case-insensitive. Words that
// take a value accept it joined ("BS13", "B3"), after '=' ("BS=13") or as
// the next word ("BS 13").
//
//	BS 13 | CC 15 | PH 11 | WIP 13   the attribute rolled and its value, 0..40 (one per side)
//	B3                               Burst, 1..odds.MaxBurst (default 1)
//	mods=+3,-6:mimetism              MODs, each -40..+40, optionally named after ':'
//	                                 ("_" is a space); also bare words "+3" "-3:cover";
//	                                 the total is capped to ±12 (Success Value and MODs (N4))
//	dmg 13 (or dam 13)               the weapon's DAM, 0..40. Without it the side's
//	                                 successes force no Saving Roll: each surviving
//	                                 success is itself the result (Dodge, Reset, Discover)
//	ammo=DA (or a bare DA)           N (default), AP, DA, EXP, T2, Shock, PARA, Stun,
//	                                 E/M, Plasma (Ammunition (N4))
//	continuous                       Continuous Damage: a failed save is rolled again
//	                                 until one passes
//	save=BTS                         the weapon attacks BTS instead of ARM (E/M, Stun,
//	                                 PARA and Plasma choose their own)
//	template                         a Direct Template: its B hits land without rolling
//	                                 and never crit; against an attack both sides make
//	                                 Normal Rolls at once, and only a roll without
//	                                 damage (a Dodge) opposes it: any success evades it
//	nocrit | crit1                   no Criticals | a successful 1 is a Critical too
//	arm=3 bts=3 ph=10                the side's own stats, used by the other side's
//	                                 Saving Rolls (ARM and BTS default to 0)
//	cover                            the side is in Partial Cover
//	program carbonite                the side declares a hacking program from the catalog
//	                                 (its id or name); it rolls WIP with the program's
//	                                 Attack MOD, Burst (B1 in ARO unless the program says
//	                                 otherwise) and Damage; dmg N replaces the Damage
//	reset                            the side declares Reset against the program
//	firewall | targeted              the side's states: a hacking attack on it gets -3
//	                                 WIP and it +3 BTS | the attack gets +3 WIP
//
// PH is the one word with two meanings. "PH 11" rolls PH (a Dodge) and is also
// the side's PH; "ph=10", with '=', only gives the PH that PARA saves use.
//
// A side with no attribute and no template is only a target ("arm=3
// cover"): the other side makes a Normal Roll against it (Face to Face Rolls (N4): a
// roll is Face to Face only when both actions affect each other).
//
// # Across the sides
//
// Build works out what each side's attack does to the other:
//   - a side in cover gives the other side's BS roll a "-3 Partial Cover"
//     MOD, and its own Saving Rolls Attack Damage -3, except against a
//     template (Saving Rolls (N4)) or a CC attack (there is no cover in Close
//     Combat);
//   - Attack Damage = DAM - the target's ARM (or BTS, or PH-6 for PARA;
//     halved and rounded up for AP and E/M) - 3 for cover; a hit forces the
//     ammunition's number of rolls (DA 2, EXP 3, E/M and Stun 2, Plasma one
//     ARM and one BTS);
//   - each Critical adds one roll of the hit's first kind, or, under the
//     n3-auto-wound reading of the `criticals` ruling, fails it without
//     rolling (docs/RULES.md (rulings)).
//
// A hacking roll (Hacking (N3)): the active side declares a program; the
// reactive side declares Reset or a program of its own (Face to Face, each
// program's Opponent MOD on the other side's WIP), or is only its target;
// Hack Transport Aircraft is the reactive side's, against an active side
// that rolls PH for a Combat Jump.
// Each success forces BTS Saving Rolls against the program's Damage (Breaker
// halves BTS, rounding up; DT makes two rolls). The numbers are package
// odds' (odds.PlanHack), as the engine's resolution will use them; Dodge
// cannot answer a program (Dodge (N4)).
//
// Every refusal is an *Error that says which word is wrong and why.
package oddsterms
