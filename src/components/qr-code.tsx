import { useEffect, useState } from 'react';
import { qrModules } from '../lib/qr-code';

interface QrCodeProps {
  /** What the code holds: a URL a phone's camera opens. */
  value: string;
  /** What a screen reader says instead of the picture. */
  label: string;
  /** The drawn width in CSS pixels. */
  size?: number;
}

/**
 * A QR drawn as one SVG path, its quiet zone included (lib/qr-code.ts), dark on white whatever the
 * theme: a camera reads dark modules on a light ground. Until the encoder has
 * loaded, an empty square of the same size holds the place, so nothing below it moves.
 */
export function QrCode({ value, label, size = 192 }: QrCodeProps) {
  const [drawn, setDrawn] = useState<{ value: string; modules: boolean[][] } | undefined>();
  // A code drawn for an earlier value is never shown for the new one.
  const modules = drawn?.value === value ? drawn.modules : undefined;
  useEffect(() => {
    let current = true;
    void qrModules(value).then((result) => {
      if (current) setDrawn({ value, modules: result });
    });
    return () => {
      current = false;
    };
  }, [value]);
  // Until drawn: the size of the smallest code (21 modules) with its quiet zone.
  const count = modules?.length ?? 29;
  const path = modules?.flatMap((row, y) => row.map((dark, x) => (dark ? `M${x} ${y}h1v1h-1z` : ''))).join('');
  return (
    <svg
      className="qr-code"
      role="img"
      aria-label={label}
      aria-busy={modules ? undefined : true}
      width={size}
      height={size}
      viewBox={`0 0 ${count} ${count}`}
      shapeRendering="crispEdges"
    >
      <rect width={count} height={count} fill="#fff" />
      {path ? <path d={path} fill="#000" /> : null}
    </svg>
  );
}
