package infdice

import "github.com/ordo-rules/ordo/odds"

// hitCounts is upstream's hit table ("Face to Face") in exact counts out of the
// 20^(B1+B2) ordered outcomes, from odds.CountHits: the engine the rest of
// Ordo uses, judging every face with package dice.
func hitCounts(c *Config) (odds.HitCounts, error) {
	return odds.CountHits(c.P1.side(), c.P2.side())
}
