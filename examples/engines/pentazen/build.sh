#!/bin/sh
# Builds PentaZen 0.4.18 (Sun Yuliang's Gomocup 2021 engine, its ABOUT
# saying 0.4.17: alpha-beta with pattern tables, no neural network) as a
# Linux pbrain from its public source, for `mcgomoku sim`. PentaZen's
# source stays out of this repository (it carries no licence); this script
# fetches it into a folder of yours.
#
#   examples/engines/pentazen/build.sh [DIR]
#
# DIR (default ~/.cache/mcgomoku/engines) gets the source in pentazen-src/
# and the engine as pbrain-pentazen. Needs git and g++ (C++17). PentaZen's
# Makefile is written for mingw on Windows; the script takes its steps:
# compiles the pattern generator twice (freestyle and standard), writes the
# two 15×15 pattern headers the engine includes, and compiles the engine.
# Where git cannot reach GitHub, clone the repository from a mirror into
# DIR/pentazen-src first: the script then only checks the pinned commit out.
set -eu

repo=https://github.com/sun-yuliang/PentaZen
commit=fa37343094b6df02dbc57e474916788370bc9728 # "update to v0.4.18", 2022-04-15

here=$(cd "$(dirname "$0")" && pwd)
. "$here/../checkout.sh"
checkout "$repo" "$commit" pentazen "${1:-}"

work=$(mktemp -d)
tmp=$dir/pbrain-pentazen.tmp.$$
trap 'rm -rf "$work" "$tmp"' EXIT
# The pattern tables: src/pattern's generator prints a C header for the
# rule its type.h names (freestyle as shipped; standard for renju's black).
for rule in FREESTYLE STANDARD; do
	mkdir -p "$work/$rule"
	cp "$src/src/pattern/line.cpp" "$src/src/pattern/line.h" "$src/src/pattern/main.cpp" "$work/$rule/"
	sed "s/TARGET_RULE *= *FREESTYLE/TARGET_RULE = $rule/" "$src/src/pattern/type.h" >"$work/$rule/type.h"
	g++ -std=c++17 -O2 -w -o "$work/$rule/gen" "$work/$rule/line.cpp" "$work/$rule/main.cpp"
done
mkdir -p "$work/inc"
"$work/FREESTYLE/gen" >"$work/inc/pattern_15f.h"
"$work/STANDARD/gen" >"$work/inc/pattern_15s.h"
# The engine: the Makefile's sources and release flags (less -static).
(cd "$src/src" && g++ -std=c++17 -O3 -DNDEBUG -fno-rtti -fno-exceptions -w -pthread -I"$work/inc" \
	-o "$tmp" board.cpp main.cpp misc.cpp movegen.cpp protocol.cpp search.cpp thread.cpp tt.cpp)
mv "$tmp" "$dir/pbrain-pentazen"
echo "$dir/pbrain-pentazen"
