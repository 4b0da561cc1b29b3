package syntax

import "strings"

// Coord is one coordinate of a coordinates argument.
type Coord struct {
	Rel  bool    // ~ (world) or ^ (local)
	V    float64 // the number, 0 when none was written
	Frac bool    // the number has a '.', which Vec3Argument's centring asks
}

// Coordinates is a coordinates argument: N coordinates (block_pos and
// vec3 3, vec2, rotation and column_pos 2), all local (^) or all world
// (absolute or ~relative).
type Coordinates struct {
	Local bool
	N     int
	C     [3]Coord
}

// ReadCoordinates reads n coordinates as the game's coordinate arguments
// do: world ones (absolute or ~relative) or local ones (^), never mixed.
// ints selects WorldCoordinate.parseInt for absolute ones (block_pos,
// column_pos); noLocal is for the arguments without a local form (vec2,
// rotation, column_pos).
func (r *Reader) ReadCoordinates(n int, ints, noLocal bool) (Coordinates, *Error) {
	start := r.Pos
	if !r.CanRead() {
		return Coordinates{}, Errorf(r.Pos, "incomplete (expected %d coordinates)", n)
	}
	cs := Coordinates{Local: !noLocal && r.Peek() == '^', N: n}
	for i := 0; i < n; i++ {
		if i > 0 {
			if !r.CanRead() || r.Peek() != ' ' {
				r.Pos = start
				return Coordinates{}, Errorf(start, "incomplete (expected %d coordinates)", n)
			}
			r.Skip()
		}
		c, err := r.readCoord(cs.Local, ints, start)
		if err != nil {
			return Coordinates{}, err
		}
		cs.C[i] = c
	}
	return cs, nil
}

func (r *Reader) readCoord(local, ints bool, start int) (Coord, *Error) {
	if local {
		if !r.CanRead() {
			return Coord{}, Errorf(r.Pos, "expected double")
		}
		if r.Peek() != '^' {
			r.Pos = start
			return Coord{}, Errorf(start, "cannot mix world & local coordinates (everything must either use ^ or not)")
		}
		r.Skip()
		return r.readCoordNumber(Coord{Rel: true}, false)
	}
	if r.CanRead() && r.Peek() == '^' {
		return Coord{}, Errorf(r.Pos, "cannot mix world & local coordinates (everything must either use ^ or not)")
	}
	if !r.CanRead() {
		if ints {
			return Coord{}, Errorf(r.Pos, "expected integer")
		}
		return Coord{}, Errorf(r.Pos, "expected double")
	}
	c := Coord{}
	if r.Peek() == '~' {
		c.Rel = true
		r.Skip()
	}
	return r.readCoordNumber(c, ints && !c.Rel)
}

// readCoordNumber reads a coordinate's number, if any: WorldCoordinate's
// parseInt/parseDouble read nothing at a space and take 0, absolute or
// relative alike.
func (r *Reader) readCoordNumber(c Coord, integer bool) (Coord, *Error) {
	if !r.CanRead() || r.Peek() == ' ' {
		return c, nil
	}
	start := r.Pos
	if integer {
		v, err := r.ReadInt()
		c.V = float64(v)
		return c, err
	}
	v, err := r.ReadDouble()
	c.V, c.Frac = v, strings.Contains(r.Since(start), ".")
	return c, err
}

// ReadSwizzle is SwizzleArgument: a set of the axes x, y and z, each at
// most once, by index. Like the game's, it takes an empty set (an argument
// after two spaces), which the checker always did and mcvm did not.
func (r *Reader) ReadSwizzle() ([3]bool, *Error) {
	start := r.Pos
	var axes [3]bool
	for r.CanRead() && r.Peek() != ' ' {
		i := strings.IndexByte("xyz", r.Read())
		if i < 0 || axes[i] {
			r.Pos = start
			return axes, Errorf(start, "invalid swizzle, expected combination of 'x', 'y' and 'z'")
		}
		axes[i] = true
	}
	return axes, nil
}
