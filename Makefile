# cyclebench build.  `make run' builds and runs the default suite, `make check'
# builds and runs every test.  Both install missing Debian build dependencies
# first (scripts/install-deps); nothing else is fetched.

PREFIX	?= /usr/local
DESTDIR	?=
ARCH	?= x86_64
CC	?= cc

ifeq ($(ARCH),i386)
BUILD	?= build/i386
ARCHFLAGS = -m32
PKG_CONFIG ?= env PKG_CONFIG_PATH=/usr/lib/i386-linux-gnu/pkgconfig pkg-config
else
BUILD	?= build
ARCHFLAGS =
PKG_CONFIG ?= pkg-config
endif

PKGS	 = jansson libcpuid
WARN	 = -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -Wmissing-prototypes
CPPFLAGS += -Iinclude -Isrc -D_GNU_SOURCE
CFLAGS	?= -O2 -g
ALL_CFLAGS = -std=gnu11 $(ARCHFLAGS) $(WARN) $(CFLAGS) \
	    $(shell $(PKG_CONFIG) --cflags $(PKGS))
LDLIBS	+= $(shell $(PKG_CONFIG) --libs $(PKGS)) -lm -lpthread

LIB_SRCS = $(wildcard src/core/*.c src/report/*.c src/suites/*.c \
	    src/arch/x86/*.c src/os/linux/*.c)
LIB_SRCS += $(wildcard src/snippet/*.c)
CLI_SRCS = $(wildcard src/cli/*.c)
TEST_SRCS = $(wildcard tests/unit/test_*.c)

LIB_OBJS = $(LIB_SRCS:%.c=$(BUILD)/obj/%.o)
CLI_OBJS = $(CLI_SRCS:%.c=$(BUILD)/obj/%.o)
TESTS	 = $(TEST_SRCS:tests/unit/%.c=$(BUILD)/tests/%)

LIB	 = $(BUILD)/libcyclebench.a
BIN	 = $(BUILD)/cyclebench

.PHONY: all deps run check check-unit check-cli check-clang check-asan install \
	clean bench

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

$(BIN): $(CLI_OBJS) $(LIB)
	$(CC) $(ARCHFLAGS) $(CFLAGS) $(LDFLAGS) -o $@ $(CLI_OBJS) $(LIB) $(LDLIBS)

$(BUILD)/tests/%: tests/unit/%.c $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) -Itests/unit $(ALL_CFLAGS) \
	    $(shell $(PKG_CONFIG) --cflags cmocka) -o $@ $< $(LIB) \
	    $(LDLIBS) $(shell $(PKG_CONFIG) --libs cmocka)

check: deps
	@$(MAKE) --no-print-directory check-unit check-cli check-clang check-asan

check-unit: $(TESTS)
	@scripts/run-unit-tests $(TESTS)

check-cli: $(BIN)
	CYCLEBENCH=$(abspath $(BIN)) bats tests/cli

# Everything must build warning-free with clang as well as gcc.
check-clang:
	@$(MAKE) --no-print-directory CC=clang BUILD=build/clang all

# The unit tests again under AddressSanitizer and UBSan.
check-asan:
	@$(MAKE) --no-print-directory BUILD=build/asan \
	    CFLAGS="-O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all" \
	    LDFLAGS="-fsanitize=address,undefined" check-unit

bench: $(BIN)
	scripts/bench

install: $(BIN) install-lib
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1
	install -m 755 $(BIN) $(DESTDIR)$(PREFIX)/bin/cyclebench
	install -m 644 docs/cyclebench.1 docs/cyclebench-asm.1 \
	    $(DESTDIR)$(PREFIX)/share/man/man1/

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
