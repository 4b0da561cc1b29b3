package mcvm

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/mcgomoku/mcgomoku/datapack/reports"
)

// These tests check mcvm's hard-coded knowledge against Mojang's reports,
// embedded in package reports.

type cmdNode struct {
	Type       string              `json:"type"`
	Children   map[string]*cmdNode `json:"children"`
	Executable bool                `json:"executable"`
	Parser     string              `json:"parser"`
	Properties map[string]any      `json:"properties"`
	Redirect   []string            `json:"redirect"`
}

func readCommands(t *testing.T, version string) *cmdNode {
	data, err := reports.Commands(version)
	if err != nil {
		t.Fatal(err)
	}
	var root cmdNode
	if err := json.Unmarshal(data, &root); err != nil {
		t.Fatal(err)
	}
	return &root
}

// TestRootCommandsMatchReport: every command cost accounting names is a
// command of the release.
func TestRootCommandsMatchReport(t *testing.T) {
	root := readCommands(t, "26.2")
	for _, n := range cmdNames {
		if root.Children[n] == nil {
			t.Errorf("accounted command %q is not a 26.2 command", n)
		}
	}
}

// TestLiteralPathsExist checks the literal paths mcvm parses.
func TestLiteralPathsExist(t *testing.T) {
	paths := []string{
		"execute as", "execute at", "execute positioned as", "execute positioned over", "execute rotated as",
		"execute facing entity", "execute align", "execute anchored", "execute in", "execute summon", "execute run",
		"execute store result score", "execute store success storage", "execute store result entity",
		"execute if score", "execute if entity", "execute if block", "execute if blocks", "execute if data storage",
		"execute if data entity", "execute if function", "execute if loaded", "execute if dimension",
		"execute unless score", "execute on attacker", "execute on target", "execute on passengers",
		"scoreboard objectives add", "scoreboard objectives remove", "scoreboard objectives setdisplay",
		"scoreboard objectives modify", "scoreboard objectives list", "scoreboard players set",
		"scoreboard players add", "scoreboard players remove", "scoreboard players get", "scoreboard players reset",
		"scoreboard players operation", "scoreboard players enable", "scoreboard players list",
		"data get storage", "data get entity", "data merge storage", "data remove entity",
		"data modify storage", "function", "return fail", "return run", "schedule function", "schedule clear",
		"forceload add", "forceload remove all", "forceload query", "place template", "tag", "kill", "summon",
		"tp", "teleport", "advancement grant", "advancement revoke", "trigger", "random value", "random roll",
		"say", "tellraw", "title", "playsound", "particle", "setblock", "fill", "clone", "gamerule",
	}
	for _, v := range []string{"1.21.11", "26.2"} {
		root := readCommands(t, v)
		for _, p := range paths {
			n := root
			for _, lit := range strings.Fields(p) {
				var next *cmdNode
				if c := n.Children[lit]; c != nil && c.Type == "literal" {
					next = c
				} else {
					// Step over one argument node to reach the literal.
					for _, c := range n.Children {
						if c.Type == "argument" && c.Children[lit] != nil {
							next = c.Children[lit]
						}
					}
				}
				if next == nil {
					t.Errorf("%s: no path %q (stuck at %q)", v, p, lit)
					break
				}
				n = next
			}
		}
	}
}

func TestModelledGamerulesMatchReport(t *testing.T) {
	for _, v := range []string{"1.21.11", "26.2"} {
		root := readCommands(t, v)
		gr := root.Children["gamerule"]
		for _, d := range modelledRules {
			if d.gone != nil {
				// Removed before these releases: their trees must not
				// have it under either name.
				if gr.Children[d.camel] != nil || gr.Children[d.snake] != nil {
					t.Errorf("%s still has %s, which mcvm says was removed in %v", v, d.camel, d.gone)
				}
				continue
			}
			for _, name := range []string{d.snake, "minecraft:" + d.snake} {
				n := gr.Children[name]
				if n == nil {
					t.Errorf("%s: gamerule %s missing", v, name)
					continue
				}
				if gr.Children[d.camel] != nil {
					t.Errorf("%s still has camelCase %s", v, d.camel)
				}
				val := n.Children["value"]
				wantParser := "brigadier:integer"
				if d.isBool {
					wantParser = "brigadier:bool"
				}
				if val == nil || val.Parser != wantParser {
					t.Errorf("%s: gamerule %s value parser %v, want %s", v, name, val, wantParser)
				}
			}
		}
	}
}

// TestRemovedGamerulesMatchReport: a rule mcvm says a release removed is
// in the older release's tree, with the value type mcvm reads.
func TestRemovedGamerulesMatchReport(t *testing.T) {
	gr := readCommands(t, "1.21.5").Children["gamerule"]
	for _, d := range modelledRules {
		if d.gone == nil {
			continue
		}
		n := gr.Children[d.camel]
		if n == nil || n.Children["value"] == nil || n.Children["value"].Parser != "brigadier:integer" {
			t.Errorf("1.21.5: gamerule %s missing or not an integer", d.camel)
		}
	}
}

func TestModelledEntityTypesExist(t *testing.T) {
	data, err := reports.Registries("26.2")
	if err != nil {
		t.Fatal(err)
	}
	var regs map[string]struct {
		Entries map[string]any `json:"entries"`
	}
	if err := json.Unmarshal(data, &regs); err != nil {
		t.Fatal(err)
	}
	for id := range entityTypes {
		if _, ok := regs["minecraft:entity_type"].Entries[id]; !ok {
			t.Errorf("entity type %s not in the 26.2 registry", id)
		}
	}
	for _, d := range dimensionOrder {
		if _, ok := regs["minecraft:dimension_type"].Entries[d]; !ok && regs["minecraft:dimension_type"].Entries != nil {
			t.Logf("dimension type %s not listed (dimension types are data-driven)", d)
		}
	}
}
