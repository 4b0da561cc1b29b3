#!/bin/sh
# Builds Rapfi (dhbloo's open engine: alpha-beta with classical and NNUE
# evaluation, far stronger than Carbon) as a Linux pbrain from its public
# source, for `mcgomoku sim`. Rapfi is GPL-3.0 and stays out of this
# repository; this script fetches it into a folder of yours.
#
#   examples/engines/rapfi/build.sh [DIR]
#
# DIR (default ~/.cache/mcgomoku/engines) gets the source in rapfi-src/
# (its objects in rapfi-obj/) and the engine as pbrain-rapfi. Needs git
# and g++ (C++17); no CMake: the script compiles the files of Rapfi's CMake
# target itself, without its optional command modules (benchmarks,
# self-play, training data), with the vector instructions this machine's
# g++ -march=native offers. Where git cannot reach GitHub, clone the
# repository from a mirror into DIR/rapfi-src first: the script then only
# checks the pinned commit out.
#
# No network files are fetched (they live in another repository, and a
# config.toml beside the engine would load them): without a config.toml
# Rapfi plays with the classical evaluation compiled into it
# (Rapfi/internalConfig.cpp), its alpha-beta search and threat solver.
set -eu

repo=https://github.com/dhbloo/rapfi
# 0.43.02, 2026-05-31: after 4feb75a, which fixed a race at its threads'
# start (the release 250615 aborted one start in about forty on a loaded host)
commit=3aedf3a2ab0ab710a9f3d00e57d5287ceb864894

here=$(cd "$(dirname "$0")" && pwd)
. "$here/../checkout.sh"
checkout "$repo" "$commit" rapfi "${1:-}"

# The instruction sets Rapfi's CMakeLists would detect on this machine.
flags=
macros=$(g++ -march=native -dM -E -x c++ /dev/null)
has() { printf '%s\n' "$macros" | grep -q "#define $1 "; }
if has __AVX2__ && has __FMA__; then
	flags="-DUSE_AVX2 -mavx2 -mfma"
elif has __SSE4_1__; then
	flags="-DUSE_SSE -msse -msse2 -msse3 -mssse3 -msse4 -msse4.1"
fi
if has __BMI2__; then
	flags="$flags -DUSE_BMI2 -mbmi2"
fi

# CORE_SOURCES of Rapfi/CMakeLists.txt at the pinned commit.
sources="command/argutils.cpp command/benchmark.cpp command/command.cpp
command/gomocup.cpp core/compressor.cpp core/hash.cpp core/iohelper.cpp core/utils.cpp
core/platform.cpp core/version.cpp database/dbclient.cpp database/dbutils.cpp
database/dbtypes.cpp database/yxdbstorage.cpp eval/eval.cpp eval/evaluator.cpp
eval/mix9svqnnue.cpp eval/mix10nnue.cpp game/board.cpp game/movegen.cpp
game/pattern.cpp search/hashtable.cpp search/movepick.cpp search/opening.cpp
search/searchcommon.cpp search/searchoutput.cpp search/searchthread.cpp
search/timecontrol.cpp search/ab/history.cpp search/ab/search.cpp
search/mcts/node.cpp search/mcts/search.cpp config.cpp internalConfig.cpp
main.cpp"

obj=$dir/rapfi-obj
mkdir -p "$obj"
tmp=$dir/pbrain-rapfi.tmp.$$
trap 'rm -f "$tmp"' EXIT
cd "$src/Rapfi"
ext=external
inc="-I$ext/cpptoml/include -I$ext/cxxopts/include -I$ext/lz4/include -I$ext/simde/include"
for c in lz4_all xxhash; do
	gcc -O3 -DNDEBUG -w -I$ext/lz4/include -c "$ext/lz4/src/$c.c" -o "$obj/$c.o"
done
objs="$obj/lz4_all.o $obj/xxhash.o"
for s in $sources; do
	o=$obj/$(echo "$s" | tr / _).o
	# shellcheck disable=SC2086 # flags and inc are lists of words
	g++ -std=c++17 -O3 -DNDEBUG -DMULTI_THREADING -ffp-contract=off -w $flags $inc -c "$s" -o "$o"
	objs="$objs $o"
done
# shellcheck disable=SC2086
g++ -o "$tmp" $objs -lpthread -latomic
mv "$tmp" "$dir/pbrain-rapfi"
trap - EXIT
echo "$dir/pbrain-rapfi"
