package server

import (
	"fmt"
	"mime"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// addresses are the addresses the server answers to: the hosts of
// Config.PublicURLs and their origins (scheme://host[:port]), beside the
// loopback ones every server answers to.
type addresses struct {
	hosts   map[string]bool
	origins map[string]bool
}

// parseAddresses reads Config.PublicURLs: each an http:// or https:// URL.
func parseAddresses(urls []string) (addresses, error) {
	a := addresses{hosts: map[string]bool{}, origins: map[string]bool{}}
	for _, raw := range urls {
		u, err := url.Parse(raw)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Hostname() == "" {
			return a, fmt.Errorf("public URL %q: an http:// or https:// URL with a host", raw)
		}
		a.hosts[normalHost(u.Hostname())] = true
		a.origins[origin(u.Scheme, u.Host)] = true
	}
	return a, nil
}

// origin is scheme://host[:port] in lower case, without a default port.
func origin(scheme, hostport string) string {
	scheme, hostport = strings.ToLower(scheme), strings.ToLower(hostport)
	if h, p, err := net.SplitHostPort(hostport); err == nil && (scheme == "http" && p == "80" || scheme == "https" && p == "443") {
		hostport = h
		if strings.Contains(h, ":") {
			hostport = "[" + h + "]"
		}
	}
	return scheme + "://" + hostport
}

func normalHost(h string) string {
	return strings.TrimSuffix(strings.ToLower(strings.Trim(h, "[]")), ".")
}

// hostOf is the host of a Host header, without its port.
func hostOf(hostport string) string {
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		return normalHost(h)
	}
	return normalHost(hostport)
}

func loopback(host string) bool {
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// hostAllowed says whether a request's Host names this server: a public
// URL's host, a loopback name or address, or any IP address. What it
// refuses is a DNS name of someone else's, the mark of DNS rebinding: a
// page of evil.example whose name now resolves to this server reads it as
// its own origin, and its requests carry Host: evil.example. (An address
// is no such name: a page at an address is that address's own.)
func (a addresses) hostAllowed(hostport string) bool {
	if hostport == "" {
		return true // HTTP/1.0 without Host: no browser sends that
	}
	h := hostOf(hostport)
	return a.hosts[h] || loopback(h) || net.ParseIP(h) != nil
}

// originAllowed says whether a browser page of origin may open a WebSocket
// to the server that request r reached: the origin must be a public
// URL's, or a loopback one, or — for a server reached at an IP address —
// that very address. It is never compared with a name in Host, which
// hostAllowed has already checked. A request without Origin is no
// browser's and is allowed.
func (a addresses) originAllowed(r *http.Request) bool {
	o := r.Header.Get("Origin")
	if o == "" {
		return true
	}
	u, err := url.Parse(o)
	if err != nil || u.Host == "" {
		return false
	}
	if a.origins[origin(u.Scheme, u.Host)] || loopback(normalHost(u.Hostname())) {
		return true
	}
	h := hostOf(r.Host)
	return net.ParseIP(h) != nil && strings.EqualFold(u.Host, r.Host)
}

// guard refuses, before any route, a request whose Host is not the
// server's (421 unknown-host) and a POST whose body is not declared JSON
// (415 unsupported-media-type): a cross-site form or fetch may send
// text/plain without asking the browser's leave (CORS), application/json
// it may not.
func (s *Server) guard(w http.ResponseWriter, r *http.Request) bool {
	if !s.addrs.hostAllowed(r.Host) {
		s.fail(w, r, &apiError{status: http.StatusMisdirectedRequest, Code: "unknown-host",
			Message: fmt.Sprintf("Host %q is not this server's address: use a loopback address, an IP address, or a public URL the server was started with (ordo serve --public-url)", r.Host)})
		return false
	}
	if r.Method == http.MethodPost {
		mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
		if err != nil || mt != "application/json" {
			s.fail(w, r, &apiError{status: http.StatusUnsupportedMediaType, Code: "unsupported-media-type",
				Message: fmt.Sprintf("Content-Type %q: a request body is JSON, sent as application/json", r.Header.Get("Content-Type"))})
			return false
		}
	}
	return true
}

// connState counts the server's connections (HTTPServer's ConnState) and
// turns away a new one past Config.MaxConns with a 503 and its close. A
// connection taken over by a WebSocket leaves the count: feeds have their
// own bounds (match.Memory).
func (s *Server) connState(c net.Conn, st http.ConnState) {
	switch st {
	case http.StateNew:
		if n := s.conns.Add(1); s.cfg.MaxConns >= 0 && n > int64(s.cfg.MaxConns) {
			body := fmt.Sprintf(`{"code":"too-many-connections","message":"the server has %d connections open, the most it takes; try again later"}`+"\n", s.cfg.MaxConns)
			c.SetWriteDeadline(time.Now().Add(100 * time.Millisecond))
			fmt.Fprintf(c, "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\nContent-Length: %d\r\nRetry-After: 1\r\nConnection: close\r\n\r\n%s", len(body), body)
			c.Close()
		}
	case http.StateClosed, http.StateHijacked:
		s.conns.Add(-1)
	}
}
