/** A person's photo (docs/product.md §9's image rule) or, without one, their initials; decorative either way. */
export function Avatar({
  firstName,
  lastName,
  photoUrl = '',
  large = false,
  small = false,
}: {
  firstName: string;
  lastName: string;
  photoUrl?: string;
  large?: boolean;
  small?: boolean;
}) {
  const className = `avatar${large ? ' avatar-large' : ''}${small ? ' avatar-small' : ''}`;
  if (photoUrl) return <img className={`${className} avatar-photo`} src={photoUrl} alt="" />;
  return (
    <span className={className} aria-hidden="true">
      {(firstName[0] ?? '') + (lastName[0] ?? '')}
    </span>
  );
}
