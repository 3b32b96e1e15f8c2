/** The layouts of SPEC §2: auth, default, error, custom, static, empty, deleted. */
import { useSignals } from '@preact/signals-react/runtime';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Brand } from '../components/brand';
import { LocaleSwitcher } from '../components/locale-switcher';
import { SignOutButton } from '../components/sign-out-button';
import { useServices } from '../lib/services';
import { useI18n } from '../lib/use-i18n';
import type { LayoutName, Transition } from './routes';

export function TopBar({ children }: { children?: ReactNode }) {
  const i18n = useI18n();
  return (
    <header className="topbar">
      <Link href="/" className="brand-link" aria-label={i18n.t('app_name')}>
        <Brand name={i18n.t('app_name')} />
      </Link>
      <div className="topbar-end">
        {children}
        <LocaleSwitcher />
      </div>
    </header>
  );
}

function UserMenu() {
  useSignals();
  const { session } = useServices();
  const user = session.user.value;
  if (!user) return null;
  return (
    <>
      <span className="topbar-user">{user.profile.first_name}</span>
      <SignOutButton variant="link" />
    </>
  );
}

export function Layout({ name, transition, children }: { name: LayoutName; transition: Transition | undefined; children: ReactNode }) {
  const i18n = useI18n();
  const content = <div className={`transition transition-${transition ?? 'none'}`}>{children}</div>;
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
          <footer className="footer">
            <Link href="/help-center">{i18n.t('section_help')}</Link>
          </footer>
        </div>
      );
    case 'default':
    case 'static':
      return (
        <div className={`layout layout-${name}`}>
          <TopBar>{name === 'default' ? <UserMenu /> : null}</TopBar>
          <main id="main" className="page">
            {content}
          </main>
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
