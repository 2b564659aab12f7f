//go:build postgres

package postgres_test

import (
	"strconv"
	"time"
)

func randomSuffix() string { return strconv.FormatInt(time.Now().UnixNano(), 36) }

func timeAfter() <-chan time.Time { return time.After(100 * time.Millisecond) }
