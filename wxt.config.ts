import { defineConfig } from 'wxt';
import { Features } from 'lightningcss';
import { MANIFEST_HOST_PERMISSIONS } from './lib/links/serviceUrl';
import { popupFirstScreen } from './scripts/popupFirstScreen';
import { testHooks } from './scripts/testHooks';
import { reactProduction } from './scripts/reactProduction';

export default defineConfig({
  // Builds go to .output; a test of `npm start` builds elsewhere ($LINKSHORT_OUT_DIR), not over the
  // test build the other browser tests load.
  ...(process.env.LINKSHORT_OUT_DIR ? { outDir: process.env.LINKSHORT_OUT_DIR } : {}),
  modules: ['@wxt-dev/module-react', '@wxt-dev/webextension-polyfill'],
  hooks: {
    // The popup is built on its own (the other pages together): its first script is then one
    // chunk, React and the popup's first screen hoisted together, with nothing shared with the
    // options page to load or to wrap (measured by `npm run bench`, README "Benchmarks").
    'entrypoints:grouped': (_wxt, groups) => {
      for (const group of groups) {
        if (!Array.isArray(group) || group.length < 2) continue;
        const i = group.findIndex((e) => e.name === 'popup');
        if (i < 0) continue;
        groups.push(group.splice(i, 1));
        return;
      }
    },
    // The worker talks to the browser's own API (`@wxt-dev/browser`, promise-based in Chrome MV3 and
    // Firefox), as the popup's first screen does: WXT's wrapper of the background imports
    // `wxt/browser` for its development reloads alone, and that import evaluated
    // webextension-polyfill at every start of the worker (docs/ARCHITECTURE.md, "A cold start").
    'vite:build:extendConfig': (entrypoints, config) => {
      if (!entrypoints.some((e) => e.type === 'background')) return;
      const alias = config.resolve?.alias ?? [];
      const list = Array.isArray(alias) ? alias : Object.entries(alias).map(([find, replacement]) => ({ find, replacement }));
      config.resolve = { ...config.resolve, alias: [{ find: /^wxt\/browser$/, replacement: '@wxt-dev/browser' }, ...list] };
    },
  },
  // `npm run dev`: Debian's browsers (or $CHROMIUM_PATH / $FIREFOX_PATH); headless where there is
  // no display, so the development mode also runs on a server (it still reloads on every change).
  webExt: {
    binaries: {
      chrome: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      firefox: process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr',
    },
    chromiumArgs: [
      ...(process.env.DISPLAY || process.env.WAYLAND_DISPLAY ? [] : ['--headless=new']),
      // Chromium refuses to start as root (containers, CI) without it.
      ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
    ],
    ...(process.env.DISPLAY || process.env.WAYLAND_DISPLAY ? {} : { firefoxArgs: ['--headless'] }),
  },
  vite: () => ({
    // A production build takes React's production files directly (scripts/reactProduction.ts).
    plugins: [reactProduction(), ...popupFirstScreen(), ...testHooks()],
    // LINKSHORT_PROFILE=1 keeps the code readable, for the profiles behind the bench (test/bench/profile*.ts).
    build: { modulePreload: false, ...(process.env.LINKSHORT_PROFILE ? { minify: false } : {}) },
    // No stylesheet here uses light-dark(): lightningcss's two custom properties for it, which it adds
    // wherever color-scheme is set, would be dead bytes in every page (the popup's first script too).
    css: { lightningcss: { exclude: Features.LightDark } },
  }),
  manifest: ({ browser }) => ({
    name: '__MSG_extName__',
    description: '__MSG_extDescription__',
    default_locale: 'en',
    // AbortSignal.any (request timeouts) and runtime.getContexts (offscreen clipboard) need 116.
    ...(browser === 'chrome' ? { minimum_chrome_version: '116' } : {}),
    permissions: [
      'storage',
      'activeTab',
      'contextMenus',
      'notifications',
      'alarms',
      'clipboardWrite',
      ...(browser === 'chrome' ? ['offscreen'] : []),
    ],
    // Loopback only: the sandbox and services self-hosted on the user's machine.
    host_permissions: MANIFEST_HOST_PERMISSIONS,
    // Any other service origin is requested when the user saves it on the options page.
    optional_host_permissions: ['https://*/*'],
    // Asked for on the bulk page's "Use this window's tabs" click, never at install.
    optional_permissions: ['tabs'],
    // The address-bar keyword: "ls" then Enter shortens the current tab, "ls <address>" that address.
    omnibox: { keyword: 'ls' },
    commands: {
      'shorten-current-tab': {
        suggested_key: { default: 'Alt+Shift+S' },
        description: '__MSG_commandShorten__',
      },
    },
    // One worker for normal and private windows (Firefox knows only this mode): one job queue and
    // one rate budget per key; a private window's tab says so (tab.incognito) and its links are
    // kept out of Recent links (docs/ARCHITECTURE.md, "Private windows").
    incognito: 'spanning',
    // What an organisation may preset (lib/storage/policy.ts); Firefox takes the same names from
    // policies.json's 3rdparty section, keyed by the gecko id below.
    ...(browser === 'chrome' ? { storage: { managed_schema: 'managed_schema.json' } } : {}),
    content_security_policy: {
      extension_pages: "script-src 'self'; object-src 'self'",
    },
    ...(browser === 'firefox'
      ? {
          browser_specific_settings: {
            gecko: {
              id: 'linkshort@extension.example',
              // 140: the first Firefox that knows data_collection_permissions.
              strict_min_version: '140.0',
              // What goes to the service the user connects (README, "Privacy"): the addresses of the
              // tabs and links shortened (browsingActivity), the API key on every request and a new
              // password from the account form (authenticationInfo), a new email address from it and
              // a QR code's contact card (personallyIdentifyingInfo). A tab's title stays in the
              // browser (Recent links, copy formats): no websiteContent.
              data_collection_permissions: {
                required: ['browsingActivity', 'authenticationInfo', 'personallyIdentifyingInfo'],
              },
            },
            gecko_android: { strict_min_version: '142.0' },
          },
        }
      : {}),
  }),
});
