// Package benchgoal is the targets a bench checks and prints after its
// table: the native bench (sim/nativebench) and the pack's (sim/packbench)
// report them alike.
package benchgoal

import (
	"fmt"
	"io"
)

// Goal is one target the bench checks.
type Goal struct {
	Goal   string `json:"goal"`
	OK     bool   `json:"ok"`
	Detail string `json:"detail"`
}

// Write prints goals one a line, "ok  " or "FAIL" first, after a blank
// line that parts them from the table above; nothing when there are none.
func Write(w io.Writer, goals []Goal) error {
	if len(goals) == 0 {
		return nil
	}
	if _, err := fmt.Fprintln(w); err != nil {
		return err
	}
	for _, g := range goals {
		mark := "ok  "
		if !g.OK {
			mark = "FAIL"
		}
		if _, err := fmt.Fprintf(w, "%s %s: %s\n", mark, g.Goal, g.Detail); err != nil {
			return err
		}
	}
	return nil
}
