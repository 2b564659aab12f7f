package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/ordo-rules/ordo/match"
)

// Bounds of the turn notices' delivery.
const (
	// webhookQueue bounds the notices waiting to be sent; past it a
	// notice is dropped (and counted), never waited for.
	webhookQueue = 1024
	// webhookWorkers send notices at once.
	webhookWorkers = 4
	// webhookAttempts is how often a notice is tried: once and twice
	// again, the waits between doubling from Config.WebhookBackoff.
	webhookAttempts = 3
	// webhookTimeout bounds one attempt.
	webhookTimeout = 5 * time.Second
)

// errPrivateAddress refuses a webhook's connection to an address of the
// server's own networks.
var errPrivateAddress = errors.New("the webhook's host is a loopback, private or link-local address")

// webhooks delivers turn notices (match.Waiting): a bounded queue, a few
// workers, a few attempts each.
type webhooks struct {
	jobs    chan match.Waiting
	client  *http.Client
	backoff time.Duration
	log     *slog.Logger
	sent    atomic.Int64
	failed  atomic.Int64
	dropped atomic.Int64
}

// newWebhooks starts the workers until ctx ends. Unless private is set,
// a notice never connects to a loopback, private or link-local address
// (checked on the address dialled, so a name that resolves there is
// refused too): the URL is a player's, the network the server's.
func newWebhooks(ctx context.Context, log *slog.Logger, private bool, backoff time.Duration) *webhooks {
	dialer := &net.Dialer{Timeout: webhookTimeout}
	if !private {
		dialer.Control = func(network, address string, _ syscall.RawConn) error {
			host, _, err := net.SplitHostPort(address)
			if err != nil {
				return err
			}
			if a, err := netip.ParseAddr(host); err != nil || privateAddr(a) {
				return errPrivateAddress
			}
			return nil
		}
	}
	h := &webhooks{
		jobs:    make(chan match.Waiting, webhookQueue),
		backoff: backoff,
		log:     log,
		client: &http.Client{
			Timeout:       webhookTimeout,
			Transport:     &http.Transport{DialContext: dialer.DialContext, Proxy: nil, MaxIdleConnsPerHost: 2},
			CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
		},
	}
	for range webhookWorkers {
		go h.work(ctx)
	}
	return h
}

// v4 and v6 build prefixes without allocating (the server allocates
// nothing at start).
func v4(a, b, c, d byte, bits int) netip.Prefix {
	return netip.PrefixFrom(netip.AddrFrom4([4]byte{a, b, c, d}), bits)
}

func v6(hi [4]byte, bits int) netip.Prefix {
	return netip.PrefixFrom(netip.AddrFrom16([16]byte{hi[0], hi[1], hi[2], hi[3]}), bits)
}

// localV4 are IPv4 ranges no turn notice goes to that netip.Addr's
// methods do not name: "this network", carrier-grade NAT's shared space
// (where a cloud's metadata service may answer, 100.100.100.200), the
// IETF's protocol assignments (192.0.0.0/24), the documentation ranges,
// the 6to4 relays' anycast, the benchmarking range and the reserved
// 240.0.0.0/4 (and broadcast).
var localV4 = [...]netip.Prefix{
	v4(0, 0, 0, 0, 8),
	v4(100, 64, 0, 0, 10),
	v4(192, 0, 0, 0, 24),
	v4(192, 0, 2, 0, 24),
	v4(192, 88, 99, 0, 24),
	v4(198, 18, 0, 0, 15),
	v4(198, 51, 100, 0, 24),
	v4(203, 0, 113, 0, 24),
	v4(240, 0, 0, 0, 4),
}

// localV6 are IPv6 ranges refused whole: ::/8, reserved (the
// IPv4-compatible and IPv4-translated addresses among them; an
// IPv4-mapped one is judged as its IPv4 address before), the IETF's
// protocol assignments (2001::/23, with Teredo's 2001::/32, whose tunnels
// reach IPv4 hosts by addresses the server cannot judge, and the
// benchmarking range), the documentation range, the discard prefix, the
// deprecated site-local addresses, and 64:ff9b::/32 past the well-known
// NAT64 prefix (judged as its IPv4 address before), which holds the
// local-use NAT64 prefix 64:ff9b:1::/48.
var localV6 = [...]netip.Prefix{
	v6([4]byte{}, 8),
	v6([4]byte{0x20, 0x01, 0, 0}, 23),
	v6([4]byte{0x20, 0x01, 0x0d, 0xb8}, 32),
	v6([4]byte{0x01, 0, 0, 0}, 64),
	v6([4]byte{0xfe, 0xc0, 0, 0}, 10),
	v6([4]byte{0, 0x64, 0xff, 0x9b}, 32),
}

// IPv6 prefixes that carry an IPv4 address, judged as that address: the
// well-known NAT64 prefix (64:ff9b::/96, the address in its last four
// bytes), reached through the gateway; 6to4 (2002::/16, the address in
// bytes 2 to 5), reached through a relay.
var (
	nat64     = v6([4]byte{0, 0x64, 0xff, 0x9b}, 96)
	sixToFour = v6([4]byte{0x20, 0x02, 0, 0}, 16)
)

// privateAddr says whether a turn notice must not connect to a: an
// address of the server's own networks (loopback, private, link-local,
// unique local, multicast, unspecified, localV4, localV6), or one that
// wraps such an IPv4 address (IPv4-mapped, NAT64, 6to4).
func privateAddr(a netip.Addr) bool {
	a = a.WithZone("").Unmap()
	if a.Is6() {
		b := a.As16()
		switch {
		case nat64.Contains(a):
			a = netip.AddrFrom4([4]byte{b[12], b[13], b[14], b[15]})
		case sixToFour.Contains(a):
			a = netip.AddrFrom4([4]byte{b[2], b[3], b[4], b[5]})
		}
	}
	if !a.IsValid() || !a.IsGlobalUnicast() || a.IsPrivate() {
		return true
	}
	nets := localV6[:]
	if a.Is4() {
		nets = localV4[:]
	}
	for _, n := range nets {
		if n.Contains(a) {
			return true
		}
	}
	return false
}

// enqueue hands a notice to the workers, or drops it if the queue is full.
func (h *webhooks) enqueue(w match.Waiting) {
	select {
	case h.jobs <- w:
	default:
		h.dropped.Add(1)
		h.log.Warn("webhook queue full: turn notice dropped", "match", w.MatchID, "seat", w.Seat)
	}
}

func (h *webhooks) work(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		case w := <-h.jobs:
			h.deliver(ctx, w)
		}
	}
}

// deliver POSTs the notice, trying again after a failure or an answer
// other than 2xx.
func (h *webhooks) deliver(ctx context.Context, w match.Waiting) {
	body, _ := json.Marshal(struct {
		match.Waiting
		Table string `json:"table"`
	}{w, "/m/" + w.MatchID})
	wait := h.backoff
	for attempt := 1; ; attempt++ {
		err := h.post(ctx, w.URL, body)
		if err == nil {
			h.sent.Add(1)
			return
		}
		if attempt == webhookAttempts || ctx.Err() != nil {
			h.failed.Add(1)
			h.log.Warn("webhook: turn notice not delivered", "match", w.MatchID, "seat", w.Seat, "attempts", attempt, "err", err)
			return
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(wait):
		}
		wait *= 2
	}
}

func (h *webhooks) post(ctx context.Context, url string, body []byte) error {
	ctx, cancel := context.WithTimeout(ctx, webhookTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "ordo-turn-notice")
	resp, err := h.client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	io.Copy(io.Discard, io.LimitReader(resp.Body, 4<<10))
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return fmt.Errorf("answered %s", resp.Status)
	}
	return nil
}

// webhookRequest is the body of POST /api/matches/{id}/webhook.
type webhookRequest struct {
	URL string `json:"url"`
}

// MaxWebhookBody bounds POST /api/matches/{id}/webhook.
const MaxWebhookBody = 2 << 10

func parseWebhook(r io.Reader) (*webhookRequest, *apiError) {
	var req webhookRequest
	if err := decodeStrict(r, MaxWebhookBody, &req); err != nil {
		return nil, err
	}
	return &req, nil
}

// webhook answers POST /api/matches/{id}/webhook for the seat of the
// token: {"url": "https://..."} sets the seat's turn notice, {"url": ""}
// removes it; at most Config.WebhookBurst at once, then one per
// Config.WebhookEvery, per seat (ten times that per client address).
func (s *Server) webhook(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	const code = "too-many-webhooks"
	if s.limited(w, r, s.hookAddrs, clientKey(r), code, fmt.Sprintf("this address has set %d turn notices", 10*s.cfg.WebhookBurst)) {
		return
	}
	v, ok := s.seat(w, r, id, "a turn notice is a seat's")
	if !ok {
		return
	}
	if s.limited(w, r, s.hookSeats, id+"/"+string(v.Seat), code, fmt.Sprintf("seat %s has set its turn notice %d times", v.Seat, s.cfg.WebhookBurst)) {
		return
	}
	req, aerr := parseWebhook(http.MaxBytesReader(w, r.Body, MaxWebhookBody+1))
	if aerr != nil {
		s.fail(w, r, aerr)
		return
	}
	if err := s.a.SetWebhook(r.Context(), id, v.Seat, req.URL); err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"seat": string(v.Seat), "url": req.URL})
}
