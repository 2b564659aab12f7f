package server

import (
	"net"
	"testing"
)

// A turn notice never connects to an address of the server's own
// networks: loopback, private, link-local, but also the shared address
// space of carrier-grade NAT (a cloud's metadata service may sit there,
// 100.100.100.200), "this network" (0.0.0.0/8), the benchmarking range and
// a private address behind a NAT64 prefix or inside IPv6.
func TestPrivateIP(t *testing.T) {
	for _, c := range []struct {
		ip      string
		private bool
	}{
		{"127.0.0.1", true},
		{"10.1.2.3", true},
		{"169.254.169.254", true},
		{"100.100.100.200", true},
		{"100.64.0.1", true},
		{"0.1.2.3", true},
		{"198.18.0.1", true},
		{"::ffff:192.168.1.1", true},
		{"64:ff9b::a01:203", true},  // NAT64 of 10.1.2.3
		{"64:ff9b::7f00:1", true},   // NAT64 of 127.0.0.1
		{"64:ff9b::808:808", false}, // NAT64 of 8.8.8.8
		{"fd00::1", true},
		{"::1", true},
		{"8.8.8.8", false},
		{"100.128.0.1", false},
		{"2001:4860:4860::8888", false},
	} {
		if got := privateIP(net.ParseIP(c.ip)); got != c.private {
			t.Errorf("privateIP(%s) = %v, want %v", c.ip, got, c.private)
		}
	}
}
