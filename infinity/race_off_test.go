//go:build !race

package infinity

// raceEnabled: the tests run under the race detector.
const raceEnabled = false
