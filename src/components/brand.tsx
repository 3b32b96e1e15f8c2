/** The Kirish mark and name. */
export function Brand({ name }: { name: string }) {
  return (
    <span className="brand">
      <svg viewBox="0 0 32 32" width="28" height="28" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="var(--accent)" />
        <path d="M10 7v18M10 16l10-9M13 14l8 11" stroke="#fff" strokeWidth="3.2" fill="none" strokeLinecap="round" />
      </svg>
      <span className="brand-name">{name}</span>
    </span>
  );
}
