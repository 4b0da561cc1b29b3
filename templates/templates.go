// Package templates holds the text/template source of every generated
// mcfunction file, embedded so the mcgomoku binary needs no files at run
// time. Each template is named after the function it produces:
// game/play.mcfunction.tmpl becomes gomoku:game/play, and
// cell/play.mcfunction.tmpl becomes gomoku:cell/play/<cell> for every
// cell. Templates only format values the generator computed (gen.Plan);
// gen.Render documents the data each one receives and the small FuncMap.
package templates

import "embed"

// FS holds every template, by its path under templates/.
//
//go:embed *.mcfunction.tmpl */*.mcfunction.tmpl */*/*.mcfunction.tmpl
var FS embed.FS
