# SPDX-License-Identifier: BSD-2-Clause
# cyclebench build.  `make run' builds and runs the default suite, `make check'
# builds and runs every test.  Both install missing Debian build dependencies
# first (scripts/install-deps); nothing else is fetched.

PREFIX	?= /usr/local
DESTDIR	?=
# Debian's multiarch: make install LIBDIR=/usr/lib/x86_64-linux-gnu.
BINDIR	?= $(PREFIX)/bin
LIBDIR	?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
MANDIR	?= $(PREFIX)/share/man
DOCDIR	?= $(PREFIX)/share/doc/cyclebench
# Where the binary looks for the programs it runs, cb-true and cb-snippet,
# beside bin/ (os/child.h, os_program_path).
HELPERDIR = $(BINDIR)/../libexec/cyclebench
ARCH	?= x86_64
OS	?= linux
CC	?= cc
CXX	?= c++
OBJCOPY	?= objcopy

# ARCH picks the instruction set's directory under src/arch (arch.h is its
# contract), OS the one under src/os; each names the Debian packages and
# compiler it needs.  i386 and arm64 are Debian multiarch builds: their
# -dev packages install beside the amd64 ones, and pkg-config is pointed
# at their directory alone (LIBDIR, not PATH: a missing package must not
# resolve to the amd64 one).
ifeq ($(ARCH),i386)
BUILD	?= build/i386
ARCH_DIR = x86
# The x87 computes in 80 bits (FLT_EVAL_METHOD 2).  In GNU C mode gcc
# lets a double variable or return value keep that excess precision
# until it happens to be spilled, so one formula gives two answers a
# rounding apart (stats_median against stats_quantile_sorted).  ISO C's
# rule rounds at every assignment, cast and return; SSE2 would avoid the
# x87 but is not on every i386 (the Athlon XP).  Compilers without the
# option (older clang) round at stores and never keep it across them.
ARCHFLAGS = -m32 $(shell $(CC) -m32 -fexcess-precision=standard -Werror \
	    -E -x c /dev/null >/dev/null 2>&1 && \
	    echo -fexcess-precision=standard)
# 64-bit file offsets and inode numbers: without them readdir fails with
# EOVERFLOW on a file system whose inodes do not fit 32 bits.
CPPFLAGS += -D_FILE_OFFSET_BITS=64
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
CXX	 = $(CROSS)g++
AR	 = $(CROSS)ar
OBJCOPY	 = $(CROSS)objcopy
PKG_CONFIG ?= env PKG_CONFIG_LIBDIR=/usr/lib/aarch64-linux-gnu/pkgconfig:/usr/share/pkgconfig pkg-config
else ifeq ($(ARCH),x86_64)
BUILD	?= build
ARCH_DIR = x86
# What the directory holds for its 32-bit sibling alone.
ARCH_ELSEWHERE = src/suites/x86/i386.c
ARCHFLAGS =
ARCH_PKGS = libcpuid
PKG_CONFIG ?= pkg-config
else
$(error ARCH=$(ARCH): cyclebench is ported to x86_64, i386 and arm64)
endif
ifeq ($(wildcard src/os/$(OS)),)
$(error OS=$(OS): there is no src/os/$(OS); docs/porting.md says what a port holds)
endif
# Linux's system call filters are built with libseccomp (os/linux/syscall_filter.c).
ifeq ($(OS),linux)
OS_PKGS	 = libseccomp
endif

PKGS	 = jansson yajl yaml-0.1 sqlite3 $(ARCH_PKGS) $(OS_PKGS)
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

LIB_SRCS = $(filter-out $(ARCH_ELSEWHERE),$(wildcard src/util/*.c \
	    src/core/*.c src/results/*.c \
	    src/verdict/*.c src/report/*.c src/suites/*.c src/impact/*.c \
	    src/suites/$(ARCH_DIR)/*.c \
	    src/arch/*.c src/arch/$(ARCH_DIR)/*.c src/os/$(OS)/*.c))
# arm64's MIDR part names in every build: a fingerprint read below a
# sysroot (the tests' fixtures) may be an arm64 machine's.
LIB_SRCS += $(filter-out src/arch/$(ARCH_DIR)/%,src/arch/arm64/midr.c)
LIB_SRCS += $(wildcard src/snippet/*.c src/characterize/*.c)
LIB_SRCS += $(filter-out $(if $(HAVE_LIBPQ),,src/store/pg.c),\
	    $(wildcard src/store/*.c))
CLI_SRCS = $(wildcard src/cli/*.c)
TEST_SRCS = $(wildcard tests/unit/test_*.c tests/unit/$(ARCH_DIR)/test_*.c \
	    tests/unit/$(OS)/test_*.c)
HELPER_SRCS = $(wildcard tests/helpers/*.c)
FUZZ_NAMES = $(patsubst tests/fuzz/fuzz_%.c,%,$(wildcard tests/fuzz/fuzz_*.c))

# The suites register themselves: each suite's source defines `const
# struct cb_suite suite_NAME' with CB_SUITE (core/registry.h), and
# scripts/suite-list writes the registry's NULL-terminated list of those
# this build compiles, in SUITE_ORDER, into $(SUITE_LIST), which is
# compiled into the library like any source.  So core/ names no suite,
# and a suite of another instruction set is simply not there.  A new
# suite is its source file and its name here, where it is to be run.
SUITE_ORDER = basic atomic counter entry fpu serialize i386 syscall signal \
	    selftest fault mmap ctxsw
SUITE_SRCS = $(filter src/suites/%,$(LIB_SRCS))
SUITE_LIST = $(BUILD)/gen/suite_list.c

LIB_OBJS = $(LIB_SRCS:%.c=$(BUILD)/obj/%.o) $(BUILD)/obj/gen/suite_list.o
PIC_OBJS = $(LIB_SRCS:%.c=$(BUILD)/pic/%.o) $(BUILD)/pic/gen/suite_list.o
CLI_OBJS = $(CLI_SRCS:%.c=$(BUILD)/obj/%.o)
TESTS	 = $(patsubst %.c,$(BUILD)/tests/%,$(notdir $(TEST_SRCS))) \
	    $(FUZZ_NAMES:%=$(BUILD)/tests/replay_%)
HELPERS	 = $(HELPER_SRCS:tests/helpers/%.c=$(BUILD)/tests/helpers/%)

# The command parsers without main, for what drives them in tests/fuzz.
CLI_PARSERS = $(filter-out %/main.o,$(CLI_OBJS))

# The libraries a program links: only the API's symbols are global, in
# the static one as in the shared one, so that no internal name
# (clock_init, stats_median) can collide with a program's own.  The
# command, the tests and the fuzzers link every object (INTERNAL).
VERSION	 = $(shell sed -n 's/^\#define CB_VERSION[^"]*"\(.*\)"/\1/p' \
	    include/cyclebench.h)
SOVERSION = $(firstword $(subst ., ,$(VERSION)))
SONAME	 = libcyclebench.so.$(SOVERSION)
LIB	 = $(BUILD)/libcyclebench.a
SHLIB	 = $(BUILD)/libcyclebench.so.$(VERSION)
INTERNAL = $(BUILD)/internal.a
API_SYMS = $(BUILD)/api.syms
API_MAP	 = $(BUILD)/api.map
BIN	 = $(BUILD)/cyclebench
CB_TRUE	 = $(BUILD)/cb-true
RUNNER	 = $(BUILD)/cb-snippet

.PHONY: all deps run check check-unit check-cli check-clang check-asan \
	check-i386 check-arm64 check-browser check-lint check-tidy check-valgrind \
	check-fuzz check-schemas check-docs fuzzers unit-tests install \
	uninstall clean bench screenshot

all: $(BIN) $(RUNNER) $(LIB) $(SHLIB)

deps:
	@scripts/install-deps

run: deps
	@$(MAKE) --no-print-directory all
	$(BIN) run

$(BUILD)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) -MMD -MP -c -o $@ $<

$(BUILD)/pic/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) -fPIC -MMD -MP -c -o $@ $<

$(SUITE_LIST): $(SUITE_SRCS) scripts/suite-list Makefile
	@mkdir -p $(dir $@)
	scripts/suite-list $(SUITE_ORDER) -- $(SUITE_SRCS) >$@.tmp
	@mv $@.tmp $@

$(BUILD)/obj/gen/%.o: $(BUILD)/gen/%.c
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) -MMD -MP -c -o $@ $<

$(BUILD)/pic/gen/%.o: $(BUILD)/gen/%.c
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) -fPIC -MMD -MP -c -o $@ $<

$(INTERNAL): $(LIB_OBJS)
	@rm -f $@
	$(AR) rcs $@ $^

# The API: the functions cyclebench.h declares.
$(API_SYMS): include/cyclebench.h
	@mkdir -p $(dir $@)
	sed -n '/^typedef/d; s/^[a-z].*[ 	*]\(cb_[a-z0-9_]*\)(.*/\1/p' $< | \
	    sort -u >$@

$(API_MAP): $(API_SYMS)
	{ echo 'CYCLEBENCH_$(SOVERSION) {'; echo 'global:'; \
	    sed 's/.*/	&;/' $<; echo 'local: *;'; echo '};'; } >$@

# One relocatable object, every name but the API's made local.
$(LIB): $(LIB_OBJS) $(API_SYMS)
	$(CC) $(ARCHFLAGS) -r -nostdlib -o $(BUILD)/cyclebench.o $(LIB_OBJS)
	$(OBJCOPY) --keep-global-symbols=$(API_SYMS) $(BUILD)/cyclebench.o
	@rm -f $@
	$(AR) rcs $@ $(BUILD)/cyclebench.o

$(SHLIB): $(PIC_OBJS) $(API_MAP)
	$(CC) $(ARCHFLAGS) $(CFLAGS) $(LDFLAGS) -shared -Wl,-soname,$(SONAME) \
	    -Wl,--version-script,$(API_MAP) -Wl,-z,defs -o $@ $(PIC_OBJS) \
	    $(LDLIBS)
	ln -sf $(notdir $@) $(BUILD)/$(SONAME)
	ln -sf $(SONAME) $(BUILD)/libcyclebench.so

# The binary looks for cb-true (ctxsw/fork-exec-wait) and cb-snippet (asm)
# beside itself.
$(BIN): $(CLI_OBJS) $(INTERNAL) $(CB_TRUE) $(RUNNER)
	$(CC) $(ARCHFLAGS) $(CFLAGS) $(LDFLAGS) -o $@ $(CLI_OBJS) $(INTERNAL) \
	    $(LDLIBS)

# The tool with the link seams of tests/seams defined (core/seams.h):
# the CLI tests bring on with it what no machine does when asked.
# Beside the tool, where it finds its runner and cb-true.
SEAMS_BIN = $(BUILD)/cyclebench-seams
SEAMS_OBJ = $(BUILD)/obj/tests/seams/seams.o
$(SEAMS_BIN): $(CLI_OBJS) $(SEAMS_OBJ) $(INTERNAL) $(CB_TRUE) $(RUNNER)
	$(CC) $(ARCHFLAGS) $(CFLAGS) $(LDFLAGS) -o $@ $(CLI_OBJS) \
	    $(SEAMS_OBJ) $(INTERNAL) $(LDLIBS)

# The program a snippet runs in (src/snippet/runner).
$(RUNNER): $(BUILD)/obj/src/snippet/runner/cb_snippet.o $(INTERNAL)
	$(CC) $(ARCHFLAGS) $(CFLAGS) $(LDFLAGS) -o $@ $< $(INTERNAL) $(LDLIBS)

# What ctxsw/fork-exec-wait's child executes: a static program that exits.
$(CB_TRUE): src/suites/cb-true.S
	@mkdir -p $(dir $@)
	$(CC) $(ARCHFLAGS) -g -static -nostdlib -o $@ $<

# The command's parsers and helpers (src/cli but main) as an archive, so
# that a unit test of one of them (test_parse, test_files_below) links
# it, and every other test, linking the archive too, takes nothing from
# it: the linker pulls only the objects a program calls.
CLI_LIB	 = $(BUILD)/cli.a
$(CLI_LIB): $(CLI_PARSERS)
	@rm -f $@
	$(AR) rcs $@ $^

define unit_test
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) -Itests/unit $(ALL_CFLAGS) \
	    $(shell $(PKG_CONFIG) --cflags cmocka) -o $@ $< $(CLI_LIB) \
	    $(INTERNAL) $(LDLIBS) $(shell $(PKG_CONFIG) --libs cmocka)
endef
# The tests' shared headers (fixtures, scratch directories, readers of
# CSV and markup): a change to one rebuilds every test.
TEST_HEADERS = $(wildcard tests/unit/*.h)
TEST_DEPS = $(CLI_LIB) $(INTERNAL) $(TEST_HEADERS) $(RUNNER)
$(BUILD)/tests/%: tests/unit/%.c $(TEST_DEPS)
	$(unit_test)
# The tests of what one instruction set alone has (its suites, its asm).
$(BUILD)/tests/%: tests/unit/$(ARCH_DIR)/%.c $(TEST_DEPS)
	$(unit_test)
# The tests of what one operating system alone has (its files, its calls).
$(BUILD)/tests/%: tests/unit/$(OS)/%.c $(TEST_DEPS)
	$(unit_test)
# Programs the unit tests start: test_isolate's, in which rounds share a
# process, is built from the library as cb-snippet is.
$(BUILD)/tests/programs/%: tests/unit/programs/%.c $(INTERNAL)
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $< $(INTERNAL) \
	    $(LDLIBS)
$(BUILD)/tests/test_isolate: $(BUILD)/tests/programs/serve_rounds

# Studies of a procedure that decides, on generated data whose truth is
# known (tests/study): what it gets wrong and what it finds, as tables;
# --quick asserts the targets in seconds.
$(BUILD)/study/%: tests/study/%.c tests/study/draws.h $(INTERNAL)
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) -o $@ $< $(INTERNAL) $(LDLIBS)

.PHONY: fit-study history-study levels-study witness-study recal-study
fit-study: $(BUILD)/study/fit_study
	$(BUILD)/study/fit_study
history-study: $(BUILD)/study/history_study
	$(BUILD)/study/history_study
levels-study: $(BUILD)/study/levels_study
	$(BUILD)/study/levels_study
witness-study: $(BUILD)/study/witness_study
	$(BUILD)/study/witness_study
recal-study: $(BUILD)/study/recal_study
	$(BUILD)/study/recal_study

# A fuzz target's corpus replayed as a unit test (tests/fuzz/replay.c).
$(BUILD)/tests/replay_%: tests/fuzz/fuzz_%.c tests/fuzz/replay.c \
	    $(CLI_PARSERS) $(INTERNAL)
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) -DCORPUS='"tests/fuzz/corpus/$*"' \
	    -o $@ $(filter %.c,$^) $(CLI_PARSERS) $(INTERNAL) $(LDLIBS)

# The same targets under libFuzzer: make check-fuzz builds them with clang.
$(BUILD)/fuzz_%: tests/fuzz/fuzz_%.c $(CLI_PARSERS) $(INTERNAL)
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) -fsanitize=fuzzer -o $@ $< \
	    $(CLI_PARSERS) $(INTERNAL) $(LDLIBS)

fuzzers: $(FUZZ_NAMES:%=$(BUILD)/fuzz_%)

# Programs the CLI tests run: workloads with known behaviour.
$(BUILD)/tests/helpers/%: tests/helpers/%.c
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) -o $@ $<

# The verdict study (tests/study): compare's verdicts on simulated
# results whose truth is known, the false alarms and the power of each
# family.  verdict-study prints the full table (minutes); check-study
# runs a few compares of each, which fails when a target is missed.
STUDY	 = $(BUILD)/study/verdict_study
$(STUDY): tests/study/verdict_study.c tests/study/sim_results.c \
	    tests/study/sim_results.h $(INTERNAL)
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) -o $@ $(filter %.c,$^) $(INTERNAL) \
	    $(LDLIBS)

.PHONY: verdict-study check-study
verdict-study: $(STUDY)
	@VERDICT_STUDY=$(STUDY) scripts/verdict-study
check-study: $(STUDY) $(BUILD)/study/fit_study \
	    $(BUILD)/study/history_study $(BUILD)/study/witness_study \
	    $(BUILD)/study/recal_study
	@VERDICT_STUDY=$(STUDY) scripts/verdict-study --quick
	@$(BUILD)/study/fit_study --quick >/dev/null
	@$(BUILD)/study/history_study --quick
	@$(BUILD)/study/witness_study --quick >/dev/null
	@$(BUILD)/study/recal_study --quick >/dev/null

# One throw-away PostgreSQL cluster for every target that tests the
# PostgreSQL results store (scripts/with-postgres; skipped, and said so,
# where no server is installed).
check: deps
	@scripts/with-postgres $(MAKE) --no-print-directory check-unit \
	    check-study check-cli check-schemas check-docs check-clang check-lint \
	    check-tidy check-valgrind check-i386 check-arm64 check-fuzz \
	    check-asan

unit-tests: $(TESTS)

check-unit: $(TESTS)
	@scripts/with-postgres scripts/run-unit-tests $(TESTS)

check-cli: $(BIN) $(SEAMS_BIN) $(HELPERS)
	CYCLEBENCH=$(abspath $(BIN)) CYCLEBENCH_SEAMS=$(abspath $(SEAMS_BIN)) \
	    HELPERS=$(abspath $(BUILD)/tests/helpers) \
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
	$(BIN) characterize ADD64rr LOCK_ADD64mr HLT --quick \
	    --json $(SCHEMA_OUT)/characterize.json >/dev/null
	$(BIN) compare $(FIX)/results/basic-cpu0.json $(SCHEMA_OUT)/run.json \
	    --format json >$(SCHEMA_OUT)/compare.json
	$(BIN) impact --costs $(FIX)/impact/costs.json --what-if majflt=5000 \
	    --what-if fpu-switch=+100 --json $(SCHEMA_OUT)/impact.json \
	    -- true 2>/dev/null
	@scripts/check-schemas docs/schema/results.schema.json \
	    $(SCHEMA_OUT)/run.json $(SCHEMA_OUT)/asm.json \
	    $(SCHEMA_OUT)/characterize.json $(FIX)/results/rounds-cpu0.json $(FIX)/results/rounds-lfence.json \
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

# Every source file names its licence, BSD-2-Clause, in an SPDX line.
.PHONY: check-spdx
check: check-spdx
check-spdx:
	@scripts/spdx --check

# The tree's shape: includes flow one way between the rooms of src/ (each
# room's README.md says what it may include), no source file over 600
# lines, no build artefact tracked.
.PHONY: check-shape
check: check-shape
check-shape:
	@scripts/check-shape

# The powers of five decimal_double.c multiplies by are the script's.
.PHONY: check-pow5
check: check-pow5
check-pow5:
	@scripts/pow5-table | diff -u src/results/pow5_table.h - || { echo \
	    "src/results/pow5_table.h is not scripts/pow5-table's output" >&2; \
	    exit 1; }
	@echo "pow5 table: as scripts/pow5-table makes it"

# The Debian packages (debian/): built with dpkg-buildpackage, no
# lintian error, the packaged command run.  Apart from check, like the
# browser, for the packaging tools it installs; CI runs it.
.PHONY: check-deb
check-deb:
	@scripts/install-deps --deb
	@scripts/check-deb

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
	    src tests/unit tests/seams

# clang-tidy with the checks .clang-tidy chooses, each finding an error.
# One file a process: run over several, clang-tidy 14 reports a va_list
# used uninitialised in one that, checked alone, has none.  Library
# headers are system headers, whose findings are not ours.
TIDY_SRCS = $(LIB_SRCS) $(CLI_SRCS) $(wildcard tests/fuzz/*.c tests/seams/*.c)
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
	    --errors-for-leak-kinds=definite $(BIN) report --db \
	    $(BUILD)/valgrind.db --runs last=2 -o $(BUILD)/valgrind.html
	@echo "valgrind: memcheck clean"

# Everything must build warning-free with clang as well as gcc.
check-clang:
	@$(MAKE) --no-print-directory CC=clang BUILD=build/clang all

# The unit tests again under AddressSanitizer and UBSan, and a few asm
# runs, whose snippet harness the unit tests do not run in a child.
check-asan:
	@$(MAKE) --no-print-directory BUILD=build/asan \
	    CFLAGS="-O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all" \
	    LDFLAGS="-fsanitize=address,undefined" check-unit all
	@scripts/asm-smoke $(abspath build/asan/cyclebench)

# Each fuzz target for FUZZ_SECONDS under libFuzzer, ASan and UBSan, from
# its seeds in tests/fuzz/corpus; scripts/run-fuzz says what each did.
FUZZ_SECONDS ?= 30
check-fuzz:
	@$(MAKE) --no-print-directory CC=clang BUILD=build/fuzz \
	    CFLAGS="-O1 -g -fsanitize=fuzzer-no-link,address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all" \
	    fuzzers
	@scripts/run-fuzz build/fuzz $(FUZZ_SECONDS) $(FUZZ_NAMES)

# The 32-bit build (gcc -m32, Debian's i386 libraries), its unit tests
# and a run of the command: natively where the kernel executes 32-bit
# programs, under qemu-i386 where it cannot, and under qemu-i386 here as
# well, so that the path other machines take is proven where CI runs.
check-i386:
	@$(MAKE) --no-print-directory ARCH=i386 BUILD=build/i386 all unit-tests
	@scripts/check-i386 build/i386
	@CHECK_I386=qemu scripts/check-i386 build/i386

# The arm64 cross-build (Debian's gcc-aarch64-linux-gnu and arm64
# multiarch libraries), its unit tests and a command-line smoke run
# (tests/arm64) under qemu-aarch64.  Emulated, they test what the program
# does, not what anything costs; scripts/check-arm64 says so.
check-arm64:
	@$(MAKE) --no-print-directory ARCH=arm64 BUILD=build/arm64 all unit-tests
	@scripts/check-arm64 build/arm64

bench: $(BIN)
	scripts/bench

# Everything a distribution ships: the command and its helper, the man
# pages, the shell completions and documentation, and both libraries
# with header and pkg-config file.  LIBDIR for a multiarch directory.
DOCS	 = README.md LICENSE docs/api.md docs/asm.md docs/compare.md \
	    docs/impact.md docs/kernel-paths.md docs/porting.md \
	    docs/results-schema.md docs/store.md docs/trust.md
MANS	 = docs/cyclebench.1 docs/cyclebench-asm.1
# Completions where bash-completion and zsh look for them by default.
BASHCOMPDIR ?= $(PREFIX)/share/bash-completion/completions
ZSHCOMPDIR ?= $(PREFIX)/share/zsh/site-functions
install: install-bin install-lib

.PHONY: install-bin install-lib uninstall check-examples check-api
install-bin: $(BIN) $(CB_TRUE) $(RUNNER)
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(HELPERDIR) \
	    $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(DOCDIR)
	install -m 755 $(BIN) $(DESTDIR)$(BINDIR)/cyclebench
	install -m 755 $(CB_TRUE) $(DESTDIR)$(HELPERDIR)/cb-true
	install -m 755 $(RUNNER) $(DESTDIR)$(HELPERDIR)/cb-snippet
	install -m 644 $(MANS) $(DESTDIR)$(MANDIR)/man1/
	install -m 644 $(DOCS) $(DESTDIR)$(DOCDIR)/
	install -d $(DESTDIR)$(BASHCOMPDIR) $(DESTDIR)$(ZSHCOMPDIR)
	install -m 644 completion/cyclebench.bash \
	    $(DESTDIR)$(BASHCOMPDIR)/cyclebench
	install -m 644 completion/_cyclebench $(DESTDIR)$(ZSHCOMPDIR)/_cyclebench

# The pkg-config file is written here, so it names this install's LIBDIR.
install-lib: $(LIB) $(SHLIB)
	install -d $(DESTDIR)$(LIBDIR)/pkgconfig $(DESTDIR)$(INCLUDEDIR)
	install -m 644 $(LIB) $(DESTDIR)$(LIBDIR)/
	install -m 644 $(SHLIB) $(DESTDIR)$(LIBDIR)/
	ln -sf $(notdir $(SHLIB)) $(DESTDIR)$(LIBDIR)/$(SONAME)
	ln -sf $(SONAME) $(DESTDIR)$(LIBDIR)/libcyclebench.so
	install -m 644 include/cyclebench.h $(DESTDIR)$(INCLUDEDIR)/
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@LIBDIR@|$(LIBDIR)|' \
	    -e 's|@INCLUDEDIR@|$(INCLUDEDIR)|' -e 's|@VERSION@|$(VERSION)|' \
	    -e 's|@REQUIRES@|$(PKGS)|' \
	    cyclebench.pc.in >$(DESTDIR)$(LIBDIR)/pkgconfig/cyclebench.pc

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/cyclebench $(DESTDIR)$(HELPERDIR)/cb-true \
	    $(DESTDIR)$(HELPERDIR)/cb-snippet \
	    $(MANS:docs/%=$(DESTDIR)$(MANDIR)/man1/%) \
	    $(addprefix $(DESTDIR)$(DOCDIR)/,$(notdir $(DOCS))) \
	    $(DESTDIR)$(LIBDIR)/libcyclebench.a \
	    $(DESTDIR)$(LIBDIR)/$(notdir $(SHLIB)) \
	    $(DESTDIR)$(LIBDIR)/$(SONAME) $(DESTDIR)$(LIBDIR)/libcyclebench.so \
	    $(DESTDIR)$(LIBDIR)/pkgconfig/cyclebench.pc \
	    $(DESTDIR)$(INCLUDEDIR)/cyclebench.h \
	    $(DESTDIR)$(BASHCOMPDIR)/cyclebench \
	    $(DESTDIR)$(ZSHCOMPDIR)/_cyclebench
	-rmdir $(DESTDIR)$(HELPERDIR) $(DESTDIR)$(DOCDIR) 2>/dev/null

# The examples and a C++ program, built as a user would: against a
# staged install, through pkg-config (which proves the .pc file), with
# the shared library and with the static one, then run.  A staged
# uninstall must leave nothing behind.  Part of make check.
check: check-examples check-api
STAGE	 = $(abspath $(BUILD)/stage)
EX_PREFIX = /opt/cyclebench
EX_LIBDIR = $(EX_PREFIX)/lib/multiarch-dir
EX_PC	 = env PKG_CONFIG_SYSROOT_DIR=$(STAGE) \
	    PKG_CONFIG_PATH=$(STAGE)$(EX_LIBDIR)/pkgconfig pkg-config
EX_RUN	 = env LD_LIBRARY_PATH=$(STAGE)$(EX_LIBDIR)
# Our library static, what it needs as the system has it (libpq's own
# static closure is not installed with it).
EX_STATIC = $$($(EX_PC) --libs cyclebench | \
	    sed 's/-lcyclebench/-l:libcyclebench.a/') \
	    $$($(PKG_CONFIG) --libs $$($(EX_PC) --print-requires-private \
	    cyclebench)) -lm -lpthread
check-examples: all
	@rm -rf $(STAGE) $(BUILD)/examples
	@$(MAKE) --no-print-directory install PREFIX=$(EX_PREFIX) \
	    LIBDIR=$(EX_LIBDIR) DESTDIR=$(STAGE) >/dev/null
	@mkdir -p $(BUILD)/examples
	@for src in examples/*.c; do \
		bin=$(BUILD)/examples/$$(basename $$src .c); \
		echo "example: $$src"; \
		$(CC) $(ARCHFLAGS) $(WARN) -O2 -o $$bin $$src \
		    $$($(EX_PC) --cflags --libs cyclebench) && \
		$(EX_RUN) $$bin $$bin.json >$$bin.out || \
		    { cat $$bin.out; exit 1; }; \
		grep -E '^seed' $$bin.out; \
		test ! -e $$bin.json || python3 -c 'import json, sys; \
		    assert json.load(open(sys.argv[1]))["results"]' \
		    $$bin.json || exit 1; \
	done
	@$(EX_RUN) ldd $(BUILD)/examples/counter | grep -q '$(SONAME) => $(STAGE)'
	@$(CXX) $(ARCHFLAGS) -Wall -Wextra -Werror -O2 \
	    -o $(BUILD)/examples/cxx-shared tests/cxx/api.cc \
	    $$($(EX_PC) --cflags --libs cyclebench)
	@$(CXX) $(ARCHFLAGS) -Wall -Wextra -Werror -O2 \
	    -o $(BUILD)/examples/cxx-static tests/cxx/api.cc \
	    $$($(EX_PC) --cflags cyclebench) $(EX_STATIC)
	@$(EX_RUN) $(BUILD)/examples/cxx-shared && \
	    $(BUILD)/examples/cxx-static
	@$(MAKE) --no-print-directory uninstall PREFIX=$(EX_PREFIX) \
	    LIBDIR=$(EX_LIBDIR) DESTDIR=$(STAGE) >/dev/null
	@left=$$(find $(STAGE) -type f -o -type l); test -z "$$left" || \
	    { echo "uninstall left: $$left"; exit 1; }
	@echo "examples: C and C++, shared and static, install and uninstall"

# The libraries export the API and nothing else, under their soname.
check-api: $(LIB) $(SHLIB) $(API_SYMS)
	@nm -D --defined-only $(SHLIB) | awk '$$2 != "A" { print $$3 }' | \
	    sed 's/@.*//' | sort -u | diff -u $(API_SYMS) - || \
	    { echo "$(SHLIB) exports more or less than the API"; exit 1; }
	@nm -g --defined-only $(LIB) | awk 'NF == 3 { print $$3 }' | \
	    sort -u | diff -u $(API_SYMS) - || \
	    { echo "$(LIB) has global names besides the API"; exit 1; }
	@objdump -p $(SHLIB) | grep -q 'SONAME *$(SONAME)$$' || \
	    { echo "$(SHLIB): no soname $(SONAME)"; exit 1; }
	@echo "api: $$(wc -l <$(API_SYMS)) functions exported, soname $(SONAME)"

clean:
	rm -rf build

-include $(LIB_OBJS:.o=.d) $(PIC_OBJS:.o=.d) $(CLI_OBJS:.o=.d)
