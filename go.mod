module github.com/mcgomoku/mcgomoku

go 1.26

require github.com/spf13/pflag v1.1.0

require (
	github.com/BurntSushi/toml v1.6.0 // indirect
	github.com/Tnze/go-mc v1.20.2 // indirect
)
