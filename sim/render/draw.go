package render

import (
	"bufio"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"math"
	"slices"
	"strconv"
)

// View is how a scene is projected.
type View int

const (
	// Top looks straight down, north up: one square per block column.
	Top View = iota
	// Iso looks from the south-east and above (2:1 isometric): tops,
	// south and east faces, shaded as a map shades slopes.
	Iso
)

// ParseView parses "top" or "iso".
func ParseView(s string) (View, error) {
	switch s {
	case "top":
		return Top, nil
	case "iso":
		return Iso, nil
	}
	return 0, fmt.Errorf("unknown view %q (want top or iso)", s)
}

func (v View) String() string { return [...]string{"top", "iso"}[v] }

// polygon is a filled convex polygon in picture coordinates.
type polygon struct {
	pts    [][2]float64
	colour color.RGBA
}

// Picture is a scene drawn in a view: polygons in painting order, in
// pixels, inside Width × Height.
type Picture struct {
	Width, Height int
	polys         []polygon
	err           error // why nothing can be drawn: a scale that is no size
}

// Draw projects the scene: scale is pixels per block, and the picture has
// a margin of half a block. A scale that is not a positive finite number
// (NaN, a size a picture cannot have) makes an empty picture that its
// writers refuse.
func Draw(s *Scene, v View, scale float64) *Picture {
	if !(scale > 0) || math.IsInf(scale, 0) {
		return &Picture{err: fmt.Errorf("render: scale %v: want a positive finite number of pixels per block", scale)}
	}
	var polys []polygon
	switch v {
	case Top:
		polys = drawTop(s, scale)
	default:
		polys = drawIso(s, scale)
	}
	// Fit the picture around what was drawn.
	lo := [2]float64{math.Inf(1), math.Inf(1)}
	hi := [2]float64{math.Inf(-1), math.Inf(-1)}
	for _, p := range polys {
		for _, q := range p.pts {
			for i := range 2 {
				lo[i], hi[i] = math.Min(lo[i], q[i]), math.Max(hi[i], q[i])
			}
		}
	}
	pic := &Picture{}
	if len(polys) == 0 {
		return pic
	}
	margin := scale / 2
	for k := range polys {
		for j := range polys[k].pts {
			for i := range 2 {
				polys[k].pts[j][i] = math.Round((polys[k].pts[j][i]-lo[i]+margin)*8) / 8
			}
		}
	}
	pic.Width = int(math.Ceil(hi[0] - lo[0] + 2*margin))
	pic.Height = int(math.Ceil(hi[1] - lo[1] + 2*margin))
	pic.polys = polys
	return pic
}

// drawTop paints box tops from the lowest to the highest, north up.
func drawTop(s *Scene, scale float64) []polygon {
	boxes := slices.Clone(s.Boxes)
	slices.SortStableFunc(boxes, func(a, b Box) int { return cmpFloat(a.Max[1], b.Max[1]) })
	var out []polygon
	for _, b := range boxes {
		x0, x1, z0, z1 := b.Min[0]*scale, b.Max[0]*scale, b.Min[2]*scale, b.Max[2]*scale
		out = append(out, polygon{pts: [][2]float64{{x0, z0}, {x1, z0}, {x1, z1}, {x0, z1}}, colour: b.Colour.RGBA(High)})
	}
	return out
}

// isoPoint projects a world point: x goes down-right, z down-left, y up.
func isoPoint(x, y, z, scale float64) [2]float64 {
	return [2]float64{(x - z) * scale * math.Sqrt(3) / 2, (x+z)*scale/2 - y*scale}
}

// drawIso paints each box's top, south and east faces: layer by layer
// from the bottom (seen from above, nothing can hide what lies wholly
// above it, and a long thin display must not sink under the blocks it
// lies on), and within a layer far boxes first.
func drawIso(s *Scene, scale float64) []polygon {
	boxes := slices.Clone(s.Boxes)
	depth := func(b Box) float64 { return b.Max[0] + b.Max[2] + b.Max[1] + (b.Min[0] + b.Min[2] + b.Min[1]) }
	slices.SortStableFunc(boxes, func(a, b Box) int {
		if c := cmpFloat(math.Floor(a.Min[1]), math.Floor(b.Min[1])); c != 0 {
			return c
		}
		return cmpFloat(depth(a), depth(b))
	})
	var out []polygon
	for _, b := range boxes {
		x0, y0, z0 := b.Min[0], b.Min[1], b.Min[2]
		x1, y1, z1 := b.Max[0], b.Max[1], b.Max[2]
		p := func(x, y, z float64) [2]float64 { return isoPoint(x, y, z, scale) }
		out = append(out,
			polygon{pts: [][2]float64{p(x0, y1, z1), p(x1, y1, z1), p(x1, y0, z1), p(x0, y0, z1)}, colour: b.Colour.RGBA(Low)},    // south
			polygon{pts: [][2]float64{p(x1, y1, z0), p(x1, y1, z1), p(x1, y0, z1), p(x1, y0, z0)}, colour: b.Colour.RGBA(Normal)}, // east
			polygon{pts: [][2]float64{p(x0, y1, z0), p(x1, y1, z0), p(x1, y1, z1), p(x0, y1, z1)}, colour: b.Colour.RGBA(High)},   // top
		)
	}
	return out
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// Image rasterises the picture: each pixel takes the colour of the last
// polygon covering its centre; uncovered pixels stay transparent.
func (p *Picture) Image() *image.RGBA {
	if p.err != nil {
		return image.NewRGBA(image.Rectangle{})
	}
	img := image.NewRGBA(image.Rect(0, 0, p.Width, p.Height))
	for _, poly := range p.polys {
		fill(img, poly)
	}
	return img
}

// fill paints a convex polygon by scanlines through pixel centres.
func fill(img *image.RGBA, poly polygon) {
	pts := poly.pts
	ylo, yhi := math.Inf(1), math.Inf(-1)
	for _, q := range pts {
		ylo, yhi = math.Min(ylo, q[1]), math.Max(yhi, q[1])
	}
	b := img.Bounds()
	for py := max(b.Min.Y, int(math.Floor(ylo))); py < min(b.Max.Y, int(math.Ceil(yhi))); py++ {
		cy := float64(py) + 0.5
		xlo, xhi := math.Inf(1), math.Inf(-1)
		for i := range pts {
			a, c := pts[i], pts[(i+1)%len(pts)]
			if (a[1] <= cy) == (c[1] <= cy) {
				continue // the edge does not cross this scanline
			}
			x := a[0] + (cy-a[1])*(c[0]-a[0])/(c[1]-a[1])
			xlo, xhi = math.Min(xlo, x), math.Max(xhi, x)
		}
		for px := max(b.Min.X, int(math.Ceil(xlo-0.5))); px < min(b.Max.X, int(math.Ceil(xhi-0.5))); px++ {
			img.SetRGBA(px, py, poly.colour)
		}
	}
}

// WritePNG writes the picture as a PNG, the same bytes for the same
// picture.
func (p *Picture) WritePNG(w io.Writer) error {
	if p.err != nil {
		return p.err
	}
	return (&png.Encoder{CompressionLevel: png.BestCompression}).Encode(w, p.Image())
}

// WriteSVG writes the picture as an SVG document, one polygon per face.
func (p *Picture) WriteSVG(w io.Writer) error {
	if p.err != nil {
		return p.err
	}
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" shape-rendering=\"crispEdges\">\n",
		p.Width, p.Height, p.Width, p.Height)
	for _, poly := range p.polys {
		bw.WriteString(`<polygon points="`)
		for i, q := range poly.pts {
			if i > 0 {
				bw.WriteByte(' ')
			}
			fmt.Fprintf(bw, "%s,%s", num(q[0]), num(q[1]))
		}
		fmt.Fprintf(bw, "\" fill=\"#%02x%02x%02x\"/>\n", poly.colour.R, poly.colour.G, poly.colour.B)
	}
	bw.WriteString("</svg>\n")
	return bw.Flush()
}

// num prints a coordinate, an exact multiple of 1/8 after Draw, in the
// fewest digits.
func num(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }
