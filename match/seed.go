package match

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"

	"github.com/ordo-rules/ordo/dice"
)

// SeedBytes is the size of a match's secret dice seed.
const SeedBytes = 32

// NewSeed draws a secret seed from crypto/rand.
func NewSeed() []byte {
	b := make([]byte, SeedBytes)
	rand.Read(b) // never fails (crypto/rand)
	return b
}

// Commitment is what the server publishes of a seed when the match is
// created: SHA-256 of "ordo-commit", the seed and the match id, in hex.
// The id binds the commitment to its match, so one seed's commitment
// cannot be passed off as another match's.
func Commitment(seed []byte, matchID string) string {
	h := sha256.New()
	h.Write([]byte("ordo-commit\x00"))
	h.Write(seed)
	h.Write([]byte(matchID))
	return hex.EncodeToString(h.Sum(nil))
}

// Dice is the dice source of the entry at seq: a PCG generator keyed by
// SHA-256 of the seed and seq. Each entry rolls from its own generator, so
// anyone holding the seed re-derives every die of a log without replaying
// the refused actions or the other entries' rolls.
func Dice(seed []byte, seq int) *dice.PCG {
	h := sha256.New()
	h.Write([]byte("ordo-dice\x00"))
	h.Write(seed)
	var n [8]byte
	binary.BigEndian.PutUint64(n[:], uint64(seq))
	h.Write(n[:])
	sum := h.Sum(nil)
	return dice.NewPCG(binary.BigEndian.Uint64(sum[:8]), binary.BigEndian.Uint64(sum[8:16]))
}
