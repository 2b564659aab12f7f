//go:build race

package infinity

// raceEnabled: the tests run under the race detector, whose sync.Pool
// drops one scratch put back in four, with the memos it keeps.
const raceEnabled = true
