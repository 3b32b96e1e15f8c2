/**
 * The site's icons (docs/design.md, Icons): SVG files in src/icons/ that styles.css draws as a mask
 * in the text's colour. No markup and no script of their own: a class name is all an icon costs
 * the login page's JavaScript budget. Decorative: the control beside or around it carries the name.
 */
export type IconName =
  | 'alert'
  | 'apps'
  | 'arrow-left'
  | 'calendar'
  | 'camera'
  | 'check'
  | 'check-circle'
  | 'chevron-right'
  | 'code'
  | 'devices'
  | 'eye'
  | 'eye-off'
  | 'globe'
  | 'help'
  | 'history'
  | 'id-card'
  | 'key'
  | 'lock'
  | 'log-out'
  | 'mail'
  | 'map-pin'
  | 'more'
  | 'pencil'
  | 'phone'
  | 'plus'
  | 'qr'
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
