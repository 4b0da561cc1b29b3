package check

import (
	"github.com/mcgomoku/mcgomoku/datapack/syntax"
)

// parseSelector is EntitySelectorParser.parse against the release's
// entity types.
func (c *checker) parseSelector(r *reader) (*syntax.Selector, *syntax.Error) {
	return syntax.ParseSelector(r, func(id string) bool { return c.reg.Has("minecraft:entity_type", id) })
}

// parseEntityArg is EntityArgument.parse with its single/players checks;
// its value is the *syntax.Selector. The game reports those two errors at
// column 0 of the command; we report them at the selector, which is what
// the author has to change.
func (c *checker) parseEntityArg(n *Node, r *reader) (any, *syntax.Error) {
	sel, err := c.parseSelector(r)
	if err != nil {
		return nil, err
	}
	single := n.Props.Amount == "single"
	players := n.Props.Type == "players"
	if single && sel.MaxResults > 1 {
		if players {
			return nil, syntax.Errorf(sel.Start, "only one player is allowed, but the provided selector allows more than one")
		}
		return nil, syntax.Errorf(sel.Start, "only one entity is allowed, but the provided selector allows more than one")
	}
	if players && sel.IncludesEntities && !sel.CurrentEntity {
		return nil, syntax.Errorf(sel.Start, "only players may be affected by this command, but the provided selector includes entities")
	}
	return sel, nil
}

// parseScoreHolder is ScoreHolderArgument.parse: a selector (the value),
// or any run of non-space characters ("*", "#fake", a player name, a
// UUID; no value: the text is the name).
func (c *checker) parseScoreHolder(n *Node, r *reader) (any, *syntax.Error) {
	if r.CanRead() && r.Peek() == '@' {
		sel, err := c.parseSelector(r)
		if err != nil {
			return nil, err
		}
		if n.Props.Amount != "multiple" && sel.MaxResults > 1 {
			return nil, syntax.Errorf(sel.Start, "only one entity is allowed, but the provided selector allows more than one")
		}
		return sel, nil
	}
	r.ReadWordToSpace()
	return nil, nil
}

// parseGameProfile is GameProfileArgument.parse.
func (c *checker) parseGameProfile(r *reader) (any, *syntax.Error) {
	if r.CanRead() && r.Peek() == '@' {
		sel, err := c.parseSelector(r)
		if err != nil {
			return nil, err
		}
		if sel.IncludesEntities {
			return nil, syntax.Errorf(sel.Start, "only players may be affected by this command, but the provided selector includes entities")
		}
		return sel, nil
	}
	r.ReadWordToSpace()
	return nil, nil
}

// parseMessage is MessageArgument.parse for a source allowed to use
// selectors (functions always are): the rest of the line, with every "@x"
// that starts a valid selector type parsed as a selector. Its value is
// the selectors in order, nil for none (the game resolves them when the
// command runs).
func (c *checker) parseMessage(r *reader) (any, *syntax.Error) {
	var sels []*syntax.Selector
	for r.CanRead() {
		if r.Peek() != '@' {
			r.Skip()
			continue
		}
		if !syntax.IsSelectorStart(r) {
			// Missing or unknown selector types are literal text.
			r.Skip()
			continue
		}
		sel, err := c.parseSelector(r)
		if err != nil {
			return nil, err
		}
		sels = append(sels, sel)
	}
	if sels == nil {
		return nil, nil
	}
	return sels, nil
}
