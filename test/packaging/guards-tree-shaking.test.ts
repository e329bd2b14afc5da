// An app pays only for the guards it imports: the one-call app (no guard) ships none of the opt-in guards' code, the
// hardened one (every guard) ships each. A marker is a text of the guard's own, a message where it has one; both apps
// are bundled from the built client as the size test bundles them.
import { describe, expect, it } from 'vitest';
import { bundleApp } from '../../bench/src/bundles.js';

const MARKERS: [string, RegExp][] = [
  ['jsonStructureLimit()', /times maxResponseBytes/],
  ['headerChecks()', /HTTP headers carry Latin-1 only/],
  // redactJson keeps each copied object's prototype; nothing else of the core asks for one.
  ['deepRedaction()', /getPrototypeOf/],
  ['middleware()', /when modifying the request/],
  ['errorSummaries()', /nodejs\.util\.inspect\.custom/],
  // The spec's STATUS_TEXT table.
  ['statusPhrases()', /Bad Gateway/],
  ['errorDetails()', /the API key was rejected/],
  ['rateLimitHeaders()', /retry-after-ms/],
  // setLongTimeout's "never" (the default timer has none: its delays are finite).
  ['longTimers()', /POSITIVE_INFINITY/],
];

const text = (entry: string) => bundleApp(entry).then(({ code }) => new TextDecoder().decode(code));
const apps = Promise.all([text('core-hardened-call.ts'), text('core-one-call.ts')]);

describe('opt-in guards in bundles', () => {
  it.each(MARKERS)('%s: the hardened app ships it, the one-call app does not', async (_, marker) => {
    const [hardened, oneCall] = await apps;
    expect(hardened).toMatch(marker);
    expect(oneCall).not.toMatch(marker);
  });
});
