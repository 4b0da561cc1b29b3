package datapack

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"fmt"
	"io"

	"github.com/Tnze/go-mc/nbt"
)

// NBT limits. go-mc's decoder allocates a slice as long as a list header
// claims before reading it, so a few corrupt bytes could ask for gigabytes.
// checkNBT walks the bytes first and rejects any length the remaining data
// cannot hold; the limits below bound the rest.
const (
	maxNBTSize     = 64 << 20  // decompressed bytes of one NBT file
	maxNBTDepth    = 512       // nesting, as the game's NbtAccounter allows
	maxNBTElements = 1_000_000 // list elements in one file
)

var nbtTagNames = [...]string{"end", "byte", "short", "int", "long", "float", "double",
	"byte array", "string", "list", "compound", "int array", "long array"}

// nbtMinSize is the fewest bytes a payload of each tag type takes.
var nbtMinSize = [...]int{0, 1, 2, 4, 8, 4, 8, 4, 2, 5, 1, 4, 8}

type nbtChecker struct {
	data  []byte
	pos   int
	elems int
}

// checkNBT reports whether data is one well-formed binary NBT document whose
// root is a compound, with no bytes after it and every length plausible.
func checkNBT(data []byte) error {
	if len(data) == 0 {
		return errors.New("empty NBT data")
	}
	if data[0] != nbt.TagCompound {
		return fmt.Errorf("root tag is %s, want a compound", tagName(data[0]))
	}
	c := &nbtChecker{data: data, pos: 1}
	if err := c.str(); err != nil {
		return err
	}
	if err := c.payload(nbt.TagCompound, 0); err != nil {
		return err
	}
	if c.pos != len(data) {
		return fmt.Errorf("%d unexpected bytes after the root compound", len(data)-c.pos)
	}
	return nil
}

func tagName(t byte) string {
	if int(t) < len(nbtTagNames) {
		return nbtTagNames[t]
	}
	return fmt.Sprintf("unknown tag type %d", t)
}

func (c *nbtChecker) need(n int) error {
	if n < 0 || n > len(c.data)-c.pos {
		return fmt.Errorf("truncated NBT at byte %d", c.pos)
	}
	return nil
}

func (c *nbtChecker) skip(n int) error {
	if err := c.need(n); err != nil {
		return err
	}
	c.pos += n
	return nil
}

func (c *nbtChecker) length() (int, error) {
	if err := c.need(4); err != nil {
		return 0, err
	}
	n := int32(binary.BigEndian.Uint32(c.data[c.pos:]))
	c.pos += 4
	if n < 0 {
		return 0, fmt.Errorf("negative length %d at byte %d", n, c.pos-4)
	}
	return int(n), nil
}

func (c *nbtChecker) str() error {
	if err := c.need(2); err != nil {
		return err
	}
	n := int(binary.BigEndian.Uint16(c.data[c.pos:]))
	c.pos += 2
	return c.skip(n)
}

func (c *nbtChecker) payload(t byte, depth int) error {
	if depth > maxNBTDepth {
		return fmt.Errorf("NBT nested deeper than %d", maxNBTDepth)
	}
	switch t {
	case nbt.TagByte, nbt.TagShort, nbt.TagInt, nbt.TagLong, nbt.TagFloat, nbt.TagDouble:
		return c.skip(nbtMinSize[t])
	case nbt.TagString:
		return c.str()
	case nbt.TagByteArray, nbt.TagIntArray, nbt.TagLongArray:
		n, err := c.length()
		if err != nil {
			return err
		}
		size := map[byte]int{nbt.TagByteArray: 1, nbt.TagIntArray: 4, nbt.TagLongArray: 8}[t]
		if n > (len(c.data)-c.pos)/size {
			return fmt.Errorf("%s of %d elements does not fit in the remaining %d bytes", tagName(t), n, len(c.data)-c.pos)
		}
		return c.skip(n * size)
	case nbt.TagList:
		if err := c.need(1); err != nil {
			return err
		}
		et := c.data[c.pos]
		c.pos++
		n, err := c.length()
		if err != nil {
			return err
		}
		if int(et) >= len(nbtMinSize) {
			return fmt.Errorf("list of %s", tagName(et))
		}
		if et == nbt.TagEnd {
			if n != 0 { // the game rejects this too ("missing type on ListTag")
				return fmt.Errorf("list of %d elements without an element type", n)
			}
			return nil
		}
		if n > (len(c.data)-c.pos)/nbtMinSize[et] {
			return fmt.Errorf("list of %d %ss does not fit in the remaining %d bytes", n, tagName(et), len(c.data)-c.pos)
		}
		if c.elems += n; c.elems > maxNBTElements {
			return fmt.Errorf("more than %d list elements", maxNBTElements)
		}
		for range n {
			if err := c.payload(et, depth+1); err != nil {
				return err
			}
		}
		return nil
	case nbt.TagCompound:
		for {
			if err := c.need(1); err != nil {
				return err
			}
			ct := c.data[c.pos]
			c.pos++
			if ct == nbt.TagEnd {
				return nil
			}
			if int(ct) >= len(nbtMinSize) {
				return fmt.Errorf("%s at byte %d", tagName(ct), c.pos-1)
			}
			if err := c.str(); err != nil {
				return err
			}
			if err := c.payload(ct, depth+1); err != nil {
				return err
			}
		}
	}
	return fmt.Errorf("%s at byte %d", tagName(t), c.pos)
}

// gunzipNBT decompresses gzipped NBT (as level.dat and structure files are)
// and checks it; uncompressed NBT, which some tools write, is accepted as
// is.
func gunzipNBT(data []byte) ([]byte, error) {
	raw := data
	if len(data) >= 2 && data[0] == 0x1f && data[1] == 0x8b {
		zr, err := gzip.NewReader(bytes.NewReader(data))
		if err != nil {
			return nil, err
		}
		raw, err = io.ReadAll(io.LimitReader(zr, maxNBTSize+1))
		if err != nil {
			return nil, fmt.Errorf("gzip: %w", err)
		}
		if len(raw) > maxNBTSize {
			return nil, fmt.Errorf("more than %d bytes uncompressed", maxNBTSize)
		}
	}
	if err := checkNBT(raw); err != nil {
		return nil, err
	}
	return raw, nil
}
