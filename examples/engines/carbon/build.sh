#!/bin/sh
# Builds Carbon (Michał Czardybon's Gomocup engine, 2002; a classic
# opponent of Gomocup's tournaments) as a Linux pbrain from its public
# source, for `mcgomoku sim`. Carbon's source stays out of this repository
# (it carries no licence); this script fetches it into a folder of yours.
#
#   examples/engines/carbon/build.sh [DIR]
#
# DIR (default ~/.cache/mcgomoku/engines) gets the source in carbon-src/
# and the engine as pbrain-carbon. Needs git and g++. Carbon is written
# for Windows; windows.h beside this script supplies the few Win32 calls it
# makes (events, a thread, a millisecond clock) on POSIX threads.
# Where git cannot reach GitHub, clone the repository from a mirror into
# DIR/carbon-src first: the script then only checks the pinned commit out.
set -eu

repo=https://github.com/gomoku/Carbon-Gomoku
commit=75a8143219094c6dcd5c309692c80a34696c1b22 # "databaseMove must not be near border", 2017

here=$(cd "$(dirname "$0")" && pwd)
. "$here/../checkout.sh"
checkout "$repo" "$commit" carbon "${1:-}"

# The brain is the five files of its Visual Studio project CarbonAI.
tmp=$dir/pbrain-carbon.tmp.$$
trap 'rm -f "$tmp"' EXIT
(cd "$src" && g++ -O2 -w -fpermissive -I"$here" -include windows.h -o "$tmp" \
	AICarbon.cpp AICarbonMove.cpp AIwrapper.cpp Random.cpp pisqpipe.cpp -lpthread)
mv "$tmp" "$dir/pbrain-carbon"
trap - EXIT
echo "$dir/pbrain-carbon"
