#!/usr/bin/env bash
# Runs the Vitest suite with the process clock starting at one Vilnius minute, to show that no
# test depends on the day or time it runs:
#
#   ./scripts/vitest-at.sh 2027-03-28T03:30 [vitest args...]
#
# The moment is a wall-clock minute in Vilnius ('YYYY-MM-DDTHH:MM'); a minute Vilnius skips (the
# night the clocks go forward) counts as winter time: 2027-03-28T03:30 is 01:30 UTC. The whole
# process tree (pnpm, Vitest, its workers) runs under Debian's libfaketime in its start-at form:
# the clock starts at that instant and keeps running, one clock for every process of the run
# (FAKETIME_DONT_RESET=1: a server process a test starts later does not start over at the
# instant). The monotonic clock is left real (FAKETIME_DONT_FAKE_MONOTONIC=1): timers and
# durations behave as usual.
# faketime is installed with apt-get (as root, or through sudo) when missing.
set -euo pipefail
cd "$(dirname "$0")/.."

usage() {
  echo "usage: $0 YYYY-MM-DDTHH:MM [vitest args...]   (a minute on Vilnius' clock)" >&2
  exit 2
}
[ $# -ge 1 ] || usage
AT="$1"
shift
if ! [[ "$AT" =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}$ ]]; then
  echo "error: the moment must be a Vilnius minute 'YYYY-MM-DDTHH:MM' (got '$AT')" >&2
  usage
fi

if ! command -v faketime >/dev/null 2>&1; then
  echo "==> installing faketime (Debian package)"
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y faketime
fi

# Vilnius wall time -> the instant (ms since 1970), through core's own conversion; then that
# instant as libfaketime reads it: 'YYYY-MM-DD hh:mm:ss' on the local clock of the processes it
# runs (their TZ, inherited from here).
if ! PLACED=$(
  AT="$AT" node_modules/.bin/tsx -e "
    import { vilniusInstant } from '@bus/core';
    const at = process.env.AT ?? '';
    const [date = '', time = ''] = at.split('T');
    const [y, mo, d] = date.split('-').map(Number);
    const [h, mi] = time.split(':').map(Number);
    const real = new Date(Date.UTC(y, mo - 1, d)).toISOString().slice(0, 10) === date;
    if (!real || h > 23 || mi > 59) {
      console.error(\"error: '\" + at + \"' is not a real date and minute\");
      process.exit(2);
    }
    const instant = vilniusInstant(date, h * 60 + mi);
    const local = new Date(instant);
    const pad = (n: number) => String(n).padStart(2, '0');
    const start =
      String(local.getFullYear()).padStart(4, '0') + '-' + pad(local.getMonth() + 1) + '-' +
      pad(local.getDate()) + '_' + pad(local.getHours()) + ':' + pad(local.getMinutes()) + ':00';
    console.log(instant, start);
  "
); then
  exit 2
fi
read -r INSTANT START <<<"$PLACED"
START="${START/_/ }"

export FAKETIME_DONT_FAKE_MONOTONIC=1 FAKETIME_DONT_RESET=1
# Check the faked clock really starts at the instant (a local time the TZ here repeats, in the
# hour its clocks go back, could be read as the other one).
SEEN=$(faketime -f "@$START" node -e 'process.stdout.write(String(Date.now()))')
if ((SEEN < INSTANT || SEEN > INSTANT + 60000)); then
  echo "error: faketime started the clock at $(node -e "console.log(new Date($SEEN).toISOString())"), not at $(node -e "console.log(new Date($INSTANT).toISOString())"); try TZ=UTC" >&2
  exit 1
fi

echo "==> vitest with the clock starting at $AT Vilnius ($(node -e "console.log(new Date($INSTANT).toISOString())"))"
exec faketime -f "@$START" pnpm exec vitest run "$@"
