module github.com/mcgomoku/mcgomoku

go 1.26.0

require (
	github.com/BurntSushi/toml v1.6.0
	github.com/Tnze/go-mc v1.20.2
	github.com/google/pprof v0.0.0-20261105003125-4bf881d7fb0b
	github.com/schollz/progressbar/v3 v3.19.1
	github.com/spf13/pflag v1.1.0
	golang.org/x/term v0.44.0
)

require (
	github.com/mitchellh/colorstring v0.0.0-20190213212951-d06e56a500db // indirect
	github.com/rivo/uniseg v0.4.7 // indirect
	golang.org/x/sys v0.46.0 // indirect
)
