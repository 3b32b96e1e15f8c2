/**
 * The social providers' names as they write them, and their marks: compact marks drawn for Kirish in
 * each provider's colours, so a person finds "their" button at a glance (docs/design.md, Sign-in).
 * Decorative: the button or row around a mark carries the provider's name.
 */
import type { SocialProvider } from '../../server/src/contract/social.js';

const NAMES: Readonly<Record<SocialProvider, string>> = {
  google: 'Google',
  oneid: 'OneID',
  telegram: 'Telegram',
  yandex: 'Yandex',
  vk: 'VK',
  facebook: 'Facebook',
  apple: 'Apple',
  twitter: 'X',
};

export function providerName(provider: SocialProvider): string {
  return NAMES[provider];
}

const letter = (fill: string, text: string, size = 11) => (
  <>
    <rect width="24" height="24" rx="6" fill={fill} />
    <text x="12" y="16" fill="#fff" fontSize={size} fontWeight="700" fontFamily="Arial, sans-serif" textAnchor="middle">
      {text}
    </text>
  </>
);

const MARKS: Readonly<Record<SocialProvider, React.ReactNode>> = {
  // Four arcs of one ring, as Google's G, and its bar.
  google: (
    <g fill="none" strokeWidth="4">
      <path stroke="#EA4335" d="M16.95 7.05A7 7 0 0 0 5.42 9.61" />
      <path stroke="#FBBC05" d="M5.42 9.61a7 7 0 0 0 0 4.78" />
      <path stroke="#34A853" d="M5.42 14.39a7 7 0 0 0 11.94 2.11" />
      <path stroke="#4285F4" d="M17.36 16.5A7 7 0 0 0 19 12h-7" />
    </g>
  ),
  oneid: letter('#1D4ED8', 'ID', 10),
  telegram: (
    <>
      <circle cx="12" cy="12" r="12" fill="#2AABEE" />
      <path
        fill="#fff"
        d="M5.4 11.7l11.3-4.4c.5-.2 1 .1.8.9l-1.9 9c-.1.6-.5.8-1 .5l-2.9-2.1-1.4 1.3c-.2.2-.3.3-.6.3l.2-2.9 5.3-4.8c.2-.2 0-.3-.3-.1l-6.6 4.1-2.8-.9c-.6-.2-.6-.6-.1-.9z"
      />
    </>
  ),
  yandex: (
    <>
      <circle cx="12" cy="12" r="12" fill="#FC3F1D" />
      <path
        fill="#fff"
        d="M13.1 18.5h2V5.5h-2.9c-2.9 0-4.4 1.5-4.4 3.7 0 1.8.9 2.8 2.4 3.8l-2.7 5.5h2.2l2.9-5.9-.9-.6c-1.3-.9-2-1.6-2-3 0-1.3.9-2.1 2.5-2.1h.9z"
      />
    </>
  ),
  vk: letter('#0077FF', 'VK', 10),
  facebook: (
    <>
      <circle cx="12" cy="12" r="12" fill="#1877F2" />
      <path
        fill="#fff"
        d="M13.4 24v-8.6h2.5l.4-3h-2.9v-1.9c0-.9.3-1.5 1.5-1.5h1.5V6.3c-.3 0-1.2-.1-2.2-.1-2.2 0-3.7 1.3-3.7 3.8v2.4H8v3h2.5V24z"
      />
    </>
  ),
  apple: (
    <path
      fill="currentColor"
      d="M16.4 12.7c0-2 1.6-2.9 1.7-3-.9-1.3-2.4-1.5-2.9-1.5-1.2-.1-2.4.7-3 .7s-1.6-.7-2.6-.7c-1.3 0-2.6.8-3.3 2-1.4 2.4-.4 6 1 8 .7 1 1.5 2 2.5 2s1.4-.6 2.6-.6 1.5.6 2.6.6 1.7-1 2.4-2c.8-1.1 1.1-2.2 1.1-2.3 0 0-2.1-.8-2.1-3.2zM14.5 6.7c.5-.7.9-1.6.8-2.5-.8 0-1.7.5-2.3 1.2-.5.6-.9 1.5-.8 2.4.9.1 1.7-.4 2.3-1.1z"
    />
  ),
  twitter: (
    <path fill="currentColor" d="M4 4h4.6l3.9 5.5L17.3 4h2.4l-6.1 7.1L20.3 20h-4.6l-4.2-5.9L6.4 20H4l6.5-7.5z" />
  ),
};

export function ProviderMark({ provider }: { provider: SocialProvider }) {
  return (
    <svg className="provider-mark" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      {MARKS[provider]}
    </svg>
  );
}
