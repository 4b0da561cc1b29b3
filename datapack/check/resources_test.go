package check

import (
	"strings"
	"testing"

	"github.com/mcgomoku/mcgomoku/datapack"
)

func TestResources(t *testing.T) {
	tr := loadTiny(t)
	tr.Version = "26.2"
	reg, err := ParseRegistries([]byte(`{"minecraft:trigger_type":{"entries":{"minecraft:tick":{"protocol_id":0}}}}`))
	if err != nil {
		t.Fatal(err)
	}
	base := map[string]string{
		"pack.mcmeta":                     `{"pack":{"description":"t","min_format":94,"max_format":107}}`,
		"data/t/function/main.mcfunction": "say hi\n",
		"data/t/function/m.mcfunction":    "$say $(a)\n",
	}
	for _, c := range []struct {
		name  string
		files map[string]string
		want  string // one problem, as printed; "" = none
	}{
		{"clean", nil, ""},
		{"no pack.mcmeta", map[string]string{"pack.mcmeta": ""}, "pack.mcmeta: missing pack.mcmeta: the game does not recognise the folder as a data pack"},
		{"range excludes the release", map[string]string{"pack.mcmeta": `{"pack":{"description":"t","min_format":94,"max_format":101}}`},
			"pack.mcmeta: the declared formats exclude 26.2 (data pack format 107.1); the pack declares 1.21.11 … 26.1.2"},
		{"invalid pack.mcmeta", map[string]string{"pack.mcmeta": `{"pack":{"description":"t","min_format":94}}`},
			"pack.mcmeta:1:41: pack.min_format: max_format is missing: min_format and max_format come together"},
		{"tag to missing function", map[string]string{"data/minecraft/tags/function/load.json": `{"values":["t:nope"]}`},
			"data/minecraft/tags/function/load.json:1:12: unknown function t:nope"},
		{"optional tag entry", map[string]string{"data/minecraft/tags/function/load.json": `{"values":[{"id":"t:nope","required":false},"other:x"]}`}, ""},
		{"load tag runs a macro function", map[string]string{"data/minecraft/tags/function/load.json": `{"values":["t:m"]}`},
			"data/minecraft/tags/function/load.json:1:12: t:m is a macro function; #minecraft:load calls it without arguments, so it fails silently"},
		{"bad tag json", map[string]string{"data/t/tags/function/x.json": `{"values":[1]}`},
			`data/t/tags/function/x.json:1:12: values[0]: expected a function ID or {"id": …, "required": …}`},
		{"tag call of a missing tag", map[string]string{"data/t/function/main.mcfunction": "function #t:nope\n"},
			"data/t/function/main.mcfunction:1:10: unknown function tag #t:nope"},
		{"advancement with unknown trigger", map[string]string{"data/t/advancement/a.json": `{"criteria":{"c":{"trigger":"minecraft:tik"}}}`},
			`data/t/advancement/a.json:1:29: criteria.c: unknown trigger "minecraft:tik"`},
		{"advancement without criteria", map[string]string{"data/t/advancement/a.json": `{"criteria":{}}`},
			"data/t/advancement/a.json:1:13: criteria: expected a non-empty object"},
		{"advancement reward missing", map[string]string{"data/t/advancement/a.json": `{"criteria":{"c":{"trigger":"tick"}},"rewards":{"function":"t:nope"}}`},
			"data/t/advancement/a.json:1:60: rewards.function: unknown function t:nope"},
		{"advancement reward is a macro", map[string]string{"data/t/advancement/a.json": `{"criteria":{"c":{"trigger":"tick"}},"rewards":{"function":"t:m"}}`},
			"data/t/advancement/a.json:1:60: rewards.function: t:m is a macro function and gets no arguments"},
		{"advancement misspelled key", map[string]string{"data/t/advancement/a.json": `{"criteria":{"c":{"trigger":"tick"}},"reward":{}}`},
			`data/t/advancement/a.json:1:38: unknown key "reward" (the game ignores it)`},
		{"advancement requirement", map[string]string{"data/t/advancement/a.json": `{"criteria":{"c":{"trigger":"tick"}},"requirements":[["d"]]}`},
			`data/t/advancement/a.json:1:55: requirements: unknown criterion "d"`},
		{"advancement parent", map[string]string{"data/t/advancement/a.json": `{"parent":"t:root","criteria":{"c":{"trigger":"tick"}}}`},
			"data/t/advancement/a.json:1:11: parent: unknown advancement t:root"},
		{"pre-1.21 folder", map[string]string{"data/t/functions/old.mcfunction": "say x\n"},
			`data/t/functions/old.mcfunction: folder "functions" was renamed "function" in 1.21: the game ignores this file`},
		{"upper-case path", map[string]string{"data/t/function/Main.mcfunction": "say x\n"},
			`data/t/function/Main.mcfunction: invalid resource path "function/Main" (only a-z 0-9 _ - . / are allowed): the game ignores this file`},
		{"broken json", map[string]string{"data/t/predicate/p.json": `{"condition":`},
			"data/t/predicate/p.json:1:14: invalid JSON: unexpected end of input"},
	} {
		p := datapack.New()
		for k, v := range base {
			p.Files[k] = []byte(v)
		}
		for k, v := range c.files {
			if v == "" {
				delete(p.Files, k)
				continue
			}
			p.Files[k] = []byte(v)
		}
		var got []string
		for _, pr := range Pack(p, tr, reg) {
			if strings.Contains(pr.String(), "m.mcfunction:1:") {
				continue // t:m has no callers; its line is checked with a representative
			}
			got = append(got, pr.String())
		}
		want := []string{}
		if c.want != "" {
			want = []string{c.want}
		}
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("%s:\n got  %q\n want %q", c.name, got, want)
		}
	}
}
