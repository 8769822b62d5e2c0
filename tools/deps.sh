#!/bin/sh
# deps.sh - make sure the Debian packages stackref builds and tests with are
# installed.  As root, installs what is missing with apt-get; otherwise
# prints the exact command to run and fails.
#   tools/deps.sh build   packages to build stackref
#   tools/deps.sh check   packages to build and run the tests
#   tools/deps.sh bench   packages to build and run `make bench`
#   tools/deps.sh list SET  prints the packages of SET (build, check, bench)
set -u
need_build="gcc libc6-dev make pkg-config libcurl4-openssl-dev libxml2-dev libjansson-dev librsvg2-dev libcrypt-dev libssl-dev libsqlite3-dev libpq-dev libpng-dev"
# tests/mail.sh runs its own Dovecot, Exim and nginx (tests/servers.sh)
need_servers="dovecot-imapd dovecot-pop3d dovecot-lmtpd exim4-daemon-light nginx openssl"
# tests/lib/pg.sh starts its own PostgreSQL 15 (tests/db.sh and the
# referee's tests on PostgreSQL)
need_servers="$need_servers postgresql-15"
# The programs the tests run, each script naming its package with `need`
# (tests/lib/common.sh), so that one missing fails its test; tests/needs.sh
# checks that every package named there is in this list:
#   curl (referee.sh, deliver.sh), strace (xml.sh, referee.sh), sqlite3
#   (store.sh, referee.sh, deliver.sh), libxml2-utils: xmllint (xml.sh,
#   svg.sh), mandoc (man.sh), time: /usr/bin/time (limits.sh), valgrind
#   (valgrind.sh, which .ci/run runs after make check), binutils: nm
#   (layers.sh), mount (faults.sh), and the Essential perl-base (perl:
#   faults.sh, policy.sh) and util-linux (flock: race.sh, json.sh;
#   setsid: mail.sh; runuser: deliver.sh),
#   librsvg2-bin: rsvg-convert (png.sh), nodejs and chromium (page.sh:
#   node drives headless Chromium; no npm package, no browser download)
#   python3-jsonschema: /usr/bin/jsonschema (json.sh), python3
#   (rules_diff.sh and rules_diff2.sh: tools/rules_ref/, standard library
#   only), iproute2: ip (workers.sh, authres.sh: network namespaces),
#   dnsmasq-base: dnsmasq (authres.sh: the DKIM keys in DNS)
need_tools="curl strace sqlite3 libxml2-utils mandoc time valgrind binutils mount perl-base util-linux librsvg2-bin nodejs chromium python3-jsonschema python3 iproute2 dnsmasq-base"
# make fuzz and make fuzz-ci (CI): clang, and libFuzzer's runtime
# (libclang_rt.fuzzer, which clang only recommends)
need_fuzz="clang libclang-rt-14-dev"
need_check="$need_build libcmocka-dev $need_tools $need_servers $need_fuzz"
need_bench="$need_build time"
set_of() {
	case $1 in
	build) need=$need_build ;;
	check) need=$need_check ;;
	bench) need=$need_bench ;;
	*) echo "usage: tools/deps.sh build|check|bench|list SET" >&2; exit 2 ;;
	esac
}
if [ "${1:-}" = list ]; then
	set_of "${2:-}"
	printf '%s\n' $need
	exit 0
fi
set_of "${1:-build}"
missing=""
for p in $need; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' ||
		missing="$missing $p"
done
[ -z "$missing" ] && exit 0
if [ "$(id -u)" -ne 0 ]; then
	echo "stackref: missing Debian packages:$missing" >&2
	echo "stackref: run as root: apt-get update && apt-get install -y$missing" >&2
	exit 1
fi
echo "stackref: installing:$missing" >&2
export DEBIAN_FRONTEND=noninteractive
# The server packages would start system-wide daemons (ports 25, 80, 143...)
# when installed; a policy-rc.d that denies it is in place while apt runs.
# exim4-daemon-light replaces postfix if that is installed (both provide
# mail-transport-agent); the tests need only exim.
policy=/usr/sbin/policy-rc.d
made_policy=""
if [ ! -e "$policy" ]; then
	printf '#!/bin/sh\nexit 101\n' >"$policy" && chmod 755 "$policy" &&
		made_policy=1
fi
apt-get update -q >/dev/null && apt-get install -y -q $missing >/dev/null
status=$?
[ -n "$made_policy" ] && rm -f "$policy"
exit $status
