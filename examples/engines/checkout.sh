# Sourced by the engines' build scripts (sh): checkout REPO COMMIT NAME [DIR]
# makes DIR (default ~/.cache/mcgomoku/engines) and sets dir to its absolute
# path and src to DIR/NAME-src, a clone of REPO checked out at COMMIT. A clone
# already there (from a mirror, where git cannot reach GitHub) is only
# checked out.
checkout() {
	dir=${4:-${HOME}/.cache/mcgomoku/engines}
	mkdir -p "$dir"
	dir=$(cd "$dir" && pwd)
	src=$dir/$3-src
	if [ ! -d "$src/.git" ]; then
		git clone --quiet "$1" "$src"
	fi
	git -C "$src" checkout --quiet "$2"
}
