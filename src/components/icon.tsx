/**
 * The site's icons (docs/design.md, Icons): SVG files in src/icons/ that styles.css draws as a mask
 * in the text's colour. No markup and no script of their own: a class name is all an icon costs
 * the login page's JavaScript budget. Decorative: the control beside or around it carries the name.
 */
export type IconName =
  | 'alert'
  | 'apps'
  | 'arrow-left'
  | 'at-sign'
  | 'calendar'
  | 'camera'
  | 'check'
  | 'check-circle'
  | 'chevron-right'
  | 'code'
  | 'compass'
  | 'credit-card'
  | 'devices'
  | 'eye'
  | 'eye-off'
  | 'globe'
  | 'help'
  | 'history'
  | 'id-card'
  | 'key'
  | 'lock'
  | 'log-in'
  | 'log-out'
  | 'mail'
  | 'map-pin'
  | 'message'
  | 'monitor'
  | 'more'
  | 'pencil'
  | 'phone'
  | 'plus'
  | 'qr'
  | 'receipt'
  | 'settings'
  | 'shield'
  | 'trash'
  | 'user'
  | 'user-plus'
  | 'users'
  | 'x';

export function Icon({ name }: { name: IconName }) {
  return <span className={`icon icon-${name}`} aria-hidden="true" />;
}
