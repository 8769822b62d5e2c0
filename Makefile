# stackref - a referee for board games played by correspondence.
PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
MANDIR ?= $(PREFIX)/share/man
DATADIR ?= $(PREFIX)/share/stackref
DESTDIR ?=

CC ?= cc
PKG_CONFIG ?= pkg-config
OPT ?= -O2 -g
WARN = -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes \
       -Wwrite-strings -Wpointer-arith -Wformat=2
CFLAGS ?= $(OPT)
ALL_CFLAGS = -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE $(WARN) \
       $(CFLAGS) -MMD -MP \
       $$($(PKG_CONFIG) --cflags libxml-2.0 libcurl 2>/dev/null)
LIBS = $$($(PKG_CONFIG) --libs libxml-2.0 libcurl 2>/dev/null)
TEST_LIBS = $$($(PKG_CONFIG) --libs cmocka)

LIB_SRC = $(filter-out src/main.c,$(wildcard src/*.c)) $(wildcard notation/*.c) \
          $(wildcard mail/*.c)
LIB_OBJ = $(LIB_SRC:.c=.o)
TEST_SRC = $(wildcard tests/unit/test_*.c)
TEST_BIN = $(TEST_SRC:.c=)
BENCH_SRC = $(wildcard bench/*.c)
BENCH_BIN = $(BENCH_SRC:.c=)

all: stackref

stackref: src/main.o libstackref.a
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ src/main.o libstackref.a $(LIBS)

libstackref.a: $(LIB_OBJ)
	rm -f $@
	$(AR) rcs $@ $(LIB_OBJ)

.c.o:
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

tests/unit/test_%: tests/unit/test_%.c libstackref.a
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $< libstackref.a $(LIBS) $(TEST_LIBS)

bench/%: bench/%.c libstackref.a
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $< libstackref.a $(LIBS)

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
	@$(MAKE) -s stackref $(TEST_BIN)
	@tests/run.sh

bench: stackref $(BENCH_BIN)
	@bench/run.sh

install: stackref
	mkdir -p $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1 \
	    $(DESTDIR)$(MANDIR)/man5 $(DESTDIR)$(MANDIR)/man7
	cp stackref $(DESTDIR)$(BINDIR)/
	for m in man/*.1; do cp $$m $(DESTDIR)$(MANDIR)/man1/; done
	for m in man/*.5; do [ -e $$m ] && cp $$m $(DESTDIR)$(MANDIR)/man5/ || :; done
	for m in man/*.7; do [ -e $$m ] && cp $$m $(DESTDIR)$(MANDIR)/man7/ || :; done

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/stackref
	for m in man/*.[157]; do rm -f $(DESTDIR)$(MANDIR)/man$${m##*.}/$${m##*/}; done

clean:
	rm -f stackref libstackref.a $(LIB_OBJ) src/main.o $(TEST_BIN) $(BENCH_BIN)
	find . -name '*.d' -delete

.PHONY: all deps deps-check demo check bench install uninstall clean

-include $(wildcard src/*.d notation/*.d mail/*.d)
