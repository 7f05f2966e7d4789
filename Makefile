# Set-up and everyday commands for the Dabernā kiosk.
#   make run        install what is missing, then start the kiosk in a window
#   make test       install what is missing, then run the whole suite
#   make bench      print the speed figures (make bench-voice: the voice's, ~5 min)
#   make bench-hearts  the Bidel bots' points per hand against medium bots, ~15 min
#   make bench-backgammon-gnubg  the hard bot's win rate against GNU Backgammon 0-ply, ~10 min
#   make bench-phones  16 phones on the loopback play Bidel: latency, frames, RSS, ~11 min
#   make pi CMD='...'  (root) run CMD as a 4-core Pi would: it and each process it starts
#                   held to 1/5 of a core in a cgroup of its own (benchmarks/pi.py)
#   make bench-pi   (root) the speed figures at a Pi core's speed: table frames, phones,
#                   scans, calls on the beat, start-up (the README's Pi table), ~25 min
#   make screenshots  regenerate the README screenshots
#   make arm64-check  (root) the set-up on Debian 12 arm64 (the Pi's) under qemu: make venv,
#                   two headless kiosk runs, a few tests; not in make test or CI, ~30 min
#   make install    (root, on the Pi) install the kiosk as a boot-time service
#   make uninstall  (root) remove it, keeping the config and the saved games

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
# Debian packages the kiosk needs at run time and for its tests: fonts, espeak-ng
# for the voice, poppler-utils and libzbar0 to read printed tickets back,
# cups-client to print, systemd for systemd-analyze (which checks the unit),
# gnubg (GNU Backgammon) for Takhteh Nard's expert level and its .mat export tests,
# chromium and chromium-driver: headless Chromium for the phone pages' browser tests
# (Debian's chromedriver matches its chromium).
# tesseract-ocr and tesseract-ocr-fas read store-bought cards' numbers from phone photos;
# fonts-liberation and fonts-farsiweb are fonts of the generated card photos.
APT_PACKAGES := python3-venv python3-pip fonts-noto-core fonts-dejavu-core espeak-ng \
	libespeak-ng1 systemd poppler-utils libzbar0 cups-client gnubg chromium chromium-driver \
	tesseract-ocr tesseract-ocr-fas fonts-liberation fonts-farsiweb
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: run test lint bench bench-voice bench-backgammon bench-backgammon-gnubg bench-hearts bench-debertz bench-dobbm bench-phones pi bench-pi screenshots arm64-check apt venv clean install uninstall

run: venv
	$(BIN)/debarna kiosk --windowed

# sync: the set-up's writes (a new .venv is thousands of files) reach the disk before the
# suite starts; while they were still being written, the first timing-sensitive test (the
# calls heard on the beat, through SDL's disk audio driver) ran 0.13 s late.
test: venv
	sync
	$(BIN)/ruff check .
	$(BIN)/mypy engines kiosk/table
	$(BIN)/python -m pytest -q

lint: venv
	$(BIN)/ruff check .

bench: venv
	$(BIN)/python benchmarks/bench_debarna.py

bench-voice: venv
	$(BIN)/python benchmarks/bench_voice.py

bench-backgammon: venv
	$(BIN)/python benchmarks/bench_backgammon.py

bench-backgammon-gnubg: venv
	$(BIN)/python benchmarks/bench_backgammon_gnubg.py

bench-hearts: venv
	$(BIN)/python benchmarks/bench_hearts.py

bench-debertz: venv
	$(BIN)/python benchmarks/bench_debertz.py

bench-dobbm: venv
	$(BIN)/python benchmarks/bench_dobbm.py

bench-phones: venv
	nice -n 5 $(BIN)/python benchmarks/bench_phones.py

# The Pi model: make pi CMD='.venv/bin/debarna kiosk --headless --run-for 10'
pi: venv
	@[ -n "$(CMD)" ] || { echo "usage: make pi CMD='command and its arguments'" >&2; exit 2; }
	$(BIN)/python benchmarks/pi.py -- $(CMD)

# The Pi model's figures (README "At a Pi's pace"): three workers, as a Pi 4 has spare cores.
bench-pi: venv
	@for game in backgammon hearts debertz dobbm; do \
	  DEBARNA_THINKERS=3 $(BIN)/python benchmarks/pi.py --quiet -- $(BIN)/python \
	    benchmarks/bench_table_frames.py --game $$game --frames 600 || exit 1; \
	done
	DEBARNA_THINKERS=3 nice -n 5 $(BIN)/python benchmarks/bench_phones.py --pi --minutes 3
	$(BIN)/python benchmarks/pi.py --quiet -- $(BIN)/python benchmarks/bench_debarna.py \
	  --only scan checkin
	$(BIN)/python benchmarks/bench_beat.py --pi
	$(BIN)/python benchmarks/bench_startup.py --pi

# The caller mid-hand in each language (a silent, fast hand: the voice would set the
# pace; benchmarks/caller_shot.py), a Takhteh Nard demo mid-game and a Bidel hand under
# way (benchmarks/demo_shot.py), each on a clock stepped at the kiosk's frame rate; then
# a valid claim's verdict in each language, with its contrast figures measured from the
# pixels (benchmarks/verdict_contrast.py); then Takhteh Nard's menu, hint and IDs, and
# the Debertz and Dobbm tables; then the phone pages (a Bidel hand, a Debertz bid, a
# Dabernā ticket, en and fa) in headless Chromium and the TV's phones panel, the
# kiosk's secrets seeded and its clock still. Every picture is the same from run to run;
# `make screenshots SHOTS=<folder>` draws them into another folder, to compare.
screenshots: venv
	@out=$(or $(SHOTS),docs); \
	for shot in caller_shot checkin_shot demo_shot; do \
	  SDL_VIDEODRIVER=dummy $(BIN)/python benchmarks/$$shot.py --out $$out > /dev/null || exit 1; \
	done; \
	SDL_VIDEODRIVER=dummy $(BIN)/python benchmarks/verdict_contrast.py --out $$out || exit 1; \
	SDL_VIDEODRIVER=dummy $(BIN)/python benchmarks/cards_sheet.py \
	  --out $$out/cards-german-french.png || exit 1; \
	for shot in menu_shot debertz_shot dobbm_shot phones_shot; do \
	  SDL_VIDEODRIVER=dummy $(BIN)/python benchmarks/$$shot.py --out $$out > /dev/null || exit 1; \
	done; \
	echo "$$out/caller-en.png $$out/caller-fa.png $$out/checkin-en.png $$out/checkin-fa.png" \
	  "$$out/backgammon.png $$out/hearts.png" \
	  "$$out/verdict-en.png $$out/verdict-fa.png $$out/cards-german-french.png" \
	  "$$out/backgammon-{menu,hint,ids}-{en,fa}.png $$out/debertz-*.png $$out/dobbm-*.png" \
	  "$$out/phones-*.png"

# The README's set-up in a Debian 12 arm64 root run by qemu-user: benchmarks/arm64_check.sh
# says what it does; its logs and summary are in build/arm64-logs.
arm64-check:
	bash benchmarks/arm64_check.sh

# Installs only the Debian packages that are not there yet.
apt: $(VENV)/.apt-stamp
$(VENV)/.apt-stamp: Makefile
	@missing=""; for p in $(APT_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "installing Debian packages:$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi
	@mkdir -p $(VENV) && touch $@

venv: $(VENV)/.install-stamp
$(VENV)/.install-stamp: pyproject.toml $(VENV)/.apt-stamp
	@[ -x $(BIN)/python ] || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[dev]'
	@touch $@

install:
	./systemd/install.sh install

uninstall:
	./systemd/install.sh uninstall

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .ruff_cache
