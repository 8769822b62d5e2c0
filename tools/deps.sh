#!/bin/sh
# deps.sh - make sure the Debian packages stackref builds and tests with are
# installed.  As root, installs what is missing with apt-get; otherwise
# prints the exact command to run and fails.
#   tools/deps.sh build   packages to build stackref
#   tools/deps.sh check   packages to build and run the tests
#   tools/deps.sh bench   packages to build and run `make bench`
set -u
need_build="gcc libc6-dev make pkg-config libcurl4-openssl-dev libxml2-dev libcrypt-dev libssl-dev"
# tests/mail.sh runs its own Dovecot, Exim and nginx (tests/servers.sh)
need_servers="dovecot-imapd dovecot-pop3d dovecot-lmtpd exim4-daemon-light nginx openssl"
# valgrind: tests/valgrind.sh, which .ci/run runs after make check
# time: tests/limits.sh measures peak memory with /usr/bin/time
need_check="$need_build libcmocka-dev mandoc libxml2-utils valgrind time $need_servers"
need_bench="$need_build time"
case "${1:-build}" in
build) need=$need_build ;;
check) need=$need_check ;;
bench) need=$need_bench ;;
*) echo "usage: tools/deps.sh build|check|bench" >&2; exit 2 ;;
esac
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
