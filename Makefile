# clickc developer entry points.  README.md documents `make demo` and `make test`.
PYTHON ?= python3
APT_PACKAGES = clang lld llvm libclang-rt-14-dev libpcap-dev graphviz default-jre-headless maven \
	iproute2 libbpf-dev libxdp-dev dpdk-dev libdpdk-dev libnuma-dev libssl-dev tcpdump \
	libantlr4-runtime-dev g++
ANTLR_VERSION = 4.13.2
ANTLR_JAR = $(HOME)/.m2/repository/org/antlr/antlr4/$(ANTLR_VERSION)/antlr4-$(ANTLR_VERSION)-complete.jar
ANTLR_CPP_VERSION = 4.9
ANTLR_CPP_JAR = $(HOME)/.m2/repository/org/antlr/antlr4/$(ANTLR_CPP_VERSION)/antlr4-$(ANTLR_CPP_VERSION)-complete.jar

.PHONY: setup demo test lint parser

# Install what a fresh Debian machine lacks (system packages only when missing), then clickc.
setup:
	@missing=""; for p in $(APT_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing; \
	fi
	$(PYTHON) -m pip install -q -e '.[test]'
	$(PYTHON) -c 'import sys; from clickc.frontend import cparser; sys.exit(cparser.build(quiet=False) is None)' \
	  || echo "the C++ parser is not built: clickc uses the Python parser"

# The main job: compile the two-interface IP router (examples/iprouter.click) with -O2 and run it
# on a real capture, ../shared/pcaps/ndpi-gnutella.pcap when ../shared is there, else on the
# capture shipped in examples/; it writes each interface's output capture to out/ and prints
# its counters when done.
DEMO_IN = $(firstword $(wildcard ../shared/pcaps/ndpi-gnutella.pcap) examples/iprouter-in.pcap)
demo: setup
	mkdir -p out
	clickc -O2 examples/iprouter.click -o out/iprouter
	out/iprouter IN=$(DEMO_IN) OUT0=out/iprouter-eth0.pcap OUT1=out/iprouter-eth1.pcap

# The whole test suite: unit, property and golden tests, then linters.  Most tests run on
# TEST_JOBS workers (pytest-xdist; the tests of a file with a module-scoped fixture on one
# worker, tests/conftest.py); those marked `serial` (timing, both CPUs for a router's threads)
# run after them, alone (docs/testing.md, "How CI runs the suite").
TEST_JOBS ?= 2
test: setup
	$(PYTHON) -m pytest -n $(TEST_JOBS) --dist loadgroup -m "not serial"
	$(PYTHON) -m pytest -m serial
	$(PYTHON) -m ruff check compiler passes elements tests bench
	$(PYTHON) tests/typecheck.py

# Regenerate the committed ANTLR parsers from grammar/Click.g4: the Python one (grammar/gen,
# ANTLR 4.13.2, the runtime pyproject.toml pins) and the C++ one of the optional accelerator
# (grammar/gen_cpp, ANTLR 4.9, for Debian's libantlr4-runtime-dev 4.9; docs/reliability.md).
$(ANTLR_JAR):
	mvn -q dependency:get -Dartifact=org.antlr:antlr4:$(ANTLR_VERSION):jar:complete

$(ANTLR_CPP_JAR):
	mvn -q dependency:get -Dartifact=org.antlr:antlr4:$(ANTLR_CPP_VERSION):jar:complete

parser: $(ANTLR_JAR) $(ANTLR_CPP_JAR)
	rm -rf grammar/gen && mkdir -p grammar/gen
	cd grammar && java -jar $(ANTLR_JAR) -Dlanguage=Python3 -visitor -no-listener -o gen Click.g4
	printf '"""ANTLR %s parser generated from grammar/Click.g4 by make parser; do not edit."""\n\nGRAMMAR_SHA256 = "%s"\n' \
	  $(ANTLR_VERSION) $$(sha256sum grammar/Click.g4 | cut -d' ' -f1) > grammar/gen/__init__.py
	rm -rf grammar/gen_cpp && mkdir -p grammar/gen_cpp
	cd grammar && java -jar $(ANTLR_CPP_JAR) -Dlanguage=Cpp -no-visitor -no-listener -o gen_cpp Click.g4
	rm -f grammar/gen_cpp/*.interp grammar/gen_cpp/*.tokens
	printf '"""ANTLR %s C++ parser generated from grammar/Click.g4 by make parser; do not edit."""\n\nGRAMMAR_SHA256 = "%s"\n' \
	  $(ANTLR_CPP_VERSION) $$(sha256sum grammar/Click.g4 | cut -d' ' -f1) > grammar/gen_cpp/__init__.py
