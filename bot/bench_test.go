package bot_test

import (
	"math/rand/v2"
	"testing"

	"github.com/ordo-rules/ordo/bot"
	"github.com/ordo-rules/ordo/bot/arena"
)

// BenchmarkDecide is one decision of each player at the opening of each
// demo: the Infinity demo's Orders menu (213 entries) and the fantasy
// demo's charges (docs/PERFORMANCE.md).
func BenchmarkDecide(b *testing.B) {
	for _, name := range []string{"demo", "fantasy-demo"} {
		g, err := arena.LoadBundled(name)
		if err != nil {
			b.Fatal(err)
		}
		for _, player := range bot.Players() {
			p, _ := bot.New(player)
			b.Run(name+"/"+player, func(b *testing.B) {
				r := rand.New(rand.NewPCG(1, 2))
				b.ReportAllocs()
				for b.Loop() {
					if _, err := bot.Act(p, g.Opening, g.Seats[0], r); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
