#!/usr/bin/env bash
# Installs (or updates) the Dabernā kiosk as a boot-time service on a Raspberry Pi.
# Run as root from the repository: `sudo make install`. Safe to run again: it
# updates the program and the unit, and keeps the config and the saved games.
#   ./systemd/install.sh            install or update, enable and (re)start
#   ./systemd/install.sh uninstall  stop, disable, remove the program (keeps data;
#                                   PURGE=1 also removes /etc/debarna and /var/lib/debarna)
set -euo pipefail

SRC=$(cd "$(dirname "$0")/.." && pwd)
PREFIX=${PREFIX:-/opt/debarna}
CONF_DIR=${CONF_DIR:-/etc/debarna}
DATA_DIR=${DATA_DIR:-/var/lib/debarna}
UNIT_DIR=${UNIT_DIR:-/etc/systemd/system}
USER_NAME=${USER_NAME:-debarna}
UNIT=debarna-kiosk.service
GROUPS_WANTED="video render input gpio audio lp"
APT_RUNTIME="python3-venv python3-pip fonts-noto-core fonts-dejavu-core espeak-ng libespeak-ng1 cups-client"

say() { printf 'debarna install: %s\n' "$*"; }

need_root() {
    if [ "$(id -u)" != 0 ]; then
        say "run this as root: sudo make install"; exit 1
    fi
}

have_systemd() { [ -d /run/systemd/system ]; }

install_packages() {
    local missing=""
    for p in $APT_RUNTIME; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" \
            || missing="$missing $p"
    done
    if [ -n "$missing" ]; then
        say "installing Debian packages:$missing"
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing
    fi
}

make_user() {
    if ! id "$USER_NAME" >/dev/null 2>&1; then
        say "creating the system user $USER_NAME"
        useradd --system --home-dir "$DATA_DIR" --no-create-home \
            --shell /usr/sbin/nologin --user-group "$USER_NAME"
    fi
    for g in $GROUPS_WANTED; do
        if getent group "$g" >/dev/null; then
            usermod -a -G "$g" "$USER_NAME"
        else
            say "group $g does not exist here; skipped"
        fi
    done
}

install_program() {
    [ -x "$PREFIX/bin/python" ] || python3 -m venv "$PREFIX"
    "$PREFIX/bin/python" -m pip install -q --upgrade pip
    # A wheel of this checkout, not an editable link: the service never runs from $SRC.
    "$PREFIX/bin/python" -m pip install -q --upgrade --force-reinstall --no-deps "$SRC"
    "$PREFIX/bin/python" -m pip install -q "$SRC"
    install -m 0644 "$SRC/README.md" "$PREFIX/README.md"
}

install_config() {
    install -d -m 0755 "$CONF_DIR"
    if [ ! -e "$CONF_DIR/kiosk.toml" ]; then
        install -m 0644 "$SRC/systemd/kiosk.example.toml" "$CONF_DIR/kiosk.toml"
        say "wrote $CONF_DIR/kiosk.toml (edit it, then: systemctl restart debarna-kiosk)"
    fi
    "$PREFIX/bin/debarna" config --check "$CONF_DIR/kiosk.toml"
    install -d -m 0700 -o "$USER_NAME" -g "$USER_NAME" "$DATA_DIR"
}

install_unit() {
    install -m 0644 "$SRC/systemd/$UNIT" "$UNIT_DIR/$UNIT"
    if have_systemd; then
        systemctl daemon-reload
        systemctl enable "$UNIT"
        systemctl restart "$UNIT"
        say "the kiosk is running; logs: journalctl -u debarna-kiosk -f"
    else
        systemctl enable "$UNIT" 2>/dev/null || true
        say "systemd is not running here; the unit is installed and enabled for the next boot"
    fi
}

uninstall() {
    if have_systemd; then
        systemctl disable --now "$UNIT" 2>/dev/null || true
    fi
    rm -f "$UNIT_DIR/$UNIT"
    have_systemd && systemctl daemon-reload
    rm -rf "$PREFIX"
    if [ "${PURGE:-0}" = 1 ]; then
        rm -rf "$CONF_DIR" "$DATA_DIR"
        userdel "$USER_NAME" 2>/dev/null || true
        say "removed the program, its config, its saved games and its user"
    else
        say "removed the program; kept $CONF_DIR and $DATA_DIR (PURGE=1 removes them)"
    fi
}

need_root
case "${1:-install}" in
    install) install_packages; make_user; install_program; install_config; install_unit ;;
    uninstall) uninstall ;;
    *) say "unknown action ${1}; use install or uninstall"; exit 2 ;;
esac
