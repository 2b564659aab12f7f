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
	// PublicURLs are the addresses clients reach the server at
	// ("https://ordo.example.org"; ordo serve --public-url). A request's
	// Host must be one of their hosts, a loopback name or address, or an
	// IP address; a WebSocket's Origin one of them, a loopback origin, or
	// the IP address the server was reached at.
	PublicURLs []string
	// MaxConns bounds the connections open at once, WebSocket feeds apart
	// (default DefaultMaxConns): past it a new connection is answered 503
	// and closed.
	MaxConns int
	// CreateBurst and CreateEvery rate-limit the matches one client
	// address creates: CreateBurst at once, then one per CreateEvery
	// (defaults DefaultCreateBurst, DefaultCreateEvery). Past it POST
	// /api/matches is 429 too-many-matches with Retry-After.
	CreateBurst int
	CreateEvery time.Duration
	// ChatBurst and ChatEvery rate-limit the seats' chat, per seat of a
	// match (defaults DefaultChatBurst, DefaultChatEvery). SpectatorChat
	// rate-limits the spectators' chat per client address: SpectatorChat
	// messages at once, then as many again every SpectatorChatWindow
	// (default DefaultSpectatorChat: ten at once, then one every two
	// seconds); behind a reverse proxy every spectator has the proxy's
	// address (ordo serve --spectator-chat). Past either a message is 429
	// too-many-messages with Retry-After.
	ChatBurst     int
	ChatEvery     time.Duration
	SpectatorChat int
	// WebhookBurst and WebhookEvery rate-limit the changes of the turn
	// notices (POST .../webhook), each one a write to the store that
	// every server sharing it reads again: per seat of a match,
	// WebhookBurst at once, then one per WebhookEvery (defaults
	// DefaultWebhookBurst, DefaultWebhookEvery); per client address, ten
	// times that (a player with many matches). Past either it is 429
	// too-many-webhooks with Retry-After.
	WebhookBurst int
	WebhookEvery time.Duration
	// WebhookPrivate lets turn notices reach loopback, private and
	// link-local addresses (tests, a server on a home network); by default
	// they may not, the URLs being players'. WebhookBackoff is the wait
	// before a notice's second attempt, doubled before its third (default
	// DefaultWebhookBackoff).
	WebhookPrivate bool
	WebhookBackoff time.Duration
	// BotsThinking bounds the computer players deciding at once over all
	// matches (default DefaultBotsThinking); the others wait their turn.
	// BotIterations is an mcts bot's search a decision (default
	// DefaultBotIterations), BotBudget the wall time that cuts it short on
	// a busy server (default DefaultBotBudget).
	BotsThinking  int
	BotIterations int
	BotBudget     time.Duration
}

// SpectatorChatWindow is the time in which a client address's spectators
// may send Config.SpectatorChat chat messages again.
const SpectatorChatWindow = 20 * time.Second

// The defaults of Config.
const (
	DefaultFeedsPerClient = 16
	DefaultSpectatorIdle  = 10 * time.Minute
	DefaultMaxConns       = 1024
	// A load generator's hundreds of matches at once, then one a second:
	// 10,000 matches from one address take hours, not seconds.
	DefaultCreateBurst    = 200
	DefaultCreateEvery    = time.Second
	DefaultChatBurst      = 10
	DefaultChatEvery      = 2 * time.Second
	DefaultSpectatorChat  = 10
	DefaultWebhookBackoff = 2 * time.Second
	DefaultWebhookBurst   = 5
	DefaultWebhookEvery   = 10 * time.Second
	DefaultBotsThinking   = 2
	DefaultBotIterations  = 200
	DefaultBotBudget      = 2 * time.Second
)

func (c Config) withDefaults() Config {
	if c.FeedsPerClient == 0 {
		c.FeedsPerClient = DefaultFeedsPerClient
	}
	if c.SpectatorIdle == 0 {
		c.SpectatorIdle = DefaultSpectatorIdle
	}
	if c.MaxConns == 0 {
		c.MaxConns = DefaultMaxConns
	}
	if c.CreateBurst == 0 {
		c.CreateBurst = DefaultCreateBurst
	}
	if c.CreateEvery <= 0 {
		c.CreateEvery = DefaultCreateEvery
	}
	if c.ChatBurst == 0 {
		c.ChatBurst = DefaultChatBurst
	}
	if c.ChatEvery <= 0 {
		c.ChatEvery = DefaultChatEvery
	}
	if c.SpectatorChat == 0 {
		c.SpectatorChat = DefaultSpectatorChat
	}
	if c.WebhookBurst == 0 {
		c.WebhookBurst = DefaultWebhookBurst
	}
	if c.WebhookEvery <= 0 {
		c.WebhookEvery = DefaultWebhookEvery
	}
	if c.WebhookBackoff <= 0 {
		c.WebhookBackoff = DefaultWebhookBackoff
	}
	if c.BotsThinking <= 0 {
		c.BotsThinking = DefaultBotsThinking
	}
	if c.BotIterations <= 0 {
		c.BotIterations = DefaultBotIterations
	}
	if c.BotBudget <= 0 {
		c.BotBudget = DefaultBotBudget
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
