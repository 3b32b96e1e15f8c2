/**
 * A partner app's logo, or — when it has none — its name's first letter on a neutral grey square.
 * Grey and square on purpose: Kirish's own mark (src/icons/brand.svg) is the accent green, so a logo-less app
 * can never pass for Kirish on a screen that asks for a person's trust. Decorative: the app's name
 * is always written beside it.
 */
export function AppLogo({
  name,
  logoUrl,
  size = 'medium',
}: {
  name: string;
  logoUrl: string | null | undefined;
  size?: 'small' | 'medium';
}) {
  const className = `app-logo app-logo-${size}`;
  if (logoUrl) return <img className={className} src={logoUrl} alt="" />;
  return (
    <span className={`${className} app-logo-letter`} aria-hidden="true">
      {[...name.trim()][0]?.toLocaleUpperCase() ?? '?'}
    </span>
  );
}
