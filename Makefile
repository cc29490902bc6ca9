# The two commands the README promises: `make demo` and `make test`. Both install what they need.
PRESET ?= reldebug
BUILD := build/$(PRESET)

.PHONY: setup configure build demo test test-debug fuzz python bench clean

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
	cmake --preset fuzz >/dev/null && cmake --build --preset fuzz --target fuzz_parse fuzz_eval fuzz_cases
	bash tests/fuzz/run.sh $(FUZZ_SECONDS)

# The tensorcode Python extension, built in place so that PYTHONPATH=python finds it.
python: build

bench: setup
	cmake --preset release >/dev/null && cmake --build --preset release
	bash bench/run.sh

clean:
	rm -rf build
