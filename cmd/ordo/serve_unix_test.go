//go:build unix

package main

import (
	"bytes"
	"context"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// ordo serve runs in one process: kill -9 of it leaves no process behind
// and frees its port at once (ordo once ran the server as a child process,
// which a kill -9 of ordo left running with the port and the database).
func TestServeKill9LeavesNothing(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a process")
	}
	p := startServe(t, filepath.Join(t.TempDir(), "ordo.db"))
	pid := p.cmd.Process.Pid
	hostPort := strings.TrimPrefix(p.addr, "http://")
	if code, err := do(context.Background(), &base{addr: p.addr}, "GET", "/api/scenarios", "", nil, nil); code != 200 || err != nil {
		p.kill()
		t.Fatalf("GET /api/scenarios: %d %v", code, err)
	}
	children, procfs := childrenOf(t, pid)
	p.kill()
	if procfs && len(children) > 0 {
		t.Errorf("ordo serve (pid %d) runs child processes %v", pid, children)
	}
	for _, c := range children {
		if err := syscall.Kill(c, 0); err == nil {
			t.Errorf("process %d, started by ordo serve, is running after kill -9 of it", c)
			syscall.Kill(c, syscall.SIGKILL)
		}
	}
	ln, err := net.Listen("tcp", hostPort)
	if err != nil {
		t.Fatalf("the port of the killed ordo serve is not free: %v", err)
	}
	ln.Close()
}

// childrenOf lists the processes whose parent is pid, from /proc; procfs
// is false where there is no /proc to read.
func childrenOf(t *testing.T, pid int) (children []int, procfs bool) {
	t.Helper()
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return nil, false
	}
	if _, err := os.Stat("/proc/self/stat"); err != nil {
		return nil, false
	}
	for _, e := range entries {
		child, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		stat, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
		if err != nil {
			continue // ended meanwhile
		}
		// pid (comm) state ppid ...: comm may hold spaces and parentheses.
		i := bytes.LastIndexByte(stat, ')')
		if i < 0 {
			continue
		}
		f := strings.Fields(string(stat[i+1:]))
		if len(f) >= 2 && f[1] == strconv.Itoa(pid) {
			children = append(children, child)
		}
	}
	return children, true
}
