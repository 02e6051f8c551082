# cyclebench build.  `make run' builds and runs the default suite, `make check'
# builds and runs every test.  Both install missing Debian build dependencies
# first (scripts/install-deps); nothing else is fetched.

PREFIX	?= /usr/local
DESTDIR	?=
ARCH	?= x86_64
OS	?= linux
CC	?= cc

# ARCH picks the instruction set's directory under src/arch (arch.h is its
# contract), OS the one under src/os; each names the Debian packages and
# compiler it needs.  i386 and arm64 are Debian multiarch builds: their
# -dev packages install beside the amd64 ones, and pkg-config is pointed
# at their directory alone (LIBDIR, not PATH: a missing package must not
# resolve to the amd64 one).
ifeq ($(ARCH),i386)
BUILD	?= build/i386
ARCH_DIR = x86
ARCHFLAGS = -m32
ARCH_PKGS = libcpuid
# LIBDIR, not PATH: a missing i386 package must not resolve to the amd64 one.
PKG_CONFIG ?= env PKG_CONFIG_LIBDIR=/usr/lib/i386-linux-gnu/pkgconfig:/usr/share/pkgconfig pkg-config
else ifeq ($(ARCH),arm64)
BUILD	?= build/arm64
ARCH_DIR = arm64
ARCHFLAGS =
ARCH_PKGS =
CROSS	?= aarch64-linux-gnu-
CC	 = $(CROSS)gcc
AR	 = $(CROSS)ar
PKG_CONFIG ?= env PKG_CONFIG_LIBDIR=/usr/lib/aarch64-linux-gnu/pkgconfig:/usr/share/pkgconfig pkg-config
else ifeq ($(ARCH),x86_64)
BUILD	?= build
ARCH_DIR = x86
ARCHFLAGS =
ARCH_PKGS = libcpuid
PKG_CONFIG ?= pkg-config
else
$(error ARCH=$(ARCH): cyclebench is ported to x86_64, i386 and arm64)
endif
ifeq ($(wildcard src/os/$(OS)),)
$(error OS=$(OS): there is no src/os/$(OS); docs/porting.md says what a port holds)
endif

PKGS	 = jansson sqlite3 $(ARCH_PKGS)
# PostgreSQL, the results store of a fleet, wherever libpq is installed: the
# i386 and arm64 builds go without, as Debian's libpq-dev is not multiarch.
HAVE_LIBPQ := $(shell $(PKG_CONFIG) --exists libpq && echo yes)
ifeq ($(HAVE_LIBPQ),yes)
PKGS	+= libpq
CPPFLAGS += -DCB_HAVE_LIBPQ
endif
WARN	 = -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -Wmissing-prototypes
# The ports' inline parts (machdep.h, osdep.h) are found through these.
CPPFLAGS += -Iinclude -Isrc -Isrc/arch/$(ARCH_DIR) -Isrc/os/$(OS) -D_GNU_SOURCE
CFLAGS	?= -O2 -g
ALL_CFLAGS = -std=gnu11 $(ARCHFLAGS) $(WARN) $(CFLAGS) \
	    $(shell $(PKG_CONFIG) --cflags $(PKGS))
LDLIBS	+= $(shell $(PKG_CONFIG) --libs $(PKGS)) -lm -lpthread

LIB_SRCS = $(wildcard src/core/*.c src/report/*.c src/suites/*.c src/impact/*.c \
	    src/suites/$(ARCH_DIR)/*.c \
	    src/arch/$(ARCH_DIR)/*.c src/os/$(OS)/*.c)
LIB_SRCS += $(wildcard src/snippet/*.c)
LIB_SRCS += $(filter-out $(if $(HAVE_LIBPQ),,src/store/pg.c),\
	    $(wildcard src/store/*.c))
CLI_SRCS = $(wildcard src/cli/*.c)
TEST_SRCS = $(wildcard tests/unit/test_*.c tests/unit/$(ARCH_DIR)/test_*.c)
HELPER_SRCS = $(wildcard tests/helpers/*.c)
FUZZ_NAMES = $(patsubst tests/fuzz/fuzz_%.c,%,$(wildcard tests/fuzz/fuzz_*.c))

LIB_OBJS = $(LIB_SRCS:%.c=$(BUILD)/obj/%.o)
CLI_OBJS = $(CLI_SRCS:%.c=$(BUILD)/obj/%.o)
TESTS	 = $(patsubst %.c,$(BUILD)/tests/%,$(notdir $(TEST_SRCS))) \
	    $(FUZZ_NAMES:%=$(BUILD)/tests/replay_%)
HELPERS	 = $(HELPER_SRCS:tests/helpers/%.c=$(BUILD)/tests/helpers/%)

# The command parsers without main, for what drives them in tests/fuzz.
CLI_PARSERS = $(filter-out %/main.o,$(CLI_OBJS))

LIB	 = $(BUILD)/libcyclebench.a
BIN	 = $(BUILD)/cyclebench
CB_TRUE	 = $(BUILD)/cb-true

.PHONY: all deps run check check-unit check-cli check-clang check-asan \
	check-i386 check-arm64 check-browser check-lint check-tidy check-valgrind \
	check-fuzz check-schemas check-docs fuzzers unit-tests install clean \
	bench screenshot

all: $(BIN) $(LIB)

deps:
	@scripts/install-deps

run: deps
	@$(MAKE) --no-print-directory all
	$(BIN) run

$(BUILD)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) -MMD -MP -c -o $@ $<

$(LIB): $(LIB_OBJS)
	@rm -f $@
	$(AR) rcs $@ $^

# The binary looks for cb-true beside itself (ctxsw/fork-exec-wait).
$(BIN): $(CLI_OBJS) $(LIB) $(CB_TRUE)
	$(CC) $(ARCHFLAGS) $(CFLAGS) $(LDFLAGS) -o $@ $(CLI_OBJS) $(LIB) $(LDLIBS)

# What ctxsw/fork-exec-wait's child executes: a static program that exits.
$(CB_TRUE): src/suites/cb-true.S
	@mkdir -p $(dir $@)
	$(CC) $(ARCHFLAGS) -static -nostdlib -o $@ $<

# Installed where the binary looks for it besides its own directory.
.PHONY: install-cb-true
install: install-cb-true
install-cb-true: $(CB_TRUE)
	install -D -m 755 $(CB_TRUE) \
	    $(DESTDIR)$(PREFIX)/libexec/cyclebench/cb-true

define unit_test
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) -Itests/unit $(ALL_CFLAGS) \
	    $(shell $(PKG_CONFIG) --cflags cmocka) -o $@ $< $(LIB) \
	    $(LDLIBS) $(shell $(PKG_CONFIG) --libs cmocka)
endef
$(BUILD)/tests/%: tests/unit/%.c $(LIB)
	$(unit_test)
# The tests of what one instruction set alone has (its suites, its asm).
$(BUILD)/tests/%: tests/unit/$(ARCH_DIR)/%.c $(LIB)
	$(unit_test)

# A fuzz target's corpus replayed as a unit test (tests/fuzz/replay.c).
$(BUILD)/tests/replay_%: tests/fuzz/fuzz_%.c tests/fuzz/replay.c \
	    $(CLI_PARSERS) $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) -DCORPUS='"tests/fuzz/corpus/$*"' \
	    -o $@ $(filter %.c,$^) $(CLI_PARSERS) $(LIB) $(LDLIBS)

# The same targets under libFuzzer: make check-fuzz builds them with clang.
$(BUILD)/fuzz_%: tests/fuzz/fuzz_%.c $(CLI_PARSERS) $(LIB)
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) -fsanitize=fuzzer -o $@ $< \
	    $(CLI_PARSERS) $(LIB) $(LDLIBS)

fuzzers: $(FUZZ_NAMES:%=$(BUILD)/fuzz_%)

# Programs the CLI tests run: workloads with known behaviour.
$(BUILD)/tests/helpers/%: tests/helpers/%.c
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) -o $@ $<

# One throw-away PostgreSQL cluster for every target that tests the
# PostgreSQL results store (scripts/with-postgres; skipped, and said so,
# where no server is installed).
check: deps
	@scripts/with-postgres $(MAKE) --no-print-directory check-unit \
	    check-cli check-schemas check-docs check-clang check-lint \
	    check-tidy check-valgrind check-i386 check-arm64 check-fuzz \
	    check-asan

unit-tests: $(TESTS)

check-unit: $(TESTS)
	@scripts/with-postgres scripts/run-unit-tests $(TESTS)

check-cli: $(BIN) $(HELPERS)
	CYCLEBENCH=$(abspath $(BIN)) HELPERS=$(abspath $(BUILD)/tests/helpers) \
	    scripts/with-postgres bats tests/cli

# Every JSON document the tool writes, freshly written here, against the
# JSON Schemas shipped in docs/schema (Debian's python3-jsonschema): a
# results file with ok, skipped, failed and path rows, asm's A/B pair, a
# comparison with missing and failed cells, an impact report.  A file
# with a made-up flag must be refused, so the check is seen to bite.
SCHEMA_OUT = $(BUILD)/schema-check
FIX	 = tests/fixtures
check-schemas: $(BIN)
	@rm -rf $(SCHEMA_OUT) && mkdir -p $(SCHEMA_OUT)
	$(BIN) run basic/add-latency 'ctxsw/pipe-threads cpus=1 fpu=none' \
	    selftest/skip selftest/crash --quick --timeout 10 \
	    --json $(SCHEMA_OUT)/run.json >/dev/null; test $$? -eq 1
	$(BIN) asm nop --vs 'nop; nop' --quick --rounds 6 \
	    --json $(SCHEMA_OUT)/asm.json >/dev/null
	$(BIN) compare $(FIX)/results/basic-cpu0.json $(SCHEMA_OUT)/run.json \
	    --format json >$(SCHEMA_OUT)/compare.json
	$(BIN) impact --costs $(FIX)/impact/costs.json --what-if majflt=5000 \
	    --what-if fpu-switch=+100 --json $(SCHEMA_OUT)/impact.json \
	    -- true 2>/dev/null
	@scripts/check-schemas docs/schema/results.schema.json \
	    $(SCHEMA_OUT)/run.json $(SCHEMA_OUT)/asm.json \
	    $(FIX)/results/rounds-cpu0.json $(FIX)/results/rounds-lfence.json \
	    --expect-invalid $(FIX)/results/inject.json
	@scripts/check-schemas docs/schema/compare.schema.json \
	    $(SCHEMA_OUT)/compare.json
	@scripts/check-schemas docs/schema/impact.schema.json \
	    $(SCHEMA_OUT)/impact.json

# Where the docs must say what the code does, word for word: the flags
# and their meanings in cyclebench(1), docs/results-schema.md and the
# code's own table (list --flags).
check-docs: $(BIN)
	@scripts/check-docs $(BIN)

# The HTML report in headless Chromium; apart from check because the
# browser is a large install.  CI runs both.
check-browser: $(BIN)
	@scripts/install-deps --browser
	CYCLEBENCH=$(abspath $(BIN)) bats tests/browser

# The README's picture of the report, drawn by this build from the runs
# docs/compare.md compares (make screenshot, then look at it).
RESULTS	 = tests/fixtures/results
screenshot: $(BIN)
	@scripts/install-deps --browser
	$(BIN) report --label cpu0 --label cpu1 --label lfence \
	    $(RESULTS)/rounds-cpu0.json $(RESULTS)/rounds-cpu1.json \
	    $(RESULTS)/rounds-lfence.json -o $(BUILD)/report.html
	chromium --headless --no-sandbox --disable-gpu --hide-scrollbars \
	    --user-data-dir=$(abspath $(BUILD))/chromium-profile \
	    --window-size=1280,900 --screenshot=$(abspath docs/report-screenshot.png) \
	    file://$(abspath $(BUILD))/report.html 2>/dev/null

# Static analysis, enforced: cppcheck's warning, performance and
# portability checks over the sources and tests.
check-lint:
	cppcheck --enable=warning,performance,portability --error-exitcode=1 \
	    --inline-suppr -q -Iinclude -Isrc -D__x86_64__ -D__linux__ \
	    src tests/unit

# clang-tidy with the checks .clang-tidy chooses, each finding an error.
# One file a process: run over several, clang-tidy 14 reports a va_list
# used uninitialised in one that, checked alone, has none.  Library
# headers are system headers, whose findings are not ours.
TIDY_SRCS = $(LIB_SRCS) $(CLI_SRCS) $(wildcard tests/fuzz/*.c)
TIDY_FLAGS = $(CPPFLAGS) -std=gnu11 -DCORPUS=\"tidy\" \
	    $(patsubst -I%,-isystem %,$(shell $(PKG_CONFIG) --cflags $(PKGS)))
check-tidy:
	@echo $(TIDY_SRCS) | tr ' ' '\n' | xargs -P2 -n1 sh -c \
	    'out=$$(clang-tidy --quiet "$$0" -- $(TIDY_FLAGS) 2>&1) || \
	    { printf "%s\n" "$$out"; exit 1; }'
	@echo "clang-tidy: $(words $(TIDY_SRCS)) files clean"

# memcheck on a representative run: CLI parsing, calibration, a child,
# statistics, the table and the JSON writer; then the results store:
# saving, importing, a table, a history and a report from it.
check-valgrind: $(BIN)
	valgrind -q --error-exitcode=9 --leak-check=full \
	    --errors-for-leak-kinds=definite $(BIN) run basic/imul-latency \
	    --quick --json $(BUILD)/valgrind.json >/dev/null
	valgrind -q --error-exitcode=9 --leak-check=full \
	    --errors-for-leak-kinds=definite $(BIN) list >/dev/null
	@rm -f $(BUILD)/valgrind.db*
	valgrind -q --error-exitcode=9 --leak-check=full \
	    --errors-for-leak-kinds=definite $(BIN) run basic/add-latency \
	    --quick --save --db $(BUILD)/valgrind.db --context c=1 >/dev/null
	valgrind -q --error-exitcode=9 --leak-check=full \
	    --errors-for-leak-kinds=definite $(BIN) db import \
	    --db $(BUILD)/valgrind.db $(BUILD)/valgrind.json \
	    tests/fixtures/results/basic-cpu1.json >/dev/null
	valgrind -q --error-exitcode=9 --leak-check=full \
	    --errors-for-leak-kinds=definite $(BIN) table basic --by machine \
	    --last 2 --db $(BUILD)/valgrind.db >/dev/null
	valgrind -q --error-exitcode=9 --leak-check=full \
	    --errors-for-leak-kinds=definite $(BIN) history basic/add-latency \
	    --db $(BUILD)/valgrind.db >/dev/null
	valgrind -q --error-exitcode=9 --leak-check=full \
	    --errors-for-leak-kinds=definite $(BIN) report --store \
	    $(BUILD)/valgrind.db --db last=2 -o $(BUILD)/valgrind.html
	@echo "valgrind: memcheck clean"

# Everything must build warning-free with clang as well as gcc.
check-clang:
	@$(MAKE) --no-print-directory CC=clang BUILD=build/clang all

# The unit tests again under AddressSanitizer and UBSan.
check-asan:
	@$(MAKE) --no-print-directory BUILD=build/asan \
	    CFLAGS="-O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all" \
	    LDFLAGS="-fsanitize=address,undefined" check-unit

# Each fuzz target for FUZZ_SECONDS under libFuzzer, ASan and UBSan, from
# its seeds in tests/fuzz/corpus; scripts/run-fuzz says what each did.
FUZZ_SECONDS ?= 30
check-fuzz:
	@$(MAKE) --no-print-directory CC=clang BUILD=build/fuzz \
	    CFLAGS="-O1 -g -fsanitize=fuzzer-no-link,address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all" \
	    fuzzers
	@scripts/run-fuzz build/fuzz $(FUZZ_SECONDS) $(FUZZ_NAMES)

# The 32-bit build (gcc -m32, Debian's i386 libraries) and its unit tests,
# run where the kernel executes 32-bit programs; where it cannot,
# scripts/check-i386 says so in one line instead of passing in silence.
check-i386:
	@$(MAKE) --no-print-directory ARCH=i386 BUILD=build/i386 all unit-tests
	@scripts/check-i386 build/i386

# The arm64 cross-build (Debian's gcc-aarch64-linux-gnu and arm64
# multiarch libraries), its unit tests and a command-line smoke run
# (tests/arm64) under qemu-aarch64.  Emulated, they test what the program
# does, not what anything costs; scripts/check-arm64 says so.
check-arm64:
	@$(MAKE) --no-print-directory ARCH=arm64 BUILD=build/arm64 all unit-tests
	@scripts/check-arm64 build/arm64

bench: $(BIN)
	scripts/bench

# Completions where bash-completion and zsh look for them by default.
BASHCOMPDIR ?= $(PREFIX)/share/bash-completion/completions
ZSHCOMPDIR ?= $(PREFIX)/share/zsh/site-functions
install: $(BIN) install-lib
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1 \
	    $(DESTDIR)$(BASHCOMPDIR) $(DESTDIR)$(ZSHCOMPDIR)
	install -m 755 $(BIN) $(DESTDIR)$(PREFIX)/bin/cyclebench
	install -m 644 docs/cyclebench.1 docs/cyclebench-asm.1 \
	    $(DESTDIR)$(PREFIX)/share/man/man1/
	install -m 644 completion/cyclebench.bash \
	    $(DESTDIR)$(BASHCOMPDIR)/cyclebench
	install -m 644 completion/_cyclebench $(DESTDIR)$(ZSHCOMPDIR)/_cyclebench

# What a program built on the API needs: header, library, pkg-config file
# (written here, so it always names the PREFIX of this install).
VERSION	 = $(shell sed -n 's/^\#define CB_VERSION[^"]*"\(.*\)"/\1/p' \
	    include/cyclebench.h)
install-lib: $(LIB)
	install -d $(DESTDIR)$(PREFIX)/lib/pkgconfig $(DESTDIR)$(PREFIX)/include
	install -m 644 $(LIB) $(DESTDIR)$(PREFIX)/lib/
	install -m 644 include/cyclebench.h $(DESTDIR)$(PREFIX)/include/
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@VERSION@|$(VERSION)|' \
	    cyclebench.pc.in >$(DESTDIR)$(PREFIX)/lib/pkgconfig/cyclebench.pc

# The examples, built as a user would: against a staged install, through
# pkg-config (which proves the .pc file), then run.  Part of make check.
.PHONY: install-lib check-examples
check: check-examples
STAGE	 = $(abspath $(BUILD)/stage)
EX_PREFIX = /opt/cyclebench
EX_PC	 = env PKG_CONFIG_SYSROOT_DIR=$(STAGE) \
	    PKG_CONFIG_PATH=$(STAGE)$(EX_PREFIX)/lib/pkgconfig pkg-config
check-examples:
	@rm -rf $(STAGE) $(BUILD)/examples
	@$(MAKE) --no-print-directory install-lib PREFIX=$(EX_PREFIX) \
	    DESTDIR=$(STAGE)
	@mkdir -p $(BUILD)/examples
	@for src in examples/*.c; do \
		bin=$(BUILD)/examples/$$(basename $$src .c); \
		echo "example: $$src"; \
		$(CC) $(ARCHFLAGS) $(WARN) -O2 -o $$bin $$src \
		    $$($(EX_PC) --cflags --libs cyclebench) && \
		$$bin $$bin.json >$$bin.out || { cat $$bin.out; exit 1; }; \
		grep -E '^seed' $$bin.out; \
		test ! -e $$bin.json || python3 -c 'import json, sys; \
		    assert json.load(open(sys.argv[1]))["results"]' \
		    $$bin.json || exit 1; \
	done

clean:
	rm -rf build

-include $(LIB_OBJS:.o=.d) $(CLI_OBJS:.o=.d)
