/**
 * The demo projects' covers (docs/hissa.md, Demo data): flat pictures drawn here, 16:9, stored through the
 * photo store like an upload so the reference CDN serves them in every width. Never in production.
 */
const frame = (body: string) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 360">${body}</svg>`;

export const DEMO_COVERS = {
  playground: frame(
    `<rect width="640" height="360" fill="#bfe3f5"/><circle cx="540" cy="70" r="36" fill="#ffd35c"/>
<rect y="250" width="640" height="110" fill="#7cc26b"/><rect x="60" y="270" width="520" height="60" rx="12" fill="#e8744f"/>
<path d="M120 250 L120 120 L150 120 L150 250" fill="none" stroke="#5b4636" stroke-width="10"/>
<path d="M150 130 C230 140 250 220 300 250" fill="none" stroke="#f2b035" stroke-width="22" stroke-linecap="round"/>
<path d="M380 250 L420 110 L460 250 M540 250 L500 110 L540 250 M420 110 H500" fill="none" stroke="#3d6fb6" stroke-width="10"/>
<path d="M445 115 V200 M475 115 V200" stroke="#555" stroke-width="4"/><rect x="435" y="198" width="50" height="10" fill="#e8744f"/>`,
  ),
  roof: frame(
    `<rect width="640" height="360" fill="#d7e9f7"/><rect y="300" width="640" height="60" fill="#9bc48a"/>
<rect x="120" y="170" width="400" height="130" fill="#f1e3c8"/><path d="M100 175 L320 70 L540 175 Z" fill="#b8452f"/>
<path d="M230 128 L320 85 L410 128" fill="none" stroke="#8c2f1f" stroke-width="8"/>
<g fill="#6fa3d1"><rect x="150" y="200" width="60" height="50"/><rect x="250" y="200" width="60" height="50"/>
<rect x="350" y="200" width="60" height="50"/><rect x="440" y="200" width="50" height="50"/></g>
<rect x="300" y="255" width="40" height="45" fill="#7a5536"/><rect x="380" y="60" width="14" height="70" fill="#c9c9c9"/>`,
  ),
  lights: frame(
    `<rect width="640" height="360" fill="#1d2b4f"/><circle cx="90" cy="60" r="24" fill="#f4f0d0"/>
<rect y="280" width="640" height="80" fill="#3b3f46"/><path d="M0 318 H640" stroke="#f4f0d0" stroke-width="4" stroke-dasharray="30 24"/>
<g fill="#ffd35c" opacity="0.45"><path d="M160 110 L110 280 H210 Z"/><path d="M330 110 L280 280 H380 Z"/><path d="M500 110 L450 280 H550 Z"/></g>
<g stroke="#9aa3ad" stroke-width="8" fill="none"><path d="M150 280 V100 H175"/><path d="M320 280 V100 H345"/><path d="M490 280 V100 H515"/></g>
<g fill="#ffd35c"><circle cx="165" cy="108" r="12"/><circle cx="335" cy="108" r="12"/><circle cx="505" cy="108" r="12"/></g>
<g fill="#3d6fb6"><rect x="125" y="70" width="50" height="20" rx="4"/><rect x="295" y="70" width="50" height="20" rx="4"/><rect x="465" y="70" width="50" height="20" rx="4"/></g>`,
  ),
  water: frame(
    `<rect width="640" height="360" fill="#e9f3f7"/><rect y="200" width="640" height="160" fill="#c79a6b"/>
<rect y="200" width="640" height="20" fill="#a97d52"/><rect x="0" y="250" width="640" height="46" fill="#5c8fc7"/>
<g fill="#3f6ea3"><rect x="120" y="242" width="24" height="62"/><rect x="320" y="242" width="24" height="62"/><rect x="520" y="242" width="24" height="62"/></g>
<path d="M420 60 C450 110 470 130 470 155 A50 50 0 0 1 370 155 C370 130 390 110 420 60 Z" fill="#4aa3df"/>
<path d="M395 150 A25 25 0 0 0 420 178" fill="none" stroke="#e9f3f7" stroke-width="8" stroke-linecap="round"/>
<rect x="80" y="120" width="140" height="80" fill="#f1e3c8"/><path d="M70 125 L150 80 L230 125 Z" fill="#3d7a5a"/>`,
  ),
} as const;

export type DemoCover = keyof typeof DEMO_COVERS;
