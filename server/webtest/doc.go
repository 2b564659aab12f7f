// Package webtest drives the web table in a real Chromium (Debian's
// chromium package) with github.com/chromedp/chromedp, against the server's
// handler on loopback. Without a browser the tests skip, unless CI=true,
// where a missing browser fails them.
//
// The tests build only with the tag browser (`go test -tags browser
// ./server/webtest/`, as .ci/run does): without it go test links no test
// binary for them, which would cost every `go test ./...` seconds of linking
// for tests that skip.
package webtest
