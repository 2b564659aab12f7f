package main

import "github.com/ordo-rules/ordo/fantasy"

// The fantasy ruleset over its embedded catalog, beside Infinity.
func init() {
	rs, err := fantasy.New()
	if err != nil {
		unloadable[fantasy.Name] = err
		return
	}
	rulesets[fantasy.Name] = rs
}
