package server

import (
	"net"
	"net/http"
	"sync"
	"time"
)

// Config bounds what clients may take of the server. The zero value takes
// the defaults; a negative bound is no bound.
type Config struct {
	// FeedsPerClient bounds the spectators' WebSocket feeds (those without
	// a seat token) one client address may hold over all matches (default
	// DefaultFeedsPerClient). A seat's feeds are the seat's (match.Memory
	// bounds them) and never count here.
	FeedsPerClient int
	// SpectatorIdle closes a spectator's feed that has sent nothing for
	// this long (default DefaultSpectatorIdle); the client reconnects with
	// ?from= and misses nothing. A seat's feed is never closed for idling.
	SpectatorIdle time.Duration
}

// The defaults of Config.
const (
	DefaultFeedsPerClient = 16
	DefaultSpectatorIdle  = 10 * time.Minute
)

func (c Config) withDefaults() Config {
	if c.FeedsPerClient == 0 {
		c.FeedsPerClient = DefaultFeedsPerClient
	}
	if c.SpectatorIdle == 0 {
		c.SpectatorIdle = DefaultSpectatorIdle
	}
	return c
}

// clientKey is the address a request comes from, as the per-client bounds
// count it: the IP of the connection (an IPv6 client by its /64, which one
// host usually holds whole). Headers such as X-Forwarded-For are not
// trusted: a server behind a proxy sees the proxy as one client.
func clientKey(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	ip := net.ParseIP(host)
	if ip == nil {
		return host
	}
	if v4 := ip.To4(); v4 != nil {
		return v4.String()
	}
	return ip.Mask(net.CIDRMask(64, 128)).String() + "/64"
}

// perClient counts what each client address holds (its spectator feeds).
type perClient struct {
	mu sync.Mutex
	n  map[string]int
}

// take counts one more for key unless it holds limit already (limit < 0:
// no bound); release gives it back.
func (p *perClient) take(key string, limit int) (release func(), ok bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if limit >= 0 && p.n[key] >= limit {
		return nil, false
	}
	if p.n == nil {
		p.n = map[string]int{}
	}
	p.n[key]++
	return func() {
		p.mu.Lock()
		defer p.mu.Unlock()
		if p.n[key]--; p.n[key] <= 0 {
			delete(p.n, key)
		}
	}, true
}
