# The two commands the README promises: `make demo` and `make test`. Both install what they need.
PRESET ?= reldebug
BUILD := build/$(PRESET)

.PHONY: setup configure build demo test test-debug fuzz python jupyter bench bench-peers clean

setup:
	bash tools/setup.sh

configure: setup
	cmake --preset $(PRESET) >/dev/null

build: configure
	cmake --build --preset $(PRESET)

demo: build
	$(BUILD)/bpl examples/demo.bpl

test: build
	bash tools/test.sh $(PRESET)

# The whole suite under ASan and UBSan.
test-debug:
	$(MAKE) test PRESET=debug

# The libFuzzer targets (tests/fuzz/, clang with ASan and UBSan), each for FUZZ_SECONDS.
FUZZ_SECONDS ?= 60
fuzz: setup
	cmake --preset fuzz >/dev/null && cmake --build --preset fuzz --target fuzz_parse fuzz_eval fuzz_cases fuzz_readers
	bash tests/fuzz/run.sh $(FUZZ_SECONDS)

# The Python extensions (bpl, tensorcode), built in place so that PYTHONPATH=python finds them.
python: build

# The BPL Jupyter kernel's spec, for this user (or the system, as root): docs/python.md.
jupyter: python
	PYTHONPATH=python /usr/bin/python3 -m bpl.kernel install

bench: setup
	cmake --preset release >/dev/null && cmake --build --preset release
	bash bench/run.sh

# The peer suite: BPL (release build) beside NumPy, PyTorch and C++ loops, one table (bench/peers/).
bench-peers: setup
	cmake --preset release >/dev/null && cmake --build --preset release --target bpl
	bash bench/peers/run.sh

clean:
	rm -rf build
