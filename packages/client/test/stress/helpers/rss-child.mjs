// Runs in a child process of its own, so that its peak RSS counts the client and nothing else: imports the client
// bundle named by argv[2], makes one warm-up call (to argv[5]) and then one measured call (to argv[3]) with
// maxResponseBytes argv[4], and prints one JSON line: the RSS before the measured call, the peak during it, and how
// it ended. Linux only: the peak is the kernel's high-water mark (VmHWM), reset just before the call. (Node's
// `resourceUsage().maxRSS` will not do: Linux keeps it across exec, so a child starts at its parent's peak.)
import { readFileSync, writeFileSync } from 'node:fs';

const [clientPath, url, maxBytes, warmUrl] = process.argv.slice(2);
const { createClient } = await import(clientPath);
const options = { retry: false, maxResponseBytes: Number(maxBytes) };

/** A field of /proc/self/status, in bytes. */
function status(field) {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync('/proc/self/status', 'utf8'));
  if (!match) throw new Error(`no ${field} in /proc/self/status`);
  return Number(match[1]) * 1024;
}

// The warm-up loads and compiles every path of a call (and undici's) before anything is measured.
await createClient({ ...options, baseUrl: warmUrl })
  .getBrc20Token('ordi')
  .catch(() => {});
globalThis.gc?.();
writeFileSync('/proc/self/clear_refs', '5'); // resets VmHWM to the current RSS
const before = status('VmRSS');
const outcome = await createClient({ ...options, baseUrl: url })
  .getBrc20Token('ordi')
  .then(
    () => 'resolved',
    (error) => (error instanceof Error ? error.name : 'rejected'),
  );
const peak = status('VmHWM');
process.stdout.write(`${JSON.stringify({ before, peak, outcome })}\n`);
