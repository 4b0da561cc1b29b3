package check

import (
	"github.com/mcgomoku/mcgomoku/datapack"
)

// jnode is a resource's JSON value with its offset (datapack's reader).
type jnode = datapack.JSONValue

// jsonFile is a resource being checked: its path, bytes and the checker,
// so problems land at the right line and column.
type jsonFile struct {
	c    *checker
	path string
	src  []byte
}

// at reports a problem at byte offset off.
func (f *jsonFile) at(off int, format string, args ...any) {
	line, col := datapack.JSONLineCol(f.src, off)
	f.c.problem(f.path, line, col, format, args...)
}

// parse parses the file, reporting a syntax error; nil when it fails.
func (f *jsonFile) parse() *jnode {
	n, err := datapack.ParseJSON(f.src)
	if err != nil {
		off := 0
		if je, ok := err.(*datapack.JSONError); ok {
			off = je.Off
		}
		f.at(off, "%v", err)
		return nil
	}
	return n
}
