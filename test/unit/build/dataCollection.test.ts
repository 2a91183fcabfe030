// @vitest-environment node
// Firefox asks the user at install for the data an extension sends out (data_collection_permissions):
// the Firefox manifest names what goes to the service, and the README's privacy section names the same.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import config from '../../../wxt.config';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** The manifest wxt.config.ts gives for a browser. */
async function manifestFor(browser: 'firefox' | 'chrome'): Promise<Record<string, any>> {
  const make = config.manifest as (env: {
    browser: string;
    manifestVersion: number;
    mode: string;
    command: string;
  }) => Promise<Record<string, any>> | Record<string, any>;
  return make({ browser, manifestVersion: 3, mode: 'production', command: 'build' });
}

describe("Firefox's data collection declaration", () => {
  it('names what is sent to the service: the addresses of tabs and links, the key, the account form (a title is not sent)', async () => {
    const declared = (await manifestFor('firefox')).browser_specific_settings.gecko.data_collection_permissions;
    expect(declared.required).not.toContain('none');
    expect([...declared.required].sort()).toEqual(['authenticationInfo', 'browsingActivity', 'personallyIdentifyingInfo']);
    expect((await manifestFor('chrome')).browser_specific_settings).toBeUndefined();
  });

  it("the README's privacy section says the same", () => {
    const readme = readFileSync(resolve(REPO_ROOT, 'README.md'), 'utf8');
    const privacy = readme.slice(readme.indexOf('## Privacy'), readme.indexOf('\n---', readme.indexOf('## Privacy')));
    for (const name of ['browsingActivity', 'authenticationInfo', 'personallyIdentifyingInfo']) expect(privacy).toContain(name);
  });
});
