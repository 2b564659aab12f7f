module github.com/ordo-rules/ordo

go 1.26

require (
	github.com/goccy/go-yaml v1.19.2
	pgregory.net/rapid v1.3.0
)
