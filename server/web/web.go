// Package web is Ordo's web table: the HTML, CSS and JavaScript of the
// lobby, the table and the replay, embedded in the binary. There is no
// build step and nothing is fetched from elsewhere: the pages talk only to
// the API of package server (docs/API.md).
package web

import (
	"embed"
	"io/fs"
	"net/http"
	"strings"
)

//go:embed static
var files embed.FS

// static holds the files below static/.
var static, _ = fs.Sub(files, "static")

// Handler serves the pages: /static/… are the files, every other path it
// is given (/, /m/{id}, /m/{id}/replay) is the one page, which routes in
// the browser. Every answer forbids the page to load anything from
// elsewhere or to be framed, and sends no Referer (a seat's link carries
// its token in the fragment).
func Handler() http.Handler {
	files := http.StripPrefix("/static/", http.FileServerFS(static))
	index, err := fs.ReadFile(static, "index.html")
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'")
		h.Set("Referrer-Policy", "no-referrer")
		h.Set("X-Content-Type-Options", "nosniff")
		if strings.HasPrefix(r.URL.Path, "/static/") {
			h.Set("Cache-Control", "no-cache")
			files.ServeHTTP(w, r)
			return
		}
		if err != nil {
			// Only a binary built without the embedded page gets here.
			http.Error(w, "the web table is not in this build", http.StatusInternalServerError)
			return
		}
		h.Set("Content-Type", "text/html; charset=utf-8")
		h.Set("Cache-Control", "no-store")
		w.Write(index)
	})
}
