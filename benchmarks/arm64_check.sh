#!/usr/bin/env bash
# shellcheck disable=SC2317,SC2016  # functions run by trap; single quotes on purpose
# Does the README's set-up work on the Raspberry Pi's architecture? This script
# builds a Debian 12 (bookworm) arm64 root, the base of 64-bit Raspberry Pi OS, runs
# it on this x86-64 machine through qemu-user emulation (binfmt_misc), copies the
# project into it and does in there what a Pi owner does: `make venv`, which
# apt-installs the Debian packages and pip-installs the Python wheels for aarch64.
# Then it starts the kiosk headless twice (a Dabernā hand, a Bidel hand against
# the computer), runs a few tests and prints a summary: each step's time, the Debian
# packages and the Python packages installed with their versions, anything that had
# to be built from source on arm64 (no aarch64 wheel), and how the kiosk runs ended.
#
# Run it as root (it uses debootstrap, chroot and mounts): `make arm64-check`. It
# is not part of `make test` or CI.
#
# How long: under emulation everything runs 5-20 times slower. On 2 cores the first
# run takes about 30 minutes: 11 to bootstrap the arm64 root, 13 for `make venv`
# (most of it apt: dpkg, and gnubg building its bearoff database, under qemu), 3 for
# the kiosk runs and the tests. Later runs reuse the bootstrapped root and take about
# 15 minutes: the apt and pip installs are done again, on a fresh copy of the root,
# as on a new machine (ARM64_REUSE=1: about 6 minutes).
#
# Where: build/arm64-base holds the debootstrapped root (kept, reused); each run
# copies it to build/arm64-root, the machine of that run (left there afterwards, to
# look at); logs and the kiosk's screenshots go to build/arm64-logs.
#
# Settings (environment variables):
#   ARM64_MIRROR  the Debian mirror to bootstrap from; by default the first entry
#                 for bookworm main in this host's apt sources
#   ARM64_REUSE=1 keep the previous run's build/arm64-root (Debian packages already
#                 installed) instead of a fresh copy; the project and .venv are new
#   ARM64_TESTS   test paths to run inside (default tests/hardware; empty: none)
#   ARM64_SOURCE  "head" (default: the last commit, by git archive) or "worktree"
#                 (the tracked files as they are in the work tree now)
set -euo pipefail

PROJECT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)
BUILD=$PROJECT/build
BASE=$BUILD/arm64-base
ROOT=$BUILD/arm64-root
LOGS=$BUILD/arm64-logs
SUITE=bookworm
IN_PROJECT=/root/debarna     # where the project lies inside the arm64 root
RUN_FOR=20
TESTS=${ARM64_TESTS-tests/hardware}
SOURCE=${ARM64_SOURCE:-head}
HOST_TOOLS=(debootstrap qemu-user-static binfmt-support)
BINFMT=/proc/sys/fs/binfmt_misc

STEP_NAMES=()
STEP_SECS=()
STEP_NOTES=()
NOTES=()          # things the summary must tell (sandbox accommodations, problems)
MOUNTS=()         # mounted by this script, unmounted in reverse order on exit
RESULT=1

say() { printf '\n==> %s\n' "$*"; }
note() { NOTES+=("$*"); printf '    note: %s\n' "$*"; }
die() {
  printf '\narm64-check: FAILED: %s\n' "$*" >&2
  NOTES+=("FAILED: $*")
  exit 1
}

step_start() { STEP_NAME=$1; STEP_T0=$(date +%s); say "$1"; }
step_end() {
  local secs=$(( $(date +%s) - STEP_T0 ))
  STEP_NAMES+=("$STEP_NAME"); STEP_SECS+=("$secs"); STEP_NOTES+=("${1:-ok}")
  printf '    (%s: %dm%02ds, %s)\n' "$STEP_NAME" $((secs / 60)) $((secs % 60)) "${1:-ok}"
}

# --- mounts, and their undoing on every exit -------------------------------------

mount_in() {  # mount_in TARGET MOUNT-ARGS...: mount, and remember it for the exit
  local target=$1; shift
  mkdir -p "$target"
  mount "$@" "$target"
  MOUNTS+=("$target")
}

mounts_under() {  # the mount points under a folder, deepest first
  findmnt -rn -o TARGET | awk -v dir="$1/" 'index($0, dir) == 1' | sort -r
}

stop_chroot_processes() {
  # Processes this script started in the arm64 root (a kiosk or a daemon that a
  # package's set-up left behind) would keep its mounts busy: end them, by id.
  local dir=$1 pid pids=() round
  [ -d "$dir" ] || return 0
  for round in 1 2 3; do
    pids=()
    for pid in /proc/[0-9]*; do
      [ "$(readlink "$pid/root" 2>/dev/null)" = "$dir" ] && pids+=("${pid#/proc/}")
    done
    [ ${#pids[@]} -eq 0 ] && return 0
    if [ "$round" -lt 3 ]; then kill "${pids[@]}" 2>/dev/null || true
    else kill -9 "${pids[@]}" 2>/dev/null || true; fi
    sleep 2
  done
}

unmount_all() {
  local i target left
  stop_chroot_processes "$ROOT"
  stop_chroot_processes "$BASE"
  for ((i = ${#MOUNTS[@]} - 1; i >= 0; i--)); do
    target=${MOUNTS[i]}
    mountpoint -q "$target" || continue
    umount "$target" 2>/dev/null || umount -l "$target" ||
      echo "arm64-check: could not unmount $target" >&2
  done
  MOUNTS=()
  for dir in "$ROOT" "$BASE"; do
    left=$(mounts_under "$dir")
    [ -z "$left" ] || echo "arm64-check: still mounted: $left" >&2
  done
}

# --- the summary, printed however the script ends ---------------------------------

APT_REPORT=""
PIP_REPORT=""
SOURCE_BUILDS=""
KIOSK_REPORT=""

summary() {
  local i total=0
  {
    echo
    echo "================ arm64-check summary ================"
    echo "arm64 root: Debian $SUITE arm64 under qemu-user ($ROOT)"
    echo
    echo "Steps:"
    for i in "${!STEP_NAMES[@]}"; do
      total=$((total + STEP_SECS[i]))
      printf '  %-34s %4dm%02ds  %s\n' "${STEP_NAMES[i]}" $((STEP_SECS[i] / 60)) \
        $((STEP_SECS[i] % 60)) "${STEP_NOTES[i]}"
    done
    if [ -n "${STEP_NAME:-}" ] &&
       { [ ${#STEP_NAMES[@]} -eq 0 ] || [ "${STEP_NAMES[-1]}" != "$STEP_NAME" ]; }; then
      printf '  %-34s (did not finish)\n' "$STEP_NAME"
    fi
    printf '  %-34s %4dm%02ds\n' "total" $((total / 60)) $((total % 60))
    if [ -n "$APT_REPORT" ]; then echo; echo "$APT_REPORT"; fi
    if [ -n "$PIP_REPORT" ]; then echo; echo "$PIP_REPORT"; fi
    if [ -n "$SOURCE_BUILDS" ]; then echo; echo "$SOURCE_BUILDS"; fi
    if [ -n "$KIOSK_REPORT" ]; then echo; echo "$KIOSK_REPORT"; fi
    if [ ${#NOTES[@]} -gt 0 ]; then
      echo; echo "Notes:"
      for i in "${NOTES[@]}"; do echo "  - $i"; done
    fi
    echo
    if [ "$RESULT" = 0 ]; then echo "RESULT: the set-up works on arm64"
    else echo "RESULT: FAILED (see above and the logs in $LOGS)"; fi
  } | tee "$LOGS/summary.txt"
}

on_exit() {
  local rc=$?
  set +e
  unmount_all
  [ "$rc" = 0 ] && RESULT=0
  mkdir -p "$LOGS"
  summary
  exit "$rc"
}

# --- reading the host's apt sources ------------------------------------------------

host_mirror() {
  # The first "deb" entry for $SUITE main, in the order apt reads its sources.
  local f uri
  for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
    [ -f "$f" ] || continue
    uri=$(awk -v suite="$SUITE" '
      /^[ \t]*#/ { next }
      $1 == "deb" {
        i = 2
        if ($i ~ /^\[/) { while (i <= NF && $i !~ /\]$/) i++; i++ }
        main = 0
        for (j = i + 2; j <= NF; j++) if ($j == "main") main = 1
        if ($(i + 1) == suite && main) { print $i; exit }
      }' "$f")
    [ -z "$uri" ] || { echo "$uri"; return; }
  done
  for f in /etc/apt/sources.list.d/*.sources; do
    [ -f "$f" ] || continue
    uri=$(awk -v suite="$SUITE" '
      BEGIN { RS = ""; FS = "\n" }
      {
        delete v; key = ""
        for (k = 1; k <= NF; k++) {
          line = $k
          if (line ~ /^#/) continue
          if (line ~ /^[ \t]/ && key != "") { v[key] = v[key] " " line; continue }
          c = index(line, ":"); if (c == 0) continue
          key = tolower(substr(line, 1, c - 1)); v[key] = substr(line, c + 1)
        }
        for (key in v) gsub(/[ \t]+/, " ", v[key])
        if (tolower(v["enabled"]) ~ /no/) next
        if ((" " v["types"] " ") ~ / deb / && (" " v["suites"] " ") ~ (" " suite " ") &&
            (" " v["components"] " ") ~ / main /) {
          split(v["uris"], u, " "); print u[1]; exit
        }
      }' "$f")
    [ -z "$uri" ] || { echo "$uri"; return; }
  done
}

# Runs a command in the arm64 root as a user's login shell would: root, a clean
# environment (nothing of this host's pip or apt settings), plus CHROOT_ENV.
CHROOT_ENV=()
in_root() {
  chroot "$ROOT" /usr/bin/env -i HOME=/root USER=root LOGNAME=root SHELL=/bin/bash \
    PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    LANG=C.UTF-8 TERM=dumb "${CHROOT_ENV[@]}" "$@"
}

# =====================================================================================

[ "$(id -u)" = 0 ] || { echo "arm64-check: run me as root (debootstrap, chroot, mount)" >&2; exit 1; }
[ "$(uname -m)" != aarch64 ] || echo "arm64-check: this machine is arm64 already; no emulation needed"
mkdir -p "$BUILD" "$LOGS"
exec 9>"$BUILD/arm64-check.lock"
flock -n 9 || { echo "arm64-check: another arm64 check is running (lock $BUILD/arm64-check.lock)" >&2; exit 1; }
trap on_exit EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# Mounts a killed run left behind.
for dir in "$ROOT" "$BASE"; do
  for target in $(mounts_under "$dir"); do umount "$target" 2>/dev/null || umount -l "$target"; done
done

# --- 1. the host's tools and the arm64 emulation ------------------------------------

step_start "1. host tools, binfmt_misc"
missing=()
for p in "${HOST_TOOLS[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing on this host: ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" > "$LOGS/host-apt.log" 2>&1 ||
    die "apt-get install ${missing[*]} failed on this host: $(tail -3 "$LOGS/host-apt.log")"
fi
if [ ! -e "$BINFMT/status" ]; then
  modprobe binfmt_misc 2>/dev/null || true
  err=$(mount -t binfmt_misc binfmt_misc "$BINFMT" 2>&1) ||
    die "binfmt_misc is not mounted at $BINFMT and mounting it was refused: $err" \
        "(this sandbox cannot run foreign binaries)"
fi
[ "$(cat "$BINFMT/status")" = enabled ] || echo 1 > "$BINFMT/status" ||
  die "binfmt_misc is disabled ($BINFMT/status) and cannot be enabled"
if [ ! -e "$BINFMT/qemu-aarch64" ]; then
  update-binfmts --import qemu-aarch64 >/dev/null 2>&1 || true
  err=$(update-binfmts --enable qemu-aarch64 2>&1) || echo "update-binfmts --enable qemu-aarch64: $err"
fi
if [ ! -e "$BINFMT/qemu-aarch64" ]; then
  # By hand, as Debian's qemu-user-static describes it: P keeps argv[0], F opens the
  # interpreter now so that it works inside a chroot that does not hold it.
  interp=/usr/libexec/qemu-binfmt/aarch64-binfmt-P
  [ -x "$interp" ] || interp=/usr/bin/qemu-aarch64-static
  magic='\x7f\x45\x4c\x46\x02\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x02\x00\xb7\x00'
  mask='\xff\xff\xff\xff\xff\xff\xff\x00\xff\xff\xff\xff\xff\xff\xff\xff\xfe\xff\xff\xff'
  err=$( { printf ':qemu-aarch64:M::%s:%s:%s:PF' "$magic" "$mask" "$interp" > "$BINFMT/register"; } 2>&1) ||
    die "registering qemu-aarch64 with binfmt_misc was refused: $err" \
        "(this sandbox cannot run arm64 binaries)"
  note "qemu-aarch64 registered with binfmt_misc by hand"
fi
[ "$(head -1 "$BINFMT/qemu-aarch64")" = enabled ] || echo 1 > "$BINFMT/qemu-aarch64" ||
  die "the qemu-aarch64 binfmt entry is disabled and cannot be enabled"
grep -q '^flags:.*F' "$BINFMT/qemu-aarch64" ||
  note "the qemu-aarch64 entry has no F flag: the emulator is copied into the root"
echo "qemu-aarch64: $(sed -n 's/^interpreter //p' "$BINFMT/qemu-aarch64"), $(grep '^flags' "$BINFMT/qemu-aarch64")"
echo "qemu: $(dpkg-query -W -f='${Version}' qemu-user-static), debootstrap: $(dpkg-query -W -f='${Version}' debootstrap)"
step_end

# --- 2. the Debian 12 arm64 root ----------------------------------------------------

copy_emulator() {  # only needed when binfmt lacks the F flag
  grep -q '^flags:.*F' "$BINFMT/qemu-aarch64" && return
  local interp; interp=$(sed -n 's/^interpreter //p' "$BINFMT/qemu-aarch64")
  mkdir -p "$1$(dirname "$interp")" "$1/usr/bin"
  cp -L "$interp" "$1$interp"
  cp /usr/bin/qemu-aarch64-static "$1/usr/bin/"
}

can_run_arm64() {  # can_run_arm64 DIR: run the root's own /bin/true, or say why not
  local out
  if ! out=$(chroot "$1" /bin/true 2>&1); then
    die "this sandbox cannot run arm64 binaries: 'chroot $1 /bin/true' said: ${out:-exit $?}" \
        "(binfmt entry: $(tr '\n' ' ' < "$BINFMT/qemu-aarch64"))"
  fi
  out=$(chroot "$1" /bin/uname -m 2>&1)
  [ "$out" = aarch64 ] || die "the arm64 root's uname -m says '$out', not aarch64"
  echo "arm64 binaries run: chroot $1 /bin/true exits 0, uname -m says $out"
}

step_start "2. debootstrap $SUITE arm64"
if [ -e "$BASE/.arm64-check-complete" ]; then
  echo "reusing $BASE (bootstrapped $(cat "$BASE/.arm64-check-complete"))"
  can_run_arm64 "$BASE"
  step_end "reused"
else
  MIRROR=${ARM64_MIRROR:-$(host_mirror)}
  [ -n "$MIRROR" ] || die "no Debian mirror for $SUITE main in this host's apt sources; set ARM64_MIRROR"
  echo "mirror: $MIRROR${ARM64_MIRROR:+ (from ARM64_MIRROR)}"
  if [ ! -e "$BASE/.arm64-check-first-stage" ]; then
    [ -z "$(mounts_under "$BASE")" ] || die "something is mounted under $BASE"
    rm -rf "$BASE"
    # python3 and make: the README's `make run` assumes them (Raspberry Pi OS has
    # python3; make comes with its development tools); ca-certificates for https.
    debootstrap --arch=arm64 --foreign --include=python3,make,ca-certificates \
      "$SUITE" "$BASE" "$MIRROR" > "$LOGS/debootstrap-1.log" 2>&1 ||
      die "debootstrap's first stage failed: $(tail -5 "$LOGS/debootstrap-1.log")"
    date -u +%FT%TZ > "$BASE/.arm64-check-first-stage"
  fi
  copy_emulator "$BASE"
  can_run_arm64 "$BASE"
  # The second stage mounts /proc itself, and unmounts it when done; it removes
  # /debootstrap once it has succeeded.
  if [ -d "$BASE/debootstrap" ]; then
    if ! chroot "$BASE" /debootstrap/debootstrap --second-stage > "$LOGS/debootstrap-2.log" 2>&1; then
      rm -f "$BASE/.arm64-check-first-stage"   # a failed second stage: start again next time
      die "debootstrap's second stage (under qemu) failed: $(tail -5 "$LOGS/debootstrap-2.log")"
    fi
  fi
  for target in $(mounts_under "$BASE"); do umount "$target"; done
  # The mirror debootstrap used stays written in the root only if it was overridden;
  # otherwise the host's own sources are copied in at each run.
  echo "$MIRROR" > "$BASE/.arm64-check-mirror"
  date -u +%FT%TZ > "$BASE/.arm64-check-complete"
  step_end "built"
fi

# --- 3. this run's machine: a copy of the root, the project, the mounts -------------

step_start "3. copy root and project, mount"
if [ "${ARM64_REUSE:-0}" = 1 ] && [ -e "$ROOT/.arm64-check-complete" ]; then
  echo "reusing the previous run's $ROOT (ARM64_REUSE=1)"
  note "ARM64_REUSE=1: the Debian packages of an earlier run were already in the root"
else
  [ -z "$(mounts_under "$ROOT")" ] || die "something is still mounted under $ROOT"
  rm -rf "$ROOT"
  cp -a "$BASE" "$ROOT"
fi
copy_emulator "$ROOT"

# The network as this host has it: its resolver and its apt sources.
cp -L /etc/resolv.conf "$ROOT/etc/resolv.conf"
if [ -z "${ARM64_MIRROR:-}" ]; then
  rm -f "$ROOT/etc/apt/sources.list"
  rm -f "$ROOT"/etc/apt/sources.list.d/*.list "$ROOT"/etc/apt/sources.list.d/*.sources
  [ ! -f /etc/apt/sources.list ] || cp /etc/apt/sources.list "$ROOT/etc/apt/"
  for f in /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources; do
    if [ -f "$f" ]; then cp "$f" "$ROOT/etc/apt/sources.list.d/"; fi
  done
  # The keyrings those sources name, where the root does not have them.
  for key in $(cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list \
                   /etc/apt/sources.list.d/*.sources 2>/dev/null |
               grep -oiE 'signed-by[=:][[:space:]]*/[^] [:space:]]+' | sed -E 's/^[^/]*//' | sort -u); do
    if [ -f "$key" ] && [ ! -e "$ROOT$key" ]; then install -D -m 644 "$key" "$ROOT$key"; fi
  done
fi
# apt's Acquire settings of this host (such as leniency about a mirror snapshot's
# dates) go in too: the mirror is this host's.
for f in /etc/apt/apt.conf.d/*; do
  if [ -f "$f" ] && grep -q '^[[:space:]]*Acquire' "$f"; then cp "$f" "$ROOT/etc/apt/apt.conf.d/"; fi
done
# A chroot has no init: packages must not start their daemons in it.
printf '#!/bin/sh\nexit 101\n' > "$ROOT/usr/sbin/policy-rc.d"
chmod 755 "$ROOT/usr/sbin/policy-rc.d"
# This host's network may inspect https with its own certificate authority: the root
# must trust it too, and pip (which otherwise trusts only its own list) is told to
# use the system's. A Pi on a home network needs neither.
CHROOT_ENV=()
if compgen -G "/usr/local/share/ca-certificates/*.crt" > /dev/null; then
  cp /usr/local/share/ca-certificates/*.crt "$ROOT/usr/local/share/ca-certificates/"
  note "sandbox only: this host's local CA certificates were copied in and PIP_CERT set" \
       "(its network intercepts https); a Pi needs neither"
  CHROOT_ENV+=(PIP_CERT=/etc/ssl/certs/ca-certificates.crt)
fi

# The project: its tracked files, without .venv or build.
rm -rf "${ROOT:?}$IN_PROJECT"
mkdir -p "$ROOT$IN_PROJECT"
if [ "$SOURCE" = worktree ]; then
  (cd "$PROJECT" && git ls-files -z | grep -zvE '^(\.venv|build)/' |
     tar --null -T - -cf - 2>/dev/null) | tar -xf - -C "$ROOT$IN_PROJECT"
  echo "project: the tracked files of the work tree"
else
  git -C "$PROJECT" archive --format=tar HEAD | tar -xf - -C "$ROOT$IN_PROJECT"
  echo "project: commit $(git -C "$PROJECT" rev-parse --short HEAD) ($(git -C "$PROJECT" log -1 --format=%s HEAD | cut -c1-60))"
fi

mount_in "$ROOT/proc" -t proc proc
mount_in "$ROOT/sys" --bind /sys
mount_in "$ROOT/dev" --bind /dev
mount_in "$ROOT/dev/pts" --bind /dev/pts
mount_in "$ROOT/dev/shm" -t tmpfs -o mode=1777 shm
in_root update-ca-certificates > "$LOGS/ca.log" 2>&1 || die "update-ca-certificates failed: $(tail -3 "$LOGS/ca.log")"
echo "inside: $(in_root uname -m), $(in_root python3 --version), $(in_root sh -c '. /etc/os-release; echo "$PRETTY_NAME"')"
step_end

# --- 4. the README's set-up: make venv ---------------------------------------------

step_start "4. make venv (apt + pip, as root)"
in_root dpkg-query -W -f='${Package} ${Version}\n' | sort > "$LOGS/dpkg-before.txt"
set +e
# PIP_VERBOSE=1: pip's own lines ("Building wheel for ...") despite the Makefile's
# -q; it only makes pip say more, it changes nothing that is installed.
in_root PIP_VERBOSE=1 bash -c "cd $IN_PROJECT && make venv" 2>&1 | tee "$LOGS/make-venv.log" |
  grep -E --line-buffered '^(installing|Building|Created wheel|Successfully|ERROR|error|E:)' |
  sed -u 's/^/    /'
rc=${PIPESTATUS[0]}
set -e
in_root dpkg-query -W -f='${Package} ${Version}\n' | sort > "$LOGS/dpkg-after.txt"
new_debs=$(comm -13 "$LOGS/dpkg-before.txt" "$LOGS/dpkg-after.txt")
asked=$(sed -n '/^APT_PACKAGES/,/[^\\]$/p' "$ROOT$IN_PROJECT/Makefile" |
        sed -e 's/^APT_PACKAGES *:= *//' -e 's/\\$//' | tr -s ' \t\n' ' ')
found=$(sed -n 's/^installing Debian packages: *//p' "$LOGS/make-venv.log" | head -1)
APT_REPORT="Debian packages the Makefile asks for (arm64 versions; make venv found missing: ${found:-none}):"
for p in $asked; do
  v=$(in_root dpkg-query -W -f='${Version} ${Status}' "$p" 2>/dev/null || true)
  case "$v" in
    *"install ok installed") APT_REPORT+=$'\n'"  $(printf '%-18s %s' "$p" "${v%% install ok installed}")" ;;
    *) APT_REPORT+=$'\n'"  $(printf '%-18s MISSING' "$p")"; NOTES+=("Debian package $p is not installed") ;;
  esac
done
APT_REPORT+=$'\n'"  ($(echo -n "$new_debs" | grep -c . || true) packages were installed by make venv in all, with their dependencies: $LOGS/dpkg-after.txt)"
if [ -x "$ROOT$IN_PROJECT/.venv/bin/python" ]; then
  in_root "$IN_PROJECT/.venv/bin/python" -m pip list --format=freeze > "$LOGS/pip-list.txt" 2>/dev/null || true
  PIP_REPORT="Python packages in .venv (pip list, aarch64):"$'\n'"$(pr -3 -t -w 96 "$LOGS/pip-list.txt" | expand | sed 's/^/  /')"
fi
built=$(grep -oE 'Building wheel for [^ ]+' "$LOGS/make-venv.log" | awk '{print $4}' | sort -u | tr '\n' ' ' || true)
cached=$(find "$ROOT/root/.cache/pip/wheels" -name '*.whl' -printf '%f\n' 2>/dev/null | sort -u | tr '\n' ' ' || true)
platform=$(grep -oE '(Downloading|Using cached) [^ ]+aarch64[^ ]*\.whl' "$LOGS/make-venv.log" |
           awk '{print $NF}' | sort -u | sed 's/^/  /' || true)
[ -z "$platform" ] || PIP_REPORT+=$'\n'"The aarch64 wheels (compiled code) pip took from PyPI:"$'\n'"$platform"
if [ -n "$built$cached" ]; then
  SOURCE_BUILDS="Built from source on arm64 (no wheel for aarch64 on PyPI): ${built:-none named in the log}"
  [ -z "$cached" ] || SOURCE_BUILDS+=$'\n'"  the wheels it built: $cached"
else
  SOURCE_BUILDS="Built from source on arm64: nothing (every Python package came as a wheel)"
fi
[ "$rc" = 0 ] || die "make venv failed (exit $rc) inside the arm64 root: $(grep -E 'ERROR|error:|E:' "$LOGS/make-venv.log" | tail -5)"
step_end "exit 0, $(wc -l < "$LOGS/pip-list.txt") Python packages"

# Every module the kiosk imports from outside, loaded on arm64 (pyzbar needs
# libzbar0, pygame its SDL, lgpio the Pi's GPIO library).
in_root "$IN_PROJECT/.venv/bin/python" -c '
import importlib, platform
mods = "pygame numpy PIL aiohttp qrcode reportlab escpos arabic_reshaper bidi gpiozero lgpio pyttsx3 pyzbar.pyzbar".split()
bad = []
for m in mods:
    try:
        importlib.import_module(m)
    except Exception as e:  # noqa: BLE001
        bad.append(f"{m}: {type(e).__name__}: {e}")
print("python", platform.python_version(), platform.machine(), "imports:", "all ok" if not bad else "; ".join(bad))
' 2>&1 | { grep -v '^pygame-ce .*Hello from' || true; } | tee "$LOGS/imports.txt"
grep -q 'all ok' "$LOGS/imports.txt" || note "some modules do not import on arm64: $(cat "$LOGS/imports.txt")"

# --- 5. the kiosk, headless ----------------------------------------------------------

port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
cat > "$ROOT/tmp/arm64-check.toml" <<EOF
# arm64-check: no voice (it would set the pace); the phones' server on loopback only
[voice]
enabled = false

[phones]
bind = "127.0.0.1"
port = $port
EOF

KIOSK_FAILED=0
kiosk_run() {  # kiosk_run STEP NAME KIOSK-ARGS...
  local number=$1 name=$2; shift 2
  step_start "$number. kiosk: $name"
  local rc
  set +e
  in_root SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy timeout -k 10 $((RUN_FOR * 15)) \
    sh -c 'cd "$0" && export DEBARNA_DATA_DIR="$(mktemp -d)" && exec .venv/bin/debarna kiosk "$@"' \
    "$IN_PROJECT" --headless --config /tmp/arm64-check.toml --lang en --run-for "$RUN_FOR" \
    --screenshot "/tmp/arm64-$name.png" "$@" > "$LOGS/kiosk-$name.log" 2>&1
  rc=$?
  set -e
  cp -f "$ROOT/tmp/arm64-$name.png" "$LOGS/" 2>/dev/null || true
  KIOSK_REPORT+="kiosk $name (debarna kiosk --headless $* --run-for $RUN_FOR): exit $rc"
  [ "$rc" != 124 ] || KIOSK_REPORT+=" (killed by timeout after $((RUN_FOR * 15)) s)"
  [ -s "$LOGS/arm64-$name.png" ] && KIOSK_REPORT+=", screenshot $LOGS/arm64-$name.png"
  KIOSK_REPORT+=$'\n'"$(tail -n 6 "$LOGS/kiosk-$name.log" | sed 's/^/    | /')"$'\n'
  tail -n 6 "$LOGS/kiosk-$name.log" | sed 's/^/    | /'
  if [ "$rc" = 0 ]; then step_end "exit 0"; else step_end "exit $rc"; KIOSK_FAILED=1; fi
}
kiosk_run 5 hand --seed 7 --rhythm 0.05
kiosk_run 6 hearts --seed 5 --game hearts

# --- 7. a few tests of the suite --------------------------------------------------------

TESTS_FAILED=0
if [ -n "$TESTS" ]; then
  step_start "7. pytest $TESTS"
  set +e
  # shellcheck disable=SC2086  # TESTS is a list of paths
  in_root SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy sh -c 'cd "$0" && exec .venv/bin/python -m pytest -q -x -p no:cacheprovider "$@"' \
    "$IN_PROJECT" $TESTS > "$LOGS/pytest.log" 2>&1
  rc=$?
  set -e
  last=$(grep -E '(passed|failed|error)' "$LOGS/pytest.log" | tail -1 || true)
  KIOSK_REPORT+="pytest $TESTS: exit $rc, $last"
  tail -n 3 "$LOGS/pytest.log" | sed 's/^/    | /'
  if [ "$rc" = 0 ]; then step_end "$last"; else step_end "exit $rc: $last"; TESTS_FAILED=1; fi
fi

[ "$KIOSK_FAILED" = 0 ] || die "a kiosk run did not exit 0 (logs: $LOGS/kiosk-*.log)"
[ "$TESTS_FAILED" = 0 ] || die "tests failed on arm64 (log: $LOGS/pytest.log)"
exit 0
