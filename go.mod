module github.com/torchlower/torchlower

go 1.26

require (
	github.com/ebitengine/purego v0.11.3
	github.com/google/flatbuffers v2.0.8+incompatible
	github.com/sbinet/npyio v0.6.0
	github.com/spf13/pflag v1.0.10
)

require (
	github.com/campoy/embedmd v1.0.0 // indirect
	github.com/pmezard/go-difflib v1.0.0 // indirect
	gonum.org/v1/gonum v0.9.3 // indirect
)
