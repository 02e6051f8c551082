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
CLI_SRCS = $(wildcard src/cli/*.c)
TEST_SRCS = $(wildcard tests/unit/test_*.c)

LIB_OBJS = $(LIB_SRCS:%.c=$(BUILD)/obj/%.o)
CLI_OBJS = $(CLI_SRCS:%.c=$(BUILD)/obj/%.o)
TESTS	 = $(TEST_SRCS:tests/unit/%.c=$(BUILD)/tests/%)

LIB	 = $(BUILD)/libcyclebench.a
BIN	 = $(BUILD)/cyclebench
CB_TRUE	 = $(BUILD)/cb-true

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

install: $(BIN) $(LIB)
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1 \
	    $(DESTDIR)$(PREFIX)/lib $(DESTDIR)$(PREFIX)/include
	install -m 755 $(BIN) $(DESTDIR)$(PREFIX)/bin/cyclebench
	install -m 644 docs/cyclebench.1 $(DESTDIR)$(PREFIX)/share/man/man1/
	install -m 644 $(LIB) $(DESTDIR)$(PREFIX)/lib/
	install -m 644 include/cyclebench.h $(DESTDIR)$(PREFIX)/include/

clean:
	rm -rf build

-include $(LIB_OBJS:.o=.d) $(CLI_OBJS:.o=.d)
