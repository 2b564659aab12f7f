package infdice

import (
	"bufio"
	"fmt"
	"io"
	"math/big"
	"strings"
)

// Report writes upstream's report for cfg (package doc, "Output format"):
// the two header lines, the roll counts, each player's hit table, and each
// player's success block, line for line. Percentages are doubles printed
// with C's %6.3f rules, which Go's fmt shares (exact binary value, rounded
// half to even). It returns an error for a Config Parse could not have made,
// or when w fails.
//
// Report is where a Config is validated, once, and before anything is
// written, so a bad Config leaves w untouched; compute and the model below
// it trust the Config they are given.
//
// Upstream ends with an assert that the success weights round to the total
// number of rolls, and aborts on some heavy continuous cases through
// floating-point swamping; Report prints the computed numbers instead.
func Report(w io.Writer, cfg Config) error {
	if err := cfg.validate(); err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	for i, p := range cfg.players() {
		writeHeader(bw, i+1, p)
	}
	bw.WriteString("\n")
	r, err := compute(&cfg)
	if err != nil {
		return err
	}
	total := toFloat(r.hits.Total)
	fmt.Fprintf(bw, "Total Rolls: %s\n", r.hits.Total)
	fmt.Fprintf(bw, "Actual Rolls Made: %s\n", r.rollsMade)
	fmt.Fprintf(bw, "Savings: %.2f%%\n\n", 100-(100.0*toFloat(r.rollsMade)/total))

	writeHits(bw, 1, r.hits.A, total)
	fmt.Fprintf(bw, "No Hits: %6.3f%% %s\n\n", 100.0*toFloat(r.hits.NoHits)/total, r.hits.NoHits)
	writeHits(bw, 2, r.hits.B, total)
	bw.WriteString("\n" + strings.Repeat("=", 54) + "\n\n")

	writeSuccesses(bw, 1, r.w[0], r.cap, total)
	fmt.Fprintf(bw, "No Successes: %6.3f%%\n\n", 100.0*(r.w[0][0]+r.w[1][0])/total)
	writeSuccesses(bw, 2, r.w[1], r.cap, total)
	return bw.Flush()
}

// writeHeader prints a player as upstream's print_player does.
func writeHeader(w *bufio.Writer, n int, p *Player) {
	crit1, tmpl := "N", 0
	if p.CritOnOne {
		crit1 = "Y"
	}
	if p.Template {
		tmpl = 1
	}
	fmt.Fprintf(w, "P%d STAT %2d CRIT %2d CRIT_1 %s BOOST %2d B %d TEMPLATE %d AMMO %s",
		n, p.Stat, p.Crit, crit1, p.Boost, p.Burst, tmpl, p.Ammo)
	for k, s := range p.Saves {
		fmt.Fprintf(w, " DAM[%d] %2d TAG[%d] %s", k, s.Dam, k, s.Tag)
	}
	w.WriteString("\n")
}

// writeHits prints one line per (h, c) != (0, 0) that has outcomes, h then c
// ascending, then a blank line.
func writeHits(w *bufio.Writer, n int, t [][]*big.Int, total float64) {
	for h, row := range t {
		for c, cnt := range row {
			if (h > 0 || c > 0) && cnt != nil && cnt.Sign() > 0 {
				fmt.Fprintf(w, "P%d Hits: %2d Crits: %2d - %6.3f%% (%s)\n", n, h, c, 100.0*toFloat(cnt)/total, cnt)
			}
		}
	}
	w.WriteString("\n")
}

// writeSuccesses prints a player's success block as upstream's
// print_player_successes does: for s from the cap down to 1 the exact lines
// (each tag, NONE, ALL), each only when non-zero; then the cumulative NONE
// and per-tag blocks, each line only where its exact value is non-zero; then
// the cumulative ALL block from the first non-zero s down to 1. Percentages
// are summed unrounded, in upstream's order.
func writeSuccesses(w *bufio.Writer, n int, wt []float64, S int, total float64) {
	tagged := make([][numTags]float64, S+1)
	tagless := make([]float64, S+1)
	all := make([]float64, S+1)
	for s := S; s > 0; s-- {
		for mask := range numMasks {
			x := wt[s*numMasks+mask]
			if !(x > 0) {
				continue
			}
			prob := 100.0 * x / total
			all[s] += prob
			for t := range numTags {
				if mask&(1<<t) != 0 {
					tagged[s][t] += prob
				}
			}
			if mask == 0 {
				tagless[s] += prob
			}
		}
		for t, name := range tagNames {
			if v := tagged[s][t]; v != 0 {
				fmt.Fprintf(w, "P%d Scores %2d Success(es): %6.3f%% %s\n", n, s, v, name)
			}
		}
		if v := tagless[s]; v != 0 {
			fmt.Fprintf(w, "P%d Scores %2d Success(es): %6.3f%% %s\n", n, s, v, tagNone)
		}
		if v := all[s]; v != 0 {
			fmt.Fprintf(w, "P%d Scores %2d Success(es): %6.3f%%\n", n, s, v)
		}
	}
	cum := 0.0
	for s := S; s > 0; s-- {
		if tagless[s] != 0 {
			cum += tagless[s]
			fmt.Fprintf(w, "P%d Scores %2d+ Successes:  %6.3f%% %s\n", n, s, cum, tagNone)
		}
	}
	for t, name := range tagNames {
		cum = 0
		for s := S; s > 0; s-- {
			if tagged[s][t] != 0 {
				cum += tagged[s][t]
				fmt.Fprintf(w, "P%d Scores %2d+ Successes:  %6.3f%% %s\n", n, s, cum, name)
			}
		}
	}
	cum = 0
	for s := S; s > 0; s-- {
		cum += all[s]
		if cum != 0 {
			fmt.Fprintf(w, "P%d Scores %2d+ Successes:  %6.3f%%\n", n, s, cum)
		}
	}
	w.WriteString("\n")
}
