package check

import (
	"errors"
	"fmt"

	"github.com/mcgomoku/mcgomoku/datapack"
)

// checkMCMeta checks pack.mcmeta with datapack's parser and validator (the
// game's rules, each error at its field) and, when the tree names a release
// of datapack's table, that the declared formats include that release.
func (c *checker) checkMCMeta(b []byte) {
	m, err := datapack.ParseMCMeta(b)
	if err == nil {
		err = m.Validate()
	}
	if err != nil {
		var list datapack.MCMetaErrors
		if errors.As(err, &list) {
			for _, e := range list {
				msg := e.Msg
				if e.Field != "" {
					msg = e.Field + ": " + msg
				}
				c.problem("pack.mcmeta", e.Line, e.Col, "%s", msg)
			}
			return
		}
		c.problem("pack.mcmeta", 0, 0, "%v", err)
		return
	}
	rel, ok := datapack.LookupRelease(c.tree.Version)
	if !ok || m.Supports(rel) {
		return
	}
	var names []string
	for _, r := range m.SupportedReleases() {
		names = append(names, r.Name)
	}
	supported := "no release"
	if len(names) > 0 {
		supported = fmt.Sprintf("%s … %s", names[0], names[len(names)-1])
	}
	c.problem("pack.mcmeta", 0, 0, "the declared formats exclude %s (data pack format %s); the pack declares %s", rel.Name, rel.DataPack, supported)
}
