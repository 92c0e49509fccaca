// The ✔ / ✖ lines of the scripted tests (race, crash, soak, gift restart, chat, workers).

/** A list of checks: `check` prints one and keeps what failed in `failed`. */
export function checklist() {
  const failed: string[] = [];
  const check = (ok: boolean, what: string) => {
    console.log(`  ${ok ? '✔' : '✖'} ${what}`);
    if (!ok) failed.push(what);
  };
  return { check, failed };
}
