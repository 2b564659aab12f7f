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
			if ip := net.ParseIP(host); ip == nil || privateIP(ip) {
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

// localNets are ranges of the server's own networks that net.IP's
// methods do not name: carrier-grade NAT's shared space (where a cloud's
// metadata service may answer), "this network", and the benchmarking
// range. (netip values: nothing is allocated at start.)
var localNets = [...]netip.Prefix{
	netip.PrefixFrom(netip.AddrFrom4([4]byte{100, 64, 0, 0}), 10),
	netip.PrefixFrom(netip.AddrFrom4([4]byte{0, 0, 0, 0}), 8),
	netip.PrefixFrom(netip.AddrFrom4([4]byte{198, 18, 0, 0}), 15),
}

// nat64 is the well-known NAT64 prefix: an IPv4 address inside it is
// reached through the gateway, so it is judged as that address.
var nat64 = netip.PrefixFrom(netip.AddrFrom16([16]byte{0, 0x64, 0xff, 0x9b}), 96)

func privateIP(ip net.IP) bool {
	if a, ok := netip.AddrFromSlice(ip); ok {
		if a.Is6() && nat64.Contains(a) {
			b := a.As16()
			ip = net.IPv4(b[12], b[13], b[14], b[15])
			a = netip.AddrFrom4([4]byte{b[12], b[13], b[14], b[15]})
		}
		a = a.Unmap()
		for _, n := range localNets {
			if n.Contains(a) {
				return true
			}
		}
	}
	return ip.IsLoopback() || ip.IsPrivate() || ip.IsLinkLocalUnicast() || ip.IsLinkLocalMulticast() ||
		ip.IsUnspecified() || ip.IsMulticast() || ip.IsInterfaceLocalMulticast()
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
