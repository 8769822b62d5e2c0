# stackref - a referee for board games played by correspondence.
# GNU make.  `make`, `make check`, `make install PREFIX=... DESTDIR=...`,
# `make demo`, `make bench`, `make sanitize`, `make valgrind`, `make fuzz`,
# `make fuzz-ci`; see README.
PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
MANDIR ?= $(PREFIX)/share/man
DATADIR ?= $(PREFIX)/share/stackref
# The modules (src/base/module.h): stackref looks for them in
# ../lib/stackref from its own directory, so BINDIR and MODDIR go
# together.
MODDIR = $(PREFIX)/lib/stackref
DESTDIR ?=

CC ?= cc
PKG_CONFIG ?= pkg-config
INSTALL ?= install
OPT ?= -O2 -g
# Strict warnings; a module's table set to a function of another type
# (src/base/module.h) fails the build.
WARN = -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes \
       -Wwrite-strings -Wpointer-arith -Wformat=2 -Werror=format \
       -Werror=incompatible-pointer-types
CFLAGS ?= $(OPT)
# What this machine's CPU offers, used only where the build finds it
# (bench/README): -mpopcnt when the compiler takes it and /proc/cpuinfo
# lists popcnt, so that __builtin_popcount (the move counts of the
# checkers-board games) is one instruction, not a call; -mtune=native
# when the compiler takes it (scheduling and the choice of code for
# struct copies and clears: no new instruction, the binary runs on any
# x86-64).  `make PORTABLE=1` leaves both out (a binary for any CPU of
# the architecture, tuned for none: the same results, slower);
# `make NATIVE=1` uses -march=native instead (this CPU only);
# CPU_FLAGS=... sets them by hand.
CPU_TRY = $(CC) $(1) -c -x c /dev/null -o /dev/null >/dev/null 2>&1
ifeq ($(origin CPU_FLAGS),undefined)
ifeq ($(PORTABLE),1)
CPU_FLAGS :=
else ifeq ($(NATIVE),1)
CPU_FLAGS := -march=native
else
CPU_FLAGS := $(shell grep -qw popcnt /proc/cpuinfo 2>/dev/null && \
        $(call CPU_TRY,-mpopcnt) && echo -mpopcnt) \
    $(shell $(call CPU_TRY,-mtune=native) && echo -mtune=native)
endif
endif
# Includes name their layer from the top: "rules/rules.h" (src/rules/),
# "notation/pdn.h" (notation/); tests/layers.sh checks their direction.
INCLUDES = -Isrc -I.
ALL_CFLAGS = -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE $(WARN) \
       $(INCLUDES) $(CFLAGS) $(CPU_FLAGS) $(MOD_CFLAGS) -MMD -MP \
       $$($(PKG_CONFIG) --cflags libxml-2.0 jansson libcurl librsvg-2.0 \
       libcrypto sqlite3 libpq 2>/dev/null)
# The libraries of each module (below), and all of them for the programs
# that link everything (the unit tests, the fuzz targets, bench/).
XML_LIBS = $$($(PKG_CONFIG) --libs libxml-2.0 2>/dev/null)
JSON_LIBS = $$($(PKG_CONFIG) --libs jansson 2>/dev/null)
PNG_LIBS = $$($(PKG_CONFIG) --libs librsvg-2.0 libpng 2>/dev/null)
NET_LIBS = $$($(PKG_CONFIG) --libs libcurl 2>/dev/null)
HASH_LIBS = $$($(PKG_CONFIG) --libs libcrypto 2>/dev/null) -lcrypt
SQLITE_LIBS = $$($(PKG_CONFIG) --libs sqlite3 2>/dev/null)
PQ_LIBS = $$($(PKG_CONFIG) --libs libpq 2>/dev/null)
LIBS = $(XML_LIBS) $(JSON_LIBS) $(PNG_LIBS) $(NET_LIBS) $(HASH_LIBS) \
       $(SQLITE_LIBS) $(PQ_LIBS) -lm
TEST_LIBS = $$($(PKG_CONFIG) --libs cmocka)

# make sanitize: the same build and tests under ASan and UBSan.
SAN = -fsanitize=address,undefined -fno-sanitize-recover=undefined \
      -fno-omit-frame-pointer
# TEST_TIMEOUT: a sanitized referee.sh or postgres.sh (600 checks through
# real servers) takes about twice its plain time.
# intercept_tls_get_addr=0: GCC 12's LeakSanitizer misreads glibc 2.36's
# dynamic TLS of threads that dlopen'ed libraries start (librsvg's, in
# the referee) and its tracer dies of a SIGSEGV at exit ("Tracer caught
# signal 11"); leaks are still found in the heap, stacks and static TLS.
SAN_ENV = ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:intercept_tls_get_addr=0 \
          UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
          LSAN_OPTIONS=suppressions=$(CURDIR)/tests/lsan.supp:print_suppressions=0 \
          TEST_TIMEOUT=1500 $(SAN_RULES_DIFF)
# The differential rules tests start stackref thousands of times, each
# start of a sanitized binary a few milliseconds: under make sanitize
# they play a few games each (their full runs are make check's).
SAN_RULES_DIFF = RULES_DIFF_GAMES=3 RULES_DIFF2_GAMES=8 \
          RULES_DIFF2_ACCASTA_GAMES=4 RULES_DIFF2_SAMPLE=8 RULES_DIFF2_SETUPS=15 \
          RULES_DIFF_ORTH_GAMES=8 RULES_DIFF_ORTH_SETUPS=30

# One folder per layer (ARCHITECTURE).
LAYERS = src/base src/db src/model src/rules notation src/game src/referee \
         src/cmd mail

# The code that needs a heavy library is built into a module of its own
# linked against it, which stackref loads only when a command calls it
# through the table the module exports (src/base/module.h).  Module code
# is position-independent and hides its symbols but for that table.
XML_SRC = notation/xml.c notation/xmlguard.c
JSON_SRC = notation/jsonread.c notation/jsonguard.c
PNG_SRC = notation/png.c
NET_SRC = mail/transport.c
HASH_SRC = src/referee/hash.c
SQLITE_SRC = src/db/sqlite.c
PQ_SRC = src/db/pgsql.c
MOD_SRC = $(XML_SRC) $(JSON_SRC) $(PNG_SRC) $(NET_SRC) $(HASH_SRC) $(SQLITE_SRC) \
          $(PQ_SRC)
MOD_OBJ = $(MOD_SRC:.c=.o)
MODULES = stackref-xml.so stackref-json.so stackref-png.so stackref-net.so \
          stackref-hash.so stackref-sqlite.so stackref-pq.so
$(MOD_OBJ): MOD_CFLAGS = -fPIC -fvisibility=hidden

# libstackref.a: everything but the modules' code.  The programs that
# link everything (the unit tests, the fuzz targets, bench/) link that
# code too, with its libraries, and export the modules' tables, which
# module_table then finds in the program itself (ALL_LINK).
LIB_SRC = $(filter-out $(MOD_SRC),$(foreach l,$(LAYERS),$(wildcard $(l)/*.c)))
LIB_OBJ = $(LIB_SRC:.c=.o)
MOD_TABLES = -Wl,--export-dynamic-symbol='stackref_*'
ALL_LINK = $(MOD_OBJ) libstackref.a $(LIBS) $(MOD_TABLES)
TEST_SRC = $(wildcard tests/unit/test_*.c)
TEST_BIN = $(TEST_SRC:.c=)
BENCH_SRC = $(wildcard bench/*.c)
BENCH_BIN = $(BENCH_SRC:.c=)
MAN_PAGES = $(wildcard man/*.[1-8])
FUZZ_TARGETS = pdn xml json fen move mail pbem replay referee authres \
    aside lines
FUZZ_RUN = $(FUZZ_TARGETS:%=tests/fuzz/run_%)
FUZZ_COMMON = tests/fuzz/common.c
# the time controls (issue 22), apart from the list above
FUZZ_TARGETS += clock

# .buildflags holds the compiler and flags of the last build; when they
# change (a sanitizer build, a new CFLAGS), everything is rebuilt.
BUILD_ID = $(CC) $(CFLAGS) $(CPU_FLAGS) $(LDFLAGS)
$(shell printf '%s\n' '$(BUILD_ID)' | cmp -s - .buildflags || \
        printf '%s\n' '$(BUILD_ID)' >.buildflags)

all: stackref

# The binary: main and what it needs of libstackref.a, linked against no
# library but the C library.  It exports to the modules the symbols they
# use (stackref.dyn) and builds them with it.
stackref: src/main.o libstackref.a stackref.dyn | $(MODULES)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -Wl,--dynamic-list=stackref.dyn \
	    -o $@ src/main.o libstackref.a -lm

stackref.dyn: $(MOD_OBJ)
	{ echo '{'; nm -P -u $(MOD_OBJ) | \
	    awk '$$2 == "U" { print "\t" $$1 ";" }' | sort -u; echo '};'; } \
	    >$@.tmp
	mv $@.tmp $@

stackref-xml.so: $(XML_SRC:.c=.o)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -shared -o $@ $^ $(XML_LIBS)

stackref-json.so: $(JSON_SRC:.c=.o)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -shared -o $@ $^ $(JSON_LIBS)

stackref-png.so: $(PNG_SRC:.c=.o)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -shared -o $@ $^ $(PNG_LIBS)

stackref-net.so: $(NET_SRC:.c=.o)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -shared -o $@ $^ $(NET_LIBS)

stackref-hash.so: $(HASH_SRC:.c=.o)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -shared -o $@ $^ $(HASH_LIBS)

stackref-sqlite.so: $(SQLITE_SRC:.c=.o)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -shared -o $@ $^ $(SQLITE_LIBS)

stackref-pq.so: $(PQ_SRC:.c=.o)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -shared -o $@ $^ $(PQ_LIBS)

libstackref.a: $(LIB_OBJ)
	rm -f $@
	$(AR) rcs $@ $(LIB_OBJ)

$(LIB_OBJ) $(MOD_OBJ) src/main.o: .buildflags

# The RELAX NG schema of the XML notation, embedded in the binary.
notation/xml.o: notation/stackref-rng.h
notation/stackref-rng.h: notation/stackref.rng tools/text2c.sh
	tools/text2c.sh xml_schema_text <notation/stackref.rng >$@.tmp
	mv $@.tmp $@

.c.o:
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

tests/unit/test_%: tests/unit/test_%.c libstackref.a $(MOD_OBJ) .buildflags
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $< $(ALL_LINK) $(TEST_LIBS)

# The fuzz targets without libFuzzer, for make check (tests/fuzz.sh).
tests/fuzz/run_%: tests/fuzz/fuzz_%.c $(FUZZ_COMMON) tests/fuzz/driver.c \
    tests/fuzz/common.h libstackref.a $(MOD_OBJ) .buildflags
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $< $(FUZZ_COMMON) \
	    tests/fuzz/driver.c $(ALL_LINK)

# tests/png.sh reads PNG files with it (cairo, which librsvg brings).
tests/pngcmp: tests/pngcmp.c .buildflags
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $< \
	    $$($(PKG_CONFIG) --libs cairo 2>/dev/null)

bench/%: bench/%.c libstackref.a $(MOD_OBJ) .buildflags
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $< $(ALL_LINK)

# The flags a C file of the library is compiled with (tests/build.sh).
print-cflags:
	@echo $(CC) $(ALL_CFLAGS)

deps:
	@tools/deps.sh build

deps-check:
	@tools/deps.sh check

# The README's first command: build, then play a short game from the shell.
demo: deps
	@$(MAKE) -s stackref
	@tools/demo.sh ./stackref

# The README's second command: build everything and run every test.
check: deps-check
	@$(MAKE) -s stackref $(TEST_BIN) $(FUZZ_RUN) tests/pngcmp
	@tests/run.sh

# Every test again, built with sanitizers (rebuilds everything; the next
# plain `make` rebuilds without them).
sanitize:
	@$(SAN_ENV) $(MAKE) -s CFLAGS='-O1 -g $(SAN)' LDFLAGS='$(SAN)' check

# The command-line tests with stackref under valgrind (tests/valgrind.sh;
# about 5 minutes, so make check only lists it as skipped).
valgrind: deps-check
	@$(MAKE) -s stackref
	@STACKREF_VALGRIND=1 tests/valgrind.sh

# make fuzz: each libFuzzer target (tests/fuzz/) built with clang and
# ASan/UBSan into $(FUZZ_DIR), apart from the normal objects, then run
# FUZZ_SECONDS each, FUZZ_JOBS at a time (tools/fuzz.sh); any finding
# fails.  make fuzz-ci, which CI runs: the same, FUZZ_CI_SECONDS each
# (about a minute of fuzzing in all on two CPUs, and the build).
FUZZ_CC = clang
FUZZ_DIR = build-fuzz
FUZZ_SECONDS = 60
FUZZ_CI_SECONDS = 15
FUZZ_JOBS = $(shell nproc 2>/dev/null || echo 2)
FUZZ_SAN = -fsanitize=address,undefined -fno-sanitize-recover=undefined \
      -fno-omit-frame-pointer
FUZZ_CFLAGS = -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE $(WARN) \
      $(INCLUDES) -g -O1 -MMD -MP $(FUZZ_SAN) \
      $$($(PKG_CONFIG) --cflags libxml-2.0 jansson libcurl librsvg-2.0 \
      libcrypto sqlite3 libpq 2>/dev/null)
FUZZ_LIB_OBJ = $(LIB_SRC:%.c=$(FUZZ_DIR)/%.o)
FUZZ_MOD_OBJ = $(MOD_SRC:%.c=$(FUZZ_DIR)/%.o)

fuzz: deps-check
	@$(MAKE) -s $(FUZZ_TARGETS:%=$(FUZZ_DIR)/fuzz_%)
	@FUZZ_SECONDS=$(FUZZ_SECONDS) FUZZ_JOBS=$(FUZZ_JOBS) \
	    tools/fuzz.sh $(FUZZ_DIR) $(FUZZ_TARGETS)

fuzz-ci:
	@$(MAKE) -s fuzz FUZZ_SECONDS=$(FUZZ_CI_SECONDS)

$(FUZZ_DIR)/%.o: %.c notation/stackref-rng.h
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -c -o $@ $<

$(FUZZ_DIR)/libstackref.a: $(FUZZ_LIB_OBJ)
	rm -f $@
	$(AR) rcs $@ $(FUZZ_LIB_OBJ)

$(FUZZ_DIR)/fuzz_%: tests/fuzz/fuzz_%.c $(FUZZ_COMMON) tests/fuzz/common.h \
    $(FUZZ_DIR)/libstackref.a $(FUZZ_MOD_OBJ)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer -o $@ $< $(FUZZ_COMMON) \
	    $(FUZZ_MOD_OBJ) $(FUZZ_DIR)/libstackref.a $(LIBS) $(MOD_TABLES)

# Speed figures (not a test); /usr/bin/time (package time) is optional.
bench: deps
	@tools/deps.sh bench 2>/dev/null || \
	    echo "bench: no /usr/bin/time: peak RSS by a getrusage helper"
	@$(MAKE) -s stackref $(BENCH_BIN)
	@bench/run.sh

install: stackref
	$(INSTALL) -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MODDIR)
	$(INSTALL) -m 0755 stackref $(DESTDIR)$(BINDIR)/stackref
	$(INSTALL) -m 0644 $(MODULES) $(DESTDIR)$(MODDIR)/
	for m in $(MAN_PAGES); do \
	    d=$(DESTDIR)$(MANDIR)/man$${m##*.}; \
	    $(INSTALL) -d $$d && $(INSTALL) -m 0644 $$m $$d/ || exit 1; \
	done
	$(INSTALL) -d $(DESTDIR)$(DATADIR)
	$(INSTALL) -m 0644 notation/stackref.rng $(DESTDIR)$(DATADIR)/
	$(INSTALL) -m 0644 notation/stackref.schema.json $(DESTDIR)$(DATADIR)/
	$(INSTALL) -m 0644 notation/referee-status.schema.json \
	    $(DESTDIR)$(DATADIR)/

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/stackref
	for m in $(MODULES); do rm -f $(DESTDIR)$(MODDIR)/$$m; done
	-rmdir $(DESTDIR)$(MODDIR) 2>/dev/null
	for m in $(MAN_PAGES); do \
	    rm -f $(DESTDIR)$(MANDIR)/man$${m##*.}/$${m##*/}; \
	done
	rm -f $(DESTDIR)$(DATADIR)/stackref.rng
	rm -f $(DESTDIR)$(DATADIR)/stackref.schema.json
	rm -f $(DESTDIR)$(DATADIR)/referee-status.schema.json

clean:
	rm -f stackref $(MODULES) stackref.dyn libstackref.a $(LIB_OBJ) \
	    $(MOD_OBJ) src/main.o $(TEST_BIN) \
	    $(BENCH_BIN) $(FUZZ_RUN) tests/pngcmp .buildflags \
	    notation/stackref-rng.h
	rm -rf $(FUZZ_DIR) tests/out
	find . -name '*.d' -delete

.PHONY: all print-cflags deps deps-check demo check sanitize valgrind fuzz \
	fuzz-ci bench install uninstall clean

-include $(wildcard src/*.d $(LAYERS:%=%/*.d) tests/unit/*.d bench/*.d \
    tests/fuzz/*.d $(FUZZ_DIR)/*.d $(FUZZ_DIR)/*/*.d $(FUZZ_DIR)/*/*/*.d)
