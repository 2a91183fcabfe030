import { defineConfig } from 'wxt';
import { MANIFEST_HOST_PERMISSIONS } from './lib/serviceUrl';
import { popupFirstScreen } from './scripts/popupFirstScreen';

// https://wxt.dev/api/config.html
export default defineConfig({
  modules: ['@wxt-dev/module-react', '@wxt-dev/webextension-polyfill'],
  vite: () => ({ plugins: popupFirstScreen(), build: { modulePreload: { polyfill: false } } }),
  manifest: ({ browser }) => ({
    name: '__MSG_extName__',
    description: '__MSG_extDescription__',
    default_locale: 'en',
    // AbortSignal.any (request timeouts) and runtime.getContexts (offscreen clipboard) need 116.
    ...(browser === 'chrome' ? { minimum_chrome_version: '116' } : {}),
    permissions: ['storage', 'activeTab', 'contextMenus', 'notifications', 'alarms', 'clipboardWrite',
      ...(browser === 'chrome' ? ['offscreen'] : [])],
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
              data_collection_permissions: { required: ['none'] },
            },
            gecko_android: { strict_min_version: '142.0' },
          },
        }
      : {}),
  }),
});
