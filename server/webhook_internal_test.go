package server

import (
	"net/netip"
	"testing"
)

// A turn notice never connects to an address of the server's own
// networks: loopback, private, link-local, but also the shared address
// space of carrier-grade NAT (a cloud's metadata service may sit there,
// 100.100.100.200), "this network" (0.0.0.0/8), the IETF's protocol
// assignments (192.0.0.0/24), the benchmarking and reserved ranges, and a
// private address wrapped in IPv6: IPv4-mapped, IPv4-compatible, behind
// a NAT64 prefix (well-known or local-use) or a 6to4 prefix, or any
// Teredo address. A public address wrapped the same ways is reached.
func TestPrivateAddr(t *testing.T) {
	for _, c := range []struct {
		ip      string
		private bool
	}{
		{"127.0.0.1", true},
		{"10.1.2.3", true},
		{"172.16.0.1", true},
		{"192.168.1.1", true},
		{"169.254.169.254", true},
		{"100.100.100.200", true},
		{"100.64.0.1", true},
		{"0.1.2.3", true},
		{"0.0.0.0", true},
		{"198.18.0.1", true},
		{"192.0.0.1", true},   // IETF protocol assignments
		{"192.0.0.170", true}, // NAT64 discovery
		{"192.0.2.1", true},
		{"240.0.0.1", true},
		{"255.255.255.255", true},
		{"224.0.0.1", true},
		{"::ffff:192.168.1.1", true},
		{"::ffff:127.0.0.1", true},
		{"::ffff:192.0.0.1", true},
		{"::ffff:8.8.8.8", false},
		{"::127.0.0.1", true},      // IPv4-compatible
		{"::ffff:0:a01:203", true}, // IPv4-translated 10.1.2.3
		{"::", true},
		{"::1", true},
		{"64:ff9b::a01:203", true},   // NAT64 of 10.1.2.3
		{"64:ff9b::7f00:1", true},    // NAT64 of 127.0.0.1
		{"64:ff9b::c000:1", true},    // NAT64 of 192.0.0.1
		{"64:ff9b::a9fe:a9fe", true}, // NAT64 of 169.254.169.254
		{"64:ff9b::808:808", false},  // NAT64 of 8.8.8.8
		{"64:ff9b:1::a01:203", true}, // local-use NAT64
		{"64:ff9b:1::808:808", true},
		{"2002:a01:203::1", true},                      // 6to4 of 10.1.2.3
		{"2002:7f00:1::1", true},                       // 6to4 of 127.0.0.1
		{"2002:a9fe:a9fe::1", true},                    // 6to4 of 169.254.169.254
		{"2002:6464:64c8::1", true},                    // 6to4 of 100.100.100.200
		{"2002:808:808::1", false},                     // 6to4 of 8.8.8.8
		{"2001:0:4136:e378:8000:63bf:3fff:fdd2", true}, // Teredo
		{"2001::1", true},
		{"2001:db8::1", true},
		{"fec0::1", true},
		{"fe80::1", true},
		{"fe80::1%eth0", true},
		{"ff02::1", true},
		{"fd00::1", true},
		{"8.8.8.8", false},
		{"100.128.0.1", false},
		{"2001:4860:4860::8888", false},
		{"2a00:1450:4001::1", false},
	} {
		a, err := netip.ParseAddr(c.ip)
		if err != nil {
			t.Fatal(err)
		}
		if got := privateAddr(a); got != c.private {
			t.Errorf("privateAddr(%s) = %v, want %v", c.ip, got, c.private)
		}
	}
}
