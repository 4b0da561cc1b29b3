// Package doccheck holds the documentation to what it points at: every
// relative link of README.md, ARCHITECTURE.md and docs/*.md names a file
// or folder of the repository, and every anchor a heading of the file it
// names, as GitHub makes heading anchors (links_test.go); and
// docs/configuration.md names every key of examples/default.toml
// (config_test.go). It has test files only: nothing in the module uses it.
package doccheck

import (
	"bytes"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/text"
)

// repoRoot is the module's root, two levels above this package.
const repoRoot = "../.."

// docFiles are the documents whose links are held: the README, the
// developers' map and every file of docs/.
func docFiles(t *testing.T, root string) []string {
	t.Helper()
	files := []string{"README.md", "ARCHITECTURE.md"}
	more, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	if len(more) == 0 {
		t.Fatalf("no docs/*.md under %s", root)
	}
	for _, m := range more {
		rel, err := filepath.Rel(root, m)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, filepath.ToSlash(rel))
	}
	return files
}

// markdown parses as GitHub does for what matters here: CommonMark with
// its tables, so links and code spans in table cells are found, and
// nothing in a code block or code span is taken for a link.
var markdown = goldmark.New(goldmark.WithExtensions(extension.GFM))

// link is one link or image of a document, with the line it is on.
type link struct {
	dest string
	line int
}

// document is what a Markdown file offers and asks: its headings'
// anchors, its links, and the text of its code spans.
type document struct {
	anchors map[string]bool
	links   []link
	code    []string
}

func parse(src []byte) *document {
	d := &document{anchors: map[string]bool{}}
	slugs := newSlugger()
	root := markdown.Parser().Parse(text.NewReader(src))
	_ = ast.Walk(root, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Heading:
			d.anchors[slugs.slug(plainText(n, src))] = true
		case *ast.Link:
			d.links = append(d.links, link{string(n.Destination), lineOf(n, src, n.Destination)})
		case *ast.Image:
			d.links = append(d.links, link{string(n.Destination), lineOf(n, src, n.Destination)})
		case *ast.CodeSpan:
			d.code = append(d.code, plainText(n, src))
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	return d
}

// plainText is a node's text as GitHub reads it for an anchor: the text of
// its inlines, code spans and link texts included, markup left out.
func plainText(n ast.Node, src []byte) string {
	var b strings.Builder
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch c := c.(type) {
		case *ast.Text:
			b.Write(c.Segment.Value(src))
			if c.SoftLineBreak() || c.HardLineBreak() {
				b.WriteByte(' ')
			}
		case *ast.String:
			b.Write(c.Value)
		}
		return ast.WalkContinue, nil
	})
	return b.String()
}

// lineOf finds the line of an inline node: inlines carry no position, so
// the destination is looked for from the start of the block holding it.
func lineOf(n ast.Node, src, dest []byte) int {
	start := 0
	for p := n.Parent(); p != nil; p = p.Parent() {
		if p.Type() == ast.TypeBlock && p.Lines().Len() > 0 {
			start = p.Lines().At(0).Start
			break
		}
	}
	if i := bytes.Index(src[start:], dest); i >= 0 {
		start += i
	}
	return 1 + bytes.Count(src[:start], []byte("\n"))
}

// slugger makes GitHub's heading anchors (github-slugger): lower case,
// every character but letters, digits, marks, '-' and '_' dropped, each
// space a '-'; a repeated anchor gets -1, -2, … in order.
type slugger struct{ seen map[string]int }

func newSlugger() *slugger { return &slugger{seen: map[string]int{}} }

func (s *slugger) slug(heading string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(heading) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsNumber(r) || unicode.IsMark(r):
			b.WriteRune(r)
		}
	}
	base := b.String()
	out := base
	for {
		if _, dup := s.seen[out]; !dup {
			break
		}
		s.seen[base]++
		out = fmt.Sprintf("%s-%d", base, s.seen[base])
	}
	s.seen[out] = 0
	return out
}

// lineAnchor is GitHub's anchor for lines of a file that is not Markdown.
var lineAnchor = regexp.MustCompile(`^L\d+(-L\d+)?$`)

// brokenLinks returns one line per link of the files (relative to root)
// that names no file or folder of root, or an anchor its target file does
// not have. Links with a scheme (https:, mailto:) are not followed.
func brokenLinks(root string, files []string) ([]string, error) {
	docs := map[string]*document{}
	load := func(rel string) (*document, error) {
		if d, ok := docs[rel]; ok {
			return d, nil
		}
		src, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(rel)))
		if err != nil {
			return nil, err
		}
		d := parse(src)
		docs[rel] = d
		return d, nil
	}
	var out []string
	for _, file := range files {
		d, err := load(file)
		if err != nil {
			return nil, err
		}
		for _, l := range d.links {
			if msg := checkLink(root, file, l.dest, load); msg != "" {
				out = append(out, fmt.Sprintf("%s:%d: link %q: %s", file, l.line, l.dest, msg))
			}
		}
	}
	return out, nil
}

// checkLink says what is wrong with one link of file, or "".
func checkLink(root, file, dest string, load func(string) (*document, error)) string {
	u, err := url.Parse(dest)
	if err != nil {
		return "not a URL: " + err.Error()
	}
	if u.Scheme != "" || u.Host != "" {
		return ""
	}
	target := file
	if u.Path != "" {
		if strings.HasPrefix(u.Path, "/") {
			target = strings.TrimPrefix(u.Path, "/")
		} else {
			target = filepath.ToSlash(filepath.Join(filepath.Dir(file), u.Path))
		}
		target = strings.TrimSuffix(filepath.ToSlash(filepath.Clean(target)), "/")
		if target == ".." || strings.HasPrefix(target, "../") {
			return "leads out of the repository"
		}
		if _, err := os.Stat(filepath.Join(root, filepath.FromSlash(target))); err != nil {
			return "no file or folder " + target
		}
	}
	if u.Fragment == "" {
		return ""
	}
	if !strings.HasSuffix(target, ".md") {
		if lineAnchor.MatchString(u.Fragment) {
			return ""
		}
		return fmt.Sprintf("anchor #%s in %s, which is not Markdown", u.Fragment, target)
	}
	d, err := load(target)
	if err != nil {
		return err.Error()
	}
	if !d.anchors[u.Fragment] {
		return fmt.Sprintf("no heading of %s makes the anchor #%s", target, u.Fragment)
	}
	return ""
}

// TestDocLinks: every relative link and anchor of the README, the
// developers' map and docs/ leads somewhere.
func TestDocLinks(t *testing.T) {
	broken, err := brokenLinks(repoRoot, docFiles(t, repoRoot))
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range broken {
		t.Error(b)
	}
}

// TestDocLinksCatchPlantedBreaks: the fixture holds good links of every
// kind (a file, a folder, an image, a heading of its own and of another
// file, a repeated heading's -1 anchor, a line of a source file, the web)
// and one broken link and one broken anchor; exactly those two are found.
func TestDocLinksCatchPlantedBreaks(t *testing.T) {
	root := filepath.Join("testdata", "links")
	broken, err := brokenLinks(root, []string{"README.md", "docs/guide.md"})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		`README.md:9: link "docs/missing.md": no file or folder docs/missing.md`,
		`docs/guide.md:7: link "../README.md#no-such-heading": no heading of README.md makes the anchor #no-such-heading`,
	}
	if !slices.Equal(broken, want) {
		t.Errorf("found\n%s\nwant\n%s", strings.Join(broken, "\n"), strings.Join(want, "\n"))
	}
}

// TestSlugs holds the anchors to GitHub's for the headings we write.
func TestSlugs(t *testing.T) {
	s := newSlugger()
	for _, tt := range []struct{ heading, want string }{
		{"The pack, played offline", "the-pack-played-offline"},
		{"Against a real engine: Carbon", "against-a-real-engine-carbon"},
		{"The data pack's cost: mcgomoku bench", "the-data-packs-cost-mcgomoku-bench"},
		{"[lookahead.levels.<name>]", "lookaheadlevelsname"},
		{"Threat-space search (VCT)", "threat-space-search-vct"},
		{"Tuning — 15×15", "tuning--1515"},
		{"snake_case Ünïcode 2", "snake_case-ünïcode-2"},
		{"Levels", "levels"},
		{"Levels", "levels-1"},
		{"levels", "levels-2"},
		{"Levels 1", "levels-1-1"},
	} {
		if got := s.slug(tt.heading); got != tt.want {
			t.Errorf("slug(%q) = %q, want %q", tt.heading, got, tt.want)
		}
	}
	// Headings are read through the Markdown: code spans' text counts,
	// the backticks and a link's target do not.
	d := parse([]byte("# `[weights]` of [the model](x.md)\n"))
	if !d.anchors["weights-of-the-model"] {
		t.Errorf("anchors %v, want weights-of-the-model", d.anchors)
	}
}
