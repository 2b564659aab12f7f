// Package infdice is a drop-in re-implementation of inf-dice-n4, the N4
// backend of the community Infinity dice calculator inf-dice
// (toadchild/inf-dice): the same arguments, the same report line for line,
// the same error texts, and the same probability model with its quirks
// (README, "inf-dice compatible backend").
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
package infdice
