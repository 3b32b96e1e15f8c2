/** The layouts of docs/product.md §2: auth, default, error, custom, static, empty, deleted. */
import { Suspense, lazy, type ReactNode } from 'react';
import { Link } from 'wouter';
import { LocaleSwitcher } from '../components/locale-switcher';
import { useI18n } from '../lib/use-i18n';
import type { LayoutName, Transition } from './routes';

export function TopBar({ children }: { children?: ReactNode }) {
  const i18n = useI18n();
  return (
    <header className="topbar">
      {/* The mark is src/icons/brand.svg, drawn by styles.css: no script for a picture. */}
      <Link href="/" className="brand">
        <span className="brand-name">{i18n.t('app_name')}</span>
      </Link>
      <div className="topbar-end">
        {children}
        <LocaleSwitcher />
      </div>
    </header>
  );
}

const LEGAL_LINKS = [
  ['/help-center/privacy-policy', 'legal_privacy'],
  ['/help-center/terms', 'legal_terms'],
  ['/help-center', 'section_help'],
] as const;

// Signed-in pages only: the sign-in page's first download does not carry it.
const AccountMenu = lazy(() => import('../components/account-menu/account-menu'));

export function Layout({
  name,
  transition,
  children,
  below,
}: {
  name: LayoutName;
  transition: Transition | undefined;
  children: ReactNode;
  /** Under the card of the auth layout, above the legal links: sign-in's other ways in. */
  below?: ReactNode;
}) {
  const i18n = useI18n();
  const content = <div className={`transition transition-${transition ?? 'none'}`}>{children}</div>;
  // Where the rules of the service are (issue 38: the help centre's real pages), under every card and every account page.
  const legal = LEGAL_LINKS.map(([href, key]) => (
    <Link key={key} href={href}>
      {i18n.t(key)}
    </Link>
  ));
  switch (name) {
    case 'auth':
    case 'deleted':
    case 'error':
      return (
        <div className={`layout layout-${name}`}>
          <TopBar />
          <main id="main" className="card">
            {content}
          </main>
          {below}
          {/* Under every sign-in and sign-up card, as the best do: where the rules of the service are. */}
          <footer className="footer">{legal}</footer>
        </div>
      );
    case 'default':
    case 'static':
      return (
        <div className={`layout layout-${name}`}>
          <TopBar>
            {name === 'default' ? (
              <Suspense fallback={null}>
                <AccountMenu />
              </Suspense>
            ) : null}
          </TopBar>
          <main id="main" className="page">
            {content}
          </main>
          {/* Signed-in pages: one quiet line, the rules of the service and where developers start (issue 35). */}
          {name === 'default' ? (
            <footer className="footer footer-quiet">
              {legal}
              <Link href="/developers">{i18n.t('section_developers')}</Link>
            </footer>
          ) : null}
        </div>
      );
    default:
      return (
        <main id="main" className={`layout layout-${name}`}>
          {content}
        </main>
      );
  }
}
