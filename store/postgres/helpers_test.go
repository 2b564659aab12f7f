//go:build postgres

package postgres_test

import (
	"strconv"
	"time"
)

func randomSuffix() string { return strconv.FormatInt(time.Now().UnixNano(), 36) }

// timeAfter bounds a wait for a notice.
func timeAfter() <-chan time.Time { return time.After(10 * time.Second) }
